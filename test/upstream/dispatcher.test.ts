// The dispatcher's retries, metrics report and log line over real sockets: every case counts the attempts the
// local upstream actually saw (docs/spec.md section 7).
import { Readable } from 'node:stream';
import t from 'tap';
import type { UpstreamSummary } from '../../server/http/lifecycle.ts';
import { createUpstreamDispatcher, type UpstreamDispatcherOptions } from '../../server/upstream/dispatcher.ts';
import { send } from '../../server/upstream/exchange.ts';
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  longestCallMs,
  retriesError,
  retriesStatus,
} from '../../server/upstream/retry-policy.ts';
import type { UpstreamCallReport } from '../../server/upstream/upstream-call.ts';
import { type Cleanup, captureLogger, closedPort, type Step, startUpstream } from './helpers.ts';

const HEADERS_TIMEOUT_MS = 150;
/** undici checks headers and body timeouts on a coarse clock (about 0.5 s ticks). */
const TIMER_SLACK_MS = 1_500;

function setup(t: Cleanup, overrides: Partial<UpstreamDispatcherOptions> = {}) {
  const { logger, lines } = captureLogger();
  const dispatcher = createUpstreamDispatcher({
    connectTimeoutMs: 500,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    bodyTimeoutMs: 500,
    logger,
    minDelayMs: 5,
    maxDelayMs: 20,
    ...overrides,
  });
  t.teardown(() => dispatcher.destroy());
  return { dispatcher, lines };
}

async function scenario(t: Cleanup, steps: Step[], method: 'GET' | 'POST' | 'PUT' | 'DELETE' = 'GET') {
  const upstream = await startUpstream(steps);
  t.teardown(() => upstream.close());
  const { dispatcher, lines } = setup(t);
  const response = await dispatcher.request({
    origin: upstream.url,
    path: '/txnbuy/status/ABC-123?cache=1',
    method,
    headers: { 'x-request-id': 'req-1', 'x-merchant': 'maple', 'content-type': 'application/json' },
    body: method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify({ refId: 'ABC-123' }),
  });
  const text = await response.body.text();
  return { upstream, status: response.statusCode, text, lines };
}

t.test('policy: which statuses and errors are retried', async (t) => {
  t.equal(retriesStatus('POST', 503), false, 'never 503');
  t.equal(retriesStatus('GET', 503), false, 'never 503, even for GET');
  t.equal(retriesStatus('POST', 504), true, '504 for any method');
  t.equal(retriesStatus('GET', 500), true);
  t.equal(retriesStatus('DELETE', 502), true);
  t.equal(retriesStatus('POST', 500), false, 'other 5xx only for idempotent methods');
  t.equal(retriesStatus('PATCH', 502), false);
  for (const status of [200, 301, 400, 404, 409, 429]) t.equal(retriesStatus('GET', status), false, `not ${status}`);
  t.notOk(retriesError({ code: 'UND_ERR_HEADERS_TIMEOUT' }), 'a slow upstream is not a network error');
  for (const code of ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']) {
    t.equal(retriesError(Object.assign(new Error('x'), { code })), true, code);
  }
  t.equal(retriesError(Object.assign(new Error('x'), { code: 'UND_ERR_ABORTED' })), false, 'not an abort');
  t.equal(retriesError(new Error('plain')), false);
  const policy = { maxRetries: 3, minDelayMs: 100, maxDelayMs: 300 };
  t.same(
    [1, 2, 3, 4].map((n) => backoffMs(n, policy)),
    [100, 200, 300, 300],
    'exponential, capped',
  );
});

t.test('the longest call: every attempt at its connect, headers and body timeouts, with the back-offs between', async (t) => {
  const timeouts = { connectMs: 3_000, headersMs: 10_000, bodyMs: 10_000 };
  t.same(DEFAULT_RETRY_POLICY, { maxRetries: 3, minDelayMs: 200, maxDelayMs: 2_000 }, 'docs/spec.md section 7: 3 retries');
  t.equal(
    longestCallMs(DEFAULT_RETRY_POLICY, timeouts),
    4 * 23_000 + 200 + 400 + 800,
    'four attempts of 23 s and 1.4 s of back-off',
  );
  t.equal(longestCallMs({ maxRetries: 0, minDelayMs: 200, maxDelayMs: 2_000 }, timeouts), 23_000, 'no retries: one attempt');
});

t.test('504, 504, 200: three attempts, the caller gets the 200', async (t) => {
  const { upstream, status, text, lines } = await scenario(t, [504, 504, { status: 200, body: { ok: true } }]);
  t.equal(upstream.seen.length, 3);
  t.equal(status, 200);
  t.same(JSON.parse(text), { ok: true }, 'only the final body reaches the caller');
  t.equal(lines.length, 1, 'one log line for the whole request');
  t.match(lines[0], {
    reqId: 'req-1',
    merchant: 'maple',
    upstream: { method: 'GET', path: '/txnbuy/status/ABC-123', status: 200, attempts: 3 },
  });
  t.type((lines[0]!.upstream as { durationMs: unknown }).durationMs, 'number');
  t.notMatch(JSON.stringify(lines[0]), /cache=1/, 'query string dropped from the log');
});

t.test('the metrics report and the log line come from the one moment the call ended', async (t) => {
  const upstream = await startUpstream([504, { status: 200, body: { ok: true } }]);
  t.teardown(() => upstream.close());
  const reports: UpstreamCallReport[] = [];
  const { dispatcher, lines } = setup(t, { observe: (call) => reports.push(call) });
  const response = await dispatcher.request({
    origin: upstream.url,
    path: '/pubapi/ticker/merchant?x=1',
    method: 'GET',
    headers: { 'x-request-id': 'r-9' },
  });
  await response.body.text();
  t.equal(reports.length, 1, 'one report for the two attempts');
  t.match(reports[0], { origin: upstream.url, path: '/pubapi/ticker/merchant', status: 200, attempts: 2 });
  t.notOk('error' in reports[0]!, 'no error field for an answer');
  const line = lines[0] as { upstream: { durationMs: number } };
  t.equal(line.upstream.durationMs, Math.round(reports[0]!.durationMs), 'the same duration in both');
});

t.test('a caller that tells the call on its own line gets a summary of a call that went well, and no line', async (t) => {
  const upstream = await startUpstream([504, { status: 200, body: { ok: true } }, 503, 404]);
  t.teardown(() => upstream.close());
  const { dispatcher, lines } = setup(t);
  const summaries: UpstreamSummary[] = [];
  const call = () =>
    send(
      dispatcher,
      {
        origin: upstream.url,
        path: '/pubapi/ticker/merchant?x=1',
        method: 'GET',
        headers: { 'x-request-id': 'r-7', 'x-merchant': 'maple' },
      },
      1024,
      undefined,
      (summary) => summaries.push(summary),
    );
  const answer = await call();
  t.equal(answer.statusCode, 200, 'the answer after one retry');
  t.same(lines, [], 'no line of its own');
  t.match(
    summaries,
    [{ method: 'GET', path: '/pubapi/ticker/merchant', status: 200, attempts: 2, durationMs: Number }],
    'what its line would have said',
  );
  t.notOk('error' in summaries[0]!);

  t.equal((await call()).statusCode, 503);
  t.equal(summaries.length, 1, 'a failed call is not handed over');
  t.match(
    lines,
    [{ msg: 'upstream request failed', reqId: 'r-7', merchant: 'maple', upstream: { status: 503, attempts: 1 } }],
    'it is its own warning',
  );

  t.equal((await call()).statusCode, 404, 'a 4xx is an answer');
  t.match(summaries.at(-1), { status: 404, attempts: 1 });
  t.equal(lines.length, 1, 'and no line either');

  const { lines: typedLines, dispatcher: typed } = setup(t);
  const upstream2 = await startUpstream([200]);
  t.teardown(() => upstream2.close());
  await send(typed, { origin: upstream2.url, path: '/', method: 'GET', headers: { 'x-request-id': 'r-8' } }, 1024);
  t.match(
    typedLines,
    [{ msg: 'upstream request', reqId: 'r-8', upstream: { status: 200 } }],
    'without a taker, the call has its line',
  );
});

t.test('the log line finds the request id and merchant in every header shape undici takes', async (t) => {
  const upstream = await startUpstream([200, 200, 200]);
  t.teardown(() => upstream.close());
  const { dispatcher, lines } = setup(t);
  const shapes = [
    { 'x-request-id': 'r-object', 'x-merchant': 'maple' },
    ['accept', 'application/json', 'X-Request-Id', 'r-flat', 'X-Merchant', 'maple'],
    new Map([
      ['X-Request-Id', 'r-pairs'],
      ['x-merchant', 'maple'],
    ]),
  ];
  for (const headers of shapes) {
    const response = await dispatcher.request({ origin: upstream.url, path: '/', method: 'GET', headers });
    await response.body.text();
  }
  t.match(lines, [
    { reqId: 'r-object', merchant: 'maple' },
    { reqId: 'r-flat', merchant: 'maple' },
    { reqId: 'r-pairs', merchant: 'maple' },
  ]);
});

t.test('503: one attempt, returned as is', async (t) => {
  const { upstream, status } = await scenario(t, [503, 200]);
  t.equal(upstream.seen.length, 1);
  t.equal(status, 503);
});

t.test('500 on POST: one attempt', async (t) => {
  const { upstream, status } = await scenario(t, [500, 200], 'POST');
  t.equal(upstream.seen.length, 1);
  t.equal(status, 500);
});

t.test('500 and 502 on idempotent methods: retried', async (t) => {
  const get = await scenario(t, [500, 502, 200], 'GET');
  t.equal(get.upstream.seen.length, 3);
  t.equal(get.status, 200);
  const put = await scenario(t, [502, 200], 'PUT');
  t.equal(put.upstream.seen.length, 2);
  t.equal(put.status, 200);
});

t.test('504 on POST: retried', async (t) => {
  const { upstream, status } = await scenario(t, [504, 200], 'POST');
  t.equal(upstream.seen.length, 2);
  t.equal(status, 200);
});

t.test('reset on POST: retried with the same body and headers', async (t) => {
  const { upstream, status, lines } = await scenario(t, ['reset', 'reset', 200], 'POST');
  t.equal(upstream.seen.length, 3);
  t.equal(status, 200);
  t.same(new Set(upstream.seen.map((s) => s.body)), new Set([JSON.stringify({ refId: 'ABC-123' })]));
  t.match(lines[0], { upstream: { attempts: 3, status: 200 } });
});

t.test('4 x 504: four attempts, then the 504 is returned', async (t) => {
  const { upstream, status, text, lines } = await scenario(t, [504]);
  t.equal(upstream.seen.length, 4);
  t.equal(status, 504);
  t.match(JSON.parse(text), { error: { code: 'HTTP.504' } }, 'the last response body is readable');
  t.match(lines[0], { upstream: { attempts: 4, status: 504 } });
});

t.test('4xx: never retried', async (t) => {
  for (const code of [400, 404, 409, 429]) {
    const { upstream, status } = await scenario(t, [code, 200]);
    t.equal(upstream.seen.length, 1, `${code}: one attempt`);
    t.equal(status, code);
  }
});

t.test('an upstream that never answers: one headers timeout, not retried', async (t) => {
  const upstream = await startUpstream(['hang', 200]);
  t.teardown(() => upstream.close());
  const { dispatcher, lines } = setup(t);
  const started = Date.now();
  await t.rejects(dispatcher.request({ origin: upstream.url, path: '/pubapi/ticker/merchant', method: 'GET' }), {
    code: 'UND_ERR_HEADERS_TIMEOUT',
  });
  const elapsed = Date.now() - started;
  t.equal(upstream.seen.length, 1, 'a slow upstream is not asked again');
  t.ok(elapsed < HEADERS_TIMEOUT_MS + TIMER_SLACK_MS, `within the configured timeout: ${elapsed} ms`);
  t.match(lines[0], { upstream: { attempts: 1, error: 'UND_ERR_HEADERS_TIMEOUT' } });
});

t.test('connection refused: retried, then the network error', async (t) => {
  const port = await closedPort();
  const { dispatcher, lines } = setup(t);
  await t.rejects(dispatcher.request({ origin: `http://127.0.0.1:${port}`, path: '/vipcheck', method: 'POST', body: '{}' }), {
    code: 'ECONNREFUSED',
  });
  t.match(lines[0], { upstream: { attempts: 4, error: 'ECONNREFUSED' } });
});

t.test('a streamed body cannot be replayed: no retry', async (t) => {
  const upstream = await startUpstream(['reset', 200]);
  t.teardown(() => upstream.close());
  const { dispatcher, lines } = setup(t);
  await t.rejects(
    dispatcher.request({ origin: upstream.url, path: '/upload', method: 'POST', body: Readable.from(['{"a":1}']) }),
  );
  t.match(lines[0], { upstream: { attempts: 1 } }, 'given up after the first attempt');
  t.equal(upstream.seen.length, 1);
});

t.test('an abort during the back-off ends the request at once, without more attempts', async (t) => {
  const upstream = await startUpstream([504, 200]);
  t.teardown(() => upstream.close());
  // A back-off longer than the test's own time limit: had the abort waited for it, the
  // test would time out instead of reaching the assertions.
  const { dispatcher } = setup(t, { minDelayMs: 600_000, maxDelayMs: 600_000 });
  const controller = new AbortController();
  const pending = dispatcher.request({ origin: upstream.url, path: '/', method: 'GET', signal: controller.signal });
  await upstream.arrived(1);
  controller.abort();
  await t.rejects(pending, { name: 'AbortError' });
  t.equal(upstream.seen.length, 1, 'no attempt after the abort');
});

t.test('the log line carries no body and no visitor header', async (t) => {
  const upstream = await startUpstream([{ status: 200, body: { emailAddress: 'jane@example.com' } }]);
  t.teardown(() => upstream.close());
  const { dispatcher, lines } = setup(t);
  const response = await dispatcher.request({
    origin: upstream.url,
    path: '/txnbuy/buyerinfo',
    method: 'POST',
    headers: { 'x-request-id': 'r', 'x-merchant': 'm', cookie: 'secret=1' },
    body: JSON.stringify({ firstName: 'Jane' }),
  });
  await response.body.text();
  const line = JSON.stringify(lines);
  t.notMatch(line, /Jane|jane@example|secret/);
});
