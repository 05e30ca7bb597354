// Load shedding and readiness, connection settings, and the bound on pipelined requests.
import { connect } from 'node:net';
import t from 'tap';
import { parseConfig } from '../../server/config.ts';
import { TIMEOUT_CHECK_MS } from '../../server/ops/connections.ts';
import { MAPLE } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

/** Until the process has been measured once (every 500 ms), nothing is known. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`never: ${what}`);
}

t.test('over a threshold: 503 with Retry-After for visitors, the probes still answer', async (t) => {
  const stack = await startStack({ listen: false, env: { SHED_HEAP_USED_MB: '1' } });
  t.teardown(() => stack.close());
  const page = () => stack.app.inject({ url: '/', headers: { host: MAPLE, accept: 'text/html' } });
  await eventually(async () => (await page()).statusCode === 503, 'shed');
  const shed = await page();
  t.equal(shed.headers['retry-after'], '5');
  t.match(shed.body, /temporarily unavailable/);
  t.equal((await stack.app.inject({ url: '/healthz' })).statusCode, 200, 'liveness is never shed');
  const ready = await stack.app.inject({ url: '/readyz' });
  t.equal(ready.statusCode, 503);
  t.same(ready.json(), { status: 'heap' }, 'readiness says why');
  const api = await stack.app.inject({ url: '/api/pubapi/ticker/merchant', headers: { host: MAPLE } });
  t.equal(api.json().error.code, 'SERVICE.OVERLOADED');
  const metrics = await stack.app.metrics.registry.getSingleMetricAsString('edge_shed_total');
  t.match(metrics, /edge_shed_total\{reason="heapUsedBytes"\} \d+/);
});

t.test('readiness goes down first, at a share of the thresholds, while visitors are still served', async (t) => {
  const stack = await startStack({ listen: false, env: { SHED_HEAP_USED_MB: '100000', READY_PRESSURE_RATIO: '0.000001' } });
  t.teardown(() => stack.close());
  await eventually(async () => (await stack.app.inject({ url: '/readyz' })).statusCode === 503, 'not ready');
  t.equal((await stack.app.inject({ url: '/', headers: { host: MAPLE, accept: 'text/html' } })).statusCode, 200);
});

t.test('connections: keep-alive above a load balancer’s 60 s, headers timeout within the request timeout', async (t) => {
  const config = parseConfig({});
  t.equal(config.connections.keepAliveTimeoutMs, 65_000);
  t.ok(config.connections.headersTimeoutMs <= 30_000);
  t.throws(() => parseConfig({ HEADERS_TIMEOUT_MS: '66000' }), { message: /HEADERS_TIMEOUT_MS/ });
  const stack = await startStack({ env: { KEEP_ALIVE_TIMEOUT_MS: '65000' } });
  t.teardown(() => stack.close());
  t.equal(stack.app.server.keepAliveTimeout, 65_000);
  t.equal(stack.app.server.headersTimeout, 10_000);
});

// Node (18 and later) times a request's headers from its first byte, and looks only at
// connections with a request in progress: the idle time of a kept-alive connection before
// its next request does not count. So the headers timeout can stay short (against slow
// clients) below a keep-alive longer than any load balancer's idle timeout.
/** A connection to an edge with a 500 ms headers timeout, its first request answered. */
async function keptAlive(t: { teardown(fn: () => unknown): void }) {
  const stack = await startStack({ env: { KEEP_ALIVE_TIMEOUT_MS: '10000', HEADERS_TIMEOUT_MS: '500' } });
  t.teardown(() => stack.close());
  const socket = connect(stack.port, '127.0.0.1');
  t.teardown(() => socket.destroy());
  const connection = {
    socket,
    received: '',
    closed: new Promise((resolve) => socket.once('close', resolve)),
    /** Resolves once `count` answers have arrived on the connection. */
    answered: (count: number) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if ((connection.received.match(/HTTP\/1\.1 \d{3}/g)?.length ?? 0) < count) return;
          socket.off('data', look);
          resolve();
        };
        socket.on('data', look);
        look();
      }),
  };
  socket.on('data', (d) => (connection.received += d.toString('latin1')));
  socket.write(GET_HEALTH);
  return connection;
}
const GET_HEALTH = `GET /healthz HTTP/1.1\r\nHost: ${MAPLE}\r\n\r\n`;

t.test('an idle connection is kept past the headers timeout: only a request in progress has one', async (t) => {
  const connection = await keptAlive(t);
  const { socket } = connection;
  // Idle through several checks (one every TIMEOUT_CHECK_MS), each past the headers timeout.
  await new Promise((resolve) => setTimeout(resolve, 2 * TIMEOUT_CHECK_MS + 500));
  t.notOk(socket.destroyed, 'idle for more than the headers timeout, still open');
  socket.write(GET_HEALTH);
  await connection.answered(2);
  t.equal(connection.received.match(/HTTP\/1\.1 200/g)?.length, 2, 'and the second request is answered on it');
});

t.test('a client that trickles its headers is cut at the headers timeout, on a kept-alive connection too', async (t) => {
  const connection = await keptAlive(t);
  const { socket } = connection;
  await new Promise((resolve) => setTimeout(resolve, 700));
  // A second request, one header line every 100 ms, never finished.
  const started = Date.now();
  socket.write(`GET /healthz HTTP/1.1\r\nHost: ${MAPLE}\r\n`);
  const trickle = setInterval(() => socket.writable && socket.write('X-Slow: 1\r\n'), 100);
  t.teardown(() => clearInterval(trickle));
  await Promise.race([connection.closed, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  const ms = Date.now() - started;
  t.ok(socket.destroyed || socket.readableEnded, 'the connection was closed');
  t.ok(
    ms >= 500 && ms < 500 + TIMEOUT_CHECK_MS + 1_000,
    `after ${ms} ms: the headers timeout from the request's first byte, not from the connection's`,
  );
  t.match(connection.received, /HTTP\/1\.1 408/, 'with 408 Request Timeout');
});

t.test('pipelining: beyond the bound a request is refused and the connection closed', async (t) => {
  const stack = await startStack({ env: { MAX_PIPELINED_REQUESTS: '4', METRICS_TOKEN: 'metrics-token-0123456789' } });
  t.teardown(() => stack.close());
  const socket = connect(stack.port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString('latin1')));
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(`GET / HTTP/1.1\r\nHost: ${MAPLE}\r\nAccept: text/html\r\n\r\n`.repeat(10));
  await closed;
  const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  t.same(statuses.slice(0, 4), [200, 200, 200, 200], 'the first four are served');
  t.equal(statuses[4], 503, 'the fifth is refused');
  t.ok(statuses.length < 10, `the connection closed after it (${statuses.length} answers)`);
  t.match(received, /connection: close/i);
  const metrics = await stack.app.metrics.registry.getSingleMetricAsString('edge_shed_total');
  t.match(metrics, /edge_shed_total\{reason="pipelining"\} [1-9]/);

  const next = await fetch(stack.url('127.0.0.1', '/healthz'));
  t.equal(next.status, 200, 'other connections are unaffected');
});
