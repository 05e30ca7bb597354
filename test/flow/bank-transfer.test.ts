// Screen 19 against the sandbox: the IDR bank choice to the bank's page inside the
// checkout's and back, the AUD bank payment page (/poli) to the bank's page and back, every
// form answered with a redirect, the bank-init rows of the failure
// table, forged and out-of-step posts, and every refused payment address.
import t from 'tap';
import type { BankTransferInitResponse, FlowState } from '../../checkout/contract.ts';
import { bankTransferInit } from '../../server/screens/bank-transfer.ts';
import type { UpstreamCall } from '../../server/upstream/calls.ts';
import type { UpstreamClient, UpstreamResult } from '../../server/upstream/client.ts';
import { driveTo, IDR_BANK_WALK, passIdentity, upstreamCalls, type Visitor } from '../helpers/journey.ts';
import { REFUSED_REDIRECTS } from '../helpers/refused-redirects.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

/** When set, banktransfer/init answers this instead of the sandbox. */
let initAnswer:
  | ((real: () => Promise<UpstreamResult<BankTransferInitResponse>>) => Promise<UpstreamResult<BankTransferInitResponse>>)
  | undefined;
/** When set, the flow state's nextActionParams while it awaits the payment, as the upstream hands them over. */
let paymentParams: FlowState['nextActionParams'] | undefined;
const realForRequest = stack.app.upstream.forRequest.bind(stack.app.upstream);
stack.app.upstream.forRequest = (context) => {
  const real = realForRequest(context);
  const wrapped: UpstreamClient = {
    ...real,
    flowState: async (txnType, refId) => {
      const result = await real.flowState(txnType, refId);
      if (!result.ok || !paymentParams || result.value.nextAction !== 'CUSTOMER_PAYMENT') return result;
      return { ok: true, value: { ...result.value, nextActionParams: paymentParams } };
    },
    call: ((row: UpstreamCall, ...args: unknown[]) => {
      const asked = () => (real.call as (row: UpstreamCall, ...args: unknown[]) => Promise<never>)(row, ...args);
      return row === bankTransferInit && initAnswer ? initAnswer(asked) : asked();
    }) as UpstreamClient['call'],
  };
  return wrapped;
};

/** IDR amounts are over the sandbox's selfie threshold: the identity step is passed directly. */
async function idrBuy(): Promise<Visitor> {
  const visitor = await driveTo(stack, '/image-input-choice', IDR_BANK_WALK);
  const at = await passIdentity(visitor);
  if (at !== '/bank-select') throw new Error(`after the identity step: ${at}`);
  return visitor;
}
const audBuy = () => driveTo(stack, '/poli', { host: 'roo.localhost', method: 'BANKTRANSFER', currency: 'AUD', amount: 100 });

t.test("IDR: the banks with logos or text tiles, a forged bank refused, the chosen bank's document", async (t) => {
  const visitor = await idrBuy();
  const page = await visitor.get('/bank-select');
  t.equal(page.statusCode, 200);
  t.match(
    page.body,
    /<button type="submit" value="BCA" name="selectedBank"><img class="bank-logo" src="\/assets\/img\/bank-BCA\.[^"]+\.svg"/,
    'a shipped logo',
  );
  t.match(
    page.body,
    /value="BMRI" name="selectedBank"><span class="bank-tile" aria-hidden="true">BM<\/span><span class="bank-name">Sandbox Bank Mandiri/,
    'a text tile without one',
  );
  t.same(
    [...page.body.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]),
    ['CopyButton'],
    'no JavaScript to choose a bank: the only island copies the order page’s link',
  );

  const before = upstreamCalls(stack, '/banktransfer/init');
  const forged = await visitor.post('/bank-select', { selectedBank: 'RBC' });
  t.equal(forged.statusCode, 303, 'a refusal answers with a redirect to its page');
  t.equal(forged.headers.location, '/bank-select');
  t.match((await visitor.get('/bank-select')).body, 'Please choose one of the banks shown.');
  t.notMatch(
    (await visitor.get('/bank-select')).body,
    'Please choose one of the banks shown.',
    'once: a reload shows it no more',
  );
  t.equal(upstreamCalls(stack, '/banktransfer/init'), before, 'nothing sent upstream');

  const chosen = await visitor.post('/bank-select', { selectedBank: 'BCA' });
  t.equal(chosen.statusCode, 303, 'the form is answered with a redirect');
  t.equal(chosen.headers.location, '/bank-payment');
  t.match(await visitor.state(), { nextAction: 'CUSTOMER_PAYMENT' });

  const bank = await visitor.get('/bank-payment');
  t.equal(bank.statusCode, 200);
  t.match(bank.body, 'Pay at your bank', "the checkout's page around it");
  t.match(bank.body, '<meta name="viewport"', 'readable on a phone');
  t.match(
    bank.body,
    /<section class="bank-document" aria-label="Your bank’s page">\s*<h1>Sandbox Bank Central Asia \(Sandbox\)<\/h1>/,
  );
  t.match(bank.body, `Your verified order ${visitor.refId()} is kept`);
  t.notMatch(bank.body, /<html[^>]*>[\s\S]*<html/, "the bank's document is not nested whole");
  const returnUrl = 'http://test.localhost/bank-payment?returned=1';
  const action = `${stack.sandbox.url}/pay/bank/${visitor.refId()}`;
  t.match(
    bank.body,
    `<form action="${action}" method="post"><input type="hidden" name="returnUrl" value="${returnUrl}" />`,
    'the bank is told where to send the visitor back',
  );
  t.match(bank.body, '<button type="submit" name="decision" value="pay" class="button">Pay 1,000,000.00 IDR</button>');
  t.notMatch(bank.body, /<title>[^<]*Sandbox/, "the bank's title gives way to the checkout's");
  const csp = String(bank.headers['content-security-policy']);
  t.match(
    csp,
    `form-action 'self' ${stack.sandbox.url} ${new URL(stack.sandbox.siteUrl).origin};`,
    "posts only to the checked bank origin, besides the merchant's own success origin (Done)",
  );
  t.match(csp, /script-src 'nonce-/, 'the checkout page keeps its own script policy');
  t.equal(bank.headers['cache-control'], 'no-store');

  const again = await visitor.post('/bank-select', { selectedBank: 'BCA' });
  t.equal(again.statusCode, 303, 'posted again (Back, then the form again): sent where the upstream has the visitor');
  t.equal(again.headers.location, '/bank-payment');
  const back = await visitor.get('/bank-select');
  t.equal(back.statusCode, 303, 'Back to the bank choice: the bank page again, the order kept');
  t.equal(back.headers.location, '/bank-payment');

  // The bank's Pay, as the browser posts the form: back to the checkout, which follows the order.
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: new URL(action).pathname,
    payload: { decision: 'pay', returnUrl },
  });
  t.equal(paid.statusCode, 303, "the bank's answer is a redirect too");
  t.equal(paid.headers.location, returnUrl);
  const returned = await visitor.get('/bank-payment?returned=1');
  t.equal(returned.headers.location, '/transaction-success');
});

t.test('IDR: another bank is a new order for the same amount, since the upstream takes one bank per order', async (t) => {
  const visitor = await idrBuy();
  t.match((await visitor.get('/bank-select')).body, 'Once chosen, the bank can’t be changed for this order.');
  await visitor.post('/bank-select', { selectedBank: 'BCA' });
  const bank = await visitor.get('/bank-payment');
  const refId = visitor.refId();
  t.match(bank.body, '<h2>Paying from another bank?</h2>');
  t.match(bank.body, `To pay from another bank, start a new order for the same amount: order ${refId} then expires unpaid.`);
  const anew = '/amount/1000000/cryptocurrency/BTC/method/BANKTRANSFER/type/BUY/currency/IDR';
  t.match(bank.body, `<a class="button secondary" href="${anew}">Start a new order</a>`);

  const inits = upstreamCalls(stack, '/banktransfer/init');
  const started = await visitor.get(anew);
  t.equal(started.headers.location, '/price-quote', 'a new quote');
  t.not(visitor.refId(), refId, 'for a new order');
  t.match(await visitor.state(), {
    fiatAmount: 1_000_000,
    fiatCurrency: 'IDR',
    paymentMethod: 'BANKTRANSFER',
    cryptoCurrency: 'BTC',
  });
  t.equal(upstreamCalls(stack, '/banktransfer/init'), inits, 'no second bank asked of the first order');
});

t.test(
  'a bank whose document is a GET form: sent as the bank wrote it, its page reached, paid, back in the checkout',
  async (t) => {
    const visitor = await idrBuy();
    await visitor.post('/bank-select', { selectedBank: 'BMRI' });
    const bank = await visitor.get('/bank-payment');
    const action = `${stack.sandbox.url}/pay/bank/${visitor.refId()}`;
    const returnUrl = 'http://test.localhost/bank-payment?returned=1';
    t.match(bank.body, `<form action="${action}" method="get"><input type="hidden" name="returnUrl" value="${returnUrl}" />`);
    t.match(bank.body, '<input type="hidden" name="channel" value="checkout" />');
    // The browser sends a GET form's fields as the target's query.
    const query = new URLSearchParams({ returnUrl, channel: 'checkout' });
    const login = await stack.sandbox.app.inject({ method: 'GET', url: `${new URL(action).pathname}?${query}` });
    t.equal(login.statusCode, 200, "the bank's own page, as the bank asked");
    t.match(login.body, `<input type="hidden" name="returnUrl" value="${returnUrl.replaceAll('&', '&amp;')}">`);
    const paid = await stack.sandbox.app.inject({
      method: 'POST',
      url: new URL(action).pathname,
      payload: { decision: 'pay', returnUrl },
    });
    t.equal(paid.headers.location, returnUrl, 'back to the checkout');
    t.equal((await visitor.get('/bank-payment?returned=1')).headers.location, '/transaction-success');
  },
);

t.test('back from the bank before it confirms: the checkout waits and watches the order', async (t) => {
  const visitor = await idrBuy();
  await visitor.post('/bank-select', { selectedBank: 'BMRI' });
  const waiting = await visitor.get('/bank-payment?returned=1');
  t.equal(waiting.statusCode, 200);
  t.match(waiting.body, 'Waiting for your bank');
  t.match(waiting.body, 'This page moves on by itself as soon as your bank confirms the payment.');
  t.match(waiting.body, 'data-island="OrderWatch"', 'watched with JavaScript');
  t.match(waiting.body, /<a class="button secondary" href="\/bank-payment\?returned=1">Check again<\/a>/, 'and without');
  t.notMatch(waiting.body, 'bank-document', "not the bank's page again");
});

t.test('AUD: Proceed, the bank page, paid: back in the checkout, success', async (t) => {
  const visitor = await audBuy();
  const page = await visitor.get('/poli');
  t.match(page.body, '<button type="submit" class="button">Proceed</button>');
  const proceed = await visitor.post('/poli');
  t.equal(proceed.statusCode, 303, 'the form is answered with a redirect');
  t.equal(proceed.headers.location, '/bank-payment');
  const leaving = await visitor.get('/bank-payment');
  t.equal(leaving.statusCode, 200);
  const refresh = String(leaving.headers.refresh);
  const bankUrl = new URL(refresh.replace(/^0; url=/, ''));
  t.equal(bankUrl.origin, stack.sandbox.url);
  t.equal(bankUrl.pathname, `/pay/bank/${visitor.refId()}`);
  t.equal(bankUrl.searchParams.get('returnUrl'), 'http://roo.localhost/bank-payment?returned=1');
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: `/pay/bank/${visitor.refId()}`,
    payload: { decision: 'pay', returnUrl: bankUrl.searchParams.get('returnUrl') },
  });
  t.equal(paid.headers.location, 'http://roo.localhost/bank-payment?returned=1');
  const back = await visitor.get('/bank-payment?returned=1');
  t.equal(back.headers.location, '/transaction-success');
  const reopened = await stack.sandbox.app.inject({ method: 'GET', url: bankUrl.pathname + bankUrl.search });
  t.equal(reopened.statusCode, 303, 'the bank page again after paying (Back): sent back to the checkout');
  t.equal(reopened.headers.location, 'http://roo.localhost/bank-payment?returned=1');
});

t.test('AUD: back from the bank before paying, the checkout waits and offers the bank again, never a trap', async (t) => {
  const visitor = await audBuy();
  await visitor.post('/poli');
  const leaving = await visitor.get('/bank-payment');
  t.match(String(leaving.headers.refresh), /^0; url=http/, 'the first time: off to the bank');
  for (const [how, path] of [
    ['Back to the page that left', '/bank-payment'],
    ['Back to the bank page', '/poli'],
    ['the checkout opened again', '/transaction'],
  ] as const) {
    let res = await visitor.get(path);
    for (let hops = 0; res.statusCode === 302 && hops < 3; hops++) res = await visitor.get(String(res.headers.location));
    t.equal(res.statusCode, 200, `${how}: a page`);
    t.equal(res.headers.refresh, undefined, `${how}: not sent straight back to the bank`);
    t.match(res.body, 'Waiting for your bank', `${how}: the page waits for the payment`);
    const toBank = /<a class="button" href="([^"]+)">Continue at your bank<\/a>/.exec(res.body)?.[1]?.replaceAll('&amp;', '&');
    t.ok(toBank, `${how}: and offers the bank again`);
    const bank = new URL(toBank ?? 'http://invalid/');
    t.equal(bank.pathname, `/pay/bank/${visitor.refId()}`);
    t.equal(bank.searchParams.get('returnUrl'), 'http://roo.localhost/bank-payment?returned=1', 'the bank still sends them back');
  }
  await stack.sandbox.app.inject({ method: 'POST', url: `/pay/bank/${visitor.refId()}`, payload: { decision: 'pay' } });
  t.equal((await visitor.get('/bank-payment')).headers.location, '/transaction-success', 'paid: the order moves on');
});

t.test('a failed bank payment: the cancelled page says so', async (t) => {
  const visitor = await audBuy();
  await visitor.post('/poli');
  await stack.sandbox.app.inject({ method: 'POST', url: `/pay/bank/${visitor.refId()}`, payload: { decision: 'cancel' } });
  const back = await visitor.get('/transaction');
  t.equal(back.headers.location, '/transaction-cancelled');
  const page = await visitor.get('/transaction-cancelled');
  t.match(
    page.body,
    'Unfortunately we were unable to complete your payment. Please contact your financial institution and try again.',
  );
});

t.test('bank init: already initiated, and no answer', async (t) => {
  const visitor = await audBuy();
  initAnswer = async () => ({
    ok: false,
    failure: { kind: 'error', status: 409, code: 'FLOWACTION.INVALID', msg: 'banktransfer/init is not allowed now' },
  });
  const twice = await visitor.submit('/poli');
  t.equal(twice.statusCode, 200, 'the page its 303 leads to');
  t.match(
    twice.body,
    'Unable to proceed as bank transfer has already been initiated. Please contact customer support for further assistance.',
  );
  initAnswer = async () => ({ ok: false, failure: { kind: 'unavailable', reason: 'timeout' } });
  const lost = await visitor.post('/poli');
  t.equal(lost.statusCode, 503);
  t.match(lost.body, 'Internal Server Error. Please contact support for further assistance.');
  initAnswer = undefined;
});

t.test('a bank post for a transaction at another step: sent there, nothing sent', async (t) => {
  const visitor = await driveTo(stack, '/mobile-verification', IDR_BANK_WALK);
  const before = upstreamCalls(stack, '/banktransfer/init');
  for (const path of ['/bank-select', '/poli']) {
    const res = await visitor.post(path, { selectedBank: 'BCA' });
    t.equal(res.statusCode, 303, path);
    t.equal(res.headers.location, '/mobile-verification', path);
  }
  t.equal(upstreamCalls(stack, '/banktransfer/init'), before, 'nothing sent upstream');
});

/** Proceed, then the page that leaves for the bank, with this redirectUrl; the edge must refuse it. */
async function refusedAt(visitor: Visitor, params: FlowState['nextActionParams']) {
  paymentParams = params;
  const proceed = await visitor.post('/poli');
  const res = await visitor.get(String(proceed.headers.location));
  paymentParams = undefined;
  return res;
}

t.test('every refused redirect and htmlDoc target: a clear page with a support reference, logged', async (t) => {
  for (const url of REFUSED_REDIRECTS.filter(Boolean)) {
    const visitor = await audBuy();
    const logsBefore = stack.logs.length;
    const res = await refusedAt(visitor, { redirectUrl: url });
    t.equal(res.statusCode, 502, url);
    t.notOk(res.headers.refresh, `${url}: not followed`);
    t.match(res.body, 'We could not open the payment page');
    t.match(res.body, /Support reference:(<!-- -->)? <strong class="crypto-address">[^<]+<\/strong>/);
    t.ok(
      stack.logs.slice(logsBefore).some((l) => l.msg === 'payment address from the upstream refused'),
      `${url}: logged`,
    );
  }
});

t.test('an htmlDoc posting anywhere but a payment host is refused', async (t) => {
  const visitor = await idrBuy();
  await visitor.post('/bank-select', { selectedBank: 'BCA' });
  paymentParams = {
    htmlDoc:
      '<!DOCTYPE html><html><body><form method="post" action="https://evil.example/steal"><button>Pay</button></form></body></html>',
  };
  const res = await visitor.get('/bank-payment');
  paymentParams = undefined;
  t.equal(res.statusCode, 502);
  t.notMatch(res.body, 'evil.example');
  t.match(res.body, 'Support reference:');
});
