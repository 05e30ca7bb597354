// Admission control and the bounds on slow or greedy clients, over real sockets: past the
// bound on requests in flight or on how long a request has waited, a fast 503 with
// Retry-After in the edge's shape while the probes still answer; connections per client
// address (and, behind a trusted proxy, requests per forwarded address); a client that
// does not read its answers is cut off; readiness down while the event loop is busy; the
// memory guard's default from the container's limit.

import { readdirSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import t, { type Test } from 'tap';
import { textsFor } from '../../checkout/messages.ts';
import { parseConfig, RSS_SHARE_OF_LIMIT } from '../../server/config.ts';
import { WAITING_PER_SERVED } from '../../server/ops/connections.ts';
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
  t.same([ready.status, JSON.parse(ready.body)], [503, { status: 'in-flight' }], 'readiness says why');
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

t.test(
  'connections per client address: beyond the bound they wait unread, in turn; beyond the waiting room closed',
  async (t) => {
    const stack = await stackWith(t, { MAX_CONNECTIONS_PER_CLIENT: '1' });
    const open: Socket[] = [];
    t.teardown(() => {
      for (const s of open) s.destroy();
    });
    const connected = async () => {
      const socket = connect(stack.port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      open.push(socket);
      return socket;
    };
    const served = await connected();
    await new Promise((resolve) => setTimeout(resolve, 100));
    let answered = false;
    const waiting = ask(stack, '/healthz').then((answer) => {
      answered = true;
      return answer;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    t.notOk(answered, 'a second from the same address waits, accepted and unread: nothing to reconnect');
    const other = await ask(stack, '/healthz', { localAddress: '127.0.0.2' });
    t.equal(other.status, 200, 'another address is served meanwhile');
    for (let i = 1; i < WAITING_PER_SERVED; i++) await connected();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const overflow = await ask(stack, '/healthz');
    t.equal(overflow.status, 0, 'beyond the waiting room: closed before anything is read');
    t.ok((await metric(stack, 'edge_shed_total', 'reason="clientConnections"')) >= 1, 'counted');
    served.destroy();
    const turn = await waiting;
    t.equal(turn.status, 200, "the first waiting is read once the address's served one closes");
    t.ok(answered);
  },
);

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

t.test('readiness down while the event loop is busy nearly all the time; back once it is not', async (t) => {
  const stack = await stackWith(t, { READY_EVENT_LOOP_UTILIZATION: '0.5' });
  const ready = async () => (await stack.app.inject({ url: '/readyz' })).json().status;
  t.equal(await ready(), 'ready');
  // Busy in slices, so the samples are taken meanwhile.
  const until = Date.now() + 1_500;
  while (Date.now() < until) await stall(40);
  t.equal(await ready(), 'event-loop-utilization', 'busy: not ready');
  await eventually(async () => (await ready()) === 'ready', 'ready again');
  t.pass('idle again: ready');
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
  t.same(config.admission, { maxInFlight: 256, maxQueueWaitMs: 500, maxPerClient: 64 });
  t.equal(config.connections.slowReadMs, 30_000);
  t.equal(config.pressure.readyEventLoopUtilization, 0.9);
  t.equal(parseConfig({ MAX_CONNECTIONS_PER_CLIENT: 'off' }).admission.maxPerClient, undefined);
});
