// Buy journeys through the sandbox state machine, one per payment method, with the
// provider pages a visitor's browser would open.
import t from 'tap';
import { requoteResponseSchema, statusResponseSchema } from '../../checkout/contract.ts';
import { testClock } from '../fixtures/clock.ts';
import { errorOf, sandboxFor } from './helpers.ts';

t.test('quote: fixed price, 8-decimal coin amount, validity, address rule', async (t) => {
  const clock = testClock();
  const c = await sandboxFor(t, { clock: clock.now });
  const small = await c.buyQuote({ fiatAmount: 100 });
  t.match(small, {
    fiatAmount: 100,
    fiatCurrency: 'CAD',
    cryptoAmount: 0.00105263,
    cryptoCurrency: 'BTC',
    forexRatePublic: 95_000,
    txnType: 'BUY',
    txnStatus: 'PENDING',
    country: 'CA',
    nextAction: 'INPUT_CRYPTOADDRESS',
    nextActionParams: { addressRequired: false },
  });
  t.match(small.refId, /^SBX[A-Z2-7]{20}$/);
  t.equal(small.txnDate, new Date(clock.now()).toISOString());
  t.equal(small.txnValidUntil, new Date(clock.now() + 600_000).toISOString(), 'valid for the default 600 s');

  const big = await c.buyQuote({ fiatAmount: 300, cryptoCurrency: 'ETH', fiatCurrency: 'AUD', country: 'AU' });
  t.match(big, { cryptoAmount: 0.07792208, forexRatePublic: 3_850, nextActionParams: { addressRequired: true } });
  t.not(big.refId, small.refId);
});

t.test('ETRANSFER under 250: no selfie, init, pay page completes', async (t) => {
  const c = await sandboxFor(t);
  const quote = await c.buyQuote({ fiatAmount: 100 });
  const address = await c.step('/txnbuy/cryptoaddress', {
    refId: quote.refId,
    cryptoAddress: ' bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq ',
  });
  t.match(address, { nextAction: 'INPUT_BUYERINFO', cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' });

  const verified = await c.verifiedBuy({ fiatAmount: 249.99 });
  t.equal(verified.nextAction, 'INITIATE_ETRANSFER');

  const init = await c.step('/etransfer/init', { refId: verified.refId });
  t.equal(init.nextAction, 'CUSTOMER_PAYMENT');
  t.equal(init.nextActionParams?.redirectUrl, `${c.url}/pay/etransfer/${verified.refId}`);

  const again = await c.post('/etransfer/init', { refId: verified.refId });
  t.equal(again.status, 409);
  t.equal(errorOf(again).code, 'TXNSTATUS.INVALID');

  const page = await c.get(`/pay/etransfer/${verified.refId}`);
  t.equal(page.status, 200);
  t.match(page.text, /Sandbox/);
  t.match(page.text, /249\.99 CAD/);
  t.match(page.text, /name="decision" value="pay"/);
  t.match(page.text, /name="decision" value="cancel"/);

  const paid = await c.form(`/pay/etransfer/${verified.refId}`, { decision: 'pay' });
  t.equal(paid.status, 200);
  t.match(paid.text, /You can close this window/);
  const state = await c.get(`/txnbuy/flowstate/${verified.refId}`);
  t.match(state.body, { nextAction: 'DONE_COMPLETED', txnStatus: 'COMPLETED' });
  const status = await c.get(`/txnbuy/status/${verified.refId}`);
  t.match(statusResponseSchema.parse(status.body), { txnStatus: 'COMPLETED', cryptoCurrency: 'BTC', cryptoAmount: 0.00263147 });

  const late = await c.form(`/pay/etransfer/${verified.refId}`, { decision: 'cancel' });
  t.equal(late.status, 200, 'a second post shows the outcome it already has');
  t.match((await c.get(`/txnbuy/flowstate/${verified.refId}`)).body, { nextAction: 'DONE_COMPLETED' });
});

t.test('ETRANSFER cancel on the pay page', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy();
  await c.step('/etransfer/init', { refId: verified.refId });
  const cancelled = await c.form(`/pay/etransfer/${verified.refId}`, { decision: 'cancel' });
  t.equal(cancelled.status, 200);
  t.match(cancelled.text, /Payment cancelled/);
  t.match((await c.get(`/txnbuy/flowstate/${verified.refId}`)).body, { nextAction: 'DONE_CANCELLED', txnStatus: 'CANCELLED' });
});

t.test('ETRANSFER at 250 and more: selfie first, address required', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ fiatAmount: 300 });
  t.equal(verified.nextAction, 'SUBMIT_SELFIEDOC');
  const afterSelfie = await c.selfie('txnbuy', verified.refId);
  t.equal(afterSelfie.nextAction, 'INITIATE_ETRANSFER');

  const at250 = await c.verifiedBuy({ fiatAmount: 250 });
  t.equal(at250.nextAction, 'SUBMIT_SELFIEDOC');
});

t.test('FLEXEPIN: used voucher, low-value voucher and requote, good voucher', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ paymentMethod: 'FLEXEPIN', fiatAmount: 100 });
  t.equal(verified.nextAction, 'INPUT_VOUCHERNUMBER');
  const refId = verified.refId;

  const used = await c.post('/txnbuy/vouchernumber', { refId, voucherNumber: '0000000000000000' });
  t.equal(used.status, 422);
  t.same(errorOf(used), { code: 'VOUCHER.USED', msg: 'This voucher has already been used.' });

  const low = await c.post('/txnbuy/vouchernumber', { refId, voucherNumber: '9999000011112222' });
  t.equal(low.status, 422);
  t.match(errorOf(low), {
    code: 'TRANSACTION.AMOUNT.MISMATCH',
    errorParams: { amount: 50 },
    msg: /stored value \(50\.00 CAD\) does not match/,
  });

  // The edge offers an updated quote at the voucher's value, then resubmits the voucher.
  const requoted = await c.post('/txnbuy/requote', { refId, fiatAmount: 50 });
  t.equal(requoted.status, 200);
  t.match(requoteResponseSchema.parse(requoted.body), { fiatAmount: 50, cryptoAmount: 0.00052632, forexRatePublic: 95_000 });
  const confirmed = await c.step('/txnbuy/confirmednewquote', { refId });
  t.match(confirmed, { fiatAmount: 50, cryptoAmount: 0.00052632, nextAction: 'INPUT_VOUCHERNUMBER' });
  const redeemed = await c.step('/txnbuy/vouchernumber', { refId, voucherNumber: '9999000011112222' });
  t.match(redeemed, { nextAction: 'ADMIN_REVIEW', txnStatus: 'REVIEW' });

  const other = await c.verifiedBuy({ paymentMethod: 'FLEXEPIN', fiatAmount: 75 });
  const ok = await c.step('/txnbuy/vouchernumber', { refId: other.refId, voucherNumber: '1234567812345678' });
  t.match(ok, { nextAction: 'ADMIN_REVIEW', txnStatus: 'REVIEW' });
  const afterwards = await c.post('/txnbuy/vouchernumber', { refId: other.refId, voucherNumber: '1234567812345678' });
  t.equal(errorOf(afterwards).code, 'FLOWACTION.INVALID', 'a redeemed transaction takes no voucher');
});

t.test('BANKTRANSFER AUD: provider page by redirectUrl, returnUrl after Pay', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ paymentMethod: 'BANKTRANSFER', fiatCurrency: 'AUD', country: 'AU', fiatAmount: 120 });
  t.equal(verified.nextAction, 'INITIATE_BANKTRANSFER');
  t.ok(verified.nextActionParams?.availableBanks?.length, 'banks listed');

  const init = await c.step('/banktransfer/init', { refId: verified.refId, selectedBank: '' });
  t.equal(init.nextAction, 'CUSTOMER_PAYMENT');
  const redirectUrl = init.nextActionParams?.redirectUrl ?? '';
  t.equal(redirectUrl, `${c.url}/pay/bank/${verified.refId}`);

  const twice = await c.post('/banktransfer/init', { refId: verified.refId, selectedBank: '' });
  t.equal(twice.status, 409);
  t.equal(errorOf(twice).code, 'FLOWACTION.INVALID');

  const returnUrl = 'https://shop.example/transaction-success?x=1';
  const page = await c.get(`/pay/bank/${verified.refId}?returnUrl=${encodeURIComponent(returnUrl)}`);
  t.equal(page.status, 200);
  t.match(page.text, /Sandbox POLi/);
  t.match(page.text, /name="returnUrl" value="https:\/\/shop\.example\/transaction-success\?x=1"/);

  const paid = await c.form(`/pay/bank/${verified.refId}`, { decision: 'pay', returnUrl });
  t.equal(paid.status, 303);
  t.equal(paid.headers.get('location'), returnUrl);
  t.match((await c.get(`/txnbuy/flowstate/${verified.refId}`)).body, { nextAction: 'DONE_COMPLETED', txnStatus: 'COMPLETED' });
});

t.test('BANKTRANSFER bank page ignores a non-http returnUrl', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ paymentMethod: 'BANKTRANSFER', fiatCurrency: 'AUD', country: 'AU' });
  await c.step('/banktransfer/init', { refId: verified.refId, selectedBank: '' });
  const page = await c.get(`/pay/bank/${verified.refId}?returnUrl=${encodeURIComponent('javascript:alert(1)')}`);
  t.notMatch(page.text, /returnUrl/);
  const cancelled = await c.form(`/pay/bank/${verified.refId}`, { decision: 'cancel', returnUrl: 'javascript:alert(1)' });
  t.equal(cancelled.status, 200);
  t.match(cancelled.text, /Payment cancelled/);
  t.match((await c.get(`/txnbuy/flowstate/${verified.refId}`)).body, { nextAction: 'DONE_CANCELLED' });
});

t.test('BANKTRANSFER CAD: bank list, then htmlDoc with a form to the bank page', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ paymentMethod: 'BANKTRANSFER', fiatAmount: 150 });
  const list = await c.step('/banktransfer/init', { refId: verified.refId, selectedBank: '' });
  t.equal(list.nextAction, 'INITIATE_BANKTRANSFER');
  t.match(list.nextActionParams?.availableBanks, [{ bankCode: 'RBC', bankName: String }]);

  const unknown = await c.post('/banktransfer/init', { refId: verified.refId, selectedBank: 'NOPE' });
  t.equal(unknown.status, 400);
  t.match(errorOf(unknown), { code: 'REQUEST.INVALID', msg: /^selectedBank: / });

  const chosen = await c.step('/banktransfer/init', { refId: verified.refId, selectedBank: 'TD' });
  t.equal(chosen.nextAction, 'CUSTOMER_PAYMENT');
  const doc = chosen.nextActionParams?.htmlDoc ?? '';
  t.match(doc, /^<!DOCTYPE html>/);
  t.match(doc, new RegExp(`<form method="post" action="${c.url}/pay/bank/${verified.refId}">`));
  t.match(doc, /Sandbox TD Bank/);
  t.notMatch(doc, /<script|style=/, 'nothing the edge CSP would have to allow');

  const paid = await c.form(`/pay/bank/${verified.refId}`, { decision: 'pay' });
  t.equal(paid.status, 200);
  t.match(paid.text, /Payment complete/);
  t.match((await c.get(`/txnbuy/flowstate/${verified.refId}`)).body, { nextAction: 'DONE_COMPLETED' });

  const again = await c.post('/banktransfer/init', { refId: verified.refId, selectedBank: 'TD' });
  t.equal(errorOf(again).code, 'FLOWACTION.INVALID');
});

t.test('OTC: CUSTOMER_PAYMENT with a reference number, stays PENDING', async (t) => {
  const c = await sandboxFor(t);
  // Thresholds compare the amount in the quote's own currency: 200 PHP needs no selfie.
  const verified = await c.verifiedBuy({ paymentMethod: 'OTC', fiatCurrency: 'PHP', country: 'PH', fiatAmount: 200 });
  t.match(verified, {
    nextAction: 'CUSTOMER_PAYMENT',
    txnStatus: 'PENDING',
    cryptoAmount: 0.00005135,
    forexRatePublic: 3_895_000,
  });
  const raw = await c.get(`/txnbuy/flowstate/${verified.refId}`);
  t.equal(raw.body.nextActionParams.referenceNumber, verified.refId);
});

t.test('CREDITCARD: CUSTOMER_PAYMENT, the card widget pays it', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ paymentMethod: 'CREDITCARD', fiatAmount: 200 });
  t.equal(verified.nextAction, 'CUSTOMER_PAYMENT');

  const widget = await c.get(`/thirdparty/card/widget?apiKey=pk_test&refId=${verified.refId}`);
  t.equal(widget.status, 200);
  t.match(widget.text, /200\.00 CAD/);
  t.match(widget.text, new RegExp(`name="refId" value="${verified.refId}"`));

  const paid = await c.form('/thirdparty/card/widget', {
    apiKey: 'pk_test',
    refId: verified.refId,
    cardNumber: '4242424242424242',
  });
  t.equal(paid.status, 200);
  t.match(paid.text, /Card payment approved/);
  t.match((await c.get(`/txnbuy/flowstate/${verified.refId}`)).body, { nextAction: 'DONE_COMPLETED', txnStatus: 'COMPLETED' });
});

t.test('pay pages refuse what is not open', async (t) => {
  const c = await sandboxFor(t);
  const quote = await c.buyQuote();
  t.equal((await c.get(`/pay/etransfer/${quote.refId}`)).status, 409, 'not initiated yet');
  t.equal((await c.form(`/pay/etransfer/${quote.refId}`, { decision: 'pay' })).status, 409);
  t.equal((await c.get('/pay/etransfer/SBXNOPE')).status, 404);
  t.equal((await c.get(`/pay/bank/${quote.refId}`)).status, 404, 'not a bank transfer');
  const verified = await c.verifiedBuy();
  await c.step('/etransfer/init', { refId: verified.refId });
  t.equal((await c.form(`/pay/etransfer/${verified.refId}`, { decision: 'maybe' })).status, 400);
  const card = await c.verifiedBuy({ paymentMethod: 'ETRANSFER' });
  t.equal((await c.form('/thirdparty/card/widget', { apiKey: 'k', refId: card.refId })).status, 409, 'not a card payment');
});
