// Pages rendered per request on a shell (server/render/shell.tsx): the merchant's part of
// the document is rendered once, the visitor's part per request, and the two joined are the
// page rendered whole. A shell holds no nonce and nothing of a visitor; each response has a
// fresh nonce; a merchant loaded anew gets new shells.

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { homePage } from '../../server/flow/home-page.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { RenderContext, type RenderContextValue } from '../../server/render/context.tsx';
import { cachedShells, renderOnShell } from '../../server/render/shell.tsx';
import type { Merchant } from '../../server/tenancy/load.ts';
import { StepUnavailablePage } from '../../views/pages/StepUnavailable.tsx';
import { quoteForm } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());
// roo shows no ticker, so its home page with a visitor's input is rendered per request.
const HOST = 'roo.localhost';
const merchantOf = (host: string): Merchant => {
  const found = stack.app.merchants.resolve(host);
  if (found.kind !== 'known') throw new Error(`${host} is a demo merchant`);
  return found.merchant;
};

const context = (merchant: Merchant, nonce: string): RenderContextValue => ({
  nonce,
  merchant,
  language: 'en',
  locale: 'en-CA',
  assets: stack.app.assetManifest,
  appVersion: 'test',
  islands: { count: 0, onLoad: new Set() },
});

const typed = '98765.4321';
/** The home page that shows a refused amount: the GET its 303 leads to. */
async function refusedHome() {
  const refused = await stack.app.inject({
    method: 'POST',
    url: '/',
    headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...quoteForm(), fiatAmount: typed }).toString(),
  });
  const cookie = refused.cookies.find((c) => c.name === 'refused');
  return stack.app.inject({ url: '/', headers: { host: HOST, 'accept-encoding': 'br', cookie: `refused=${cookie?.value}` } });
}
const nonceOf = (csp: unknown) => /'nonce-([^']+)'/.exec(String(csp))?.[1];

t.test('a page joined with its shell is the page rendered whole', async (t) => {
  for (const host of [HOST, 'maple.localhost', 'test.localhost']) {
    const merchant = merchantOf(host);
    const pages = [
      homePage(merchant.config, DEFAULT_TEXTS, PAYMENT_METHODS, {
        values: { fiatAmount: typed },
        errors: { fiatAmount: 'Value must be a number.' },
        toasts: [{ kind: 'error', text: 'A toast' }],
      }),
      homePage(merchant.config, DEFAULT_TEXTS, PAYMENT_METHODS, { modal: 'A modal' }),
      createElement(StepUnavailablePage, { refId: 'REF-1' }),
    ];
    for (const page of pages) {
      const whole = `<!DOCTYPE html>${renderToString(createElement(RenderContext, { value: context(merchant, 'n0nce') }, page))}`;
      const joined = renderOnShell(page, context(merchant, 'n0nce')).join();
      t.equal(joined, whole, `${host}: ${whole.length} bytes`);
      const bytes = renderOnShell(page, context(merchant, 'n0nce')).bytes();
      t.ok(bytes.equals(Buffer.from(whole)), `${host}: the bytes sent are the page's own`);
    }
  }
});

t.test("a visitor's refused form on a page rendered per request: a fresh nonce, and nothing of it in a shell", async (t) => {
  const first = await refusedHome();
  const second = await refusedHome();
  const pages = [first, second].map((res) => brotliDecompressSync(res.rawPayload).toString());
  for (const [i, res] of [first, second].entries()) {
    t.equal(res.statusCode, 200);
    t.equal(res.headers['content-encoding'], 'br', 'compressed');
    t.equal(Number(res.headers['content-length']), res.rawPayload.length, 'sent whole, with its length');
    t.match(pages[i], `value="${typed}"`, 'the visitor sees what they typed');
    t.match(pages[i], /^<!DOCTYPE html><html lang="en"><head>.*<\/html>$/s, 'one whole document');
    const nonce = nonceOf(res.headers['content-security-policy']);
    t.ok(nonce, 'a nonce in the policy');
    t.match(
      pages[i],
      `<script type="module" src="${stack.app.assetManifest.boot}" nonce="${nonce}">`,
      "the boot script carries the policy's nonce",
    );
  }
  t.not(
    nonceOf(first.headers['content-security-policy']),
    nonceOf(second.headers['content-security-policy']),
    'a fresh nonce per response',
  );

  const shells = [...cachedShells(merchantOf(HOST)).values()].flat().join('');
  t.ok(shells.length > 0, 'the shell is cached');
  t.match(shells, 'Roo', "the merchant's own part");
  t.notMatch(shells, typed, 'no typed value');
  t.notMatch(shells, 'Value must be a number.', 'no message');
  t.notMatch(shells, /nonce/, 'no nonce attribute');
  for (const res of [first, second]) t.notMatch(shells, nonceOf(res.headers['content-security-policy'])!, "no response's nonce");
});

t.test('the same page plain, br and gzip', async (t) => {
  const url = '/transaction-success';
  const as = async (encoding: string) => {
    const res = await stack.app.inject({ url, headers: { host: HOST, 'accept-encoding': encoding } });
    t.equal(res.statusCode, 200);
    const body =
      encoding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : encoding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    // The nonce is the response's own.
    return body.toString().replace(/nonce="[^"]+"/g, '');
  };
  const plain = await as('');
  t.match(plain, /^<!DOCTYPE html>.*<\/html>$/s);
  t.equal(await as('br'), plain);
  t.equal(await as('gzip'), plain);
});

t.test('a merchant loaded anew gets its shells rendered anew', async (t) => {
  const merchant = merchantOf(HOST);
  const page = createElement(StepUnavailablePage, { refId: 'REF-1' });
  renderOnShell(page, context(merchant, 'n0nce')).join();
  const cached = cachedShells(merchant).size;
  t.ok(cached > 0);
  const reloaded: Merchant = { ...merchant, config: { ...merchant.config, title: 'Roo Renamed' } };
  t.equal(cachedShells(reloaded).size, 0, 'no shell for the new configuration yet');
  const html = renderOnShell(page, context(reloaded, 'n0nce')).join();
  t.match(html, '<title>', 'a whole page');
  t.match(html, 'Roo Renamed', 'with the new configuration');
  t.equal(cachedShells(reloaded).size, 1);
  t.equal(cachedShells(merchant).size, cached, "the old object's shells are its own");
});

t.test("the language switch is the visitor's part: its links keep each page's own query, the shell holds none", async (t) => {
  const maple = merchantOf('maple.localhost');
  const page = createElement(StepUnavailablePage, { refId: 'REF-1' });
  for (const query of ['sent=1', 'type=SELL&amount=25']) {
    const ctx = { ...context(maple, 'n0nce'), pageUrl: `/mobile-verification?${query}` };
    const joined = renderOnShell(page, ctx).join();
    const whole = `<!DOCTYPE html>${renderToString(createElement(RenderContext, { value: ctx }, page))}`;
    t.equal(joined, whole, `${query}: joined as rendered whole`);
    t.match(
      joined,
      `href="/mobile-verification?${query.replace('&', '&amp;')}&amp;lang=fr-CA"`,
      `${query}: French keeps the page's query`,
    );
  }
  const shells = [...cachedShells(maple).values()].flat().join('');
  t.notMatch(shells, 'lang=fr-CA', 'no switch link in a shell');
  t.notMatch(shells, 'amount=25', 'nor any query');
});
