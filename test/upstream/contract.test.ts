// CONTRACT: every client call against the real embedded sandbox (server/sandbox), the
// request fields of docs/spec.md section 7 checked against what the client sends, and the
// sandbox's queued faults driving the retry rules over real sockets.

import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import t from 'tap';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import {
  bankTransferInitRequestSchema,
  buyerInfoRequestSchema,
  cryptoAddressRequestSchema,
  documentUploadRequestSchema,
  emtEmailRequestSchema,
  mobileVerificationRequestSchema,
  quoteRequestSchema,
  refIdRequestSchema,
  requoteRequestSchema,
  selfieImageRequestSchema,
  vipCheckRequestSchema,
  voucherNumberRequestSchema,
} from '../../checkout/contract.ts';
import { type RunningSandbox, startSandbox } from '../../server/sandbox/index.ts';
import { bankTransferInit } from '../../server/screens/bank-transfer.ts';
import { emtEmail } from '../../server/screens/email-input.ts';
import { etransferInit } from '../../server/screens/payment-etransfer.ts';
import { voucherNumber } from '../../server/screens/payment-flexepin.ts';
import { createUpstream, type UpstreamClient } from '../../server/upstream/client.ts';
import { createUpstreamDispatcher } from '../../server/upstream/dispatcher.ts';
import { UpstreamRequestError } from '../../server/upstream/errors.ts';
import { QUOTE_REQUEST } from '../helpers/samples.ts';
import { PNG } from '../helpers/upload-files.ts';
import { type Cleanup, captureLogger } from './helpers.ts';

// ------------------------------------------------------------ docs/spec.md section 7 field lists

interface SpecCall {
  schema: z.ZodType;
  /** Path fragment the call posts to (to find its body on the wire). */
  path: string;
  /** Fields section 7 (and section 3 for the bodies it names) lists; nested as `a.b`. */
  required: string[];
  optional: string[];
}

const IMAGE_FIELDS = ['documentType', 'mimeType', 'fileName', 'extName', 'encodedFile'];

/** Copied from docs/spec.md section 7 (the "Request payload" column) and section 3 where it points there. */
const SECTION_7: Record<string, SpecCall> = {
  quoteRequest: {
    schema: quoteRequestSchema,
    path: '/quoterequest',
    required: [
      'fiatAmount',
      'fiatCurrency',
      'cryptoCurrency',
      'paymentMethod',
      'txnType',
      'browserResolution',
      'country',
      'cryptoAmount',
    ],
    optional: ['paymentMethodSubtype', 'vipTag'],
  },
  requote: {
    schema: requoteRequestSchema,
    path: '/requote',
    // "refId and fiatAmount (cryptoAmount for ETRANSFEROUT)"; the gift-card picker adds the rest.
    required: ['refId'],
    optional: [
      'fiatAmount',
      'cryptoAmount',
      'fiatCurrency',
      'cryptoCurrency',
      'paymentMethod',
      'paymentMethodSubtype',
      'txnType',
      'country',
    ],
  },
  confirmNewQuote: { schema: refIdRequestSchema, path: '/confirmednewquote', required: ['refId'], optional: [] },
  cryptoAddress: {
    schema: cryptoAddressRequestSchema,
    path: '/cryptoaddress',
    required: ['refId', 'cryptoAddress'],
    optional: [],
  },
  emtEmail: { schema: emtEmailRequestSchema, path: '/emtemail', required: ['refId', 'emtEmail'], optional: [] },
  buyerInfo: {
    schema: buyerInfoRequestSchema,
    path: '/buyerinfo',
    required: [
      'refId',
      'firstName',
      'lastName',
      'emailAddress',
      'mobile.countryCode',
      'mobile.areaCode',
      'mobile.phoneNumber',
      'dateOfBirth.year',
      'dateOfBirth.month',
      'dateOfBirth.day',
    ],
    // "address fields when required" (section 2, screen 7).
    optional: ['address.addressLine1', 'address.cityTown', 'address.stateProv', 'address.postalCode', 'address.country'],
  },
  mobileVerification: {
    schema: mobileVerificationRequestSchema,
    path: '/mobileverification',
    required: ['refId', 'verificationCode'],
    optional: [],
  },
  generateSmsCode: { schema: refIdRequestSchema, path: '/generatesmscode', required: ['refId'], optional: [] },
  voucherNumber: {
    schema: voucherNumberRequestSchema,
    path: '/vouchernumber',
    required: ['refId', 'voucherNumber'],
    optional: [],
  },
  selfieImage: {
    schema: selfieImageRequestSchema,
    path: '/selfieimage',
    // The image payload of section 3; the mobile number comes only with the document flow.
    required: ['refId', ...IMAGE_FIELDS, 'imageSource'],
    optional: ['mobileNumber'],
  },
  uploadDocument: {
    schema: documentUploadRequestSchema,
    path: '/upload',
    required: ['mobileNumber', ...IMAGE_FIELDS],
    optional: [],
  },
  vipCheck: { schema: vipCheckRequestSchema, path: '/vipcheck', required: ['vipTag'], optional: [] },
  etransferInit: { schema: refIdRequestSchema, path: '/etransfer/init', required: ['refId'], optional: [] },
  bankTransferInit: {
    schema: bankTransferInitRequestSchema,
    path: '/banktransfer/init',
    required: ['refId', 'selectedBank'],
    optional: [],
  },
};

/** The keys a zod object schema knows, nested as `a.b`. */
function schemaFields(schema: z.ZodType, prefix = ''): string[] {
  let inner = schema as z.ZodType & { unwrap?: () => z.ZodType; shape?: Record<string, z.ZodType> };
  while (!inner.shape && inner.unwrap) inner = inner.unwrap() as typeof inner;
  if (!inner.shape) return [];
  return Object.entries(inner.shape).flatMap(([key, value]) => {
    const nested = schemaFields(value, `${prefix}${key}.`);
    return nested.length ? nested : [`${prefix}${key}`];
  });
}

function has(body: unknown, path: string): boolean {
  let value = body;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || !(key in value)) return false;
    value = (value as Record<string, unknown>)[key];
  }
  return value !== undefined;
}

function without(body: Record<string, unknown>, path: string): Record<string, unknown> {
  const [head = '', ...rest] = path.split('.');
  if (!rest.length) {
    const { [head]: _removed, ...others } = body;
    return others;
  }
  return { ...body, [head]: without(body[head] as Record<string, unknown>, rest.join('.')) };
}

// ------------------------------------------------------------ sample bodies

const QUOTE = QUOTE_REQUEST;
const BTC_ADDRESS = '1BoatSLRHtKNngkdXEeobR76b53LETtpyT';
const buyer = (refId: string, extra: Record<string, unknown> = {}) => ({
  refId,
  firstName: 'Jane',
  lastName: 'Doe',
  emailAddress: 'jane@example.com',
  mobile: { countryCode: '1', areaCode: '604', phoneNumber: '5550123' },
  dateOfBirth: { year: '1990', month: '04', day: '09' },
  ...extra,
});
const ADDRESS = {
  addressLine1: '1 Main Street',
  cityTown: 'Vancouver',
  stateProv: 'BC',
  postalCode: 'V6B1A1',
  country: 'CA',
} as const;
const PNG_BASE64 = PNG.toString('base64');
const selfie = (refId: string) =>
  ({
    refId,
    documentType: 'SELFIE',
    mimeType: 'image/png',
    fileName: 'me.png',
    extName: 'png',
    encodedFile: PNG_BASE64,
    imageSource: 'UPLOAD',
  }) as const;
const DOCUMENT = {
  mobileNumber: '6045550123',
  documentType: 'PASSPORT',
  mimeType: 'image/png',
  fileName: 'passport.png',
  extName: 'png',
  encodedFile: PNG_BASE64,
} as const;

/** A valid body per call, for the missing-field checks (no request is sent for these). */
const SAMPLES: Record<string, Record<string, unknown>> = {
  quoteRequest: { ...QUOTE, paymentMethodSubtype: 'X', vipTag: 'vip-demo' },
  requote: {
    refId: 'R',
    fiatAmount: 10,
    cryptoAmount: 0.1,
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: 'X',
    txnType: 'SELL',
    country: 'CA',
  },
  confirmNewQuote: { refId: 'R' },
  cryptoAddress: { refId: 'R', cryptoAddress: BTC_ADDRESS },
  emtEmail: { refId: 'R', emtEmail: 'jane@example.com' },
  buyerInfo: buyer('R', { address: ADDRESS }),
  mobileVerification: { refId: 'R', verificationCode: '123456' },
  generateSmsCode: { refId: 'R' },
  voucherNumber: { refId: 'R', voucherNumber: '1234567890123456' },
  selfieImage: { ...selfie('R'), mobileNumber: '6045550123' },
  uploadDocument: { ...DOCUMENT },
  vipCheck: { vipTag: 'vip-demo' },
  etransferInit: { refId: 'R' },
  bankTransferInit: { refId: 'R', selectedBank: '' },
};

t.test('section 7: every listed field is in the request schema, required ones are enforced', async (t) => {
  for (const [call, spec] of Object.entries(SECTION_7)) {
    const known = schemaFields(spec.schema);
    for (const field of [...spec.required, ...spec.optional]) t.ok(known.includes(field), `${call}: schema knows ${field}`);
    const sample = SAMPLES[call]!;
    t.ok(spec.schema.safeParse(sample).success, `${call}: the sample is valid`);
    for (const field of spec.required) {
      t.notOk(spec.schema.safeParse(without(sample, field)).success, `${call}: a body without ${field} is refused`);
    }
  }
});

// ------------------------------------------------------------ against the sandbox

interface Setup {
  sandbox: RunningSandbox;
  client: UpstreamClient;
  /** Every body the client put on the wire, with its path (once per call). */
  sent: { path: string; body: unknown }[];
  /** Every request the sandbox received (once per attempt). */
  received: { url: string; headers: IncomingHttpHeaders }[];
  lines: Record<string, unknown>[];
}

async function setup(t: Cleanup, headersTimeoutMs = 5_000): Promise<Setup> {
  const sandbox = await startSandbox();
  const received: Setup['received'] = [];
  // Ahead of Fastify on the socket server: sees every attempt, even one a fault will reset.
  sandbox.app.server.prependListener('request', (request: IncomingMessage) => {
    received.push({ url: request.url ?? '', headers: request.headers });
  });
  const { logger, lines } = captureLogger();
  const dispatcher = createUpstreamDispatcher({
    connectTimeoutMs: 1_000,
    headersTimeoutMs,
    bodyTimeoutMs: 5_000,
    logger,
    minDelayMs: 5,
    maxDelayMs: 20,
  });
  const sent: Setup['sent'] = [];
  const recording = dispatcher.compose((dispatch: Dispatcher.Dispatch) => (opts, handler) => {
    sent.push({ path: opts.path, body: typeof opts.body === 'string' ? JSON.parse(opts.body) : undefined });
    return dispatch(opts, handler);
  });
  t.teardown(async () => {
    await dispatcher.destroy();
    await sandbox.close();
  });
  const client = createUpstream({
    baseUrl: sandbox.url,
    uploadUrl: sandbox.thirdParty.uploadUrl,
    cardQuoteUrl: sandbox.thirdParty.cardQuoteUrl,
    dispatcher: recording,
    logger,
  }).forRequest({ requestId: 'contract-1', merchantId: 'maple' });
  return { sandbox, client, sent, received, lines };
}

/** The part of a tap test `value` reports through. */
interface Reporter {
  fail(message: string): void;
  pass(message: string): void;
}

/** Unwraps a success, failing the test with the failure otherwise. */
function value<T>(t: Reporter, result: { ok: true; value: T } | { ok: false; failure: unknown }, what: string): T {
  if (!result.ok) {
    t.fail(`${what}: ${JSON.stringify(result.failure)}`);
    throw new Error(`${what} failed`);
  }
  t.pass(what);
  return result.value;
}

t.test('every call against the sandbox, along the journeys of the flow', async (t) => {
  const { client, sent, received } = await setup(t);

  // Buy by e-transfer: address, buyer info, code, e-transfer instructions.
  let flow = value(t, await client.quoteRequest('BUY', QUOTE), 'quoteRequest');
  t.equal(flow.nextAction, 'INPUT_CRYPTOADDRESS');
  const refId = flow.refId;
  const requoted = value(t, await client.requote('BUY', { refId, fiatAmount: 120 }), 'requote');
  t.equal(requoted.fiatAmount, 120);
  flow = value(t, await client.confirmNewQuote('BUY', refId), 'confirmNewQuote');
  t.equal(flow.fiatAmount, 120);
  flow = value(t, await client.cryptoAddress('BUY', { refId, cryptoAddress: BTC_ADDRESS }), 'cryptoAddress');
  t.equal(flow.nextAction, 'INPUT_BUYERINFO');
  flow = value(t, await client.buyerInfo('BUY', buyer(refId)), 'buyerInfo');
  t.equal(flow.nextAction, 'VERIFY_MOBILE');
  t.same(value(t, await client.generateSmsCode('BUY', refId), 'generateSmsCode'), {});
  flow = value(t, await client.mobileVerification('BUY', { refId, verificationCode: '123456' }), 'mobileVerification');
  t.equal(flow.nextAction, 'INITIATE_ETRANSFER');
  t.match(value(t, await client.status('BUY', refId), 'status'), { txnStatus: 'PENDING', cryptoCurrency: 'BTC' });
  t.equal(value(t, await client.flowState('BUY', refId), 'flowState').refId, refId);
  const initiated = value(t, await client.call(etransferInit, refId), 'etransferInit');
  t.match(initiated, { nextAction: 'CUSTOMER_PAYMENT', nextActionParams: { redirectUrl: /^http/ } });
  t.match(await client.call(etransferInit, refId), { ok: false, failure: { kind: 'error', code: 'TXNSTATUS.INVALID' } });

  // Buy by voucher over the selfie threshold, with the address the amount requires.
  flow = value(t, await client.quoteRequest('BUY', { ...QUOTE, fiatAmount: 300, paymentMethod: 'FLEXEPIN' }), 'voucher quote');
  const voucherRef = flow.refId;
  t.equal(flow.nextActionParams?.addressRequired, true);
  value(t, await client.cryptoAddress('BUY', { refId: voucherRef, cryptoAddress: BTC_ADDRESS }), 'voucher address');
  value(t, await client.buyerInfo('BUY', buyer(voucherRef, { address: ADDRESS })), 'buyer info with address');
  flow = value(t, await client.mobileVerification('BUY', { refId: voucherRef, verificationCode: '123456' }), 'voucher code');
  t.equal(flow.nextAction, 'SUBMIT_SELFIEDOC');
  flow = value(t, await client.selfieImage('BUY', selfie(voucherRef)), 'selfieImage');
  t.equal(flow.nextAction, 'INPUT_VOUCHERNUMBER');
  t.match(await client.call(voucherNumber, 'BUY', { refId: voucherRef, voucherNumber: '9999000011112222' }), {
    ok: false,
    failure: { kind: 'error', status: 422, code: 'TRANSACTION.AMOUNT.MISMATCH', errorParams: { amount: 50 } },
  });
  flow = value(
    t,
    await client.call(voucherNumber, 'BUY', { refId: voucherRef, voucherNumber: '1234567890123456' }),
    'voucherNumber',
  );
  t.equal(flow.nextAction, 'ADMIN_REVIEW', 'a redeemed voucher is reviewed');

  // Buy by bank transfer: the bank list, then the chosen bank's page.
  flow = value(t, await client.quoteRequest('BUY', { ...QUOTE, paymentMethod: 'BANKTRANSFER' }), 'bank quote');
  const bankRef = flow.refId;
  value(t, await client.cryptoAddress('BUY', { refId: bankRef, cryptoAddress: BTC_ADDRESS }), 'bank address');
  value(t, await client.buyerInfo('BUY', buyer(bankRef)), 'bank buyer');
  flow = value(t, await client.mobileVerification('BUY', { refId: bankRef, verificationCode: '123456' }), 'bank code');
  t.equal(flow.nextAction, 'INITIATE_BANKTRANSFER');
  const offered = value(t, await client.call(bankTransferInit, bankRef, ''), 'bankTransferInit without a bank');
  const bank = offered.nextActionParams?.availableBanks?.[0];
  t.ok(bank, 'banks offered');
  const chosen = value(t, await client.call(bankTransferInit, bankRef, bank!.bankCode), 'bankTransferInit');
  t.match(chosen, { nextAction: 'CUSTOMER_PAYMENT', nextActionParams: { htmlDoc: /\S/ } });

  // Sell with an e-transfer payout: email, deposit address, its QR code, status polling.
  flow = value(
    t,
    await client.quoteRequest('SELL', {
      ...QUOTE,
      txnType: 'SELL',
      paymentMethod: 'ETRANSFEROUT',
      fiatAmount: 0,
      cryptoAmount: 0.01,
    }),
    'sell quote',
  );
  const sellRef = flow.refId;
  value(t, await client.requote('SELL', { refId: sellRef, cryptoAmount: 0.02 }), 'sell requote');
  value(t, await client.confirmNewQuote('SELL', sellRef), 'sell confirm');
  value(t, await client.buyerInfo('SELL', buyer(sellRef)), 'sell buyer');
  flow = value(t, await client.mobileVerification('SELL', { refId: sellRef, verificationCode: '123456' }), 'sell code');
  t.equal(flow.nextAction, 'INPUT_EMTEMAIL');
  flow = value(t, await client.call(emtEmail, 'SELL', { refId: sellRef, emtEmail: 'jane@example.com' }), 'emtEmail');
  t.match(flow, { nextAction: 'CUSTOMER_PAYMENT', cryptoAddress: /\S/ });
  value(t, await client.status('SELL', sellRef), 'first poll');
  t.match(value(t, await client.status('SELL', sellRef), 'second poll'), { txnStatus: 'PROCESSED' });
  t.match(
    await client.status('BUY', sellRef),
    { ok: false, failure: { kind: 'error', code: 'TRANSACTION.NOTFOUND' } },
    'the other API does not know it',
  );

  // Root calls and third parties.
  t.equal(value(t, await client.vipCheck('vip-demo'), 'vipCheck'), true);
  t.equal(value(t, await client.vipCheck('someone'), 'vipCheck unknown'), false);
  t.ok(value(t, await client.ticker(), 'ticker').some((e) => e.cryptoCurrency === 'BTC' && e.fiatCurrency === 'CAD'));
  t.same(value(t, await client.proc('poli-return', { token: 'abc' }), 'proc'), { status: 'DONE' });
  t.same(value(t, await client.uploadDocument(DOCUMENT), 'uploadDocument'), { uploaded: true, fileName: 'passport.png' });
  t.match(value(t, await client.cardQuote({ key: 'sandbox-key', baseCurrency: 'USD', amount: 100 }), 'cardQuote'), {
    feeAmount: 3.5,
    extraFeeAmount: 0.3,
  });

  for (const request of received) {
    t.equal(request.headers['x-request-id'], 'contract-1', `${request.url}: x-request-id`);
    t.equal(request.headers['x-merchant'], 'maple', `${request.url}: x-merchant`);
  }
  // What went on the wire carries every field section 7 requires.
  for (const [call, spec] of Object.entries(SECTION_7)) {
    const bodies = sent.filter((s) => s.path.split('?')[0]!.endsWith(spec.path)).map((s) => s.body);
    t.ok(bodies.length > 0, `${call} was exercised`);
    for (const body of bodies) {
      for (const field of spec.required) t.ok(has(body, field), `${call}: sent ${field}`);
    }
  }
});

t.test('sandbox error bodies map to failures', async (t) => {
  const { client } = await setup(t);
  t.match(await client.quoteRequest('BUY', { ...QUOTE, fiatAmount: 401 }), {
    ok: false,
    failure: { kind: 'error', code: 'TRANSACTION.DAILYLIMIT.REACHED', msg: /daily/ },
  });
  t.match(
    await client.quoteRequest('BUY', { ...QUOTE, fiatAmount: 404 }),
    {
      ok: false,
      failure: { kind: 'unavailable', status: 500, reason: 'status-5xx' },
    },
    'a bare 500: no message',
  );
  const flow = value(t, await client.quoteRequest('BUY', { ...QUOTE, fiatAmount: 405 }), 'quote');
  t.match(await client.requote('BUY', { refId: flow.refId, fiatAmount: 405 }), {
    ok: false,
    failure: { kind: 'error', code: 'SYSTEM' },
  });
  value(t, await client.cryptoAddress('BUY', { refId: flow.refId, cryptoAddress: BTC_ADDRESS }), 'address');
  t.match(await client.buyerInfo('BUY', buyer(flow.refId, { firstName: 'error' })), {
    ok: false,
    failure: { kind: 'errors', items: [{ errorCode: /\S/, errorMsg: 'First name is not valid.' }] },
  });
  t.match(await client.flowState('BUY', 'SBXNOTHERE'), { ok: false, failure: { kind: 'error', code: 'TRANSACTION.NOTFOUND' } });
  await t.rejects(
    client.buyerInfo('BUY', without(buyer(flow.refId), 'dateOfBirth.day') as ReturnType<typeof buyer>),
    UpstreamRequestError,
  );
});

t.test('faults: 504, 504 then success after three attempts', async (t) => {
  const { sandbox, client, lines } = await setup(t);
  sandbox.app.sandbox.queueFaults(['504', '504']);
  value(t, await client.quoteRequest('BUY', QUOTE), 'quote after two 504s');
  t.match(
    lines.filter((l) => l.msg?.toString().startsWith('upstream request')),
    [{ reqId: 'contract-1', upstream: { method: 'POST', attempts: 3, status: 200 } }],
  );
});

t.test('faults: 503 is one attempt and unavailable', async (t) => {
  const { sandbox, client, lines } = await setup(t);
  sandbox.app.sandbox.queueFaults(['503']);
  t.same(await client.ticker(), { ok: false, failure: { kind: 'unavailable', status: 503, reason: 'status-503' } });
  t.match(lines, [{ upstream: { attempts: 1, status: 503 } }]);
});

t.test('faults: a reset POST is retried and the sandbox sees one Idempotency-Key', async (t) => {
  const { sandbox, client, received, lines } = await setup(t);
  const flow = value(t, await client.quoteRequest('BUY', QUOTE), 'quote');
  sandbox.app.sandbox.queueFaults(['reset']);
  value(t, await client.cryptoAddress('BUY', { refId: flow.refId, cryptoAddress: BTC_ADDRESS }), 'address after a reset');
  t.match(lines.at(-1), { upstream: { attempts: 2, status: 200 } });
  const attempts = received.filter((r) => r.url === '/txnbuy/cryptoaddress');
  t.equal(attempts.length, 2, 'the sandbox saw both attempts');
  t.match(attempts[0]!.headers['idempotency-key'], /^[0-9a-f-]{36}$/);
  t.equal(attempts[1]!.headers['idempotency-key'], attempts[0]!.headers['idempotency-key'], 'the same key');
});

t.test('faults: an upstream that hangs is unavailable/timeout', async (t) => {
  const { sandbox, client, lines } = await setup(t, 100);
  sandbox.app.sandbox.queueFaults(['hang']);
  const started = Date.now();
  t.same(await client.ticker(), { ok: false, failure: { kind: 'unavailable', reason: 'timeout' } });
  t.ok(Date.now() - started < 100 + 1_500, 'within the configured timeout');
  t.match(lines, [{ upstream: { attempts: 1, error: 'UND_ERR_HEADERS_TIMEOUT' } }]);
});
