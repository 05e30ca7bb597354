// The texts' shape read off the English catalogue (checkout/i18n/shape.ts): the values a
// message takes, named at compile time (the type checks below fail `npm run typecheck`,
// not this run), and the texts built from it in every language.
import t from 'tap';
import type { DerivedTexts, TextOf, ValuesOf } from '../../checkout/i18n/shape.ts';
import { derivedTexts } from '../../checkout/i18n/shape.ts';
import { translatorFor } from '../../checkout/i18n/translate.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const named: [
  Equal<keyof ValuesOf<'Your {coin} address'>, 'coin'>,
  Equal<keyof ValuesOf<'Step {n} of {total}: {name}'>, 'n' | 'total' | 'name'>,
  Equal<ValuesOf<'{n, plural, one {# hour} other {# hours}}'>['n'], number>,
  // An option's words are not values; a value inside an option is.
  Equal<keyof ValuesOf<'{kind, select, BUY {buy} SELL {sell} other {{kind}}}'>, 'kind'>,
  Equal<keyof ValuesOf<'{count, plural, =1 {Last try: {what} is kept.} other {# tries.}} {tail}'>, 'count' | 'what' | 'tail'>,
  Equal<
    keyof ValuesOf<'A {length}-digit code, valid {minutes, plural, one {# minute} other {# minutes}}.'>,
    'length' | 'minutes'
  >,
  Equal<keyof ValuesOf<'{v, number} and {w}'>, 'v' | 'w'>,
  Equal<TextOf<'Plain words, no values.'>, string>,
] = [true, true, true, true, true, true, true, true];

/** Calls the type check refuses; never run. */
function refused(texts: DerivedTexts): void {
  // @ts-expect-error a value the message takes is missing
  texts.STEP_TEXT.of({ n: 1, total: 4 });
  // @ts-expect-error a count is a number
  texts.CODE_MESSAGES.attemptsLeft({ count: '2' });
  // @ts-expect-error a text without values is its words
  texts.ACTIONS.next();
}

t.test('a text is its words, or a function of the values it names, in every language', async (t) => {
  t.ok(named.every(Boolean));
  t.type(refused, 'function');
  const en = derivedTexts(translatorFor('en'));
  t.equal(en.ADDRESS_MESSAGES.invalid({ coin: 'BTC' }), 'This is not a valid BTC address.');
  t.equal(en.ACTIONS.next, 'NEXT', 'worded once, when the language is first asked for');
  const fil = derivedTexts(translatorFor('fil'));
  t.equal(fil.STEP_TEXT.of({ n: 2, total: 4, name: fil.STEP_TEXT.names.details }), 'Hakbang 2 sa 4: Detalye');
  const id = derivedTexts(translatorFor('id'));
  t.equal(id.ADDRESS_MESSAGES.required({ coin: 'BTC' }), 'Alamat BTC Anda wajib diisi.');
});
