// The pool checks each distinct content once however merchants interleave: the few texts
// seen last are compared first, and anything older is still found by its content.
import t from 'tap';
import { ContentPool } from '../../server/tenancy/pool.ts';

t.test('a lint runs once per distinct text, for many more texts than it compares first', async (t) => {
  const pool = new ContentPool();
  const linted: string[] = [];
  const lint = (text: string) => {
    linted.push(text);
    return { findings: [text.length] };
  };
  // Forty texts of one length (so none differs at once), cycled three times.
  const texts = Array.from({ length: 40 }, (_, i) => `body { color: #${String(i).padStart(6, '0')} }`);
  const first = texts.map((text) => pool.lint(text, lint));
  for (let round = 0; round < 2; round++) {
    for (const [i, text] of texts.entries()) t.equal(pool.lint(`${text}`, lint), first[i], `the same result for text ${i}`);
    // Interleaved, as a merchant's footer and legal pages are.
    for (const i of [3, 3, 39, 0, 39, 17]) t.equal(pool.lint(texts[i]!, lint), first[i]);
  }
  t.same(linted, texts, 'each text linted once, in order of first sight');
  const other = (text: string) => text.toUpperCase();
  t.equal(pool.lint(texts[0]!, other), texts[0]!.toUpperCase(), 'another lint of the same text runs on its own');
});

t.test('a setting is parsed once per distinct value of each field, and shared', async (t) => {
  const pool = new ContentPool();
  const parsed: unknown[] = [];
  const parse = (value: unknown) => {
    parsed.push(value);
    return { value: Object.freeze(structuredClone(value)) };
  };
  const values = Array.from({ length: 20 }, (_, i) => ({ min: i, max: 100 }));
  const first = values.map((v) => pool.parsed('limits', v, parse));
  for (const [i, v] of values.entries())
    t.equal(pool.parsed('limits', { ...v }, parse), first[i], `equal values share one result (${i})`);
  t.equal(parsed.length, values.length);
  t.not(pool.parsed('fees', values[0], parse), first[0], 'the same value in another field is parsed apart');
  t.equal(pool.parsed('coins', undefined, parse), pool.parsed('coins', undefined, parse), 'a field left out is one result too');
  t.equal(parsed.length, values.length + 2);
});
