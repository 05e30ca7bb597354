// Hashed asset URLs, per-merchant asset maps, and the spec's defaults for a minimal file.

import { createHash } from 'node:crypto';
import t from 'tap';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { loadMerchants } from '../../server/tenancy/load.ts';
import { removeFixture, validFiles, writeFiles, writeFixture } from './fixtures.ts';

const sha12 = (s: string | Buffer) => createHash('sha256').update(s).digest('hex').slice(0, 12);
const SVG_A = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#a00"/></svg>';
const SVG_B = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" fill="#0a0"/></svg>';

t.test('asset URLs carry a content hash that changes with the content', async (t) => {
  const dir = await writeFixture(validFiles({ 'a/style.css': ':root { --brand: #111; }', 'a/favicon.svg': SVG_A }));
  t.teardown(() => removeFixture(dir));

  const first = (await loadMerchants(dir, { methods: PAYMENT_METHODS })).byId.get('a');
  t.equal(first?.styleHref, `/assets/m/a/style.${sha12(':root { --brand: #111; }')}.css`);
  t.equal(first?.faviconHref, `/assets/m/a/favicon.${sha12(SVG_A)}.svg`);
  t.equal(first?.faviconType, 'image/svg+xml');

  const again = (await loadMerchants(dir, { methods: PAYMENT_METHODS })).byId.get('a');
  t.equal(again?.styleHref, first?.styleHref, 'same bytes, same URL');

  await writeFiles(dir, { 'a/style.css': ':root { --brand: #222; }' });
  const changed = (await loadMerchants(dir, { methods: PAYMENT_METHODS })).byId.get('a');
  t.not(changed?.styleHref, first?.styleHref, 'new bytes, new URL');
  t.equal(changed?.styleHref, `/assets/m/a/style.${sha12(':root { --brand: #222; }')}.css`);
  t.equal(changed?.faviconHref, first?.faviconHref, 'the untouched favicon keeps its URL');
});

t.test("a merchant's asset map holds only its own files", async (t) => {
  const dir = await writeFixture(
    validFiles({
      'a/style.css': 'body { color: red; }',
      'a/favicon.svg': SVG_A,
      'b/style.css': 'body { color: green; }',
      'b/favicon.svg': SVG_B,
    }),
  );
  t.teardown(() => removeFixture(dir));
  const registry = await loadMerchants(dir, { methods: PAYMENT_METHODS });
  const a = registry.byId.get('a');
  const b = registry.byId.get('b');
  if (a === undefined || b === undefined) throw new Error('fixture did not load');

  t.same([...a.assets.keys()].sort(), [a.faviconHref, a.styleHref].sort());
  t.same([...b.assets.keys()].sort(), [b.faviconHref, b.styleHref].sort());
  for (const key of a.assets.keys()) t.ok(key.startsWith('/assets/m/a/'), key);
  t.notOk(a.assets.has(b.styleHref ?? ''), "b's style sheet is not reachable through a");
  t.notOk(a.assets.has(b.faviconHref ?? ''), "b's favicon is not reachable through a");

  const style = a.assets.get(a.styleHref ?? '');
  t.equal(style?.body.toString(), 'body { color: red; }');
  t.equal(style?.contentType, 'text/css; charset=utf-8');
  t.match(style?.etag, /^"[0-9a-f]{32}"$/);
  t.not(style?.etag, b.assets.get(b.styleHref ?? '')?.etag);
});

t.test('an .ico favicon, and a merchant with no files at all', async (t) => {
  const ico = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0]);
  const dir = await writeFixture(validFiles({ 'a/favicon.ico': ico }));
  t.teardown(() => removeFixture(dir));
  const registry = await loadMerchants(dir, { methods: PAYMENT_METHODS });
  const a = registry.byId.get('a');
  t.equal(a?.faviconHref, `/assets/m/a/favicon.${sha12(ico)}.ico`);
  t.equal(a?.faviconType, 'image/x-icon');
  const b = registry.byId.get('b');
  t.equal(b?.styleHref, undefined);
  t.equal(b?.faviconHref, undefined);
  t.equal(b?.footerHtml, undefined, 'no footer.html: the built-in footer');
  t.equal(b?.legal.size, 0);
  t.equal(b?.assets.size, 0);
});

t.test('the defaults of the spec apply to a minimal merchant file', async (t) => {
  const dir = await writeFixture(validFiles());
  t.teardown(() => removeFixture(dir));
  const c = (await loadMerchants(dir, { methods: PAYMENT_METHODS })).byId.get('a')?.config;
  if (c === undefined) throw new Error('fixture did not load');
  t.same(
    [c.inputAllowed, c.inputBuyAllowed, c.inputSellAllowed, c.inputSpendAllowed],
    [false, false, false, false],
    'all input*Allowed false',
  );
  t.same(c.supportedCoins, [{ id: 'BTC', name: 'Bitcoin' }]);
  t.same(c.supportedFiatCurrencies, [{ id: 'CAD', symbol: '$' }]);
  t.same(c.inputForm, { defaultBuy: 20, defaultSell: 0.0015, min: 0, max: 500, overrides: {} });
  t.equal(c.cardWidget.colorCode, '#9bcb6c');
  t.equal(c.cardWidget.apiKey, undefined);
  t.equal(c.isPromo, false);
  t.equal(c.showTicker, false);
  t.same(c.paymentMethods, []);
  t.same(c.blockedAreaCodes, [], 'the Quebec blacklist is empty by default');
});

t.test('a partial inputForm keeps the defaults it leaves out', async (t) => {
  const dir = await writeFixture(
    validFiles({ 'a/merchant.json': { ...(validFiles()['a/merchant.json'] as object), inputForm: { max: 1000 } } }),
  );
  t.teardown(() => removeFixture(dir));
  const c = (await loadMerchants(dir, { methods: PAYMENT_METHODS })).byId.get('a')?.config;
  t.same(c?.inputForm, { defaultBuy: 20, defaultSell: 0.0015, min: 0, max: 1000, overrides: {} });
});
