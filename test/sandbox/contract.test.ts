// Request validation, the error shapes, wrong API bases, out-of-order calls, idempotent
// replay, and the root endpoints (ticker, upload, proc).
import t from 'tap';
import { errorBodySchema, tickerResponseSchema, uploadResponseSchema } from '../../checkout/contract.ts';
import { startSandbox } from '../../server/sandbox/index.ts';
import { EXE, HTML, JPEG, PDF, PNG, padded } from '../helpers/upload-files.ts';
import { BTC_ADDRESS, BUY_QUOTE, BUYER, errorOf, outlastsTimer, PNG_BASE64, sandboxFor } from './helpers.ts';

t.test('malformed bodies answer 400 REQUEST.INVALID naming the field', async (t) => {
  const c = await sandboxFor(t);
  const { fiatCurrency: _left, ...missing } = BUY_QUOTE;
  const noCurrency = await c.post('/txnbuy/quoterequest', missing);
  t.equal(noCurrency.status, 400);
  t.match(errorOf(noCurrency), { code: 'REQUEST.INVALID', msg: /^fiatCurrency: / });
  t.ok(errorBodySchema.safeParse(noCurrency.body).success, 'the contract error shape');

  const extra = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, promo: 'x' });
  t.match(errorOf(extra), { code: 'REQUEST.INVALID', msg: 'promo: unknown field' });

  const nested = await c.post('/txnbuy/buyerinfo', { refId: 'x', ...BUYER, mobile: { ...BUYER.mobile, phoneNumber: 'abc' } });
  t.match(errorOf(nested), { msg: /^mobile\.phoneNumber: / });

  const code = await c.post('/txnbuy/mobileverification', { refId: 'x', verificationCode: '12345' });
  t.match(errorOf(code), { code: 'REQUEST.INVALID', msg: /^verificationCode: / });

  const currency = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatCurrency: 'USD' });
  t.match(errorOf(currency), { msg: /^fiatCurrency: must be one of CAD, AUD, PHP, IDR/ });
  const country = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, country: 'AU' });
  t.match(errorOf(country), { msg: 'country: must be CA for CAD' });
  const sellMethod = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, paymentMethod: 'GIFTCARD' });
  t.match(errorOf(sellMethod), { msg: /^paymentMethod: / });
  const txnType = await c.post('/txnsell/quoterequest', { ...BUY_QUOTE });
  t.match(errorOf(txnType), { msg: 'txnType: must be SELL on /txnsell' });
  const zero = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 0 });
  t.match(errorOf(zero), { msg: 'fiatAmount: must be greater than 0' });

  const notJson = await c.send('POST', '/txnbuy/quoterequest', {
    raw: '{"fiat',
    headers: { 'content-type': 'application/json' },
  });
  t.equal(notJson.status, 400);
  t.equal(errorOf(notJson).code, 'REQUEST.INVALID');
  const form = await c.form('/txnbuy/quoterequest', { fiatAmount: '100' });
  t.equal(form.status, 415);
  t.equal(errorOf(form).code, 'REQUEST.INVALID');
  const none = await c.send('POST', '/txnbuy/quoterequest');
  t.match(errorOf(none), { code: 'REQUEST.INVALID', msg: /^body: / });
});

t.test('unknown refIds, the wrong API base and unknown endpoints', async (t) => {
  const c = await sandboxFor(t);
  const unknown = await c.get('/txnbuy/flowstate/SBXDOESNOTEXIST');
  t.equal(unknown.status, 404);
  t.same(errorOf(unknown), { code: 'TRANSACTION.NOTFOUND', msg: 'Transaction not found.' });
  t.equal(
    errorOf(await c.post('/txnbuy/cryptoaddress', { refId: 'SBXNOPE', cryptoAddress: BTC_ADDRESS })).code,
    'TRANSACTION.NOTFOUND',
  );
  t.equal(errorOf(await c.post('/etransfer/init', { refId: 'SBXNOPE' })).code, 'TRANSACTION.NOTFOUND');

  const buy = await c.buyQuote();
  const wrongApi = await c.get(`/txnsell/flowstate/${buy.refId}`);
  t.equal(wrongApi.status, 404);
  t.equal(errorOf(wrongApi).code, 'TRANSACTION.NOTFOUND');
  t.equal(errorOf(await c.get(`/txnsell/status/${buy.refId}`)).code, 'TRANSACTION.NOTFOUND');
  const sell = await c.sellQuote();
  t.equal(errorOf(await c.post('/txnbuy/buyerinfo', { refId: sell.refId, ...BUYER })).code, 'TRANSACTION.NOTFOUND');

  const nowhere = await c.get('/txnbuy/nowhere');
  t.equal(nowhere.status, 404);
  t.equal(errorOf(nowhere).code, 'NOT.FOUND');
  t.equal((await c.post('/not.a.proc', {})).status, 404);
});

t.test('out-of-order calls answer 409 FLOWACTION.INVALID and change nothing', async (t) => {
  const c = await sandboxFor(t);
  const quote = await c.buyQuote();
  const early = await c.post('/txnbuy/buyerinfo', { refId: quote.refId, ...BUYER });
  t.equal(early.status, 409);
  t.match(errorOf(early), {
    code: 'FLOWACTION.INVALID',
    msg: /buyerinfo is not allowed now: the transaction is at INPUT_CRYPTOADDRESS/,
  });
  for (const [path, body] of [
    ['/txnbuy/mobileverification', { verificationCode: '123456' }],
    ['/txnbuy/generatesmscode', {}],
    ['/txnbuy/vouchernumber', { voucherNumber: '1234567812345678' }],
    ['/etransfer/init', {}],
    ['/banktransfer/init', { selectedBank: '' }],
  ] as const) {
    t.equal(errorOf(await c.post(path, { refId: quote.refId, ...body })).code, 'FLOWACTION.INVALID', path);
  }
  const selfie = await c.post('/txnbuy/selfieimage', {
    refId: quote.refId,
    documentType: 'SELFIE',
    mimeType: 'image/png',
    fileName: 'a.png',
    extName: 'png',
    encodedFile: PNG_BASE64,
    imageSource: 'UPLOAD',
  });
  t.equal(errorOf(selfie).code, 'FLOWACTION.INVALID');
  t.equal((await c.get(`/txnbuy/flowstate/${quote.refId}`)).body.nextAction, 'INPUT_CRYPTOADDRESS');
});

t.test('Idempotency-Key replays the stored answer without applying twice', async (t) => {
  const c = await sandboxFor(t);
  const state = await c.buyToVerification();
  const key = { 'idempotency-key': 'verify-1' };
  const first = await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '000000' }, key);
  t.equal(errorOf(first).code, 'MOBILE.INVALIDCODE');
  t.equal(first.headers.get('idempotent-replayed'), null);
  // Two replays of the wrong code: without the key these would cancel the transaction.
  for (let i = 0; i < 2; i++) {
    const replay = await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '000000' }, key);
    t.equal(replay.status, first.status);
    t.equal(replay.text, first.text);
    t.equal(replay.headers.get('idempotent-replayed'), 'true');
  }
  const reused = await c.post('/txnbuy/mobileverification', { refId: state.refId, verificationCode: '123456' }, key);
  t.equal(reused.status, 422);
  t.equal(errorOf(reused).code, 'IDEMPOTENCY.KEY.REUSED');

  const right = await c.post(
    '/txnbuy/mobileverification',
    { refId: state.refId, verificationCode: '123456' },
    { 'idempotency-key': 'verify-2' },
  );
  t.equal(right.status, 200, 'one wrong code counted, not three');

  const quoteKey = { 'idempotency-key': 'quote-1' };
  const [a, b] = await Promise.all([
    c.post('/txnbuy/quoterequest', BUY_QUOTE, quoteKey),
    c.post('/txnbuy/quoterequest', BUY_QUOTE, quoteKey),
  ]);
  t.equal(a.body.refId, b.body.refId, 'concurrent repeats get the one transaction');
  const otherPath = await c.post(
    '/txnsell/quoterequest',
    { ...BUY_QUOTE, txnType: 'SELL', paymentMethod: 'ETRANSFEROUT', cryptoAmount: 0.001 },
    quoteKey,
  );
  t.equal(otherPath.status, 200, 'the same key on another path is another request');

  const tooLong = await c.post('/txnbuy/quoterequest', BUY_QUOTE, { 'idempotency-key': 'k'.repeat(256) });
  t.match(errorOf(tooLong), { code: 'REQUEST.INVALID', msg: /^Idempotency-Key: / });
});

t.test('x-request-id and x-merchant are accepted on any call', async (t) => {
  const c = await sandboxFor(t);
  const reply = await c.post('/txnbuy/quoterequest', BUY_QUOTE, { 'x-request-id': 'req-123', 'x-merchant': 'maple' });
  t.equal(reply.status, 200);
});

t.test('ticker: every coin in every currency, at the prices the quotes use, whatever the clock', async (t) => {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const c = await sandboxFor(t, { clock: () => now });
  const ticker = async () => tickerResponseSchema.parse((await c.get('/pubapi/ticker/merchant')).body);
  const btcCad = async () => (await ticker()).find((e) => e.cryptoCurrency === 'BTC' && e.fiatCurrency === 'CAD')?.fiatAmount;
  const all = await ticker();
  t.equal(all.length, 20);
  t.same(
    all.find((e) => e.cryptoCurrency === 'BTC' && e.fiatCurrency === 'CAD'),
    { cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95_000 },
  );
  t.same(
    all.find((e) => e.cryptoCurrency === 'ETH' && e.fiatCurrency === 'IDR'),
    { cryptoCurrency: 'ETH', fiatCurrency: 'IDR', fiatAmount: 40_250_000 },
  );
  now += 15_000;
  t.equal(await btcCad(), 95_000, 'the home page estimate and the quote read the same price');
  now += 30_000;
  t.equal(await btcCad(), 95_000);
  t.ok((await ticker()).every((e) => e.fiatAmount > 0));
});

t.test('upload: images and PDF up to 4,900,000 bytes', async (t) => {
  const c = await sandboxFor(t);
  const doc = {
    mobileNumber: '16045550123',
    documentType: 'PASSPORT',
    mimeType: 'image/png',
    fileName: 'passport.png',
    extName: 'png',
  };
  const ok = await c.post('/upload', { ...doc, encodedFile: PNG_BASE64 });
  t.equal(ok.status, 200);
  t.same(uploadResponseSchema.parse(ok.body), { uploaded: true, fileName: 'passport.png' });

  const exe = await c.post('/upload', { ...doc, extName: 'exe', mimeType: 'application/octet-stream', encodedFile: PNG_BASE64 });
  t.equal(exe.status, 422);
  t.match(errorOf(exe), { code: 'UPLOAD.FILETYPE.INVALID' });

  const largest = padded(PDF, 4_900_000).toString('base64');
  const big = await c.post('/upload', { ...doc, mimeType: 'application/pdf', extName: 'pdf', encodedFile: largest });
  t.equal(big.status, 200, 'a 4,900,000-byte file fits the body limit');

  const over = await c.post('/upload', { ...doc, encodedFile: padded(PNG, 4_900_001).toString('base64') });
  t.equal(over.status, 422);
  t.match(errorOf(over), { code: 'UPLOAD.TOOLARGE', msg: /^File must be less than 4\.5MB\./ });

  const schemaMax = await c.post('/upload', { ...doc, encodedFile: 'A'.repeat(6_533_340) });
  t.match(errorOf(schemaMax), { code: 'REQUEST.INVALID', msg: /^encodedFile: / });

  const selfieLimit = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, pad: 'x'.repeat(1_100_000) });
  t.equal(selfieLimit.status, 413, 'other API calls keep a 1 MiB limit');
  t.equal(errorOf(selfieLimit).code, 'REQUEST.INVALID');
});

t.test('upload: the bytes must be the declared type, in strict base64', async (t) => {
  const c = await sandboxFor(t);
  const doc = { mobileNumber: '16045550123', documentType: 'PASSPORT', fileName: 'passport.pdf' };
  const cases: [string, Record<string, string>, number, string][] = [
    [
      'a PNG declared as PDF',
      { mimeType: 'application/pdf', extName: 'pdf', encodedFile: PNG.toString('base64') },
      422,
      'UPLOAD.FILETYPE.INVALID',
    ],
    [
      'an executable declared as PNG',
      { mimeType: 'image/png', extName: 'png', encodedFile: EXE.toString('base64') },
      422,
      'UPLOAD.FILETYPE.INVALID',
    ],
    [
      'HTML declared as PNG',
      { mimeType: 'image/png', extName: 'png', encodedFile: HTML.toString('base64') },
      422,
      'UPLOAD.FILETYPE.INVALID',
    ],
    [
      'data after the padding',
      { mimeType: 'image/png', extName: 'png', encodedFile: `${PNG.toString('base64')}AAAA` },
      400,
      'REQUEST.INVALID',
    ],
    [
      'non-canonical padding bits',
      { mimeType: 'image/png', extName: 'png', encodedFile: PNG_BASE64.replace(/I=$/, 'J=') },
      400,
      'REQUEST.INVALID',
    ],
  ];
  for (const [name, file, status, code] of cases) {
    const reply = await c.post('/upload', { ...doc, ...file });
    t.equal(reply.status, status, name);
    t.equal(errorOf(reply).code, code, name);
  }
  const dataUrl = await c.post('/upload', {
    ...doc,
    mimeType: 'image/png',
    extName: 'png',
    encodedFile: `data:image/png;base64,${PNG.toString('base64')}`,
  });
  t.equal(dataUrl.status, 400, 'a data: URL prefix is refused');
});

t.test('a selfie of the largest size goes through /selfieimage', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedBuy({ fiatAmount: 260 });
  const reply = await c.post('/txnbuy/selfieimage', {
    refId: verified.refId,
    mobileNumber: '16045550123',
    documentType: 'SELFIE',
    mimeType: 'image/jpeg',
    fileName: 'me.jpg',
    extName: 'jpg',
    encodedFile: padded(JPEG, 4_900_000).toString('base64'),
    imageSource: 'WEBCAM',
  });
  t.equal(reply.status, 200);
  t.equal(reply.body.nextAction, 'INITIATE_ETRANSFER');
});

t.test('proc: any id answers DONE after a short delay', async (t) => {
  const c = await sandboxFor(t);
  const { value: reply, outlasted } = await outlastsTimer(299, () =>
    c.post('/confirm-email', { token: 'abc', list: ['a', 'b'] }),
  );
  t.equal(reply.status, 200);
  t.same(reply.body, { status: 'DONE' });
  t.ok(outlasted, 'answered only after its 300 ms wait');
  t.equal((await c.send('POST', '/empty_proc')).status, 200, 'a body is optional');
  t.match(errorOf(await c.post('/someproc', { nested: { no: 1 } })), { code: 'REQUEST.INVALID' });
});

t.test('a transaction is visible only to the merchant that created it', async (t) => {
  const sandbox = await startSandbox({ logger: false });
  t.teardown(() => sandbox.close());
  const call = (path: string, merchant: string, body?: unknown) =>
    fetch(`${sandbox.url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', 'x-merchant': merchant },
      body: body ? JSON.stringify(body) : undefined,
    });
  const quote = await call('/txnbuy/quoterequest', 'maple', {
    fiatAmount: 100,
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'ETRANSFER',
    txnType: 'BUY',
    browserResolution: '',
    country: 'CA',
    cryptoAmount: 0,
  });
  const { refId } = (await quote.json()) as { refId: string };
  t.equal((await call(`/txnbuy/flowstate/${refId}`, 'maple')).status, 200);
  const foreign = await call(`/txnbuy/flowstate/${refId}`, 'dev');
  t.equal(foreign.status, 404);
  t.match(await foreign.json(), { error: { code: 'TRANSACTION.NOTFOUND' } });
  t.equal((await call('/etransfer/init', 'roo', { refId })).status, 404, 'root calls too');
});
