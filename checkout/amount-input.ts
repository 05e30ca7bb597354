// An amount as the visitor types it, read the way their page's locale writes numbers: the
// one rule for the home form's validator and its estimate island, so both always read the
// same number. French writes 150,50 (and groups with spaces); English writes 150.50 and may
// group with commas (1,250); Indonesian writes 150,50 and groups with points (1.250.000). A separator the page's locale cannot settle (12,50 on an
// English page: twelve and a half, or twelve hundred and fifty?) is refused with its own
// message rather than guessed. Pure and isomorphic; light enough for an island.
import { parseDecimal } from './validation/result.ts';

export type TypedAmount =
  | { ok: true; value: number }
  /** Not a number at all, or a separator the locale leaves ambiguous. */
  | { ok: false; problem: 'not-a-number' | 'ambiguous-separator' };

/** Spaces a locale groups digits with: space, no-break space, narrow no-break space. */
const GROUP_SPACES = /[ \u00a0\u202f]/g;
/** Comma-grouped thousands as English writes them: 1,250 or 12,345,678.90. */
const COMMA_GROUPED = /^-?[0-9]{1,3}(?:,[0-9]{3})+(?:\.[0-9]*)?$/;
/** Point-grouped thousands as Indonesian writes them: 1.250 or 12.345.678,90. */
const POINT_GROUPED = /^-?[0-9]{1,3}(?:\.[0-9]{3})+(?:,[0-9]*)?$/;

interface Marks {
  decimal: string;
  group: string;
}
const marksByLocale = new Map<string, Marks>();

/** The locale's decimal and group marks, from Intl so every locale the checkout adds comes with its own. */
function marksOf(locale: string): Marks {
  let marks = marksByLocale.get(locale);
  if (marks === undefined) {
    const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
    const mark = (type: string, otherwise: string) => parts.find((p) => p.type === type)?.value ?? otherwise;
    marks = { decimal: mark('decimal', '.'), group: mark('group', ',') };
    marksByLocale.set(locale, marks);
  }
  return marks;
}

/** The locale's decimal mark. */
export function decimalMark(locale: string): string {
  return marksOf(locale).decimal;
}

/** Twelve and a half as the locale writes it (12.50, 12,50): the example in the separator message. */
export function decimalExample(locale: string): string {
  return `12${decimalMark(locale)}50`;
}

const writers = new Map<string, Intl.NumberFormat>();

/**
 * An amount as the page's locale writes it in a field, for readAmount to read back: its
 * decimal mark, no grouping (0,0015 in French and Indonesian, 0.0015 in English), up to a
 * coin's 8 decimals. A form's default is written so, never as JavaScript writes a number.
 */
export function writeAmount(value: number, locale: string): string {
  let writer = writers.get(locale);
  if (writer === undefined) {
    writer = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 8 });
    writers.set(locale, writer);
  }
  return writer.format(value);
}

export function readAmount(typed: string, locale: string): TypedAmount {
  const text = typed.trim().replace(GROUP_SPACES, '');
  const hasComma = text.includes(',');
  const hasPoint = text.includes('.');
  let plain = text;
  const marks = marksOf(locale);
  if (marks.group === '.') {
    // Points group thousands (150.000 is a hundred and fifty thousand), so a point that does
    // not group is not guessed at.
    if (hasPoint && !POINT_GROUPED.test(text)) return { ok: false, problem: 'ambiguous-separator' };
    plain = text.replace(/\./g, '').replace(',', '.');
  } else if (marks.decimal === ',') {
    // A comma is the decimal mark; a point is read as one too (keyboards offer it), but
    // both in one amount leave it unclear which one is.
    if (hasComma && hasPoint) return { ok: false, problem: 'ambiguous-separator' };
    plain = text.replace(',', '.');
  } else if (hasComma) {
    if (!COMMA_GROUPED.test(text)) return { ok: false, problem: 'ambiguous-separator' };
    plain = text.replace(/,/g, '');
  }
  const value = parseDecimal(plain);
  return value === undefined ? { ok: false, problem: 'not-a-number' } : { ok: true, value };
}
