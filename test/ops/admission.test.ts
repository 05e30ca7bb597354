// Admission control and the bounds on slow or greedy clients, over real sockets: past the
// bound on requests in flight or on how long a request has waited, a fast 503 with
// Retry-After in the edge's shape while the probes still answer; connections per client
// address (and, behind a trusted proxy, requests per forwarded address); a client that
// does not read its answers is cut off; readiness up under a load the pod still answers; the
// memory guard's default from the container's limit.

import { readdirSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { Pool } from 'undici';
import { textsFor } from '../../checkout/messages.ts';
import { parseConfig, RSS_SHARE_OF_LIMIT } from '../../server/config.ts';
import { setCacheBudget } from '../../server/ops/byte-cache.ts';
import { cgroupLimit, memoryLimit } from '../../server/ops/memory-limit.ts';
import { MAPLE, quoteForm } from '../helpers/journey.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

async function stackWith(t: Test, env: Record<string, string>): Promise<Stack> {
  const stack = await startStack({ env });
  t.teardown(() => stack.close());
  return stack;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on a connection of its own, from `localAddress`. */
function ask(
  stack: Stack,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body ?? '';
    const headers = { Host: MAPLE, Connection: 'close', 'Content-Length': String(body.length), ...options.headers };
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    const socket = connect({ port: stack.port, host: '127.0.0.1', localAddress: options.localAddress }, () =>
      socket.write(`${options.method ?? 'GET'} ${path} HTTP/1.1\r\n${head}\r\n${body}`),
    );
    let raw = '';
    socket.on('data', (d) => (raw += d.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [top = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) parsed[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers: parsed, body: rest.join('\r\n\r\n') });
    });
  });
}

/** A quote whose upstream call hangs until the upstream timeout: a request held in flight. */
function heldQuote(stack: Stack, headers: Record<string, string> = {}): Promise<Answer> {
  return ask(stack, '/', {
    method: 'POST',
    headers: { Origin: `http://${MAPLE}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html', ...headers },
    body: new URLSearchParams(quoteForm()).toString(),
  });
}

async function metric(stack: Stack, name: string, labels = ''): Promise<number> {
  const text = await stack.app.metrics.registry.getSingleMetricAsString(name);
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return Number(line?.split(' ').at(-1) ?? 0);
}

async function eventually(check: () => Promise<boolean> | boolean, what: string, ms = 5_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${what}`);
}

t.test('past the bound on requests in flight: a fast 503 with Retry-After, probes answered', async (t) => {
  const stack = await stackWith(t, { MAX_IN_FLIGHT: '2', UPSTREAM_HEADERS_TIMEOUT_MS: '3000', RATE_LIMITS: 'off' });
  stack.sandbox.app.sandbox.queueFaults(['hang', 'hang']);
  const held = [heldQuote(stack), heldQuote(stack)];
  await eventually(async () => (await metric(stack, 'edge_requests_in_flight')) === 2, 'two requests in flight');

  const started = performance.now();
  const page = await ask(stack, '/', { headers: { Accept: 'text/html' } });
  const ms = performance.now() - started;
  t.equal(page.status, 503, 'a visitor beyond the bound is refused');
  t.equal(page.headers['retry-after'], '5', 'told when to come back');
  t.ok(ms < 1_000, `at once (${ms.toFixed(0)} ms)`);
  t.match(page.headers['content-type'], /text\/html/);
  t.match(page.body, /temporarily unavailable/);
  t.match(page.headers['content-security-policy'], /script-src 'none'/);
  t.equal(page.headers['x-content-type-options'], 'nosniff');
  const api = await ask(stack, '/api/pubapi/ticker/merchant');
  t.equal(api.status, 503);
  t.same(JSON.parse(api.body).error.code, 'SERVICE.OVERLOADED', '/api in its JSON shape');
  const french = textsFor('fr-CA').ERROR_TEXT.unavailable;
  const frenchPage = await ask(stack, '/', { headers: { Accept: 'text/html', 'Accept-Language': 'fr-CA' } });
  t.equal(frenchPage.status, 503);
  t.match(frenchPage.body, '<html lang="fr-CA"', "in the merchant's language the visitor asks for");
  t.equal(frenchPage.headers['content-language'], 'fr-CA');
  t.match(Buffer.from(frenchPage.body, 'latin1').toString('utf8'), french);
  const frenchApi = await ask(stack, '/api/pubapi/ticker/merchant', { headers: { Cookie: 'lang=fr-CA' } });
  t.equal(JSON.parse(Buffer.from(frenchApi.body, 'latin1').toString('utf8')).error.msg, french, 'or chose');
  const unknownHost = await ask(stack, '/', { headers: { Host: 'nowhere.localhost', 'Accept-Language': 'fr-CA' } });
  t.match(unknownHost.body, '<html lang="en"', 'a host that names no merchant is answered in the default');
  t.equal((await ask(stack, '/healthz')).status, 200, 'liveness is never refused');
  const ready = await ask(stack, '/readyz');
  t.same([ready.status, JSON.parse(ready.body)], [200, { status: 'ready' }], 'busy is not unready: the pod stays in the Service');
  t.ok((await metric(stack, 'edge_shed_total', 'reason="inFlight"')) >= 2, 'counted');
  t.ok(
    stack.logs.some((l) => l.msg === 'request' && l.status === 503 && l.path === '/'),
    'and logged',
  );

  const answered = await Promise.all(held);
  t.same(
    answered.map((a) => a.status),
    [503, 503],
    'the held ones end at the upstream timeout',
  );
  t.equal((await ask(stack, '/', { headers: { Accept: 'text/html' } })).status, 200, 'then visitors are served again');
});

/** Keeps the event loop of this process (the edge's too) busy for `ms`, from inside a timer. */
function stall(ms: number, before: () => void = () => {}): Promise<void> {
  return new Promise((resolve) =>
    setTimeout(() => {
      before();
      const until = performance.now() + ms;
      while (performance.now() < until);
      resolve();
    }, 0),
  );
}

t.test('a request that waited past the bound for the event loop, the loop late for a while: 503', async (t) => {
  const stack = await stackWith(t, { SHED_QUEUE_WAIT_MS: '300' });
  // The loop runs late once: one late turn alone sheds nothing.
  await stall(600);
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Late again with a request waiting: it is refused the moment it is read.
  let socket: Socket | undefined;
  const answered = new Promise<string>((resolve) => {
    socket = connect(stack.port, '127.0.0.1');
    let raw = '';
    socket.on('data', (d) => (raw += d.toString('latin1')));
    socket.on('close', () => resolve(raw));
  });
  await new Promise((resolve) => socket!.once('connect', resolve));
  await stall(600, () => socket!.write(`GET / HTTP/1.1\r\nHost: ${MAPLE}\r\nAccept: text/html\r\nConnection: close\r\n\r\n`));
  const raw = await answered;
  t.match(raw, /^HTTP\/1\.1 503 /);
  t.match(raw, /retry-after: 5/i);
  t.ok((await metric(stack, 'edge_shed_total', 'reason="queueWait"')) >= 1, 'counted as a wait past the bound');
});

t.test('while the event loop is saturated, answers close their connections; once it is not, they stay open', async (t) => {
  const stack = await startStack({ closeWhenSaturated: true });
  t.teardown(() => stack.close());
  /** A kept-alive connection, and its next request's answer head. */
  const keptConnection = async () => {
    const socket = connect(stack.port, '127.0.0.1');
    t.teardown(() => socket.destroy());
    await new Promise((resolve) => socket.once('connect', resolve));
    let raw = '';
    socket.on('data', (d) => (raw += d.toString('latin1')));
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const asked = async () => {
      raw = '';
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${MAPLE}\r\n\r\n`);
      await eventually(() => raw.includes('\r\n\r\n') && raw.endsWith('}'), 'answered');
      return raw.split('\r\n\r\n')[0]!.toLowerCase();
    };
    return { asked, closed };
  };
  // The start's own work may have saturated the loop a moment ago.
  await eventually(async () => (await metric(stack, 'edge_keep_alive_closing')) === 0, 'idle after the start', 10_000);
  const { asked, closed } = await keptConnection();
  t.match(await asked(), /connection: keep-alive/, 'kept alive while the loop waits for work');
  // Busy in slices, so the loop's ticks are taken meanwhile.
  const until = Date.now() + 600;
  while (Date.now() < until) await stall(40);
  t.equal(await metric(stack, 'edge_keep_alive_closing'), 1, 'saturated: answers close their connections');
  t.match(await asked(), /connection: close/, 'the next answer says so');
  await closed;
  t.pass('and the connection closes after it, so it queues again beside new visitors');
  await eventually(async () => (await metric(stack, 'edge_keep_alive_closing')) === 0, 'idle again', 5_000);
  const next = await keptConnection();
  t.match(await next.asked(), /connection: keep-alive/, 'once the loop waits for work again, connections stay open');
});

t.test('connections per client address and in all: beyond a bound, the request is refused at once and closed', async (t) => {
  const stack = await stackWith(t, { MAX_CONNECTIONS_PER_CLIENT: '1', MAX_CONNECTIONS: '2' });
  const open: Socket[] = [];
  t.teardown(() => {
    for (const s of open) s.destroy();
  });
  const connected = async (localAddress: string) => {
    const socket = connect({ port: stack.port, host: '127.0.0.1', localAddress });
    await new Promise((resolve) => socket.once('connect', resolve));
    open.push(socket);
    return socket;
  };
  const served = await connected('127.0.0.1');
  await eventually(async () => (await metric(stack, 'edge_connections')) === 1, 'one connection served');
  t.equal(await metric(stack, 'edge_clients_at_connection_bound'), 1, 'its address holds as many as one may');
  const asked = performance.now();
  const neighbour = await ask(stack, '/', { headers: { Accept: 'text/html' } });
  const waitedMs = performance.now() - asked;
  t.equal(neighbour.status, 429, 'a neighbour behind the busy address: refused at once, not kept waiting');
  // Held unread, it would have waited for the headers timeout (10 s) and got a 408.
  t.ok(waitedMs < 5_000, `answered in ${Math.round(waitedMs)} ms, well before the headers timeout`);
  t.equal(neighbour.headers['retry-after'], '5', 'told when to come back');
  t.equal(neighbour.headers.connection, 'close');
  t.match(neighbour.body, /Too many attempts from your connection/);
  t.ok((await metric(stack, 'edge_shed_total', 'reason="clientConnections"')) >= 1, 'counted');
  const other = await ask(stack, '/healthz', { localAddress: '127.0.0.2' });
  t.equal(other.status, 200, 'another address is served meanwhile');
  await connected('127.0.0.3');
  await eventually(async () => (await metric(stack, 'edge_connections')) === 2, 'two connections served');
  const beyond = await ask(stack, '/', { headers: { Accept: 'text/html' }, localAddress: '127.0.0.4' });
  t.equal(beyond.status, 503, 'beyond the bound in all: the process is busy');
  t.equal(beyond.headers['retry-after'], '5');
  t.ok((await metric(stack, 'edge_shed_total', 'reason="connections"')) >= 1, 'counted');
  served.destroy();
  await eventually(async () => (await metric(stack, 'edge_connections')) === 1, 'the first one closed');
  t.equal((await ask(stack, '/healthz')).status, 200, 'once it has closed, the address is served again');
});

t.test('behind a trusted proxy: requests in flight per forwarded address, not connections of the proxy', async (t) => {
  const stack = await stackWith(t, {
    TRUST_PROXY: '127.0.0.1',
    MAX_CONNECTIONS_PER_CLIENT: '1',
    UPSTREAM_HEADERS_TIMEOUT_MS: '2000',
    RATE_LIMITS: 'off',
  });
  stack.sandbox.app.sandbox.queueFaults(['hang']);
  const first = heldQuote(stack, { 'X-Forwarded-For': '203.0.113.7' });
  await eventually(async () => (await metric(stack, 'edge_requests_in_flight')) === 1, 'one in flight');
  const again = await ask(stack, '/', { headers: { Accept: 'text/html', 'X-Forwarded-For': '203.0.113.7' } });
  t.equal(again.status, 429, 'the same client, a second request at once: refused');
  t.equal(again.headers['retry-after'], '5');
  t.match(again.body, /Too many attempts from your connection/);
  const other = await ask(stack, '/', { headers: { Accept: 'text/html', 'X-Forwarded-For': '203.0.113.8' } });
  t.equal(other.status, 200, 'another client through the same proxy is served');
  t.ok((await metric(stack, 'edge_shed_total', 'reason="clientRequests"')) >= 1);
  t.equal((await first).status, 503);
});

/** The largest file the build serves. */
function largestAsset(): string {
  const dir = 'dist/public/js';
  const [name] = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => statSync(`${dir}/${b}`).size - statSync(`${dir}/${a}`).size);
  return `/assets/js/${name}`;
}

t.test('a client that does not read its answers is cut off after the slow-read timeout', async (t) => {
  const stack = await stackWith(t, { SLOW_READ_TIMEOUT_MS: '1000', MAX_PIPELINED_REQUESTS: '256' });
  const asset = largestAsset();
  const reader = await ask(stack, asset);
  t.equal(reader.status, 200, 'a client that reads gets the file');

  const socket = connect(stack.port, '127.0.0.1');
  socket.on('error', () => {});
  t.teardown(() => socket.destroy());
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.pause(); // never reads
  const closed = new Promise((resolve) => socket.once('close', resolve));
  const started = performance.now();
  socket.write(`GET ${asset} HTTP/1.1\r\nHost: ${MAPLE}\r\n\r\n`.repeat(200));
  await eventually(async () => (await metric(stack, 'edge_shed_total', 'reason="slowReader"')) >= 1, 'cut off', 15_000);
  const ms = performance.now() - started;
  t.ok(ms >= 1_000, `cut off once its answers waited the timeout (${ms.toFixed(0)} ms)`);
  // What the kernel still held reaches it, then the end.
  socket.resume();
  const outcome = await Promise.race([closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('open'), 10_000))]);
  t.equal(outcome, 'closed', 'the client finds its connection closed');
});

t.test('readiness stays up under 300 uncached renders a second, which the pod still answers', async (t) => {
  const stack = await stackWith(t, {});
  // No page stays cached: each request renders and compresses its page afresh.
  setCacheBudget(1);
  t.teardown(() => setCacheBudget(stack.app.appConfig.cacheBytes));
  const pool = new Pool(`http://127.0.0.1:${stack.port}`, { connections: 16 });
  t.teardown(() => pool.close());
  const statuses: Record<number, number> = {};
  const render = async (i: number) => {
    const languages = ['en', 'fr-CA', 'fil', 'id'];
    const answer = await pool.request({
      method: 'GET',
      path: '/',
      headers: { host: MAPLE, accept: 'text/html', 'accept-encoding': 'br', 'accept-language': languages[i % 4]! },
    });
    await answer.body.dump();
    statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
  };
  const readiness: string[] = [];
  let loading = true;
  const probing = (async () => {
    while (loading) {
      readiness.push((await stack.app.inject({ url: '/readyz' })).json().status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  // A second of 300 renders a second, 3 every 10 ms, whether or not the earlier ones are answered.
  const renders: Promise<void>[] = [];
  for (let tick = 0; tick < 100; tick++) {
    for (let i = 0; i < 3; i++) renders.push(render(tick * 3 + i));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await Promise.all(renders);
  loading = false;
  await probing;
  t.ok((statuses[200] ?? 0) > 0, `the pod answered the renders (${JSON.stringify(statuses)})`);
  t.same(
    Object.keys(statuses).filter((s) => s !== '200' && s !== '503'),
    [],
    'each served, or its excess shed with 503',
  );
  t.ok(readiness.length >= 5, `${readiness.length} probes meanwhile`);
  t.same([...new Set(readiness)], ['ready'], 'busy is not unready: the pod stays in the Service');
});

t.test("readiness down while the exchange's breaker is open: every call would fail at once here", async (t) => {
  const stack = await stackWith(t, {});
  const ready = async () => (await stack.app.inject({ url: '/readyz' })).json().status;
  t.equal(await ready(), 'ready');
  // The exchange API's breaker is made at start-up, for readiness: the first there is.
  const [origin] = [...stack.app.upstreamBreakers.states()][0]!;
  const breaker = stack.app.upstreamBreakers.for(origin);
  while (breaker.state === 'closed') breaker.record('failure', breaker.admit());
  t.equal(await ready(), 'upstream', 'another replica, whose breaker is closed, serves better');
});

t.test('the memory guard: RSS shedding follows the memory limit unless set', async (t) => {
  t.equal(cgroupLimit('max\n'), undefined, 'cgroup v2 without a limit');
  t.equal(cgroupLimit('9223372036854771712\n'), undefined, 'cgroup v1 without a limit');
  t.equal(cgroupLimit('536870912\n'), 536870912);
  const files: Record<string, string> = { '/sys/fs/cgroup/memory/memory.limit_in_bytes': '1073741824\n' };
  t.same(
    memoryLimit((path) => files[path], 8 * 2 ** 30),
    { bytes: 2 ** 30, source: 'cgroup' },
    'cgroup v1',
  );
  files['/sys/fs/cgroup/memory.max'] = '536870912\n';
  t.same(
    memoryLimit((path) => files[path], 8 * 2 ** 30),
    { bytes: 2 ** 29, source: 'cgroup' },
    'cgroup v2 first',
  );
  t.same(
    memoryLimit(() => undefined, 8 * 2 ** 30),
    { bytes: 8 * 2 ** 30, source: 'machine' },
    'else the machine',
  );

  const container = { bytes: 512 * 2 ** 20, source: 'cgroup' } as const;
  const rss = (env: Record<string, string>) => parseConfig(env, container).pressure.maxRssBytes;
  t.equal(rss({}), Math.floor(512 * 2 ** 20 * RSS_SHARE_OF_LIMIT), 'by default a share of the limit');
  t.equal(Math.round(rss({})! / 2 ** 20), 435, 'for 512 MiB: 435 MiB');
  t.equal(rss({ SHED_RSS_MB: '400' }), 400 * 2 ** 20, 'as set');
  t.equal(rss({ SHED_RSS_MB: 'off' }), undefined, 'or off');
  t.throws(() => parseConfig({ SHED_RSS_MB: 'lots' }), { name: 'ConfigError', message: /SHED_RSS_MB/ });
});

t.test('the defaults of the bounds', async (t) => {
  const config = parseConfig({});
  t.same(config.admission, { maxInFlight: 256, maxQueueWaitMs: 500, maxPerClient: 64, fairShare: true });
  t.equal(config.connections.slowReadMs, 30_000);
  t.equal(config.pressure.readyRatio, 0.7);
  t.equal(parseConfig({ MAX_CONNECTIONS_PER_CLIENT: 'off' }).admission.maxPerClient, undefined);
});
