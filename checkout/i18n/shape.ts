// The texts' shape, read off the default language's catalogue (catalogues/en.ts), which is
// the one source of every text's key, values and place: 'QUOTE_TEXT.expired' is
// `texts.QUOTE_TEXT.expired`, a string worded once per language; a text with values is a
// function of them by the names the catalogue gives ('ADDRESS_MESSAGES.invalid': 'This is
// not a valid {coin} address.' is `texts.ADDRESS_MESSAGES.invalid({ coin })`). The type
// reads the values' names from the message at compile time, so a call that misses one, or
// a text that gains one, fails the type check. Pure and isomorphic.
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { en } from './catalogues/en.ts';
import type { MessageKey, Translator } from './translate.ts';

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;

/** What is being read: a message (the whole text, or one option's) or a value's options. */
type Frame = 'message' | 'options';
type Pop<Stack extends Frame[]> = Stack extends [Frame, ...infer Below extends Frame[]] ? Below : [];

/**
 * The values an ICU message takes, read brace by brace: in a message a '{' opens a value
 * (`{name}`, `{name, number}`, or `{name, plural, …}` whose options follow); among a value's
 * options a '{' opens an option's own message, read the same way; a '}' closes whatever is
 * open. `plain` are shown as they are, `counted` are plurals' counts.
 */
type Scan<
  S extends string,
  Stack extends Frame[],
  Plain extends string,
  Counted extends string,
> = S extends `${infer Head}{${infer Tail}`
  ? Head extends `${string}}${infer AfterClose}`
    ? Scan<`${AfterClose}{${Tail}`, Pop<Stack>, Plain, Counted>
    : Stack extends ['options', ...Frame[]]
      ? Scan<Tail, ['message', ...Stack], Plain, Counted>
      : OpenValue<Tail, Stack, Plain, Counted>
  : S extends `${string}}${infer AfterClose}`
    ? Scan<AfterClose, Pop<Stack>, Plain, Counted>
    : { plain: Plain; counted: Counted };

/** Just after a value's '{': its name, then its kind and options if it has them. */
type OpenValue<
  Tail extends string,
  Stack extends Frame[],
  Plain extends string,
  Counted extends string,
> = Tail extends `${infer Inside}}${infer After}`
  ? Inside extends `${infer Name},${string}`
    ? Tail extends `${string},${infer KindAndOptions}`
      ? KindAndOptions extends `${infer Kind},${infer Options}`
        ? Kind extends `${string}}${string}`
          ? Scan<After, Stack, Plain | Trim<Name>, Counted>
          : Scan<
              Options,
              ['options', ...Stack],
              Trim<Kind> extends 'plural' | 'selectordinal' ? Plain : Plain | Trim<Name>,
              Trim<Kind> extends 'plural' | 'selectordinal' ? Counted | Trim<Name> : Counted
            >
        : Scan<After, Stack, Plain | Trim<Name>, Counted>
      : never
    : Scan<After, Stack, Plain | Trim<Inside>, Counted>
  : { plain: Plain; counted: Counted };

type Read<S extends string> = Scan<S, ['message'], never, never>;
type Named<S extends string> = Read<S> extends { plain: infer P; counted: infer C } ? P | C : never;
/** The values by name: a count is a number; a plain value a string or a number. */
export type ValuesOf<S extends string> =
  Read<S> extends { plain: infer P extends string; counted: infer C extends string }
    ? Simplify<{ readonly [N in Exclude<P, C>]: string | number } & { readonly [N in C]: number }>
    : never;
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A text without values is its words; one with values, a function of them. */
export type TextOf<S extends string> = [Named<S>] extends [never] ? string : (values: ValuesOf<S>) => string;

type Head<K extends string> = K extends `${infer H}.${string}` ? H : K;
/** The catalogue's keys as nested groups: 'A.b.c' is `texts.A.b.c`. */
type Shape<C extends Record<string, string>> = {
  readonly [H in Head<keyof C & string>]: H extends keyof C
    ? TextOf<C[H]>
    : Shape<{ [K in keyof C & string as K extends `${H}.${infer R}` ? R : never]: C[K] }>;
};

export type DerivedTexts = Shape<typeof en>;

/** Whether the message takes any value. */
function takesValues(elements: readonly MessageFormatElement[]): boolean {
  return elements.some((element) => element.type !== TYPE.literal);
}

/** The keys whose English message takes values, read once: the same in every language (test/i18n/catalogues.test.ts). */
let withValues: ReadonlySet<MessageKey> | undefined;
function keysWithValues(): ReadonlySet<MessageKey> {
  withValues ??= new Set(
    (Object.keys(en) as MessageKey[]).filter((key) =>
      takesValues(new IntlMessageFormat(en[key], 'en', undefined, { ignoreTag: true }).getAst()),
    ),
  );
  return withValues;
}

/** Every text of the catalogue in `t`'s language, in the catalogue's shape: the words worded once, the rest on call. */
export function derivedTexts(t: Translator): DerivedTexts {
  const root: Record<string, unknown> = {};
  const valued = keysWithValues();
  for (const key of Object.keys(en) as MessageKey[]) {
    const path = key.split('.');
    let group = root;
    for (const part of path.slice(0, -1)) group = (group[part] ??= {}) as Record<string, unknown>;
    group[path.at(-1)!] = valued.has(key) ? (values: Readonly<Record<string, string | number>>) => t(key, values) : t(key);
  }
  return root as DerivedTexts;
}
