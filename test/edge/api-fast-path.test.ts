// The /api calls answered in front of Fastify (server/front/api-fast-path.ts): the same
// status, bytes and headers as the Fastify route for whatever the upstream answers, the
// same rate-limit counters, the same metrics and log line; every other request meets the
// Fastify route unchanged. The Fastify route is reached with app.inject (Fastify's own
// handler), the fast path over a socket (the server's request listener).
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { gzipSync } from 'node:zlib';
import t, { type Test } from 'tap';
import { TICKER_CACHE_MS } from '../../checkout/limits.ts';
import { MAPLE, startFlow } from '../helpers/journey.ts';
import { measuredUnderPressure } from '../helpers/pressure.ts';
import { startRedis } from '../helpers/redis.ts';
import { type Stack, startStack } from '../helpers/stack.ts';
import { type RawResponse, rawRequest } from '../upstream/helpers.ts';

const TICKER = '/api/pubapi/ticker/merchant';
const ROO = 'roo.localhost';

/** An upstream in front of the sandbox whose ticker answer a test sets; the rest passes through. */
async function tickerUpstream(t: Test) {
  let sandboxUrl = '';
  let ticker: ((res: ServerResponse) => void) | undefined;
  let calls = 0;
  const front = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (req.url === '/pubapi/ticker/merchant') calls++;
      if (req.url === '/pubapi/ticker/merchant' && ticker) return ticker(res);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length'),
      ) as Record<string, string>;
      const answer = await fetch(sandboxUrl + req.url, {
        method: req.method,
        headers,
        body: req.method === 'GET' ? undefined : Buffer.concat(chunks),
      });
      res
        .writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
        .end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    front.closeAllConnections();
    return new Promise((resolve) => front.close(resolve));
  });
  return {
    url: (sandbox: string) => {
      sandboxUrl = sandbox;
      return `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
    },
    answer: (status: number, headers: Record<string, string | string[]>, body: string | Buffer) => {
      ticker = (res) =>
        res
          .writeHead(
            status,
            Object.entries(headers).flatMap(([name, values]) => [values].flat().flatMap((value) => [name, value])),
          )
          .end(body);
    },
    calls: () => calls,
  };
}

/** What may differ between two answers to the same call: the request's id, and what the socket adds. */
function comparable(headers: RawResponse['headers'] | Record<string, unknown>): Record<string, unknown> {
  const { date: _d, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers as Record<string, unknown>;
  return rest;
}

/** The call over a socket, and whether the listener in front of Fastify took it. */
async function overSocket(stack: Stack, path: string, headers: Record<string, string>, method = 'GET') {
  const before = stack.app.apiFastPath.answered;
  const answer = await rawRequest(stack.port, method, path, headers);
  return { answer, taken: stack.app.apiFastPath.answered - before };
}

async function fastAndFull(stack: Stack, headers: Record<string, string> = { host: MAPLE }) {
  const fast = await overSocket(stack, TICKER, headers);
  const full = await stack.app.inject({ method: 'GET', url: TICKER, headers });
  return { fast: fast.answer, taken: fast.taken, full: { status: full.statusCode, headers: full.headers, body: full.body } };
}

t.test('whatever the upstream answers, the listener in front of Fastify answers as the route does', async (t) => {
  const upstream = await tickerUpstream(t);
  let now = Date.now();
  const stack = await startStack({ upstreamUrl: upstream.url, clock: () => now });
  t.teardown(() => stack.close());
  const json = JSON.stringify([{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95000 }]);
  const answers: [string, number, Record<string, string | string[]>, string | Buffer][] = [
    [
      'JSON with cache control and hostile headers',
      200,
      {
        'content-type': 'application/json',
        'cache-control': 'max-age=5',
        'set-cookie': 'a=1',
        'x-internal-host': 'ticker-7',
        'content-security-policy': "script-src 'unsafe-inline'",
      },
      json,
    ],
    [
      'a 500 with a stack trace',
      500,
      { 'content-type': 'application/json' },
      JSON.stringify({ error: { code: 'SYSTEM', msg: 'java.lang.NullPointerException at http://10.0.3.7/x' } }),
    ],
    ['an HTML 200', 200, { 'content-type': 'text/html' }, '<html>Maintenance</html>'],
    ['a redirect', 302, { location: 'https://evil.test/', 'content-type': 'application/json' }, '{}'],
    ['a 503 with Retry-After', 503, { 'content-type': 'application/json', 'retry-after': '7' }, '{}'],
    [
      'a 429 meant for visitors',
      429,
      { 'content-type': 'application/json', 'retry-after': '30' },
      JSON.stringify({ error: { code: 'RATE.LIMITED', msg: 'Too many requests. Please wait a moment.' } }),
    ],
    [
      'a 422 with a developer text',
      422,
      { 'content-type': 'application/json' },
      JSON.stringify({ error: { code: 'QUOTE.REFUSED', msg: 'see https://api.exchange.internal/docs' } }),
    ],
    ['a 200 with an error of another shape', 200, { 'content-type': 'application/json' }, JSON.stringify({ error: 'nope' })],
    ['a 4xx without an error body', 404, { 'content-type': 'application/json' }, '[]'],
    ['a compressed body', 200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }, gzipSync(json)],
    ['JSON cut short', 200, { 'content-type': 'application/json' }, json.slice(0, 20)],
  ];
  for (const [name, status, headers, body] of answers) {
    upstream.answer(status, headers, body);
    const { fast, taken, full } = await fastAndFull(stack);
    t.equal(taken, 1, `${name}: taken in front of Fastify`);
    t.equal(fast.status, full.status, `${name}: status ${full.status}`);
    t.equal(fast.body, full.body, `${name}: the same body`);
    t.strictSame(comparable(fast.headers), comparable(full.headers), `${name}: the same headers`);
    // Each case on its own calls, as far as the circuit breaker goes.
    now += 60_000;
  }
  const logs = stack.logs.filter((l) => l.msg === 'upstream answer not passed to the island');
  t.ok(
    logs.length >= 2 && logs.every((l) => typeof l.reqId === 'string' && l.merchant === 'maple'),
    'warnings carry the request id and merchant on both paths',
  );

  upstream.answer(200, { 'content-type': 'application/json' }, json);
  const unreachable = await startStack({ upstreamUrl: () => 'http://127.0.0.1:1' });
  t.teardown(() => unreachable.close());
  const down = await fastAndFull(unreachable);
  t.equal(down.taken, 1);
  t.equal(down.fast.status, 502, 'an unreachable upstream');
  t.equal(down.fast.body, down.full.body);
  t.strictSame(comparable(down.fast.headers), comparable(down.full.headers));
});

t.test('requests that need more than the proxy rules meet the Fastify route', async (t) => {
  const lifecycle = { draining: false };
  const stack = await startStack({ lifecycle, env: { UNKNOWN_HOSTS: 'reject' } });
  t.teardown(() => stack.close());
  const visitor = await startFlow(stack);
  const cases: [string, string, Record<string, string>, string?][] = [
    ['a visitor in a flow', TICKER, { host: MAPLE, cookie: visitor.cookie! }],
    ['a visitor in a flow over https', TICKER, { host: MAPLE, cookie: '__Host-flow=anything' }],
    ['a query', `${TICKER}?x=1`, { host: MAPLE }],
    ['HEAD', TICKER, { host: MAPLE }, 'HEAD'],
    ['a status call', `/api/txnbuy/status/${visitor.refId()}`, { host: MAPLE, cookie: visitor.cookie! }],
    ['a path off the list', '/api/txnbuy/flowstate/ABC', { host: MAPLE }],
    ['an unknown host (rejected)', TICKER, { host: 'nobody.example' }],
    ['a malformed host', TICKER, { host: 'a b' }],
  ];
  const statuses: number[] = [];
  for (const [name, path, headers, method] of cases) {
    const { answer, taken } = await overSocket(stack, path, headers, method);
    t.equal(taken, 0, `${name}: not taken (${answer.status})`);
    statuses.push(answer.status);
  }
  t.same(statuses, [200, 200, 200, 404, 200, 404, 404, 400], 'and answered by the route as before');
  t.equal(
    (await overSocket(stack, TICKER, { host: ROO, cookie: 'theme=dark' })).taken,
    1,
    "another site's cookie does not make a visitor",
  );

  lifecycle.draining = true;
  const draining = await overSocket(stack, TICKER, { host: MAPLE });
  t.equal(draining.taken, 0, 'draining: not taken');
  t.equal(draining.answer.status, 503);
  t.equal(JSON.parse(draining.answer.body).error.code, 'SERVICE.DRAINING');
  lifecycle.draining = false;

  const pressed = await startStack({ env: { SHED_HEAP_USED_MB: '1' } });
  t.teardown(() => pressed.close());
  await measuredUnderPressure(pressed.app);
  const shed = await overSocket(pressed, TICKER, { host: MAPLE });
  t.equal(shed.taken, 0, 'under pressure: not taken');
  t.equal(shed.answer.status, 503);
  t.equal(shed.answer.headers['retry-after'], '5');
});

t.test('one count per client address, whichever path answers', async (t) => {
  const stack = await startStack({ env: { RATE_LIMITS: 'api=3/60' } });
  t.teardown(() => stack.close());
  const taken = [];
  for (let i = 0; i < 2; i++) taken.push((await overSocket(stack, TICKER, { host: MAPLE })).taken);
  t.same(taken, [1, 1]);
  t.equal((await overSocket(stack, `${TICKER}?x=1`, { host: MAPLE })).answer.status, 200, 'the third, on the Fastify route');
  const fast = await overSocket(stack, TICKER, { host: MAPLE });
  t.equal(fast.taken, 1);
  t.equal(fast.answer.status, 429, 'the fourth, in front of Fastify, is refused');
  const full = await rawRequest(stack.port, 'GET', `${TICKER}?x=1`, { host: MAPLE });
  t.equal(full.status, 429, 'and on the route');
  t.equal(fast.answer.body, full.body, 'the same refusal');
  t.ok(Number(fast.answer.headers['retry-after']) > 0);
  t.strictSame(comparable(fast.answer.headers), comparable(full.headers));
  const counted = await stack.app.metrics.registry.getSingleMetricAsString('edge_rate_limited_total');
  t.match(counted, /edge_rate_limited_total\{limit="api",key="address"\} 2/);

  const proxied = await startStack({ env: { RATE_LIMITS: 'api=1/60', TRUST_PROXY: '127.0.0.1' } });
  t.teardown(() => proxied.close());
  const through = (address: string) => overSocket(proxied, TICKER, { host: MAPLE, 'x-forwarded-for': address });
  const each = [
    (await through('203.0.113.1')).answer.status,
    (await through('203.0.113.2')).answer.status,
    (await through('203.0.113.1')).answer.status,
  ];
  t.same(each, [200, 200, 429], "behind a trusted proxy, the visitor's address is counted");

  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const env = { RATE_LIMITS: 'api=2/60', REDIS_URL: redis.url };
  const a = await startStack({ env });
  t.teardown(() => a.close());
  const b = await startStack({ env });
  t.teardown(() => b.close());
  const shared = [];
  for (const edge of [a, b, a]) shared.push((await overSocket(edge, TICKER, { host: MAPLE })).answer.status);
  t.same(shared, [200, 200, 429], 'two edges sharing Redis count against one limit');
});

t.test('a flood of ticker calls asks the upstream once per merchant and moment, on both paths', async (t) => {
  const upstream = await tickerUpstream(t);
  let now = Date.now();
  const stack = await startStack({ upstreamUrl: upstream.url, clock: () => now });
  t.teardown(() => stack.close());
  const json = JSON.stringify([{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95000 }]);
  upstream.answer(200, { 'content-type': 'application/json' }, json);
  const before = stack.app.apiFastPath.answered;
  const answers = await Promise.all(Array.from({ length: 20 }, () => rawRequest(stack.port, 'GET', TICKER, { host: MAPLE })));
  t.same(
    answers.map((answer) => [answer.status, answer.body]),
    Array(20).fill([200, json]),
    'every visitor has the prices',
  );
  t.equal(stack.app.apiFastPath.answered - before, 20, 'all taken in front of Fastify');
  const routed = await stack.app.inject({ method: 'GET', url: `${TICKER}?x=1`, headers: { host: MAPLE } });
  t.equal(routed.body, json, 'the route answers from the same kept answer');
  t.equal(upstream.calls(), 1, 'one upstream call for them all');
  now += TICKER_CACHE_MS;
  upstream.answer(200, { 'content-type': 'application/json' }, '[]');
  t.equal((await overSocket(stack, TICKER, { host: MAPLE })).answer.body, '[]', "the next moment has the upstream's new answer");
  t.equal(upstream.calls(), 2);
});

t.test('counted in the metrics and logged as the Fastify route does', async (t) => {
  let now = Date.now();
  const stack = await startStack({ clock: () => now });
  t.teardown(() => stack.close());
  const count = async () => {
    const metric = await stack.app.metrics.registry.getSingleMetricAsString('edge_http_request_duration_seconds');
    const line = metric
      .split('\n')
      .find(
        (l) =>
          l.startsWith('edge_http_request_duration_seconds_count{') &&
          l.includes('merchant="maple"') &&
          l.includes(`route="${TICKER}"`) &&
          l.includes('status="2xx"'),
      );
    return Number(line?.split(' ').at(-1) ?? 0);
  };
  await rawRequest(stack.port, 'GET', `${TICKER}?x=1`, { host: MAPLE });
  // Counted by the hook after the one that logs the request, in the same turn.
  await stack.logged((l) => l.msg === 'request');
  await nextTurn();
  t.equal(await count(), 1, 'the route counted its request');
  const full = stack.logs.filter((l) => l.msg === 'request').at(-1)!;
  stack.logs.length = 0;
  // Past the moment the route's answer is kept (upstream/public-answers.ts): this one calls too.
  now += TICKER_CACHE_MS;
  const { answer, taken } = await overSocket(stack, TICKER, { host: MAPLE });
  t.equal(taken, 1);
  t.equal(await count(), 2, 'the same labels');
  t.equal(stack.logs.length, 1, 'one line in all');
  const lines = stack.logs.filter((l) => l.msg === 'request');
  t.equal(lines.length, 1, 'the request line');
  t.match(lines[0], {
    reqId: answer.headers['x-request-id'],
    merchant: 'maple',
    method: 'GET',
    path: TICKER,
    status: 200,
    ms: Number,
    upstream: { method: 'GET', path: '/pubapi/ticker/merchant', status: 200, attempts: 1, durationMs: Number },
  });
  t.strictSame(Object.keys(lines[0]!).sort(), Object.keys(full).sort(), 'the same fields as the route');
  t.match(
    full,
    { upstream: { method: 'GET', path: '/pubapi/ticker/merchant', status: 200, attempts: 1 } },
    "the route's line tells its call too",
  );
});
