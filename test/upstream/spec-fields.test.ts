// Only what the spec says, required: the edge calls the sandbox through a proxy that cuts
// every answer down to the fields docs/spec.md section 7 says the checkout uses (and,
// for a flow state, the fields section 3 gives it), then adds fields nobody knows. Each
// journey below goes on as it does against the sandbox itself.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { driveTo, IDR_BANK_WALK, passIdentity, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';
import { multipartBody, PDF } from '../helpers/upload-files.ts';

const { UPLOAD_MESSAGES } = DEFAULT_TEXTS;

type Json = Record<string, unknown>;

/** What no version of the spec names: the edge must let it pass unread. */
const UNKNOWN = { unknownField: 'anything', unknownNested: { deeper: [1, 'two', null] } };

const FLOW_STATE = [
  'refId',
  'fiatAmount',
  'fiatCurrency',
  'cryptoAmount',
  'cryptoCurrency',
  'cryptoAddress',
  'paymentMethod',
  'paymentMethodSubtype',
  'txnType',
  'txnStatus',
  'txnValidUntil',
  'forexRatePublic',
  'txnDate',
  'country',
  'nextAction',
  'nextActionParams',
];
const NEXT_ACTION_PARAMS = ['addressRequired', 'redirectUrl', 'htmlDoc', 'cryptoAddress', 'availableBanks'];

function only(value: unknown, fields: string[]): Json {
  const source = (value ?? {}) as Json;
  const kept: Json = { ...UNKNOWN };
  for (const field of fields) if (field in source) kept[field] = source[field];
  return kept;
}

function nextActionParams(value: unknown): Json | null {
  if (value === null || value === undefined) return null;
  const params = only(value, NEXT_ACTION_PARAMS);
  if (Array.isArray(params.availableBanks))
    params.availableBanks = params.availableBanks.map((bank) => only(bank, ['bankCode', 'bankName']));
  return params;
}

function flowState(value: unknown): Json {
  const state = only(value, FLOW_STATE);
  if ('nextActionParams' in state) state.nextActionParams = nextActionParams(state.nextActionParams);
  return state;
}

/** Section 7's "Response used", call by call; an error body goes through as it came. */
function specFields(path: string, body: unknown): unknown {
  if (body && typeof body === 'object' && 'error' in body) return body;
  if (
    /\/(quoterequest|confirmednewquote|cryptoaddress|emtemail|buyerinfo|mobileverification|vouchernumber|selfieimage)$/.test(path)
  )
    return flowState(body);
  if (/\/flowstate\//.test(path)) return flowState(body);
  if (path.endsWith('/requote')) return only(body, ['cryptoAmount', 'txnValidUntil', 'forexRatePublic', 'txnDate']);
  if (path.endsWith('/generatesmscode')) return only(body, ['error']);
  if (/\/status\//.test(path)) return only(body, ['txnStatus', 'cryptoAddress', 'cryptoCurrency', 'cryptoAmount']);
  if (path.endsWith('/etransfer/init'))
    return {
      ...UNKNOWN,
      nextActionParams: { ...UNKNOWN, redirectUrl: (body as Json & { nextActionParams: Json }).nextActionParams.redirectUrl },
    };
  if (path.endsWith('/banktransfer/init')) {
    const next = only(body, ['nextAction', 'nextActionParams']);
    next.nextActionParams = nextActionParams(next.nextActionParams);
    return next;
  }
  // "upload result": the answer an upload API of another make gives.
  if (path.endsWith('/upload')) return { success: true, fileName: 'passport.pdf', ...UNKNOWN };
  if (path.endsWith('/ticker/merchant'))
    return (body as unknown[]).map((entry) => only(entry, ['cryptoCurrency', 'fiatCurrency', 'fiatAmount']));
  if (path.endsWith('/vipcheck')) return body;
  if (path.startsWith('/thirdparty/card/quote')) return only(body, ['quoteCurrencyAmount', 'feeAmount', 'extraFeeAmount']);
  // /{procid}: "Processing then Done", nothing of it read.
  return { ...UNKNOWN };
}

/** Forwards to the sandbox and answers with what specFields leaves of each JSON answer. */
async function startCuttingProxy(target: () => string) {
  const calls: string[] = [];
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
    ) as Record<string, string>;
    const method = request.method ?? 'GET';
    const answer = await fetch(`${target()}${request.url}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    const type = answer.headers.get('content-type') ?? '';
    const path = (request.url ?? '').split('?')[0]!;
    calls.push(path);
    if (!type.includes('json')) {
      response.writeHead(answer.status, { 'content-type': type });
      response.end(Buffer.from(await answer.arrayBuffer()));
      return;
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(specFields(path, await answer.json())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, calls, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let sandboxUrl = '';
const cutting = await startCuttingProxy(() => sandboxUrl);
const edge = await startStack({
  listen: false,
  upstreamUrl: (url) => {
    sandboxUrl = url;
    return cutting.url;
  },
  // The card provider's quote goes through the proxy too.
  thirdParty: (sandbox) => ({ ...sandbox, cardQuoteUrl: sandbox.cardQuoteUrl?.replace(/^http:\/\/[^/]+/, cutting.url) }),
});
t.teardown(async () => {
  await edge.close();
  await cutting.close();
});

const called = (suffix: string) => cutting.calls.some((path) => path.endsWith(suffix));

t.test('a buy by e-Transfer: every flow state cut to the spec, init answering only its redirectUrl', async (t) => {
  const visitor = await driveTo(edge, '/payment-etransfer-instructions');
  const page = await visitor.get('/payment-etransfer-instructions');
  t.equal(page.statusCode, 200, 'the payment page');
  t.match(page.body, /OPEN PAYMENT PAGE/i);
  for (const call of ['/quoterequest', '/cryptoaddress', '/buyerinfo', '/mobileverification', '/etransfer/init'])
    t.ok(called(call), `${call} went through the proxy`);
});

t.test('the rate hold ends: a requote of four fields, then the quote', async (t) => {
  const visitor = await driveTo(edge, '/price-quote');
  const accepted = await visitor.post('/price-quote/accept');
  t.ok(accepted.statusCode < 400, `accepted: ${accepted.statusCode}`);
  t.ok(called('/requote') && called('/confirmednewquote'));
});

t.test('a bank transfer: the next step and its banks only', async (t) => {
  const visitor = await driveTo(edge, '/image-input-choice', IDR_BANK_WALK);
  t.equal(await passIdentity(visitor), '/bank-select');
  const page = await visitor.get('/bank-select');
  t.equal(page.statusCode, 200);
  const chosen = await visitor.post('/bank-select', { selectedBank: 'BCA' });
  t.equal(chosen.statusCode, 303, 'the form is answered with a redirect');
  const bank = await visitor.get(String(chosen.headers.location));
  t.equal(bank.statusCode, 200, "the bank's page");
  t.match(bank.body, 'Sandbox Bank Central Asia (Sandbox)');
});

t.test('a document upload whose API answers {success, fileName}: a success', async (t) => {
  const { payload, contentType } = multipartBody([
    { field: 'mobile', value: '416 555 0199' },
    { field: 'documentType', value: 'PASSPORT' },
    { field: 'file', fileName: 'passport.pdf', value: PDF, type: 'application/pdf' },
  ]);
  const visitor = new Visitor(edge);
  const done = await visitor.followKept(
    await edge.app.inject({
      method: 'POST',
      url: '/verify',
      payload,
      headers: visitor.headers({ 'content-type': contentType, accept: 'text/html' }),
    }),
  );
  t.equal(done.statusCode, 200, 'the page the 303 led to');
  t.match(done.body, UPLOAD_MESSAGES.complete);
  t.ok(called('/upload'));
});

t.test('a voucher, a sell paid by deposit (status), Pro (vipcheck), /proc, the ticker and a card quote', async (t) => {
  const voucher = await driveTo(edge, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 });
  const redeemed = await voucher.post('/payment-flexepin', { voucherNumber: '1234567890123456' });
  t.ok(redeemed.statusCode === 303 || redeemed.statusCode === 200, `voucher: ${redeemed.statusCode}`);
  t.ok(called('/vouchernumber'));

  const seller = await driveTo(edge, '/payment-spend', { kind: 'SELL', amount: 0.0015 });
  const spend = await seller.get('/payment-spend');
  t.equal(spend.statusCode, 200, 'the deposit page');
  t.ok(called(`/status/${seller.refId()}`));

  const pro = await new Visitor(edge).get('/pro/vip-demo');
  t.equal(pro.statusCode, 200, 'an invited Pro visitor');

  const proc = await new Visitor(edge).get('/proc/order-42?ref=abc');
  t.equal(proc.statusCode, 200);
  t.match(proc.body, /Done/);

  const ticker = await edge.app.inject({ url: '/api/pubapi/ticker/merchant', headers: { host: 'maple.localhost' } });
  t.equal(ticker.statusCode, 200);
  t.match(ticker.json()[0], { cryptoCurrency: /\w/, fiatCurrency: /\w/, fiatAmount: Number });

  const card = await driveTo(edge, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 });
  const quote = await card.get('/credit-card-quote');
  t.equal(quote.statusCode, 200, 'the card quote');
  t.ok(called('/thirdparty/card/quote'));
  t.notOk(
    edge.logs.some((l) => l.msg === 'upstream response breaks the contract'),
    'no answer was taken for a broken one',
  );
});
