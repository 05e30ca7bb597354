// Screen 10 against the sandbox: the voucher's rules, a redeemed voucher to the in-review
// page, a used one, no answer, and the new-quote offer (accepted: one requote, one
// confirmation, the same voucher again; declined: the voucher page).
import t from 'tap';
import { voucherNumber } from '../../server/screens/payment-flexepin.ts';
import type { UpstreamCall } from '../../server/upstream/calls.ts';
import type { UpstreamClient } from '../../server/upstream/client.ts';
import { driveTo, upstreamCalls } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const PAGE = '/payment-flexepin';

/** When set, vouchernumber gets no answer (the flow-state check before it still does). */
let voucherLost = false;
/** How long the lost call takes to give up. */
let lostAfterMs = 0;
const realForRequest = stack.app.upstream.forRequest.bind(stack.app.upstream);
stack.app.upstream.forRequest = (context) => {
  const real = realForRequest(context);
  const wrapped: UpstreamClient = {
    ...real,
    call: (async (row: UpstreamCall, ...args: unknown[]) => {
      if (row !== voucherNumber || !voucherLost)
        return (real.call as (row: UpstreamCall, ...args: unknown[]) => unknown)(row, ...args);
      await new Promise((resolve) => setTimeout(resolve, lostAfterMs));
      return { ok: false, failure: { kind: 'unavailable', reason: 'timeout' } };
    }) as UpstreamClient['call'],
  };
  return wrapped;
};

/** The rate hold's deadline as the page gives it to its banner (ms since the epoch). */
const deadlineOf = (body: string) => Number(/"deadline":(\d+)/.exec(body)?.[1]);
const voucherBuy = (amount = 100) => driveTo(stack, PAGE, { method: 'FLEXEPIN', amount });

t.test('the page: order, single-use warning, a 16-digit numeric field, the rate hold', async (t) => {
  const visitor = await voucherBuy();
  const page = await visitor.get(PAGE);
  t.equal(page.statusCode, 200);
  t.match(page.body, '$100.00');
  t.match(page.body, 'Vouchers are single-use');
  t.match(page.body, /<input id="voucherNumber" type="text" inputMode="numeric" autoComplete="off" maxLength="16"/);
  t.match(page.body, 'data-island="RateHold"');
});

t.test(
  'bad numbers: a 303 to the page, which shows the spec message and what was typed once; nothing sent upstream',
  async (t) => {
    const visitor = await voucherBuy();
    const before = upstreamCalls(stack, '/vouchernumber');
    const rows: [string, string][] = [
      ['', 'Please enter your Flexepin Voucher.'],
      ['123456789012345', 'Flexepin Vouchers are a 16 digits.'],
      ['12345678901234567', 'Flexepin Vouchers are a 16 digits.'],
      ['١٢٣٤٥٦٧٨٩٠١٢٣٤٥٦', 'Flexepin Vouchers are numbers only.'],
      ['１２３４５６７８９０１２３４５６', 'Flexepin Vouchers are numbers only.'],
      ['1234.5678.9012.3456', 'Flexepin Vouchers are numbers only.'],
    ];
    for (const [voucherNumber, message] of rows) {
      const res = await visitor.post(PAGE, { voucherNumber });
      t.equal(res.statusCode, 303, voucherNumber);
      t.equal(res.headers.location, PAGE);
      const page = await visitor.get(PAGE);
      t.equal(page.statusCode, 200);
      t.match(page.body, message);
      if (voucherNumber) t.match(page.body, `value="${voucherNumber}"`, 'typed value kept');
    }
    const reloaded = await visitor.get(PAGE);
    t.notMatch(reloaded.body, 'Flexepin Vouchers are', 'a reload shows it no more');
    t.equal(upstreamCalls(stack, '/vouchernumber'), before, 'nothing sent upstream');
  },
);

t.test('a refused voucher waits server side: the cookie carries only an id, read once', async (t) => {
  const visitor = await voucherBuy();
  await visitor.post(PAGE, { voucherNumber: '0000000000000000' });
  const cookie = visitor.refusal;
  // The id, the page, the order, the merchant and when: a form with the voucher in it would be longer.
  t.ok(cookie.length < 256, `the cookie is an id, not the form (${cookie.length} bytes)`);
  const again = await voucherBuy();
  again.cookie = visitor.cookie;
  again.refusal = cookie;
  t.match((await again.get(PAGE)).body, 'This voucher has already been used.', 'the page shows it');
  again.refusal = cookie;
  t.notMatch((await again.get(PAGE)).body, 'already been used', 'the same cookie again finds nothing: read once');
});

t.test('a redeemed voucher (spaces and dashes dropped) goes to the in-review page', async (t) => {
  const visitor = await voucherBuy();
  const res = await visitor.post(PAGE, { voucherNumber: '1234-5678 9012-3456' });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/transaction-in-review');
  const review = await visitor.get('/transaction-in-review');
  t.match(review.body, 'within 12 hours');
});

t.test('a used voucher, and no answer', async (t) => {
  const visitor = await voucherBuy();
  const used = await visitor.submit(PAGE, { voucherNumber: '0000000000000000' });
  t.equal(used.statusCode, 200, 'the page its 303 leads to');
  t.match(used.body, 'This voucher has already been used.');
  t.match(used.body, 'value="0000000000000000"', 'what was typed');
  voucherLost = true;
  const lost = await visitor.post(PAGE, { voucherNumber: '1234567812345678' });
  voucherLost = false;
  t.equal(lost.statusCode, 503);
  t.match(lost.body, 'Lost connection.  Please try again.');
  t.match(lost.body, 'value="1234567812345678"');
  t.match(await visitor.state(), { nextAction: 'INPUT_VOUCHERNUMBER' }, 'still at the voucher');
});

t.test('the countdown never jumps: one held-until time, and a failed redeem resumes where it stood', async (t) => {
  const visitor = await voucherBuy();
  const page = await visitor.get(PAGE);
  const held = deadlineOf(page.body);
  const quote = await visitor.get('/price-quote');
  t.equal(Date.parse(/"deadline":"([^"]+)"/.exec(quote.body)![1]!), held, 'the quote page and the voucher page: one time');

  voucherLost = true;
  lostAfterMs = 1_500;
  const submitted = Date.now();
  const lost = await visitor.post(PAGE, { voucherNumber: '1234567812345678' });
  const answered = Date.now();
  voucherLost = false;
  t.match(lost.body, 'Lost connection.  Please try again.');
  const resumed = deadlineOf(lost.body);
  const atSubmit = held - submitted;
  const atResume = resumed - answered;
  t.ok(answered - submitted >= 1_500, `the redeem took ${answered - submitted} ms`);
  t.ok(
    Math.abs(atResume - atSubmit) < 250,
    `back where it stood: ${atSubmit} ms left at submit, ${atResume} ms when the page came back`,
  );
  const again = await visitor.get(PAGE);
  t.equal(deadlineOf(again.body), resumed, 'and it stays there on the next page');
});

t.test('a quote without dates: the same held-until time on every page, not a new hold each time', async (t) => {
  let now = Date.parse('2026-03-01T12:00:00Z');
  const undated = await startStack({ listen: false, clock: () => now });
  t.teardown(() => undated.close());
  const real = undated.app.upstream.forRequest.bind(undated.app.upstream);
  const withoutDates = <T>(result: T): T => {
    const value = (result as { ok: boolean; value?: { txnValidUntil?: unknown; txnDate?: unknown } }).value;
    if (value) {
      delete value.txnValidUntil;
      delete value.txnDate;
    }
    return result;
  };
  // An upstream whose answers carry no dates at all.
  undated.app.upstream.forRequest = (context) => {
    const client = real(context) as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const wrapped = Object.fromEntries(
      Object.keys(client)
        .filter((name) => typeof client[name] === 'function')
        .map((name) => [name, async (...args: unknown[]) => withoutDates(await client[name]!(...args))]),
    );
    return { ...client, ...wrapped } as unknown as UpstreamClient;
  };
  const visitor = await driveTo(undated, PAGE, { method: 'FLEXEPIN', amount: 100 });
  const first = deadlineOf((await visitor.get(PAGE)).body);
  now += 90_000;
  const later = deadlineOf((await visitor.get(PAGE)).body);
  t.equal(later, first, 'ninety seconds on, the same deadline');
  t.equal(first, Date.parse('2026-03-01T12:10:00Z'), 'the default ten minutes from when the quote was first seen');
});

t.test('amount mismatch: the offer, declined, then accepted once', async (t) => {
  const visitor = await voucherBuy(100);
  const sent = await visitor.post(PAGE, { voucherNumber: '9999 0000 1111 2222' });
  t.equal(sent.statusCode, 303, 'the form is answered with a redirect: a reload sends no voucher');
  t.equal(sent.headers.location, PAGE);
  t.ok(visitor.refusal.length < 256, 'the voucher waits server side: the cookie is an id');
  const offer = await visitor.get(PAGE);
  t.equal(offer.statusCode, 200);
  t.match(offer.body, 'Your voucher&#x27;s stored value does not match the quote.');
  t.match(offer.body, 'Your voucher is worth $50.00 CAD.');
  t.match(offer.body, 'action="/payment-flexepin/requote"');
  t.match(offer.body, '<input type="hidden" name="voucherNumber" value="9999000011112222"/>');
  t.match(offer.body, /<a class="button secondary" href="\/payment-flexepin">No<\/a>/);

  const declined = await visitor.get(PAGE);
  t.equal(declined.statusCode, 200, 'No (or a reload): the voucher page again, the offer shown once');
  t.notMatch(declined.body, 'stored value');

  const [requotes, confirms, vouchers] = ['/requote', '/confirmednewquote', '/vouchernumber'].map((p) => upstreamCalls(stack, p));
  const accepted = await visitor.post('/payment-flexepin/requote', { voucherNumber: '9999000011112222', fiatAmount: '50' });
  t.equal(accepted.statusCode, 303);
  t.equal(accepted.headers.location, '/transaction-in-review');
  t.equal(upstreamCalls(stack, '/requote'), requotes! + 1, 'one requote');
  t.equal(upstreamCalls(stack, '/confirmednewquote'), confirms! + 1, 'one confirmation');
  t.equal(upstreamCalls(stack, '/vouchernumber'), vouchers! + 1, 'the voucher resubmitted once');
  t.match(await visitor.state(), { fiatAmount: 50, nextAction: 'ADMIN_REVIEW' });
});

t.test('a voucher posted for a transaction at another step: sent there, nothing sent', async (t) => {
  const visitor = await driveTo(stack, '/mobile-verification', { method: 'FLEXEPIN' });
  const before = upstreamCalls(stack, '/vouchernumber');
  const requotesBefore = upstreamCalls(stack, '/requote');
  const res = await visitor.post(PAGE, { voucherNumber: '1234567812345678' });
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/mobile-verification');
  const requote = await visitor.post('/payment-flexepin/requote', { voucherNumber: '1234567812345678', fiatAmount: '50' });
  t.equal(requote.headers.location, '/mobile-verification');
  t.equal(upstreamCalls(stack, '/vouchernumber'), before, 'no voucher sent');
  t.equal(upstreamCalls(stack, '/requote'), requotesBefore, 'no requote sent');
});
