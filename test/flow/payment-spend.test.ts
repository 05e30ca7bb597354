// Screen 17 for a sell over real sockets: the deposit address once the status is
// PROCESSED (the sandbox answers PENDING on the first status call, PROCESSED from the
// second), the QR image through the /api proxy, the confirm question and the thanks page.
import t from 'tap';
import { startStack } from '../helpers/stack.ts';
import { Visitor, driveTo, resume } from '../helpers/journey.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const HOST = 'maple.localhost';
const PAGE = '/payment-spend';

/** A maple ETRANSFEROUT sell of 0.0015 BTC walked to `until`, with its deposit address once there is one. */
async function sell(until: 'INPUT_EMTEMAIL' | 'CUSTOMER_PAYMENT' = 'CUSTOMER_PAYMENT') {
  const seller = await driveTo(stack, until === 'INPUT_EMTEMAIL' ? '/email-input' : PAGE, { kind: 'SELL', amount: 0.0015 });
  return { refId: seller.refId(), address: (await seller.state()).nextActionParams?.cryptoAddress ?? '' };
}

const get = (url: string, cookie?: string) =>
  stack.app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

t.test('no flow: home; a sell still at the e-transfer email: that step', async (t) => {
  const none = await get(PAGE);
  t.equal(none.statusCode, 302);
  t.equal(none.headers.location, '/');

  const { refId } = await sell('INPUT_EMTEMAIL');
  const { cookie } = await resume(stack, refId);
  const early = await get(PAGE, cookie);
  t.equal(early.statusCode, 303);
  t.equal(early.headers.location, '/email-input');
  const thanks = await get('/payment-spend-success', cookie);
  t.equal(thanks.headers.location, '/email-input', 'the thanks page is not reachable before the payment step');
});

t.test('PENDING, then PROCESSED, the QR code, the confirm question and the thanks page', async (t) => {
  const { refId, address } = await sell();
  t.ok(address, 'the sandbox gave a deposit address');
  const { response, cookie } = await resume(stack, refId);
  t.equal(response.headers.location, PAGE, 'CUSTOMER_PAYMENT on a sell goes to /payment-spend');

  // First status call: PENDING. The address is not shown; the island keeps checking.
  const pending = await get(PAGE, cookie);
  t.equal(pending.statusCode, 200);
  t.match(pending.body, 'data-island="WalletStatus"');
  t.match(pending.body, 'We have received your order. We will send your payout as soon as your crypto arrives.');
  t.match(pending.body, `"statusUrl":"/api/txnsell/status/${refId}"`);
  t.match(pending.body, /<a class="button secondary" href="\/payment-spend">Check again<\/a>/, 'Check again without JavaScript');
  t.notMatch(pending.body, address, 'no address before PROCESSED');

  // Second: PROCESSED.
  const processed = await get(PAGE, cookie);
  t.equal(processed.statusCode, 200);
  t.match(processed.body, `<p class="crypto-address wallet-address">${address}</p>`);
  t.match(processed.body, 'Send exactly <strong>0.00150000 BTC</strong> to this address:');
  t.match(processed.body, `<img class="wallet-qr" src="/api/pubapi/qrcode/walletaddress/${refId}"`);
  t.match(processed.body, 'data-island="CopyButton"');
  t.notMatch(processed.body, 'data-island="WalletStatus"', 'no polling once PROCESSED');
  t.notMatch(processed.body, 'Have you sent your crypto', 'the question waits for the visitor');

  const qr = await get(`/api/pubapi/qrcode/walletaddress/${refId}`, cookie);
  t.equal((await get(`/api/pubapi/qrcode/walletaddress/${refId}`)).statusCode, 404, "not without the flow cookie");
  t.equal(qr.statusCode, 200);
  t.equal(qr.headers['content-type'], 'image/png');
  t.equal(qr.rawPayload.subarray(1, 4).toString(), 'PNG');

  const confirm = await get(`${PAGE}?confirm=1`, cookie);
  t.match(confirm.body, '<p id="confirm-sent">Have you sent your crypto to our provided address?</p>');
  t.match(confirm.body, /<a class="button" href="\/payment-spend-success"[^>]*>Yes<\/a>/);
  t.match(confirm.body, /<a class="button secondary" href="\/payment-spend">No<\/a>/);

  const thanks = await get('/payment-spend-success', cookie);
  t.equal(thanks.statusCode, 200);
  t.match(thanks.body, 'Thank you!');
  t.match(thanks.body, 'We will send your payout as soon as your crypto arrives.');
  t.match(thanks.body, '<span class="money-amount">0.00150000</span> <span class="money-code">BTC</span>');
  t.match(thanks.body, '<span class="money-amount">$142.50</span> <span class="money-code">CAD</span>', 'the amount with its currency');
  t.notMatch(thanks.body, 'ada@example.com', 'no personal data');

  const done = await new Visitor(stack, HOST, cookie).post('/done');
  t.equal(done.statusCode, 200);
  t.equal(done.headers.refresh, `0; url=${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`, 'to the success URL after 0 ms');
});

t.test('the thanks page without a flow still thanks the visitor', async (t) => {
  const page = await get('/payment-spend-success');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'We will send your payout as soon as your crypto arrives.');
  t.notMatch(page.body, 'Reference ID');
});

t.test('a failing status check keeps the page usable: the island carries on checking', async (t) => {
  const { refId, address } = await sell();
  const { cookie } = await resume(stack, refId);
  const realForRequest = stack.app.upstream.forRequest;
  stack.app.upstream.forRequest = (context) => ({
    ...realForRequest(context),
    status: async () => ({ ok: false, failure: { kind: 'unavailable', status: 503, reason: 'status-503' } }),
  });
  t.teardown(() => {
    stack.app.upstream.forRequest = realForRequest;
  });
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 200);
  t.match(page.body, 'data-island="WalletStatus"');
  t.notMatch(page.body, address);
});

t.test('hostile confirm values do not open the question and are never echoed', async (t) => {
  const { refId } = await sell();
  const { cookie } = await resume(stack, refId);
  await get(PAGE, cookie); // PENDING
  for (const query of ['confirm=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'confirm=%D9%A1', `confirm=${'1'.repeat(100_000)}`]) {
    const page = await get(`${PAGE}?${query}`, cookie);
    t.equal(page.statusCode, 200);
    t.notMatch(page.body, 'Have you sent your crypto');
    t.notMatch(page.body, '<script>alert');
  }
});

t.test("another visitor's page: a forged cookie sends home, a cookie of another merchant is none", async (t) => {
  const { refId } = await sell();
  const { cookie } = await resume(stack, refId);
  const forged = await get(PAGE, cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  t.equal(forged.statusCode, 302);
  t.equal(forged.headers.location, '/');
  const onRoo = await stack.app.inject({ method: 'GET', url: PAGE, headers: { host: 'roo.localhost', cookie } });
  t.equal(onRoo.statusCode, 302);
  t.equal(onRoo.headers.location, '/');
});
