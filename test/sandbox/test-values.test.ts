// Every special test value of the README: buyer names, verification codes, amounts,
// vouchers (in buy.test.ts), Pro tags, and quote expiry.
import t from 'tap';
import { smsCodeResponseSchema } from '../../checkout/contract.ts';
import { testClock } from '../fixtures/clock.ts';
import { ADDRESS, BTC_ADDRESS, BUY_QUOTE, BUYER, errorOf, sandboxFor } from './helpers.ts';

t.test('buyer last names', async (t) => {
  const c = await sandboxFor(t);

  const review = await c.verifiedBuy({}, { lastName: 'Review' });
  t.match(review, { nextAction: 'ADMIN_REVIEW', txnStatus: 'REVIEW' });

  const cancel = await c.verifiedBuy({}, { lastName: 'Cancel' });
  t.match(cancel, { nextAction: 'DONE_CANCELLED', txnStatus: 'CANCELLED' });

  const voice = await c.buyToVerification({}, { lastName: 'Voice' });
  const voiceReply = await c.post('/txnbuy/mobileverification', { refId: voice.refId, verificationCode: '123456' });
  t.equal(voiceReply.status, 422);
  t.match(errorOf(voiceReply), { code: 'VOICECLIP.MISSING', msg: /voice clip/ });

  const selfie = await c.buyToVerification({ fiatAmount: 50 }, { lastName: 'selfie' });
  const selfieReply = await c.post('/txnbuy/mobileverification', { refId: selfie.refId, verificationCode: '123456' });
  t.equal(selfieReply.status, 422);
  t.match(errorOf(selfieReply), { code: 'SELFIEIMG.MISSING', msg: /selfie/ });
  t.equal((await c.get(`/txnbuy/flowstate/${selfie.refId}`)).body.nextAction, 'SUBMIT_SELFIEDOC', 'the selfie step is open');
  t.equal((await c.selfie('txnbuy', selfie.refId)).nextAction, 'INITIATE_ETRANSFER', 'and continues after it');

  const sellReview = await c.verifiedSell({}, { lastName: 'Review' });
  t.equal(sellReview.nextAction, 'ADMIN_REVIEW', 'names work on sells too');
});

t.test('buyer-info errors come as the array form', async (t) => {
  const c = await sandboxFor(t);
  const quote = await c.buyQuote({ fiatAmount: 300 });
  await c.step('/txnbuy/cryptoaddress', { refId: quote.refId, cryptoAddress: BTC_ADDRESS });
  const reply = await c.post('/txnbuy/buyerinfo', { refId: quote.refId, ...BUYER, firstName: 'Error' });
  t.equal(reply.status, 422);
  t.same(reply.body, {
    error: [
      { errorCode: 'BUYER.NAME.INVALID', errorMsg: 'First name is not valid.' },
      { errorCode: 'BUYER.ADDRESS.REQUIRED', errorMsg: 'Address is required for this amount.' },
    ],
  });
  t.equal((await c.get(`/txnbuy/flowstate/${quote.refId}`)).body.nextAction, 'INPUT_BUYERINFO', 'still at buyer info');
  const fixed = await c.step('/txnbuy/buyerinfo', { refId: quote.refId, ...BUYER, address: ADDRESS });
  t.equal(fixed.nextAction, 'VERIFY_MOBILE');
});

t.test('verification codes: wrong twice, then right', async (t) => {
  const c = await sandboxFor(t);
  const state = await c.buyToVerification();
  for (let i = 0; i < 2; i++) {
    const wrong = await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '000000' });
    t.equal(wrong.status, 422);
    t.same(errorOf(wrong), { code: 'MOBILE.INVALIDCODE', msg: 'Invalid verification code.' });
  }
  const right = await c.step('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '123456' });
  t.equal(right.nextAction, 'INITIATE_ETRANSFER');
});

t.test('verification codes: the third wrong code cancels', async (t) => {
  const c = await sandboxFor(t);
  const state = await c.buyToVerification();
  await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '111111' });
  await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '222222' });
  const third = await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '333333' });
  t.equal(third.status, 422);
  t.match(errorOf(third), { code: 'MOBILE.INVALIDATTEMPT.REACHED', msg: /maximum number of verification attempts/ });
  t.match((await c.get(`/txnbuy/flowstate/${state.refId}`)).body, { nextAction: 'DONE_CANCELLED', txnStatus: 'CANCELLED' });
  const after = await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '123456' });
  t.equal(errorOf(after).code, 'FLOWACTION.INVALID');
});

t.test('generatesmscode: three in a row, then an error string; a verification attempt resets', async (t) => {
  const c = await sandboxFor(t);
  const state = await c.buyToVerification();
  for (let i = 0; i < 3; i++) {
    const ok = await c.post('/txnbuy/generatesmscode', { refId: state.refId });
    t.equal(ok.status, 200);
    t.same(ok.body, {});
  }
  const fourth = await c.post('/txnbuy/generatesmscode', { refId: state.refId });
  t.equal(fourth.status, 200);
  t.match(smsCodeResponseSchema.parse(fourth.body).error, /Too many code requests/);
  await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '999999' });
  t.same((await c.post('/txnbuy/generatesmscode', { refId: state.refId })).body, {});
});

t.test('buy amounts 401-405', async (t) => {
  const c = await sandboxFor(t);
  const cases = [
    [401, 'TRANSACTION.DAILYLIMIT.REACHED', /daily transaction limit/],
    [402, 'TRANSACTION.WEEKLYLIMIT.REACHED', /weekly transaction limit/],
    [403, 'TRANSACTION.MONTLYLIMIT.REACHED', /monthly transaction limit/],
  ] as const;
  for (const [fiatAmount, code, msg] of cases) {
    const reply = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount });
    t.equal(reply.status, 422, `${fiatAmount}`);
    t.match(errorOf(reply), { code, msg });
  }
  const bare = await c.send('POST', '/txnbuy/quoterequest', { body: { ...BUY_QUOTE, fiatAmount: 404 } });
  t.equal(bare.status, 500);
  t.same(bare.body, {}, 'no message at all');

  const quote = await c.buyQuote({ fiatAmount: 100 });
  const limit = await c.post('/txnbuy/requote', { refId: quote.refId, fiatAmount: 401 });
  t.equal(errorOf(limit).code, 'TRANSACTION.DAILYLIMIT.REACHED', 'limits apply to requotes too');
  const system = await c.post('/txnbuy/requote', { refId: quote.refId, fiatAmount: 405 });
  t.equal(system.status, 422);
  t.match(errorOf(system), { code: 'SYSTEM', msg: /unable to update your quote/ });
  t.equal((await c.buyQuote({ fiatAmount: 405 })).fiatAmount, 405, '405 is an ordinary quote amount');
});

t.test('vipcheck and Pro quotes', async (t) => {
  const c = await sandboxFor(t);
  const yes = await c.post('/vipcheck', { vipTag: 'vip-demo' });
  t.equal(yes.status, 200);
  t.equal(yes.body, true);
  t.match(yes.headers.get('content-type'), /^application\/json/);
  t.equal((await c.post('/vipcheck', { vipTag: 'someone' })).body, false);

  const pro = await c.buyQuote({ vipTag: 'vip-demo', fiatAmount: 1000 });
  t.equal(pro.paymentMethod, 'ETRANSFER');
  const notEtransfer = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, vipTag: 'vip-demo', paymentMethod: 'FLEXEPIN' });
  t.equal(notEtransfer.status, 400);
  t.match(errorOf(notEtransfer), { code: 'REQUEST.INVALID', msg: /^paymentMethod: / });
  const unknownTag = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, vipTag: 'someone' });
  t.match(errorOf(unknownTag), { code: 'REQUEST.INVALID', msg: /^vipTag: / });
});

t.test('an expired quote refuses the next step until a requote is confirmed', async (t) => {
  const clock = testClock();
  const c = await sandboxFor(t, { quoteTtlS: 1, clock: clock.now });
  const quote = await c.buyQuote();
  clock.advance(1_000);
  const expired = await c.post('/txnbuy/cryptoaddress', { refId: quote.refId, cryptoAddress: BTC_ADDRESS });
  t.equal(expired.status, 409);
  t.equal(errorOf(expired).code, 'QUOTE.EXPIRED');
  const stale = await c.post('/txnbuy/confirmednewquote', { refId: quote.refId });
  t.equal(errorOf(stale).code, 'QUOTE.EXPIRED', 'nothing to confirm');

  const requoted = await c.post('/txnbuy/requote', { refId: quote.refId });
  t.equal(requoted.status, 200);
  t.equal(requoted.body.txnValidUntil, new Date(clock.now() + 1_000).toISOString(), 'a fresh validity, from now');
  const stillExpired = await c.post('/txnbuy/cryptoaddress', { refId: quote.refId, cryptoAddress: BTC_ADDRESS });
  t.equal(errorOf(stillExpired).code, 'QUOTE.EXPIRED', 'a requote applies only once confirmed');
  const confirmed = await c.step('/txnbuy/confirmednewquote', { refId: quote.refId });
  t.equal(confirmed.txnValidUntil, requoted.body.txnValidUntil);
  t.equal(
    (await c.step('/txnbuy/cryptoaddress', { refId: quote.refId, cryptoAddress: BTC_ADDRESS })).nextAction,
    'INPUT_BUYERINFO',
  );
});

t.test('quoteTtlS 0: every quote is expired at once, except card quotes', async (t) => {
  const c = await sandboxFor(t, { quoteTtlS: 0 });
  const quote = await c.buyQuote();
  t.equal(
    errorOf(await c.post('/txnbuy/cryptoaddress', { refId: quote.refId, cryptoAddress: BTC_ADDRESS })).code,
    'QUOTE.EXPIRED',
  );
  const sell = await c.sellQuote();
  t.equal(errorOf(await c.post('/txnsell/buyerinfo', { refId: sell.refId, ...BUYER })).code, 'QUOTE.EXPIRED');
  const card = await c.verifiedBuy({ paymentMethod: 'CREDITCARD' });
  t.equal(card.nextAction, 'CUSTOMER_PAYMENT', 'card quotes have no countdown on the edge');
});

t.test('requote is refused once the payment is under way', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ paymentMethod: 'CREDITCARD' });
  const requote = await c.post('/txnbuy/requote', { refId: verified.refId, fiatAmount: 50 });
  t.equal(requote.status, 409);
  t.equal(errorOf(requote).code, 'FLOWACTION.INVALID');
  t.equal(errorOf(await c.post('/txnbuy/confirmednewquote', { refId: verified.refId })).code, 'FLOWACTION.INVALID');

  const sell = await c.sellQuote();
  const mismatch = await c.post('/txnsell/requote', { refId: sell.refId, cryptoAmount: 0.002, cryptoCurrency: 'ETH' });
  t.match(errorOf(mismatch), { code: 'REQUEST.INVALID', msg: /^cryptoCurrency: / });
  const sellRequote = await c.post('/txnsell/requote', { refId: sell.refId, cryptoAmount: 0.002 });
  t.match(sellRequote.body, { cryptoAmount: 0.002, fiatAmount: 190 });
});
