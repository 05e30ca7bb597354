// Upstream faults as a visitor meets them, over real sockets: the edge, its one retry
// layer, and the sandbox injecting exact faults.

import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { resume, startFlow } from '../helpers/journey.ts';
import { neverShedForDelay } from '../helpers/pressure.ts';
import { startStack, upstreamCallLines } from '../helpers/stack.ts';

const QUOTE = 'txnType=BUY&fiatAmount=100&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER';
const post = (body: string) => ({
  method: 'POST' as const,
  url: '/',
  headers: { host: 'maple.localhost', origin: 'http://maple.localhost', 'content-type': 'application/x-www-form-urlencoded' },
  payload: body,
});

const stack = await startStack({ env: { UPSTREAM_HEADERS_TIMEOUT_MS: '500' } });

/** A raw GET over the socket: fetch and inject would resolve '%2e%2e' before sending. */
function rawGet(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: stack.port, path, headers: { host: 'maple.localhost' } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}
t.teardown(() => stack.close());
const upstreamLines = () => upstreamCallLines(stack.logs);

t.test('504, 504, 200: one visitor request, three upstream attempts, success', async (t) => {
  stack.sandbox.app.sandbox.queueFaults(['504', '504']);
  const before = upstreamLines().length;
  const res = await stack.app.inject(post(QUOTE));
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/price-quote');
  const lines = upstreamLines().slice(before);
  t.equal(lines.length, 1, 'one log line for the logical call');
  t.match(lines[0], { upstream: { attempts: 3 } });
});

t.test('503: one attempt and a clear temporarily-unavailable page', async (t) => {
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const before = upstreamLines().length;
  const res = await stack.app.inject(post(QUOTE));
  t.equal(res.statusCode, 503);
  t.match(res.body, /temporarily unavailable/);
  t.notMatch(res.body, /127\.0\.0\.1|\n\s+at /);
  t.match(upstreamLines().slice(before)[0], { upstream: { attempts: 1 } });
});

t.test('an upstream that never answers: a clear page within the configured timeout', async (t) => {
  stack.sandbox.app.sandbox.queueFaults(['hang']);
  const started = Date.now();
  const res = await stack.app.inject(post(QUOTE));
  t.equal(res.statusCode, 503);
  t.match(res.body, /temporarily unavailable/);
  t.ok(Date.now() - started < 500 + 1_500, `answered in ${Date.now() - started} ms`);
});

t.test('/api: outside the allowlist, traversal and foreign URLs are 404 and never sent', async (t) => {
  const before = upstreamLines().length;
  for (const url of [
    '/api/txnbuy/quoterequest',
    '/api/vipcheck',
    '/api/txnbuy/status/..%2f..%2fvipcheck',
    '/api/%2e%2e/vipcheck',
    '/api/txnbuy/status/a%5cb',
    '/api//evil.test/pubapi/ticker/merchant',
    '/api/http://evil.test/pubapi/ticker/merchant',
  ]) {
    t.equal(await rawGet(url), 404, url);
  }
  t.equal(upstreamLines().length, before, 'nothing reached the upstream');
  const ticker = await stack.app.inject({ url: '/api/pubapi/ticker/merchant', headers: { host: 'maple.localhost' } });
  t.equal(ticker.statusCode, 200, 'an allowlisted path goes through');
  t.ok(Array.isArray(ticker.json()));
});

t.test('/api takes no files, and no file-sized body: 413', async (t) => {
  const visitor = await startFlow(stack);
  const res = await stack.app.inject({
    method: 'POST',
    url: '/api/txnbuy/requote',
    headers: {
      host: 'maple.localhost',
      origin: 'http://maple.localhost',
      'content-type': 'application/json',
      cookie: visitor.cookie,
    },
    payload: JSON.stringify({ encodedFile: 'A'.repeat(7 * 1024 * 1024) }),
  });
  t.equal(res.statusCode, 413);
});

t.test('a response that fails its schema: logged with the request id, a generic message shown', async (t) => {
  const broken = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ refId: 42, nextAction: null }));
  });
  await new Promise<void>((r) => broken.listen(0, '127.0.0.1', r));
  t.teardown(() => broken.close());
  const logs: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => void logs.push(JSON.parse(l)) });
  const app = await buildApp({
    config: neverShedForDelay(parseConfig({ SESSION_SECRET: 's'.repeat(32) })),
    upstreamUrl: `http://127.0.0.1:${(broken.address() as AddressInfo).port}`,
    thirdParty: stack.sandbox.thirdParty,
    logger,
  });
  t.teardown(() => app.close());
  const res = await app.inject(post(QUOTE));
  t.equal(res.statusCode, 502);
  t.match(res.body, /Something went wrong\. Please try again\./);
  t.notMatch(res.body, /refId|nextAction|127\.0\.0\.1/, 'nothing of the upstream leaks');
  const logged = logs.find((l) => l.msg === 'upstream response breaks the contract');
  t.ok(logged, 'the bad response is logged');
  t.equal(logged?.reqId, res.headers['x-request-id'], 'with the request id');
});

t.test("/api never serves another visitor's transaction", async (t) => {
  const mine = await startFlow(stack);
  const theirs = await startFlow(stack);
  const status = (refId: string, cookie?: string) =>
    stack.app.inject({ url: `/api/txnbuy/status/${refId}`, headers: { host: 'maple.localhost', ...(cookie ? { cookie } : {}) } });
  t.equal((await status(await mine.refId(), mine.cookie)).statusCode, 200, 'my own');
  t.equal((await status(await theirs.refId(), mine.cookie)).statusCode, 404, "someone else's, with my cookie");
  t.equal((await status(await theirs.refId())).statusCode, 404, 'without a cookie');
  const onOtherHost = await stack.app.inject({
    url: `/api/txnbuy/status/${await mine.refId()}`,
    headers: { host: 'roo.localhost', cookie: mine.cookie },
  });
  t.equal(onOtherHost.statusCode, 404, "a maple flow cookie means nothing on roo's host");
});

t.test("a refId never resumes on another merchant's host", async (t) => {
  const maple = await startFlow(stack);
  const refId = await maple.refId();
  for (const host of ['dev.localhost', 'test.localhost', 'maple.localhost.evil.test']) {
    const state = await stack.app.inject({ url: `/state/${refId}`, headers: { host } });
    t.not(state.statusCode, 303, `/state on ${host} does not resume`);
    t.notOk(
      state.cookies.some((c) => c.name === 'flow' && c.value),
      `no flow cookie on ${host}`,
    );
    const buyer = await stack.app.inject({ url: `/buyer-info-input?refId=${refId}`, headers: { host } });
    t.notOk(
      buyer.cookies.some((c) => c.name === 'flow' && c.value),
      `buyer-info resume refused on ${host}`,
    );
  }
  const own = await resume(stack, refId, 'maple.localhost');
  t.equal(own.response.statusCode, 303, 'on its own host it resumes, once confirmed');
});
