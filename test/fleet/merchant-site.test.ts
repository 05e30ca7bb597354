// Demo merchants end somewhere real: their site, success and error URLs are `{sandbox}`
// links, resolved to the running sandbox's merchant site, which shows what the checkout sent.

import t from 'tap';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { loadMerchants } from '../../server/tenancy/load.ts';
import { startStack } from '../helpers/stack.ts';
import { minimalMerchant, removeFixture, validFiles, writeFixture } from '../tenancy/fixtures.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());
const site = stack.sandbox.siteUrl;

async function sandboxPage(url: string): Promise<{ status: number; body: string; csp: string | null }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text(), csp: res.headers.get('content-security-policy') };
}

t.test('a {sandbox} link becomes the sandbox URL; other links stay as written', async (t) => {
  const dir = await writeFixture(
    validFiles({
      'a/merchant.json': minimalMerchant('a', { siteUrl: '{sandbox}/shop/a?name=A', successUrl: '{sandbox}/shop/a/thanks' }),
    }),
  );
  t.teardown(() => removeFixture(dir));
  const registry = await loadMerchants(dir, { sandboxUrl: 'http://127.0.0.1:4123/', methods: PAYMENT_METHODS });
  const a = registry.byId.get('a')!.config;
  t.equal(a.siteUrl, 'http://127.0.0.1:4123/shop/a?name=A');
  t.equal(a.successUrl, 'http://127.0.0.1:4123/shop/a/thanks');
  t.equal(a.errorUrl, 'https://a.example/error', 'a production merchant keeps its own URL');
});

t.test("Done on a demo merchant leads to the sandbox's page for it, which says where the visitor is", async (t) => {
  const done = await stack.app.inject({
    method: 'POST',
    url: '/done',
    headers: { host: 'maple.localhost', origin: 'http://maple.localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  const target = `${site}/shop/maple/thanks?name=Maple+Coin`;
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, target);
  const page = await sandboxPage(target);
  t.equal(page.status, 200);
  t.match(page.body, '<h1>Back at Maple Coin</h1>');
  t.match(page.body, 'the success page: the order went through');
  t.match(page.body, '<dt>Error code (err)</dt><dd>none</dd>');
  t.match(page.csp, "script-src 'self'", "the sandbox pages' strict policy");
});

t.test('the error URL shows the err code the checkout sent; a regional suffix shows the region', async (t) => {
  const error = await sandboxPage(`${site}/shop/roo/error/au?name=Roo+Crypto&err=TRANSACTION.NOTFOUND`);
  t.match(error.body, '<h1>Back at Roo Crypto</h1>');
  t.match(error.body, 'the error page: the order did not complete');
  t.match(error.body, '<dd>Australia (AUD)</dd>');
  t.match(error.body, '<dd>TRANSACTION.NOTFOUND</dd>');
  const home = await sandboxPage(`${site}/shop/manila?name=Manila+Crypto`);
  t.match(home.body, 'the site (home page)');
});

t.test("the main brand's legal pages lead to its site's own", async (t) => {
  const legal = await stack.app.inject({ method: 'GET', url: '/terms-of-service', headers: { host: 'checkout.localhost' } });
  t.equal(legal.statusCode, 302);
  const page = await sandboxPage(legal.headers.location as string);
  t.equal(page.status, 200);
  t.match(page.body, '<h1>Back at Checkout</h1>');
  t.match(page.body, 'its page /terms-of-service');
});

t.test("the merchant site is another origin than the sandbox's API", async (t) => {
  t.not(new URL(site).origin, new URL(stack.sandbox.url).origin);
  t.equal(new URL(site).port, new URL(stack.sandbox.url).port, 'the same sandbox answers');
});

t.test('whatever the query says is shown as text, never markup', async (t) => {
  const page = await sandboxPage(`${site}/shop/maple/error?name=%3Cscript%3Ex%3C/script%3E&err=%3Cb%3E&ref=%22%3E%3Cimg%3E`);
  t.notMatch(page.body, '<script>x');
  t.notMatch(page.body, '<b>');
  t.notMatch(page.body, '"><img>');
  t.match(page.body, 'Back at &lt;script&gt;x&lt;/script&gt;');
  t.match(page.body, '<dt>ref</dt><dd>&quot;&gt;&lt;img&gt;</dd>', 'other parameters are listed');
});
