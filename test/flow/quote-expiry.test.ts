// The rate hold running out after the quote page, without JavaScript: every step answers
// the upstream's QUOTE.EXPIRED with the quote page's choice (the new figures, Accept &
// Continue, Decline), Accept carries on with what the visitor had sent (nothing typed
// again), Decline starts over, and a page that has no form to carry (the voucher page
// loaded after the hold) offers the same choice on a page of its own.
import t, { type Test } from 'tap';
import { testClock } from '../fixtures/clock.ts';
import { ADDRESS, BTC_ADDRESS, BUYER, CODE, driveTo, upstreamCalls, type Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

/** The sandbox's default hold, on one clock the test moves for the sandbox and the edge alike. */
const HOLD_MS = 600_000;
const clock = testClock();
const stack = await startStack({ listen: false, clock: clock.now, sandbox: { clock: clock.now } });
t.teardown(() => stack.close());

const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");

/** The Accept form of the choice: where it posts and its hidden fields. */
function acceptForm(html: string): { action: string; fields: Record<string, string> } {
  const form = /<form action="([^"]+)" method="post">([\s\S]*?)<\/form>/.exec(html)!;
  const fields: Record<string, string> = {};
  for (const m of form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"');
  }
  return { action: form[1]!.replace(/&amp;/g, '&'), fields };
}

/** The choice, on its page. */
function expectChoice(t: Test, res: { statusCode: number; body: string }, status = 200) {
  t.equal(res.statusCode, status, 'the choice, not the next step');
  const body = text(res.body);
  t.match(body, 'Your price quote has expired.');
  t.match(body, 'Here is a new quote at the current rate:');
  t.match(body, 'Accept & Continue');
  t.match(body, 'Decline');
  t.notMatch(body, 'The quote has expired. Please accept a new quote to continue.', "never the upstream's text alone");
  t.match(res.body, 'action="/price-quote/decline"');
}

/**
 * A form sent after the hold, or Accept met by a new hold that ran out in turn: a 303 to the
 * choice (so a reload sends nothing again), which then shows it.
 */
async function metChoice(t: Test, visitor: Visitor, path: string, form: Record<string, string> = {}) {
  const sent = await visitor.post(path, form);
  t.equal(sent.statusCode, 303, `${path}: answered with a redirect`);
  t.equal(sent.headers.location, '/new-quote', 'to the choice');
  const choice = await visitor.get('/new-quote');
  expectChoice(t, choice);
  return choice;
}

t.test('address, buyer info and code: Accept & Continue carries on with what was sent', async (t) => {
  const visitor: Visitor = await driveTo(stack, '/address-input');
  const steps: [string, Record<string, string>, string][] = [
    ['/address-input', { cryptoAddress: BTC_ADDRESS }, '/buyer-info-input'],
    ['/buyer-info-input', BUYER, '/mobile-verification'],
    ['/mobile-verification', { verificationCode: CODE }, '/payment-etransfer-instructions'],
  ];
  for (const [path, form, next] of steps) {
    clock.advance(HOLD_MS);
    const before = upstreamCalls(stack, '/requote');
    const expired = await metChoice(t, visitor, path, form);
    t.equal(upstreamCalls(stack, '/requote'), before + 1, `${path}: the order is requoted for the new figures`);
    const accept = acceptForm(expired.body);
    t.equal(accept.action, path, 'Accept posts back to the step');
    t.match(accept.fields, form, 'with what the visitor had sent');
    const accepted = await visitor.post(accept.action, accept.fields);
    t.equal(accepted.statusCode, 303, `${path}: accepted`);
    t.equal(accepted.headers.location, next, 'and on to the next step, nothing typed again');
  }
  const state = await visitor.state();
  t.equal(state.cryptoAddress, BTC_ADDRESS, 'the address sent before expiry is the one kept');
});

t.test('a sell: the payout email after the hold, requoted by its coins, carried on', async (t) => {
  const visitor = await driveTo(stack, '/email-input', { kind: 'SELL' });
  clock.advance(HOLD_MS);
  const before = await visitor.state();
  const form = { emtEmail: 'ada@example.com' };
  const expired = await metChoice(t, visitor, '/email-input', form);
  t.match(text(expired.body), 'Amount to send', "a sell's figures");
  t.match(text(expired.body), `Amount to send${before.cryptoAmount.toFixed(8)} BTC`, 'requoted for the same coins');
  const accept = acceptForm(expired.body);
  t.match(accept.fields, form);
  const accepted = await visitor.post(accept.action, accept.fields);
  t.equal(accepted.statusCode, 303);
  t.equal(accepted.headers.location, '/payment-spend', 'on to the deposit page');
  t.equal((await visitor.state()).emtEmail, form.emtEmail, 'the email sent before the hold ran out');
});

t.test('an identity page loaded after the hold: the choice before a file is picked, then the page again', async (t) => {
  const visitor = await driveTo(stack, '/image-input-choice', { amount: 300, buyer: ADDRESS });
  clock.advance(HOLD_MS);
  for (const path of ['/image-input-choice', '/image-input-camera', '/image-input-upload']) {
    const page = await visitor.get(path);
    t.equal(page.headers.location, '/new-quote', `${path}: the choice first`);
  }
  const offered = await visitor.get('/new-quote');
  expectChoice(t, offered);
  t.match(text(offered.body), 'Step 3 of 4: Verify', "the step the visitor was on, not the quote's");
  t.equal((await visitor.post(acceptForm(offered.body).action)).headers.location, '/image-input-choice');
  t.equal((await visitor.get('/image-input-upload')).statusCode, 200, 'on a new hold, the upload page');
});

t.test('no new quote (the upstream down): the choice says why, and Accept asks again', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  clock.advance(HOLD_MS);
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const failed = await visitor.get('/new-quote');
  t.equal(failed.statusCode, 503);
  t.match(text(failed.body), 'Service Temporarily Unavailable. Please try again later.');
  t.match(text(failed.body), 'Try Again');
  t.match(failed.body, 'action="/price-quote/decline"', 'Decline is still there');
  const again = await metChoice(t, visitor, acceptForm(failed.body).action);
  t.equal((await visitor.post(acceptForm(again.body).action)).headers.location, '/address-input');
});

t.test('Decline on the choice starts over', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  clock.advance(HOLD_MS);
  await metChoice(t, visitor, '/address-input', { cryptoAddress: BTC_ADDRESS });
  const decline = await visitor.post('/price-quote/decline');
  t.equal(decline.headers.location, '/');
  t.equal(visitor.cookie, '', 'the flow is forgotten');
});

t.test('a choice left open past the new hold: Accept offers the choice again, then carries on', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  clock.advance(HOLD_MS);
  const first = acceptForm((await metChoice(t, visitor, '/address-input', { cryptoAddress: BTC_ADDRESS })).body);
  clock.advance(HOLD_MS);
  const again = await metChoice(t, visitor, first.action, first.fields);
  t.match(acceptForm(again.body).fields, { cryptoAddress: BTC_ADDRESS }, 'still carrying what was sent');
  const accepted = await visitor.post(first.action, acceptForm(again.body).fields);
  t.equal(accepted.headers.location, '/buyer-info-input');
});

t.test('the voucher page after the hold: the choice; Accept returns to the voucher, a voucher sent carries on', async (t) => {
  const visitor = await driveTo(stack, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 });
  clock.advance(HOLD_MS);
  const page = await visitor.get('/payment-flexepin');
  t.equal(page.headers.location, '/new-quote', 'no countdown stuck at zero');
  const offered = await visitor.get('/new-quote');
  expectChoice(t, offered);
  t.match(text(offered.body), 'Step 4 of 4: Pay', 'the step the visitor was on');
  const back = await visitor.post(acceptForm(offered.body).action);
  t.equal(back.headers.location, '/payment-flexepin');
  t.equal((await visitor.get('/payment-flexepin')).statusCode, 200, 'the voucher page, on a new hold');

  clock.advance(HOLD_MS);
  const voucher = { voucherNumber: '1234567890123456' };
  const sent = await visitor.post('/payment-flexepin', voucher);
  t.ok(visitor.refusal.length < 256, `the voucher waits server side: the cookie is an id (${visitor.refusal.length} bytes)`);
  t.equal(sent.headers.location, '/new-quote');
  const expired = await visitor.get('/new-quote');
  expectChoice(t, expired);
  const accept = acceptForm(expired.body);
  t.match(accept.fields, voucher, 'the voucher is carried');
  const redeemed = await visitor.post(accept.action, accept.fields);
  t.equal(redeemed.statusCode, 303);
  t.not(redeemed.headers.location, '/payment-flexepin', 'redeemed, on to what follows');
});

t.test('the e-Transfer payment page opened after the hold: the choice, then the page on the new quote', async (t) => {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  clock.advance(HOLD_MS);
  const page = await visitor.get('/payment-etransfer-instructions');
  expectChoice(t, page);
  const back = await visitor.post(acceptForm(page.body).action);
  t.equal(back.headers.location, '/payment-etransfer-instructions');
  const paying = await visitor.get('/payment-etransfer-instructions');
  t.equal(paying.statusCode, 200);
  t.match(text(paying.body), 'OPEN PAYMENT PAGE');
});

t.test('GET /new-quote: the choice on a page of its own, Accept back to the step; without a flow, home', async (t) => {
  const visitor = await driveTo(stack, '/address-input');
  clock.advance(HOLD_MS);
  const offered = await visitor.get('/new-quote');
  expectChoice(t, offered);
  t.match(text(offered.body), 'Step 2 of 4: Details', 'the step the visitor was on');
  t.notMatch(text(offered.body), 'Step 1 of 4');
  const accept = acceptForm(offered.body);
  t.equal(accept.action, '/new-quote/accept');
  const accepted = await visitor.post(accept.action, accept.fields);
  t.equal(accepted.headers.location, '/address-input', 'back to the step, on the new quote');
  t.equal((await visitor.post('/address-input', { cryptoAddress: BTC_ADDRESS })).headers.location, '/buyer-info-input');
  const stranger = await stack.app.inject({ method: 'GET', url: '/new-quote', headers: { host: 'maple.localhost' } });
  t.equal(stranger.headers.location, '/');
});

t.test(
  'the choice a form met, reloaded: the choice again, whose Accept returns to the step; nothing is sent again',
  async (t) => {
    const visitor = await driveTo(stack, '/address-input');
    clock.advance(HOLD_MS);
    const met = await metChoice(t, visitor, '/address-input', { cryptoAddress: BTC_ADDRESS });
    t.equal(acceptForm(met.body).action, '/address-input', 'Accept carries the address on');
    const before = upstreamCalls(stack, '/cryptoaddress');
    const reloaded = await visitor.get('/new-quote');
    expectChoice(t, reloaded);
    t.equal(acceptForm(reloaded.body).action, '/new-quote/accept', 'the form was shown once: Accept goes back to the step');
    t.equal(upstreamCalls(stack, '/cryptoaddress'), before, 'the address was not sent again');
    t.equal((await visitor.post('/new-quote/accept')).headers.location, '/address-input');
  },
);
