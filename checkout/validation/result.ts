// The one shape every validator returns, and the helpers that read raw form input.
// Form bodies are hostile: a value may be missing, repeated (an array), an object, or a
// megabyte of text. Validators never throw; anything that is not a string reads as ''.

export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

export type Validated<T, K extends string> = { ok: true; value: T } | { ok: false; errors: FieldErrors<K> };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function fail<K extends string>(errors: FieldErrors<K>): { ok: false; errors: FieldErrors<K> } {
  return { ok: false, errors };
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The trimmed string under `key`, or '' when the field is missing or is not a single
 * string (a repeated field arrives as an array: ambiguous, so it counts as empty).
 * Own properties only, so `__proto__` or `constructor` never leak in from the prototype.
 */
export function field(raw: unknown, key: string): string {
  if (typeof raw !== 'object' || raw === null) return '';
  if (!Object.hasOwn(raw, key)) return '';
  const value = (raw as Record<string, unknown>)[key];
  return typeof value === 'string' ? value.trim() : '';
}

/** Trim a value that should be a string; anything else is ''. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

// ASCII only: \d in JS regexes is already ASCII, but spell it out so nobody "fixes" it
// with the u flag and \p{Nd}. Look-alike digits ('٣', '３') must not pass as numbers.
const DIGITS = /^[0-9]+$/;
const DECIMAL = /^-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
/** Longer input is not an amount anyone typed; refuse before parsing. */
const MAX_NUMBER_LENGTH = 32;

export function isAsciiDigits(s: string): boolean {
  return DIGITS.test(s);
}

/**
 * A plain decimal ('12', '12.5', '.5', '-3') as a finite number, else undefined.
 * Exponents ('1e3'), separators ('1,000'), hex, 'Infinity' and non-ASCII digits are
 * refused: the visitor types an amount, not a JavaScript literal.
 */
export function parseDecimal(s: string): number | undefined {
  if (s.length === 0 || s.length > MAX_NUMBER_LENGTH || !DECIMAL.test(s)) return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

/** Length in code points, so one emoji counts as one character. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/**
 * For one-field validators: the field's value when given the whole form, or the value
 * itself when given a string. Either way trimmed, and '' for anything else.
 */
export function fieldOrValue(raw: unknown, key: string): string {
  return typeof raw === 'string' ? raw.trim() : field(raw, key);
}

/**
 * A code of exactly `length` ASCII digits under `key` (the form or the value itself), with
 * the messages for missing, not digits and the wrong length, in that order.
 */
export function fixedDigits<K extends string>(
  raw: unknown,
  key: K,
  length: number,
  messages: { required: string; notNumeric: string; length: string },
): Validated<string, K> {
  const code = fieldOrValue(raw, key);
  const problem =
    code === ''
      ? messages.required
      : !isAsciiDigits(code)
        ? messages.notNumeric
        : code.length !== length
          ? messages.length
          : undefined;
  return problem === undefined ? ok(code) : fail({ [key]: problem } as FieldErrors<K>);
}
