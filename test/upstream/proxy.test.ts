// The /api proxy over real sockets: raw request paths (no client-side normalisation), a
// counting upstream, and the shared dispatcher underneath.

import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import fastify from 'fastify';
import t from 'tap';
import { TICKER_CACHE_MS } from '../../checkout/limits.ts';
import { KeptPublicAnswers, keepForMs } from '../../server/flow/public-answers.ts';
import { errorsPlugin } from '../../server/http/errors.ts';
import { upstreamPlugin } from '../../server/upstream/dispatcher.ts';
import { API_BODY_LIMIT, upstreamProxy } from '../../server/upstream/proxy.ts';
import { type Cleanup, captureLogger, rawRequest, type Seen, type Step, startUpstream } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function fixture(
  t: Cleanup,
  steps: Step[] | ((seen: Seen) => Step) = [{ status: 200, body: { ok: true } }],
  { upstreamUrl, headersTimeoutMs = 2_000 }: { upstreamUrl?: string; headersTimeoutMs?: number } = {},
) {
  // The proxy's clock: a test moves it past a kept public answer instead of waiting.
  const clock = { now: 1_000_000 };
  const upstream = await startUpstream(steps);
  const { logger, lines } = captureLogger();
  let requests = 0;
  const app = fastify({ logger: false, genReqId: () => `edge-${++requests}` });
  // What each request's own line (http/lifecycle.ts) is given to tell of its call.
  const summaries: unknown[] = [];
  app.addHook('onResponse', async (request) => void summaries.push(request.upstreamSummary));
  const received = { count: 0 };
  app.addHook('onRequest', async () => void received.count++);
  // The plugins the proxy declares it needs: the error shape and the shared dispatcher.
  await app.register(errorsPlugin);
  await app.register(upstreamPlugin, {
    baseUrl: upstreamUrl ?? upstream.url,
    uploadUrl: `${upstream.url}/docs/upload`,
    timeouts: { connectMs: 500, headersMs: headersTimeoutMs, bodyMs: 2_000 },
    retry: { minDelayMs: 5, maxDelayMs: 20 },
    logger,
  });
  await app.register(upstreamProxy, {
    upstreamUrl: upstreamUrl ?? upstream.url,
    merchantIdOf: (request) => (request.headers.host?.startsWith('koala') ? 'koala' : 'maple'),
    flowOf: testFlow,
    publicAnswers: new KeptPublicAnswers(() => clock.now),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  t.teardown(async () => {
    await app.close();
    await upstream.close();
  });
  const { port } = app.server.address() as AddressInfo;
  const send = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    rawRequest(
      port,
      method,
      path,
      body === undefined
        ? headers
        : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...headers },
      body,
    );
  return { send, seen: upstream.seen, lines, summaries, clock, received };
}

/**
 * The visitor's flow for these tests: `x-test-flow: BUY:REF` (or `none`); without the
 * header, the transaction the path names, so the other tests see an owned call.
 */
function testFlow(request: FastifyRequest): { refId: string; txnType: 'BUY' | 'SELL' } | null {
  const given = request.headers['x-test-flow'];
  if (given === 'none') return null;
  if (typeof given === 'string') {
    const [txnType, refId] = given.split(':');
    return { txnType: txnType === 'SELL' ? 'SELL' : 'BUY', refId: refId ?? '' };
  }
  const path = (request.raw.url ?? '').split('?')[0]!;
  const named = /\/status\/([^/]+)$/.exec(path)?.[1];
  const body = request.body as { refId?: string } | undefined;
  return { txnType: path.includes('/txnsell/') ? 'SELL' : 'BUY', refId: named ?? body?.refId ?? 'ABC123' };
}

t.test("an island may act only on the visitor's own transaction", async (t) => {
  const { send, seen } = await fixture(t, Array(20).fill(200));
  const mine = { 'x-test-flow': 'BUY:MINE1' };
  t.equal((await send('GET', '/api/txnbuy/status/MINE1', mine)).status, 200, 'own status');
  t.equal(
    (await send('POST', '/api/txnbuy/requote', mine, JSON.stringify({ refId: 'MINE1', fiatAmount: 50 }))).status,
    200,
    'own requote',
  );
  const before = seen.length;
  const refused: [string, string, Record<string, string>, string?][] = [
    ['GET', '/api/txnbuy/status/THEIRS', mine],
    ['GET', '/api/txnsell/status/MINE1', mine],
    ['GET', '/api/pubapi/qrcode/walletaddress/MINE1', mine],
    ['POST', '/api/txnbuy/requote', mine, JSON.stringify({ refId: 'THEIRS', fiatAmount: 50 })],
    ['POST', '/api/txnsell/confirmednewquote', mine, JSON.stringify({ refId: 'MINE1' })],
    ['GET', '/api/txnbuy/status/MINE1', { 'x-test-flow': 'none' }],
    ['POST', '/api/upload', { 'x-test-flow': 'none' }, JSON.stringify({ mobileNumber: '+14165550199' })],
  ];
  for (const [method, path, headers, body] of refused) {
    t.equal((await send(method, path, headers, body)).status, 404, `${method} ${path} ${JSON.stringify(headers)}`);
  }
  t.equal(seen.length, before, 'none of them reached the upstream');
  t.equal((await send('GET', '/api/pubapi/ticker/merchant', { 'x-test-flow': 'none' })).status, 200, 'the ticker is public');
});

t.test('allowlisted calls reach the upstream at the same path, without the query', async (t) => {
  const { send, seen } = await fixture(t);
  const calls: [string, string, string][] = [
    ['GET', '/api/txnbuy/status/ABC-123_x?t=1', '/txnbuy/status/ABC-123_x'],
    ['GET', '/api/txnsell/status/ABC123', '/txnsell/status/ABC123'],
    ['GET', '/api/pubapi/ticker/merchant', '/pubapi/ticker/merchant'],
    ...['txnbuy', 'txnsell'].flatMap((api) =>
      ['requote', 'confirmednewquote'].map((call): [string, string, string] => [
        'POST',
        `/api/${api}/${call}`,
        `/${api}/${call}`,
      ]),
    ),
  ];
  for (const [method, path, upstreamPath] of calls) {
    const response = await send(method, path, {}, method === 'POST' ? '{"refId":"ABC123"}' : undefined);
    t.equal(response.status, 200, `${method} ${path}`);
    t.same(JSON.parse(response.body), { ok: true });
    const last = seen.at(-1)!;
    t.equal(last.url, upstreamPath);
    t.equal(last.method, method);
    if (method === 'POST') t.same(JSON.parse(last.body), { refId: 'ABC123' }, 'body forwarded');
  }
  t.equal(seen.length, calls.length);
});

t.test('everything else is a 404 and the upstream sees nothing', async (t) => {
  const { send, seen } = await fixture(t);
  const hostile: [string, string][] = [
    ['GET', '/api/txnbuy/status/%2e%2e'],
    ['GET', '/api/txnbuy/status/%2E%2E'],
    ['GET', '/api/txnbuy/status/..%2fflowstate%2fABC'],
    ['GET', '/api/txnbuy/status/..%2Fflowstate'],
    ['GET', '/api/txnbuy/status/..%5cadmin'],
    ['GET', '/api/txnbuy/status/a\\..\\..\\admin'],
    ['GET', '/api/txnbuy/status/../../vipcheck'],
    ['GET', '/api/txnbuy/status/%252e%252e'],
    ['GET', '/api/txnbuy/./status/ABC'],
    ['GET', '/api/%2e%2e/admin'],
    ['GET', '/api/txnbuy/status/ABC%00'],
    ['GET', '/api//evil.test/x'],
    ['GET', '/api//evil.test'],
    ['GET', '/api/http://evil.test/x'],
    ['GET', '/api/https:%2f%2fevil.test/x'],
    ['GET', 'http://evil.test/api/txnbuy/status/ABC'],
    ['GET', '/api/txnbuy/status//ABC'],
    ['GET', '/api/txnbuy/status/'],
    ['GET', '/api/txnbuy/status/ABC/extra'],
    ['GET', `/api/txnbuy/status/${'A'.repeat(65)}`],
    ['GET', '/api/TXNBUY/status/ABC'],
    ['GET', '/api/pubapi/ticker/merchant;x=1'],
    ['GET', '/api/txnbuy/flowstate/ABC'],
    ['POST', '/api/txnbuy/quoterequest'],
    ['POST', '/api/txnbuy/buyerinfo'],
    // Resend Code is a form of the page, not an island's call.
    ['POST', '/api/txnbuy/generatesmscode'],
    ['POST', '/api/vipcheck'],
    ['POST', '/api/etransfer/init'],
    ['GET', '/api/txnbuy/requote'],
    ['POST', '/api/txnbuy/status/ABC'],
    ['PUT', '/api/txnbuy/requote'],
    ['DELETE', '/api/txnbuy/status/ABC'],
    ['HEAD', '/api/pubapi/ticker/merchant'],
    ['OPTIONS', '/api/txnbuy/requote'],
    // Files go to the screens' routes, which check their bytes: never raw through here.
    ['POST', '/api/upload'],
    ['POST', '/api/txnbuy/selfieimage'],
    ['POST', '/api/txnsell/selfieimage'],
    ['POST', '/api/upload/'],
    ['POST', '/api/upload/../txnbuy/quoterequest'],
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/txntxn/status/ABC'],
  ];
  for (const [method, path] of hostile) {
    const response = await send(method, path, {}, method === 'POST' || method === 'PUT' ? '{"refId":"ABC"}' : undefined);
    t.equal(response.status, 404, `${method} ${path}`);
  }
  t.equal(seen.length, 0, 'the upstream saw nothing');
});

t.test('visitor credentials and forwarding headers stay at the edge; ids travel', async (t) => {
  const { send, seen } = await fixture(t, [
    {
      status: 200,
      body: { ok: true },
      headers: { 'set-cookie': ['upstream=1; Path=/', 'b=2'], server: 'exchange/1.2', 'x-powered-by': 'php', 'x-kept': 'yes' },
    },
  ]);
  const response = await send(
    'POST',
    '/api/txnbuy/requote',
    {
      host: 'koala.example',
      cookie: 'flow=signed; other=1',
      authorization: 'Bearer visitor',
      'x-forwarded-for': '203.0.113.9',
      'x-forwarded-host': 'evil.test',
      'x-forwarded-proto': 'http',
      'x-request-id': 'visitor-chosen',
      'x-merchant': 'someone-else',
      'idempotency-key': 'visitor-key',
      forwarded: 'for=203.0.113.9',
      'user-agent': 'Visitor/1.0',
    },
    '{"refId":"ABC123","fiatAmount":100}',
  );
  t.equal(response.status, 200);
  const headers = seen[0]!.headers;
  for (const name of [
    'cookie',
    'authorization',
    'x-forwarded-for',
    'x-forwarded-host',
    'x-forwarded-proto',
    'forwarded',
    'user-agent',
  ]) {
    t.equal(headers[name], undefined, `${name} not forwarded`);
  }
  t.equal(headers['x-request-id'], 'edge-1', 'the edge request id, not the visitor one');
  t.equal(headers['x-merchant'], 'koala', 'the merchant of the request');
  t.match(headers['idempotency-key'], UUID, 'a fresh Idempotency-Key on POST');
  t.equal(headers['content-type'], 'application/json');
  t.equal(response.headers['set-cookie'], undefined, 'upstream Set-Cookie dropped');
  t.equal(response.headers.server, undefined, 'upstream Server dropped');
  t.equal(response.headers['x-powered-by'], undefined);
  t.equal(response.headers['x-kept'], undefined, 'only the allowlisted upstream headers pass');
});

t.test('GET carries no Idempotency-Key and no body, whatever the visitor sent', async (t) => {
  const { send, seen } = await fixture(t);
  const response = await send('GET', '/api/pubapi/ticker/merchant', {}, '{"smuggled":true}');
  t.equal(response.status, 200);
  t.equal(seen[0]!.headers['idempotency-key'], undefined);
  t.equal(seen[0]!.headers['content-length'], undefined);
  t.equal(seen[0]!.headers['content-type'], undefined);
  t.equal(seen[0]!.body, '');
  t.equal(seen[0]!.headers['x-merchant'], 'maple');
});

t.test('body limits: every body is small; a file-sized one is 413 before the upstream', async (t) => {
  const { send, seen } = await fixture(t);
  const fileSized = JSON.stringify({ refId: 'A', encodedFile: 'A'.repeat(6_533_336) });
  t.equal((await send('POST', '/api/txnbuy/requote', {}, fileSized)).status, 413, 'a file-sized body');
  const small = JSON.stringify({ refId: 'A', pad: 'x'.repeat(API_BODY_LIMIT) });
  t.equal((await send('POST', '/api/txnbuy/requote', {}, small)).status, 413, 'over 64 KB');
  t.equal(seen.length, 0, 'refused bodies never reached the upstream');
});

t.test('only JSON bodies are proxied', async (t) => {
  const { send, seen } = await fixture(t);
  const response = await send(
    'POST',
    '/api/txnbuy/requote',
    { 'content-type': 'application/x-www-form-urlencoded' },
    'refId=ABC',
  );
  t.equal(response.status, 415);
  t.equal((await send('POST', '/api/txnbuy/requote', {}, '{"refId":')).status, 400, 'malformed JSON');
  t.equal(seen.length, 0);
});

t.test('one retry layer: 503 is not retried by the proxy either', async (t) => {
  const { send, seen } = await fixture(t, [503, { status: 200, body: { ok: true } }]);
  const response = await send('GET', '/api/txnbuy/status/ABC');
  t.equal(response.status, 503);
  t.equal(seen.length, 1);
});

t.test('the shared dispatcher retries proxied calls: 504, 504, 200', async (t) => {
  const { send, seen, lines, summaries, clock } = await fixture(t, [504, 504, { status: 200, body: { ok: true } }, 503]);
  const response = await send('GET', '/api/pubapi/ticker/merchant');
  t.equal(response.status, 200);
  t.equal(seen.length, 3);
  t.same(lines, [], 'no line of its own');
  t.match(
    summaries,
    [{ method: 'GET', path: '/pubapi/ticker/merchant', status: 200, attempts: 3 }],
    "told on the request's own line",
  );
  // Past the moment the answer is kept (public-answers.ts), the next call goes upstream.
  clock.now += TICKER_CACHE_MS;
  const failed = await send('GET', '/api/pubapi/ticker/merchant');
  t.equal(failed.status, 503);
  t.match(
    lines,
    [
      {
        msg: 'upstream request failed',
        reqId: 'edge-2',
        merchant: 'maple',
        upstream: { path: '/pubapi/ticker/merchant', status: 503, attempts: 1 },
      },
    ],
    'a failed call: its own warning',
  );
  t.notOk(summaries[1], 'and nothing on the request line');
});

t.test('a reset POST is retried with the same Idempotency-Key and body', async (t) => {
  const { send, seen } = await fixture(t, ['reset', { status: 200, body: { ok: true } }]);
  const response = await send('POST', '/api/txnbuy/requote', {}, '{"refId":"ABC123"}');
  t.equal(response.status, 200);
  t.equal(seen.length, 2);
  t.match(seen[0]!.headers['idempotency-key'], UUID);
  t.equal(seen[1]!.headers['idempotency-key'], seen[0]!.headers['idempotency-key']);
  t.equal(seen[1]!.body, '{"refId":"ABC123"}');
});

t.test('an unreachable upstream: 502 without internal detail', async (t) => {
  const { send } = await fixture(t, [200], { upstreamUrl: 'http://127.0.0.1:1' });
  const response = await send('GET', '/api/pubapi/ticker/merchant');
  t.equal(response.status, 502);
  t.same(JSON.parse(response.body), {
    error: { code: 'UPSTREAM.UNAVAILABLE', msg: 'The service is temporarily unavailable. Please try again in a moment.' },
  });
});

t.test('the dispatcher timeouts apply to proxied calls: a silent upstream is a 504', async (t) => {
  const { send, seen } = await fixture(t, ['hang'], { headersTimeoutMs: 100 });
  const started = Date.now();
  const response = await send('GET', '/api/txnbuy/status/ABC');
  t.equal(response.status, 504);
  t.equal(seen.length, 1, 'a slow upstream is not asked again, as for the typed client');
  t.ok(Date.now() - started < 100 + 1_500, 'bounded by the dispatcher timeout');
  t.notMatch(response.body, /127\.0\.0\.1|UND_ERR/);
});

const TICKER = '/api/pubapi/ticker/merchant';
const PRICES = [{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 91_000 }];

t.test("the ticker's answer is kept a moment per merchant: a flood of calls asks the upstream once", async (t) => {
  const { send, seen, summaries, clock } = await fixture(t, [{ status: 200, body: PRICES }]);
  const first = await send('GET', TICKER);
  t.equal(first.status, 200);
  t.same(JSON.parse(first.body), PRICES);
  for (let i = 0; i < 5; i++) {
    const again = await send('GET', TICKER);
    t.equal(again.body, first.body, 'the same prices');
    t.equal(again.headers['content-type'], first.headers['content-type']);
  }
  t.equal(seen.length, 1, 'one upstream call for six visitors');
  t.match(summaries[0], { path: '/pubapi/ticker/merchant', status: 200 }, 'the call is told on its own request line');
  t.notOk(summaries[1], 'a kept answer made no call to tell');
  await send('GET', TICKER, { host: 'koala.localhost' });
  t.equal(seen.length, 2, 'another merchant asks for its own');
  t.equal(seen[1]!.headers['x-merchant'], 'koala');
  clock.now += TICKER_CACHE_MS - 1;
  await send('GET', TICKER);
  t.equal(seen.length, 2, 'still kept just before the moment ends');
  clock.now += 1;
  await send('GET', TICKER);
  t.equal(seen.length, 3, 'asked again once it ends');
});

t.test('visitors asking while the call is on its way share it', async (t) => {
  const held: (() => void)[] = [];
  const { send, seen, received } = await fixture(t, () => (_seen, res) => {
    held.push(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(PRICES));
    });
  });
  const answers = Promise.all(Array.from({ length: 8 }, () => send('GET', TICKER)));
  // The upstream answers once the edge has taken all eight in (their handlers start in the same turn).
  await new Promise<void>((resolve) => {
    const wait = () => (received.count === 8 && held.length > 0 ? setImmediate(resolve) : setImmediate(wait));
    wait();
  });
  for (const answer of held) answer();
  t.same(
    (await answers).map((a) => a.status),
    Array(8).fill(200),
  );
  t.equal(seen.length, 1, 'one upstream call for the eight');
});

t.test("the upstream's Cache-Control bounds the keeping; a failure is never kept", async (t) => {
  const steps: Step[] = [
    { status: 200, body: PRICES, headers: { 'cache-control': 'no-store' } },
    { status: 200, body: PRICES, headers: { 'cache-control': 'public, max-age=1' } },
    503,
    { status: 200, body: PRICES },
  ];
  const { send, seen, clock } = await fixture(t, steps);
  const first = await send('GET', TICKER);
  t.equal(first.headers['cache-control'], 'no-store', 'passed on as it came');
  const second = await send('GET', TICKER);
  t.equal(seen.length, 2, 'no-store: asked again');
  t.equal(second.headers['cache-control'], 'public, max-age=1');
  await send('GET', TICKER);
  t.equal(seen.length, 2, 'max-age=1: kept');
  clock.now += 1_000;
  const failed = await send('GET', TICKER);
  t.equal(seen.length, 3, 'asked again after its second');
  t.equal(failed.status, 503);
  const after = await send('GET', TICKER);
  t.equal(seen.length, 4, 'the failure was not kept: the next visitor asks again');
  t.equal(after.status, 200);
  t.same(JSON.parse(after.body), PRICES);
});

t.test('how long an upstream Cache-Control lets the edge keep an answer', async (t) => {
  t.equal(keepForMs(undefined), TICKER_CACHE_MS, 'nothing said: the ticker moment');
  t.equal(keepForMs('public'), TICKER_CACHE_MS);
  t.equal(keepForMs('max-age=2'), 2_000);
  t.equal(keepForMs('max-age=600'), TICKER_CACHE_MS, 'never longer than the moment');
  t.equal(keepForMs('max-age=60, s-maxage=1'), 1_000, 's-maxage speaks for a shared cache');
  t.equal(keepForMs('max-age=0'), 0);
  for (const refused of ['no-store', 'no-cache', 'private', 'public, no-cache="set-cookie"', 'Private, max-age=60']) {
    t.equal(keepForMs(refused), 0, refused);
  }
});
