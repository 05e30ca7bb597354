// Pages rendered once per merchant (server/render/shared-pages.tsx): they never hold what a
// visitor typed, and a merchant loaded anew gets its pages rendered anew.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createElement } from 'react';
import t from 'tap';
import { sharedPage } from '../../server/render/shared-pages.tsx';
import { quoteForm } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());
// roo shows no ticker: its home page is rendered once for everyone.
const HOST = 'roo.localhost';

t.test("a visitor's refused input never reaches the page everyone gets", async (t) => {
  const typed = '98765.4321';
  const refused = await stack.app.inject({
    method: 'POST',
    url: '/',
    headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...quoteForm(), fiatAmount: typed }).toString(),
  });
  t.equal(refused.statusCode, 303);
  const cookie = refused.cookies.find((c) => c.name === 'refused');
  const shown = await stack.app.inject({ url: '/', headers: { host: HOST, cookie: `refused=${cookie?.value}` } });
  t.match(shown.body, `value="${typed}"`, 'the visitor sees what they typed');
  for (const encoding of ['', 'br', 'gzip']) {
    const page = await stack.app.inject({ url: '/', headers: { host: HOST, 'accept-encoding': encoding } });
    t.equal(page.statusCode, 200);
    const text =
      encoding === 'br'
        ? brotliDecompressSync(page.rawPayload).toString()
        : encoding === 'gzip'
          ? gunzipSync(page.rawPayload).toString()
          : page.body;
    t.notMatch(text, typed, `the next visitor's page (${encoding || 'plain'}) does not hold it`);
    t.notMatch(text, 'Value must be a number.', 'nor its message');
  }
});

t.test('rendered once per merchant and key; a merchant loaded anew renders anew', async (t) => {
  const found = stack.app.merchants.resolve(HOST);
  if (found.kind !== 'known') throw new Error('maple is a demo merchant');
  const context = { assets: stack.app.assetManifest, appVersion: 'test', language: 'en' } as const;
  let renders = 0;
  const build = () => {
    renders++;
    return createElement('html', null, createElement('body', null, `render ${renders}`));
  };
  const first = sharedPage(found.merchant, 'probe', build, context);
  t.equal(sharedPage(found.merchant, 'probe', build, context), first, 'the same bytes the second time');
  t.equal(renders, 1);
  sharedPage(found.merchant, 'another key', build, context);
  t.equal(renders, 2, 'each key its own page');
  const reloaded = { ...found.merchant };
  const fresh = sharedPage(reloaded, 'probe', build, context);
  t.equal(renders, 3, 'a configuration loaded anew is rendered anew');
  t.not(fresh.etag, first.etag);
  t.match(fresh.plain.toString(), /^<!DOCTYPE html><html>.*<body>render 3<\/body><\/html>$/);
  t.equal(sharedPage(reloaded, 'probe', build, context), fresh, 'the same version: the same bytes');
  const moved = sharedPage(reloaded, 'probe', build, context, 'prices moved');
  t.equal(renders, 4, 'a new version (the ticker moved) renders anew');
  t.equal(sharedPage(reloaded, 'probe', build, context, 'prices moved'), moved);
  t.equal(renders, 4);
});

t.test('the modules islands hydrated on load need are announced beside the boot script', async (t) => {
  const { preload } = stack.app.assetManifest;
  const home = (await stack.app.inject({ url: '/', headers: { host: HOST } })).body;
  const list = /<script type="application\/json" id="module-preload">([^<]+)<\/script>/.exec(home)?.[1];
  const announced = JSON.parse(list ?? '[]') as string[];
  t.ok(announced.length > 0, 'listed for the boot script, which announces them as modulepreload');
  t.strictSame(
    new Set(announced),
    new Set([...preload.hydrate, ...preload.islands.AmountForm!]),
    'React, hydration and the amount form',
  );
  t.notMatch(home, /<link rel="modulepreload"/, 'no preload the browser would fetch with JavaScript off');
  t.notOk(
    announced.some(
      (href) =>
        preload.islands.QuoteTimer!.includes(href) &&
        !preload.islands.AmountForm!.includes(href) &&
        !preload.hydrate.includes(href),
    ),
    'nothing of an island the page does not have',
  );
  const legal = (await stack.app.inject({ url: '/terms-of-service', headers: { host: HOST } })).body;
  t.notMatch(legal, /module-preload|<script/, 'a page without islands loads no JavaScript');
});

t.test("a merchant showing the ticker: one page for everyone while the ticker's prices hold", async (t) => {
  const first = await stack.app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  const second = await stack.app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  t.equal(first.statusCode, 200);
  t.match(first.body, /class="ticker/, 'the ticker is on the page');
  t.match(String(first.headers['content-security-policy']), /^script-src 'self';/, 'served as a page rendered once');
  t.equal(second.headers.etag, first.headers.etag, 'the same bytes within the ticker cache');
});
