// The typed client against a local upstream over real sockets: every call's method, path,
// headers and body, the failure kinds, and the retry cases seen from the client's side.
import t from 'tap';
import { flowStateSchema, refIdRequestSchema } from '../../checkout/contract.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { upstreamCallsOf } from '../../server/methods/method.ts';
import { bankTransferInit } from '../../server/screens/bank-transfer.ts';
import { emtEmail } from '../../server/screens/email-input.ts';
import { etransferInit } from '../../server/screens/payment-etransfer.ts';
import { voucherNumber } from '../../server/screens/payment-flexepin.ts';
import { postCall, SHARED_CALLS } from '../../server/upstream/calls.ts';
import { createUpstream, isProcId, type UpstreamClient } from '../../server/upstream/client.ts';
import { createUpstreamDispatcher } from '../../server/upstream/dispatcher.ts';
import { UpstreamRequestError } from '../../server/upstream/errors.ts';
import { QUOTE_REQUEST } from '../helpers/samples.ts';
import { type Cleanup, captureLogger, closedPort, type Seen, type Step, startUpstream } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const FLOW = {
  refId: 'ABC123',
  fiatAmount: 100,
  fiatCurrency: 'CAD',
  cryptoAmount: 0.00105263,
  cryptoCurrency: 'BTC',
  paymentMethod: 'ETRANSFER',
  txnType: 'BUY',
  txnStatus: 'PENDING',
  nextAction: 'INPUT_CRYPTOADDRESS',
  somethingNew: 'extra fields are tolerated',
};
const { somethingNew: _dropped, ...FLOW_VALUE } = FLOW;

const BUYER_INFO = {
  refId: 'ABC123',
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress: 'jane@example.com',
  mobile: { countryCode: '1', areaCode: '604', phoneNumber: '5550123' },
  dateOfBirth: { year: '1990', month: '04', day: '09' },
};
const SELFIE = {
  refId: 'ABC123',
  documentType: 'SELFIE',
  mimeType: 'image/png',
  fileName: 'me.png',
  extName: 'png',
  encodedFile: 'iVBORw0KGgo=',
  imageSource: 'WEBCAM',
} as const;
const DOCUMENT = {
  mobileNumber: '6045550123',
  documentType: 'PASSPORT',
  mimeType: 'application/pdf',
  fileName: 'passport.pdf',
  extName: 'pdf',
  encodedFile: 'JVBERi0=',
} as const;

interface Fixture {
  client: UpstreamClient;
  seen: Seen[];
  lines: Record<string, unknown>[];
}

async function fixture(t: Cleanup, steps: Step[] | ((seen: Seen) => Step), headersTimeoutMs = 2_000): Promise<Fixture> {
  const upstream = await startUpstream(steps);
  const { logger, lines } = captureLogger();
  const dispatcher = createUpstreamDispatcher({
    connectTimeoutMs: 500,
    headersTimeoutMs,
    bodyTimeoutMs: 2_000,
    logger,
    minDelayMs: 5,
    maxDelayMs: 20,
  });
  t.teardown(async () => {
    await dispatcher.destroy();
    await upstream.close();
  });
  const upstreamApi = createUpstream({
    baseUrl: `${upstream.url}/exchange`,
    uploadUrl: `${upstream.url}/docs/upload`,
    cardQuoteUrl: `${upstream.url}/card/quote`,
    dispatcher,
    logger,
  });
  return { client: upstreamApi.forRequest({ requestId: 'req-42', merchantId: 'maple' }), seen: upstream.seen, lines };
}

interface CallCase {
  name: string;
  run: (client: UpstreamClient) => Promise<unknown>;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  reply: Step;
  value: unknown;
}

const CASES: CallCase[] = [
  {
    name: 'quoteRequest',
    run: (c) => c.quoteRequest('BUY', QUOTE_REQUEST),
    method: 'POST',
    url: '/exchange/txnbuy/quoterequest',
    body: QUOTE_REQUEST,
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'requote',
    run: (c) => c.requote('SELL', { refId: 'ABC123', cryptoAmount: 0.01 }),
    method: 'POST',
    url: '/exchange/txnsell/requote',
    body: { refId: 'ABC123', cryptoAmount: 0.01 },
    reply: { status: 200, body: { cryptoAmount: 0.01, txnValidUntil: '2030-01-01T00:00:00Z', forexRatePublic: 95000 } },
    value: { cryptoAmount: 0.01, txnValidUntil: '2030-01-01T00:00:00Z', forexRatePublic: 95000 },
  },
  {
    name: 'confirmNewQuote',
    run: (c) => c.confirmNewQuote('BUY', 'ABC123'),
    method: 'POST',
    url: '/exchange/txnbuy/confirmednewquote',
    body: { refId: 'ABC123' },
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'cryptoAddress',
    run: (c) => c.cryptoAddress('BUY', { refId: 'ABC123', cryptoAddress: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' }),
    method: 'POST',
    url: '/exchange/txnbuy/cryptoaddress',
    body: { refId: 'ABC123', cryptoAddress: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT' },
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'emtEmail',
    run: (c) => c.call(emtEmail, 'SELL', { refId: 'ABC123', emtEmail: 'jane@example.com' }),
    method: 'POST',
    url: '/exchange/txnsell/emtemail',
    body: { refId: 'ABC123', emtEmail: 'jane@example.com' },
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'buyerInfo',
    run: (c) => c.buyerInfo('BUY', BUYER_INFO),
    method: 'POST',
    url: '/exchange/txnbuy/buyerinfo',
    body: BUYER_INFO,
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'mobileVerification',
    run: (c) => c.mobileVerification('BUY', { refId: 'ABC123', verificationCode: '123456' }),
    method: 'POST',
    url: '/exchange/txnbuy/mobileverification',
    body: { refId: 'ABC123', verificationCode: '123456' },
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'generateSmsCode',
    run: (c) => c.generateSmsCode('BUY', 'ABC123'),
    method: 'POST',
    url: '/exchange/txnbuy/generatesmscode',
    body: { refId: 'ABC123' },
    reply: { status: 200, body: { error: 'Please wait before asking again.' } },
    value: { error: 'Please wait before asking again.' },
  },
  {
    name: 'voucherNumber',
    run: (c) => c.call(voucherNumber, 'BUY', { refId: 'ABC123', voucherNumber: '1234567890123456' }),
    method: 'POST',
    url: '/exchange/txnbuy/vouchernumber',
    body: { refId: 'ABC123', voucherNumber: '1234567890123456' },
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'selfieImage',
    run: (c) => c.selfieImage('BUY', SELFIE),
    method: 'POST',
    url: '/exchange/txnbuy/selfieimage',
    body: SELFIE,
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'uploadDocument',
    run: (c) => c.uploadDocument(DOCUMENT),
    method: 'POST',
    url: '/docs/upload',
    body: DOCUMENT,
    reply: { status: 200, body: { uploaded: true, fileName: 'passport.pdf' } },
    value: { uploaded: true, fileName: 'passport.pdf' },
  },
  {
    name: 'status',
    run: (c) => c.status('SELL', 'ABC-1_2'),
    method: 'GET',
    url: '/exchange/txnsell/status/ABC-1_2',
    reply: { status: 200, body: { txnStatus: 'PENDING', cryptoCurrency: 'BTC', cryptoAmount: 0.5, cryptoAddress: null } },
    value: { txnStatus: 'PENDING', cryptoCurrency: 'BTC', cryptoAmount: 0.5, cryptoAddress: null },
  },
  {
    name: 'flowState',
    run: (c) => c.flowState('BUY', 'ABC123'),
    method: 'GET',
    url: '/exchange/txnbuy/flowstate/ABC123',
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'vipCheck',
    run: (c) => c.vipCheck('hash-1'),
    method: 'POST',
    url: '/exchange/vipcheck',
    body: { vipTag: 'hash-1' },
    reply: { status: 200, body: false },
    value: false,
  },
  {
    name: 'etransferInit',
    run: (c) => c.call(etransferInit, 'ABC123'),
    method: 'POST',
    url: '/exchange/etransfer/init',
    body: { refId: 'ABC123' },
    // Its redirectUrl is what the checkout uses of it (docs/spec.md section 7).
    reply: { status: 200, body: { ...FLOW, nextActionParams: { redirectUrl: 'https://pay.example/p/1' } } },
    value: { ...FLOW_VALUE, nextActionParams: { redirectUrl: 'https://pay.example/p/1' } },
  },
  {
    name: 'bankTransferInit',
    run: (c) => c.call(bankTransferInit, 'ABC123', ''),
    method: 'POST',
    url: '/exchange/banktransfer/init',
    body: { refId: 'ABC123', selectedBank: '' },
    reply: { status: 200, body: FLOW },
    value: FLOW_VALUE,
  },
  {
    name: 'proc',
    run: (c) => c.proc('poli-return', { token: 't1', status: 'ok' }),
    method: 'POST',
    url: '/exchange/poli-return',
    body: { token: 't1', status: 'ok' },
    reply: { status: 200, body: { status: 'DONE' } },
    value: { status: 'DONE' },
  },
  {
    name: 'ticker',
    run: (c) => c.ticker(),
    method: 'GET',
    url: '/exchange/pubapi/ticker/merchant',
    reply: { status: 200, body: [{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95000 }] },
    value: [{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95000 }],
  },
  {
    name: 'cardQuote',
    run: (c) => c.cardQuote({ key: 'pk live/1', baseCurrency: 'USD', amount: 150.5 }),
    method: 'GET',
    url: '/card/quote?key=pk+live%2F1&baseCurrency=USD&amount=150.5',
    reply: { status: 200, body: { quoteCurrencyAmount: 0.0022, feeAmount: 4.5, extraFeeAmount: 0 } },
    value: { quoteCurrencyAmount: 0.0022, feeAmount: 4.5, extraFeeAmount: 0 },
  },
];

t.test('every call: method, path, headers, body and parsed value', async (t) => {
  for (const c of CASES) {
    await t.test(c.name, async (t) => {
      const { client, seen, lines } = await fixture(t, [c.reply]);
      const result = await c.run(client);
      t.same(result, { ok: true, value: c.value }, 'value');
      t.equal(seen.length, 1);
      const request = seen[0]!;
      t.equal(request.method, c.method);
      t.equal(request.url, c.url);
      t.equal(request.headers['x-request-id'], 'req-42');
      t.equal(request.headers['x-merchant'], 'maple');
      t.match(request.headers.accept, /application\/json/);
      if (c.method === 'POST') {
        t.match(request.headers['idempotency-key'], UUID, 'Idempotency-Key on every POST');
        t.equal(request.headers['content-type'], 'application/json');
        t.same(JSON.parse(request.body), c.body);
      } else {
        t.equal(request.headers['idempotency-key'], undefined);
        t.equal(request.body, '');
      }
      t.notMatch(JSON.stringify(lines), /pk live|pk\+live|Jane|jane@/, 'no key, body or personal data in logs');
    });
  }
});

t.test('every logical call gets its own Idempotency-Key', async (t) => {
  const { client, seen } = await fixture(t, [{ status: 200, body: FLOW }]);
  await client.confirmNewQuote('BUY', 'ABC123');
  await client.confirmNewQuote('BUY', 'ABC123');
  t.not(seen[0]!.headers['idempotency-key'], seen[1]!.headers['idempotency-key']);
});

t.test('a request that breaks the contract throws and sends nothing', async (t) => {
  const { client, seen } = await fixture(t, [200]);
  const { refId: _refId, ...withoutRefId } = BUYER_INFO;
  await t.rejects(client.buyerInfo('BUY', withoutRefId as typeof BUYER_INFO), UpstreamRequestError);
  await t.rejects(client.buyerInfo('BUY', { ...BUYER_INFO, password: 'x' } as typeof BUYER_INFO), {
    name: 'UpstreamRequestError',
    fields: ['password'],
  });
  await t.rejects(client.quoteRequest('BUY', { ...QUOTE_REQUEST, country: 'CAN' }), {
    name: 'UpstreamRequestError',
    fields: ['country'],
  });
  await t.rejects(client.call(voucherNumber, 'BUY', { refId: 'A', voucherNumber: '123' }), {
    name: 'UpstreamRequestError',
    fields: ['voucherNumber'],
  });
  await t.rejects(
    client.status('BUY', '..'),
    { name: 'UpstreamRequestError', fields: ['refId'] },
    'a dot segment would be resolved away',
  );
  await t.rejects(client.status('BUY', ''), { name: 'UpstreamRequestError', fields: ['refId'] });
  await t.rejects(
    client.flowState('SPEND' as 'SELL', 'A'),
    { name: 'UpstreamRequestError', fields: ['txnType'] },
    'SPEND must be mapped to SELL first',
  );
  await t.rejects(client.proc('../vipcheck', {}), { name: 'UpstreamRequestError', fields: ['procId'] });
  await t.rejects(
    client.proc('vipcheck', {}),
    { name: 'UpstreamRequestError', fields: ['procId'] },
    'a procid cannot reach another root call',
  );
  await t.rejects(client.cardQuote({ key: '', baseCurrency: 'USD', amount: 1 }), {
    name: 'UpstreamRequestError',
    fields: ['key'],
  });
  const error = await client
    .buyerInfo('BUY', { ...BUYER_INFO, mobile: { ...BUYER_INFO.mobile, phoneNumber: 'x' } })
    .catch((e: Error) => e);
  t.notMatch(String(error), /Jane|jane@/, 'the error names fields, never values');
  t.equal(seen.length, 0, 'nothing reached the upstream');
});

t.test('error bodies become error failures', async (t) => {
  const { client } = await fixture(t, (seen) =>
    seen.url.endsWith('/vouchernumber')
      ? {
          status: 400,
          body: {
            error: {
              code: 'TRANSACTION.AMOUNT.MISMATCH',
              msg: 'Voucher value differs.',
              errorParams: { amount: 50, other: 'x' },
            },
          },
        }
      : seen.url.endsWith('/buyerinfo')
        ? { status: 400, body: { error: [{ errorCode: 'FIRSTNAME', errorMsg: 'First Name required' }] } }
        : seen.url.endsWith('/requote')
          ? { status: 500, body: { error: { code: 'SYSTEM', msg: 'Something broke upstream.' } } }
          : { status: 200, body: { error: { code: 'TRANSACTION.NOTFOUND', msg: 'Not found.' } } },
  );
  t.same(await client.call(voucherNumber, 'BUY', { refId: 'A', voucherNumber: '1234567890123456' }), {
    ok: false,
    failure: {
      kind: 'error',
      status: 400,
      code: 'TRANSACTION.AMOUNT.MISMATCH',
      msg: 'Voucher value differs.',
      errorParams: { amount: 50 },
    },
  });
  t.same(await client.buyerInfo('BUY', BUYER_INFO), {
    ok: false,
    failure: { kind: 'errors', status: 400, items: [{ errorCode: 'FIRSTNAME', errorMsg: 'First Name required' }] },
  });
  t.same(
    await client.requote('BUY', { refId: 'A', fiatAmount: 10 }),
    {
      ok: false,
      failure: { kind: 'error', status: 500, code: 'SYSTEM', msg: 'Something broke upstream.' },
    },
    'a 5xx with a message is an error the visitor can read',
  );
  t.same(
    await client.flowState('BUY', 'A'),
    {
      ok: false,
      failure: { kind: 'error', status: 200, code: 'TRANSACTION.NOTFOUND', msg: 'Not found.' },
    },
    'an error body on a 200 is still an error',
  );
});

t.test('5xx without a message: unavailable', async (t) => {
  const { client, seen } = await fixture(t, [{ status: 500, body: '<html>oops</html>' }]);
  t.same(await client.flowState('BUY', 'A'), { ok: false, failure: { kind: 'unavailable', status: 500, reason: 'status-5xx' } });
  t.equal(seen.length, 4, 'GET: retried before giving up');
  t.same(await client.quoteRequest('BUY', QUOTE_REQUEST), {
    ok: false,
    failure: { kind: 'unavailable', status: 500, reason: 'status-5xx' },
  });
  t.equal(seen.length, 5, 'POST: one attempt');
});

t.test('503: one attempt, unavailable', async (t) => {
  const { client, seen } = await fixture(t, [503, { status: 200, body: FLOW }]);
  t.same(await client.flowState('BUY', 'A'), { ok: false, failure: { kind: 'unavailable', status: 503, reason: 'status-503' } });
  t.equal(seen.length, 1);
});

t.test('gateway statuses are unavailable even with a message in the body', async (t) => {
  const gateway = (status: number): Step => ({ status, body: { error: { code: 'LB', msg: 'upstream connect error' } } });
  for (const [status, reason] of [
    [502, 'status-5xx'],
    [503, 'status-503'],
    [504, 'status-5xx'],
  ] as const) {
    const { client } = await fixture(t, [gateway(status)]);
    t.same(
      await client.quoteRequest('BUY', QUOTE_REQUEST),
      { ok: false, failure: { kind: 'unavailable', status, reason } },
      `${status}`,
    );
  }
});

t.test('504, 504, 200: success after three attempts', async (t) => {
  const { client, seen } = await fixture(t, [504, 504, { status: 200, body: FLOW }]);
  t.same(await client.quoteRequest('BUY', QUOTE_REQUEST), { ok: true, value: FLOW_VALUE });
  t.equal(seen.length, 3);
  t.equal(new Set(seen.map((s) => s.headers['idempotency-key'])).size, 1, 'one key across the attempts');
});

t.test('reset on POST: retried with the same Idempotency-Key', async (t) => {
  const { client, seen } = await fixture(t, ['reset', { status: 200, body: FLOW }]);
  t.same(await client.call(emtEmail, 'SELL', { refId: 'ABC123', emtEmail: 'jane@example.com' }), { ok: true, value: FLOW_VALUE });
  t.equal(seen.length, 2);
  t.match(seen[0]!.headers['idempotency-key'], UUID);
  t.equal(seen[1]!.headers['idempotency-key'], seen[0]!.headers['idempotency-key']);
  t.equal(seen[1]!.body, seen[0]!.body);
});

t.test('an upstream that never answers: unavailable/timeout within the configured bound', async (t) => {
  const headersTimeoutMs = 100;
  const { client, seen } = await fixture(t, ['hang'], headersTimeoutMs);
  const started = Date.now();
  t.same(await client.ticker(), { ok: false, failure: { kind: 'unavailable', reason: 'timeout' } });
  const elapsed = Date.now() - started;
  t.equal(seen.length, 1, 'not retried');
  // One attempt, ending up to one coarse undici timer tick (about 1 s) late.
  t.ok(elapsed < headersTimeoutMs + 1_500, `took ${elapsed} ms`);
});

t.test('nobody listening: unavailable/network', async (t) => {
  const port = await closedPort();
  const { logger } = captureLogger();
  const dispatcher = createUpstreamDispatcher({
    connectTimeoutMs: 500,
    headersTimeoutMs: 500,
    bodyTimeoutMs: 500,
    logger,
    minDelayMs: 1,
    maxDelayMs: 2,
  });
  t.teardown(() => dispatcher.destroy());
  const url = `http://127.0.0.1:${port}`;
  const client = createUpstream({ baseUrl: url, uploadUrl: url, cardQuoteUrl: url, dispatcher, logger }).forRequest({
    requestId: 'r',
    merchantId: 'm',
  });
  t.same(await client.ticker(), { ok: false, failure: { kind: 'unavailable', reason: 'network' } });
});

t.test('a response that breaks the schema: invalid-response, logged with the request id', async (t) => {
  const { client, lines } = await fixture(t, [
    { status: 200, body: { ...FLOW, refId: undefined, fiatAmount: 'lots', emailAddress: 'jane@example.com' } },
  ]);
  t.same(await client.flowState('BUY', 'ABC123'), { ok: false, failure: { kind: 'invalid-response', status: 200 } });
  const line = lines.find((l) => l.msg === 'upstream response breaks the contract');
  t.match(line, { level: 40, reqId: 'req-42', upstream: { call: 'flowState', status: 200, issues: ['refId', 'fiatAmount'] } });
  t.notMatch(JSON.stringify(line), /lots|jane@/, 'issue paths only, never the body');
});

t.test('the request logger is used when given', async (t) => {
  const upstream = await startUpstream([{ status: 200, body: [{ cryptoCurrency: 'BTC' }] }]);
  const { logger, lines } = captureLogger();
  const dispatcher = createUpstreamDispatcher({ connectTimeoutMs: 500, headersTimeoutMs: 500, bodyTimeoutMs: 500, logger });
  t.teardown(async () => {
    await dispatcher.destroy();
    await upstream.close();
  });
  const shared = captureLogger();
  const client = createUpstream({
    baseUrl: upstream.url,
    uploadUrl: upstream.url,
    cardQuoteUrl: upstream.url,
    dispatcher,
    logger: shared.logger,
  }).forRequest({ requestId: 'req-7', merchantId: 'm', log: logger.child({ reqId: 'req-7' }) });
  t.match(await client.ticker(), { ok: false, failure: { kind: 'invalid-response' } });
  t.match(
    lines.find((l) => l.msg === 'upstream response breaks the contract'),
    { reqId: 'req-7', upstream: { issues: ['0.fiatCurrency', '0.fiatAmount'] } },
  );
  t.equal(shared.lines.length, 0);
});

t.test('a non-JSON answer is invalid-response; a 4xx without an error body too', async (t) => {
  const { client } = await fixture(t, (seen) =>
    seen.url.includes('ticker') ? { status: 200, body: 'not json' } : { status: 404, body: '<h1>Not Found</h1>' },
  );
  t.same(await client.ticker(), { ok: false, failure: { kind: 'invalid-response', status: 200 } });
  t.same(await client.status('BUY', 'A'), { ok: false, failure: { kind: 'invalid-response', status: 404 } });
});

t.test("a procid is never the first word of another call's path, in any case", async (t) => {
  const all = upstreamCallsOf(PAYMENT_METHODS);
  const exchange = all.filter((call) => call.base === 'baseUrl');
  const firsts = exchange.flatMap((call) => {
    const first = call.path.split('/', 1)[0]!;
    return first === ':api' ? ['txnbuy', 'txnsell'] : first.startsWith(':') ? [] : [first];
  });
  t.ok(firsts.length > 3, firsts.join(', '));
  for (const word of [...firsts, ...firsts.map((w) => w.toUpperCase())]) t.notOk(isProcId(word, all), word);
  const own = postCall('payid/init', refIdRequestSchema, flowStateSchema);
  t.ok(isProcId('payid'), 'a word no call of the table starts with');
  t.notOk(isProcId('payid', [...SHARED_CALLS, own]), "nor a method's own call's");
  t.ok(isProcId('poli-return'));
  t.notOk(isProcId('poli.return'), 'letters, digits, _ and - only');
});
