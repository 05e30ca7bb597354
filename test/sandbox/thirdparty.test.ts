// The third parties the sandbox plays: card provider, identity frame, form service and
// user-agent log, their URLs, and the pages' security headers.
import t from 'tap';
import { cardQuoteResponseSchema } from '../../checkout/contract.ts';
import { sandboxThirdPartyUrls } from '../../server/sandbox/index.ts';
import { errorOf, sandboxFor } from './helpers.ts';

t.test('third-party URLs', async (t) => {
  t.same(sandboxThirdPartyUrls('https://sandbox.example/'), {
    cardQuoteUrl: 'https://sandbox.example/thirdparty/card/quote',
    cardWidgetUrl: 'https://sandbox.example/thirdparty/card/widget',
    identityUrl: 'https://sandbox.example/thirdparty/idenfy',
    formServiceUrl: 'https://sandbox.example/thirdparty/forms/notice',
    userAgentLogUrl: 'https://sandbox.example/thirdparty/ualog',
    uploadUrl: 'https://sandbox.example/upload',
  });
  const c = await sandboxFor(t);
  t.match(c.url, /^http:\/\/127\.0\.0\.1:\d+$/);
  t.same(c.sandbox.thirdParty, sandboxThirdPartyUrls(c.url));
});

t.test('publicUrl: browser links point at it', async (t) => {
  const c = await sandboxFor(t, { publicUrl: 'https://sandbox.example/' });
  t.equal(c.sandbox.thirdParty.identityUrl, 'https://sandbox.example/thirdparty/idenfy');
  const verified = await c.verifiedBuy();
  const init = await c.step('/etransfer/init', { refId: verified.refId });
  t.equal(init.nextActionParams?.redirectUrl, `https://sandbox.example/pay/etransfer/${verified.refId}`);
});

t.test('card quote: 3.5 % + 0.30 fees, the rest in coin, and the charge in USD', async (t) => {
  const c = await sandboxFor(t);
  const reply = await c.get('/thirdparty/card/quote?key=pk_test&baseCurrency=usd&amount=100');
  t.equal(reply.status, 200);
  t.equal(reply.headers.get('access-control-allow-origin'), '*');
  // (100 - 3.50 - 0.30) / 68,000 USD per BTC
  t.same(cardQuoteResponseSchema.parse(reply.body), {
    quoteCurrencyAmount: 0.00141471,
    feeAmount: 3.5,
    extraFeeAmount: 0.3,
    chargeAmount: 100,
    chargeCurrency: 'USD',
  });
  const eth = await c.get('/thirdparty/card/quote?key=pk_test&baseCurrency=CAD&amount=250&quoteCurrency=eth');
  // (250 - 8.75 - 0.30) / 3,500 CAD per ETH; 250 CAD is 250 × 2,500 / 3,500 USD.
  t.same(eth.body, {
    quoteCurrencyAmount: 0.06884286,
    feeAmount: 8.75,
    extraFeeAmount: 0.3,
    chargeAmount: 178.57,
    chargeCurrency: 'USD',
  });

  const noKey = await c.get('/thirdparty/card/quote?baseCurrency=usd&amount=100');
  t.equal(noKey.status, 401);
  t.equal(errorOf(noKey).code, 'KEY.MISSING');
  const badCurrency = await c.get('/thirdparty/card/quote?key=k&baseCurrency=eur&amount=100');
  t.equal(badCurrency.status, 400);
  t.match(errorOf(badCurrency), { msg: /^baseCurrency: / });
  const tiny = await c.get('/thirdparty/card/quote?key=k&baseCurrency=usd&amount=0.2');
  t.match(errorOf(tiny), { msg: 'amount: too small to cover the fees' });

  const preflight = await c.send('OPTIONS', '/thirdparty/forms/notice', {
    headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
  });
  t.equal(preflight.status, 204);
  t.equal(preflight.headers.get('access-control-allow-origin'), '*');
  t.match(preflight.headers.get('access-control-allow-headers'), /content-type/);
});

t.test('card widget', async (t) => {
  const c = await sandboxFor(t);
  const noKey = await c.get('/thirdparty/card/widget');
  t.equal(noKey.status, 401);
  t.match(noKey.text, /Missing apiKey/);
  const plain = await c.get('/thirdparty/card/widget?apiKey=pk_test');
  t.equal(plain.status, 200);
  t.match(plain.text, /<form method="post" action="\/thirdparty\/card\/widget">/);
  t.equal((await c.get('/thirdparty/card/widget?apiKey=pk_test&refId=SBXNOPE')).status, 404);
  const paid = await c.form('/thirdparty/card/widget', { apiKey: 'pk_test' });
  t.equal(paid.status, 200);
  t.match(paid.text, /no transaction was linked/);
  t.equal((await c.form('/thirdparty/card/widget', { cardNumber: '4242' })).status, 401);
});

t.test('identity frame: approved, failed, unknown; script from a file', async (t) => {
  const c = await sandboxFor(t);
  const approved = await c.get('/thirdparty/idenfy/approved-demo');
  t.equal(approved.status, 200);
  t.match(approved.text, /data-manual-status="approved"/);
  t.match(approved.text, /<script src="\/thirdparty\/idenfy\/frame\.js" defer><\/script>/);
  t.notMatch(approved.text, /<script>|<script [^>]*>[^<]/, 'no inline script');
  t.match(approved.headers.get('content-security-policy'), /script-src 'self'/);
  t.notMatch(approved.headers.get('content-security-policy'), /unsafe-inline/);
  t.match(approved.headers.get('content-security-policy'), /frame-ancestors \*/, 'embeddable by the edge');

  const failed = await c.get('/thirdparty/idenfy/failed-demo');
  t.match(failed.text, /data-manual-status="failed"/);
  const unknown = await c.get('/thirdparty/idenfy/someone-else');
  t.equal(unknown.status, 404);
  t.match(unknown.text, /Unknown token/);
  t.notMatch(unknown.text, /data-manual-status/);

  const script = await c.get('/thirdparty/idenfy/frame.js');
  t.equal(script.status, 200);
  t.match(script.headers.get('content-type'), /^text\/javascript/);
  t.match(script.text, /window\.parent\.postMessage\(\{ manualStatus: status \}, '\*'\)/);

  const css = await c.get('/thirdparty/assets/sandbox.css');
  t.equal(css.status, 200);
  t.match(css.headers.get('content-type'), /^text\/css/);
});

t.test('form service and user-agent log keep the last posts for tests', async (t) => {
  const c = await sandboxFor(t);
  const notice = await c.post('/thirdparty/forms/notice', { mobileNumber: '+16045550123', documents: 2 });
  t.equal(notice.status, 204);
  t.equal(notice.headers.get('access-control-allow-origin'), '*');
  t.equal((await c.post('/thirdparty/ualog', { refId: 'SBXABC', width: 1280, height: '800' })).status, 204);
  t.equal((await c.form('/thirdparty/ualog', { refId: 'SBXDEF', width: '390', height: '844' })).status, 204, 'form posts too');

  const missing = await c.post('/thirdparty/forms/notice', { documents: 2 });
  t.equal(missing.status, 400);
  t.match(errorOf(missing), { msg: /^mobileNumber: / });

  const received = await c.get('/thirdparty/forms/received');
  t.match(received.body, {
    received: [
      { form: 'notice', body: { mobileNumber: '+16045550123', documents: 2 }, receivedAt: String },
      { form: 'ualog', body: { refId: 'SBXABC', width: 1280, height: '800' } },
      { form: 'ualog', body: { refId: 'SBXDEF' } },
    ],
  });
  t.equal(received.body.received.length, 3);

  for (let i = 0; i < 60; i++) await c.post('/thirdparty/ualog', { refId: `SBX${i}`, width: 1, height: 1 });
  const capped = (await c.get('/thirdparty/forms/received')).body.received;
  t.equal(capped.length, 50, 'the last 50');
  t.equal(capped.at(-1).body.refId, 'SBX59');
});

t.test('page security headers', async (t) => {
  const c = await sandboxFor(t);
  const page = await c.get('/thirdparty/card/widget?apiKey=k');
  t.equal(page.headers.get('x-content-type-options'), 'nosniff');
  t.equal(page.headers.get('referrer-policy'), 'no-referrer');
  t.equal(page.headers.get('cache-control'), 'no-store');
  t.match(page.headers.get('content-type'), /^text\/html; charset=utf-8/);
  t.match(page.text, /<link rel="stylesheet" href="\/thirdparty\/assets\/sandbox\.css">/);
  t.notMatch(page.text, /style=|<style/, 'no inline styles either');
});
