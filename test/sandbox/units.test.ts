// The small pure parts: rounding and prices, the bounded cache behind the transaction
// store and the idempotency keys, refIds, and the HTML escaping of the pages.
import t from 'tap';
import { COINS, FIAT_CURRENCIES } from '../../checkout/domain.ts';
import { BoundedCache } from '../../server/sandbox/cache.ts';
import { escapeHtml, html } from '../../server/sandbox/pages/html.ts';
import { cryptoFor, fiatFor, PRICES, roundTo } from '../../server/sandbox/prices.ts';
import { newRefId } from '../../server/sandbox/store.ts';

t.test('roundTo rounds half up on the decimal value', async (t) => {
  t.equal(roundTo(1.005, 2), 1.01);
  t.equal(roundTo(1.004, 2), 1);
  t.equal(roundTo(0.000000015, 8), 0.00000002);
  t.equal(roundTo(1e-9, 8), 0);
  t.equal(roundTo(142.49999999999997, 2), 142.5);
});

t.test('prices: every coin in every currency; buys and sells', async (t) => {
  for (const coin of COINS) for (const fiat of FIAT_CURRENCIES) t.ok(PRICES[coin][fiat] > 0, `${coin}/${fiat}`);
  t.equal(cryptoFor(100, 'BTC', 'CAD'), 0.00105263);
  t.equal(cryptoFor(1_000_000, 'BTC', 'IDR'), 0.00091533);
  t.equal(fiatFor(0.0015, 'BTC', 'CAD'), 142.5);
  t.equal(fiatFor(0.12345678, 'ETH', 'AUD'), 475.31);
});

t.test('BoundedCache: expiry, sliding expiry, cap', async (t) => {
  let now = 0;
  const fixed = new BoundedCache<string>({ maxEntries: 3, ttlMs: 100, sliding: false, now: () => now });
  fixed.set('a', 'A');
  now = 60;
  t.equal(fixed.get('a'), 'A');
  now = 100;
  t.equal(fixed.get('a'), undefined, 'expired 100 ms after the write, reads do not extend it');

  const sliding = new BoundedCache<string>({ maxEntries: 3, ttlMs: 100, sliding: true, now: () => now });
  sliding.set('a', 'A');
  now = 160;
  t.equal(sliding.get('a'), 'A');
  now = 250;
  t.equal(sliding.get('a'), 'A', 'each read extends it');
  now = 400;
  t.equal(sliding.get('a'), undefined);

  const capped = new BoundedCache<number>({ maxEntries: 3, ttlMs: 1_000, sliding: true, now: () => now });
  for (const [i, key] of ['a', 'b', 'c'].entries()) capped.set(key, i);
  capped.get('a'); // a is now the most recently used
  capped.set('d', 3);
  t.equal(capped.size, 3);
  t.equal(capped.get('b'), undefined, 'the least recently used went');
  t.equal(capped.get('a'), 0);
  capped.delete('a');
  t.equal(capped.get('a'), undefined);
});

t.test('refIds are SBX + 20 base32 characters and differ', async (t) => {
  const ids = new Set(Array.from({ length: 1_000 }, newRefId));
  t.equal(ids.size, 1_000);
  for (const id of [...ids].slice(0, 20)) t.match(id, /^SBX[A-Z2-7]{20}$/);
});

t.test('html escapes interpolations, not nested html', async (t) => {
  t.equal(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  const name = '<script>alert(1)</script>';
  t.equal(html`<p>${name}</p>`.value, '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  t.equal(html`<div>${html`<b>${'&'}</b>`}${[1, 2]}${null}${false}</div>`.value, '<div><b>&amp;</b>12</div>');
});
