// Screen 9 over real sockets: the e-transfer instructions page against the sandbox, from
// INITIATE_ETRANSFER through the provider's Pay to the success page, and Done.
import t from 'tap';
import { etransferInit } from '../../server/screens/payment-etransfer.ts';
import type { UpstreamCall } from '../../server/upstream/calls.ts';
import type { UpstreamClient } from '../../server/upstream/client.ts';
import { asWord, BUYER, driveTo, resume, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const HOST = 'maple.localhost';
const ORIGIN = `http://${HOST}`;
const PAGE = '/payment-etransfer-instructions';

/** Counts etransfer/init calls the app makes; `twice` makes each one a second init. */
const initCalls: string[] = [];
let initTwice = false;
const realForRequest = stack.app.upstream.forRequest.bind(stack.app.upstream);
stack.app.upstream.forRequest = (context) => {
  const real = realForRequest(context);
  const wrapped: UpstreamClient = {
    ...real,
    call: (async (row: UpstreamCall, ...args: unknown[]) => {
      const again = () => (real.call as (row: UpstreamCall, ...args: unknown[]) => Promise<unknown>)(row, ...args);
      if (row !== etransferInit) return again();
      initCalls.push(args[0] as string);
      if (initTwice) await again();
      return again();
    }) as UpstreamClient['call'],
  };
  return wrapped;
};

/** A maple e-transfer buy walked to the code step or verified (INITIATE_ETRANSFER). */
async function buy(amount: number, until: 'VERIFY_MOBILE' | 'INITIATE_ETRANSFER' = 'INITIATE_ETRANSFER') {
  return (await driveTo(stack, until === 'VERIFY_MOBILE' ? '/mobile-verification' : PAGE, { amount })).refId();
}

const get = (url: string, cookie?: string, host = HOST) =>
  stack.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

t.test('without a flow, or with a forged one, the page sends the visitor home', async (t) => {
  const none = await get(PAGE);
  t.equal(none.statusCode, 302);
  t.equal(none.headers.location, '/');
  const forged = await get(PAGE, 'flow=eyJyZWZJZCI6IngifQ.forged');
  t.equal(forged.statusCode, 302);
  t.equal(forged.headers.location, '/');
  t.same(initCalls, [], 'nothing initiated');
});

t.test('a visitor not yet verified is sent to the verification step, nothing is initiated', async (t) => {
  const refId = await buy(100, 'VERIFY_MOBILE');
  const { response, cookie } = await resume(stack, refId);
  t.equal(response.headers.location, '/mobile-verification');
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 303);
  t.equal(page.headers.location, '/mobile-verification');
  t.notOk(initCalls.includes(refId), 'etransfer/init not called');
});

t.test('instructions, a reload, I HAVE PAID, the provider pays, success and Done', async (t) => {
  const refId = await buy(100);
  const { response, cookie } = await resume(stack, refId);
  t.equal(response.headers.location, PAGE, '/state follows INITIATE_ETRANSFER');

  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 200);
  const html = page.body;
  t.match(html, 'Order total');
  t.match(html, '<span class="money-amount">$100.00</span> <span class="money-code">CAD</span>', 'the total with its currency');
  t.match(html, '<span class="money-amount">0.00105263</span> <span class="money-code">BTC</span>');
  t.match(html, 'bc1qw5…f3t4', 'the receiving address, masked: the flow was picked up by its reference');
  t.match(html, 'Your payment must arrive within <strong>1 hour</strong>');
  t.match(html, 'Payments are received by payments@maple.example.');
  const link = /<a class="button" href="([^"]+)" target="_blank" rel="noopener">OPEN PAYMENT PAGE<\/a>/.exec(html);
  t.ok(link, 'OPEN PAYMENT PAGE is a plain new-tab link');
  t.equal(link?.[1], `${stack.sandbox.url}/pay/etransfer/${refId}`, 'to the provider page of the init answer');
  t.match(html, 'data-island="PaymentPopup"');
  t.match(
    html,
    /<form class="done-form leave-checkout" action="\/done" method="post"><button type="submit" class="button quiet" aria-describedby="done-leaves">Done<\/button><p class="hint" id="done-leaves">Done closes this checkout and takes you back to Maple Coin\. It does not pay for your order\.<\/p><\/form>/,
    'Done is a link-styled button that says where it goes, and that it does not pay',
  );
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
  t.equal(main.match(/class="button"/g)?.length, 1, 'one primary action');
  t.match(html, /<a class="button secondary" href="\/payment-etransfer-instructions\?paid=1">I HAVE PAID<\/a>/);
  t.ok(main.indexOf('I HAVE PAID') < main.indexOf('>Done<'), 'I HAVE PAID comes before Done');
  t.match(
    html,
    `"statusUrl":"/api/txnbuy/status/${refId}","pageUrl":"/payment-etransfer-instructions"`,
    "the island asks the order's status through /api",
  );
  t.same(
    initCalls.filter((r) => r === refId),
    [refId],
    'initiated once',
  );

  const reload = await get(PAGE, cookie);
  t.equal(reload.statusCode, 200);
  t.match(reload.body, 'OPEN PAYMENT PAGE', 'a reload still shows the instructions');
  t.same(
    initCalls.filter((r) => r === refId),
    [refId],
    'a reload does not initiate again',
  );

  const early = await get(`${PAGE}?paid=1`, cookie);
  t.equal(early.statusCode, 200);
  t.match(early.body, 'We have not received your payment yet.');

  const paid = await fetch(`${stack.sandbox.url}/pay/etransfer/${refId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=pay',
  });
  t.equal(paid.status, 200, 'the provider took the payment');

  const after = await get(`${PAGE}?paid=1`, cookie);
  t.equal(after.statusCode, 303);
  t.equal(after.headers.location, '/transaction-success');
  const success = await get('/transaction-success', cookie);
  t.equal(success.statusCode, 200);
  t.match(success.body, 'Your order is complete.');
  t.match(success.body, '$100.00');
  t.notMatch(success.body, asWord(BUYER.firstName), 'no personal data');
  t.notMatch(success.body, asWord(BUYER.lastName));
  t.notMatch(success.body, BUYER.emailAddress);

  const done = await new Visitor(stack, HOST, cookie).post('/done');
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, `${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`, 'to the success URL');
  const cleared = done.cookies.find((c) => c.name === 'flow');
  t.equal(cleared?.value, '', 'the flow cookie is cleared');
  t.ok(cleared?.expires && cleared.expires.getTime() <= Date.now(), 'and expired');
});

t.test('TXNSTATUS.INVALID on a second init shows the spec text', async (t) => {
  const refId = await buy(120);
  const { cookie } = await resume(stack, refId);
  initTwice = true;
  t.teardown(() => {
    initTwice = false;
  });
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 409);
  t.match(
    page.body,
    'Payment Instructions have already been initiated. Please contact our support if you feel this is a mistake.',
  );
  t.notMatch(page.body, 'OPEN PAYMENT PAGE');
});

t.test('a cancelled payment leads to the cancelled page', async (t) => {
  const refId = await buy(80);
  const { cookie } = await resume(stack, refId);
  t.equal((await get(PAGE, cookie)).statusCode, 200);
  await fetch(`${stack.sandbox.url}/pay/etransfer/${refId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'decision=cancel',
  });
  const page = await get(PAGE, cookie);
  t.equal(page.headers.location, '/transaction-cancelled');
  const cancelled = await get('/transaction-cancelled', cookie);
  t.match(cancelled.body, 'Order not complete');
  t.match(cancelled.body, refId);
});

t.test('a transaction the upstream no longer knows goes home', async (t) => {
  const refId = await buy(90);
  const { cookie } = await resume(stack, refId);
  // Another sandbox knows nothing: point the same cookie at a fresh stack.
  const other = await startStack({ listen: false });
  t.teardown(() => other.close());
  const page = await other.app.inject({ method: 'GET', url: PAGE, headers: { host: HOST, cookie } });
  t.equal(page.statusCode, 302);
  t.equal(page.headers.location, '/');
});

t.test('an unavailable upstream is said, not a 5xx page with internals', async (t) => {
  const refId = await buy(95);
  const { cookie } = await resume(stack, refId);
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 503);
  t.match(page.body, 'Service Temporarily Unavailable. Please try again later.');
  t.notMatch(page.body, stack.sandbox.url);
});

t.test('the payment page keeps its payment window reachable; no other page does', async (t) => {
  const refId = await buy(60);
  const { cookie } = await resume(stack, refId);
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 200);
  t.equal(
    page.headers['cross-origin-opener-policy'],
    'same-origin-allow-popups',
    'under same-origin the browser would sever the popup, which then reads as closed at once',
  );
  const head = await stack.app.inject({ method: 'HEAD', url: PAGE, headers: { host: HOST, cookie } });
  t.equal(head.headers['cross-origin-opener-policy'], 'same-origin-allow-popups', 'HEAD answers the same headers');
  for (const other of ['/', '/transaction-success', '/terms-of-service', '/price-quote']) {
    const res = await get(other, cookie);
    t.equal(res.headers['cross-origin-opener-policy'], 'same-origin', `${other} (${res.statusCode}): same-origin`);
  }
});

t.test('a roo buy in AUD: its own method name, AUD amounts, Done to /au', async (t) => {
  const refId = (await driveTo(stack, PAGE, { host: 'roo.localhost', currency: 'AUD', amount: 150 })).refId();
  const { response, cookie } = await resume(stack, refId, 'roo.localhost');
  t.equal(response.headers.location, PAGE);
  const page = await get(PAGE, cookie, 'roo.localhost');
  t.equal(page.statusCode, 200);
  t.match(page.body, '<h1>Pay by PayID instant transfer</h1>');
  t.match(page.body, '<span class="money-amount">$150.00</span> <span class="money-code">AUD</span>');
  t.match(
    page.body,
    '<dt>Fee (included)</dt><dd><span class="money"><span class="money-amount">$1.50</span>',
    "roo's e-Transfer fee",
  );
  t.match(
    page.body,
    '<span class="money-amount">0.00142105</span> <span class="money-code">BTC</span>',
    '150 AUD less the 1.50 fee, at 104,500',
  );
  const done = await new Visitor(stack, 'roo.localhost', cookie).post('/done');
  t.equal(done.headers.location, `${stack.sandbox.siteUrl}/shop/roo/thanks/au?name=Roo+Crypto`);
});

t.test('hostile query values change nothing and are never echoed', async (t) => {
  const refId = await buy(70);
  const { cookie } = await resume(stack, refId);
  for (const query of [
    'paid=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    'paid=1&paid=2',
    `paid=${'9'.repeat(100_000)}`,
    'paid=%D9%A1',
  ]) {
    const page = await get(`${PAGE}?${query}`, cookie);
    t.equal(page.statusCode, 200, query.slice(0, 40));
    t.notMatch(page.body, 'We have not received your payment yet.', 'only paid=1 asks');
    t.notMatch(page.body, '<script>alert');
  }
  const post = await stack.app.inject({
    method: 'POST',
    url: PAGE,
    headers: { host: HOST, origin: ORIGIN, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    payload: `x=${'<b>'.repeat(300_000)}`,
  });
  t.equal(post.statusCode, 404, 'the page takes no form posts');
  t.same(
    initCalls.filter((r) => r === refId),
    [refId],
    'initiated once in all of that',
  );
});
