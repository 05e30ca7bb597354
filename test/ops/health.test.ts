// Probes that answer whatever the main thread is doing: the probe worker on HEALTH_PORT
// reads the state the main thread publishes, so a main thread blocked by work (here, a
// busy loop in this very process) still gets its liveness and readiness answered, and the
// answers tell the truth (readiness down once the heartbeat is stale, liveness up). Also:
// the verdicts themselves, the answers' shape, and the drain's 503 in the edge's shape.

import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import t from 'tap';
import { parseConfig } from '../../server/config.ts';
import { HealthState, liveness, PROBE_LIMITS, type ProbeInputs, readiness, sharedNow } from '../../server/http/health.ts';
import { type ProbeServer, startProbeServer } from '../../server/ops/probes.ts';
import { MAPLE } from '../helpers/journey.ts';
import { startProber } from '../helpers/prober.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

const limits = { readyStallMs: 300, liveStallMs: 15_000 };

async function edgeWithProbes(t: Tap): Promise<{ stack: Stack; state: HealthState; probes: ProbeServer }> {
  const state = new HealthState();
  const stack = await startStack({ lifecycle: state });
  const probes = await startProbeServer({ state, port: 0, host: '127.0.0.1', limits });
  t.teardown(async () => {
    await probes.close();
    await stack.close();
  });
  return { stack, state, probes };
}
type Tap = { teardown(fn: () => unknown): void };

const probe = async (port: number, path: string, method = 'GET') => {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { method });
  return { status: res.status, headers: res.headers, body: await res.text() };
};

t.test(
  'the verdicts: readiness needs serving, no drain, a fresh heartbeat and no pressure; liveness only a heartbeat',
  async (t) => {
    const ok: ProbeInputs = { serving: true, draining: false, pressure: undefined, sinceBeatMs: 50 };
    const ready = (inputs: Partial<ProbeInputs>) => readiness({ ...ok, ...inputs }, limits);
    const live = (inputs: Partial<ProbeInputs>) => liveness({ ...ok, ...inputs }, limits);
    t.same(ready({}), { status: 200, body: { status: 'ready' } });
    t.same(ready({ serving: false }).body, { status: 'starting' });
    t.same(ready({ sinceBeatMs: undefined }).body, { status: 'starting' });
    t.same(ready({ draining: true, pressure: 'heap' }).body, { status: 'draining' }, 'draining says so first');
    t.same(ready({ sinceBeatMs: 301 }), { status: 503, body: { status: 'stalled' } });
    t.same(ready({ pressure: 'rss' }), { status: 503, body: { status: 'rss' } });
    t.same(
      live({ sinceBeatMs: 14_999, draining: true, pressure: 'heap', serving: false }),
      { status: 200, body: { status: 'ok' } },
      'busy, draining or starting: alive',
    );
    t.same(live({ sinceBeatMs: undefined }).status, 200, 'before the first heartbeat: starting, not dead');
    t.same(live({ sinceBeatMs: 15_001 }), { status: 503, body: { status: 'stalled' } });
    t.ok(PROBE_LIMITS.liveStallMs >= 10 * PROBE_LIMITS.readyStallMs, 'readiness goes down long before the process is killed');
  },
);

t.test('the state is shared: another view of the same memory sees each write at once', async (t) => {
  const state = new HealthState();
  const other = new HealthState(state.buffer);
  t.same(other.inputs(), { serving: false, draining: false, pressure: undefined, sinceBeatMs: undefined });
  state.serving = true;
  state.pressure = 'upstream';
  state.beat(sharedNow() - 40);
  state.draining = true;
  const seen = other.inputs();
  t.match(seen, { serving: true, draining: true, pressure: 'upstream' });
  t.ok(seen.sinceBeatMs! >= 40 && seen.sinceBeatMs! < 1_000, `${seen.sinceBeatMs} ms since the beat`);
  state.pressure = undefined;
  state.draining = false;
  t.match(other.inputs(), { serving: true, draining: false, pressure: undefined });
});

t.test('HEALTH_PORT: 9090 in production, off elsewhere unless set; 0 is any free port', async (t) => {
  t.equal(parseConfig({ NODE_ENV: 'production', SANDBOX: 'on' }).healthPort, 9090);
  t.equal(parseConfig({}).healthPort, undefined);
  t.equal(parseConfig({ HEALTH_PORT: '0' }).healthPort, 0);
  t.equal(parseConfig({ NODE_ENV: 'production', SANDBOX: 'on', HEALTH_PORT: 'off' }).healthPort, undefined);
  t.throws(() => parseConfig({ HEALTH_PORT: 'x' }), { message: /HEALTH_PORT/ });
  t.throws(() => parseConfig({ PORT: '9090', HEALTH_PORT: '9090' }), { message: /HEALTH_PORT: must differ from PORT/ });
});

t.test(
  'the probe port answers in JSON, no-store, with the security headers; anything else is a 404 in the edge shape',
  async (t) => {
    const { stack, probes } = await edgeWithProbes(t);
    const health = await probe(probes.port, '/healthz');
    t.equal(health.status, 200);
    t.same(JSON.parse(health.body), { status: 'ok' });
    const ready = await probe(probes.port, '/readyz?full=1');
    t.same([ready.status, JSON.parse(ready.body)], [200, { status: 'ready' }]);
    const main = await fetch(stack.url('127.0.0.1', '/readyz'));
    for (const [where, headers] of [
      ['probe port', ready.headers],
      ['main port', main.headers],
    ] as const) {
      t.equal(headers.get('content-type'), 'application/json; charset=utf-8', where);
      t.equal(headers.get('cache-control'), 'no-store', where);
      t.equal(headers.get('x-content-type-options'), 'nosniff', where);
      t.equal(headers.get('x-frame-options'), 'SAMEORIGIN', where);
      t.equal(headers.get('strict-transport-security'), 'max-age=15552000', where);
    }
    const head = await probe(probes.port, '/healthz', 'HEAD');
    t.same([head.status, head.body], [200, ''], 'HEAD: the status alone');
    const other = await probe(probes.port, '/');
    t.equal(other.status, 404);
    t.same(JSON.parse(other.body), { error: { code: 'REQUEST.NOT_FOUND', msg: 'Not found.' } });
    t.equal((await probe(probes.port, '/readyz', 'POST')).status, 404);
  },
);

t.test('a port in use: the probe server does not start, and says which port', async (t) => {
  const { probes, state } = await edgeWithProbes(t);
  await t.rejects(startProbeServer({ state, port: probes.port, host: '127.0.0.1' }), {
    message: new RegExp(`HEALTH_PORT ${probes.port}: .*EADDRINUSE`),
  });
});

t.test('draining flips readiness on the probe port at once, without waiting for a heartbeat', async (t) => {
  const { stack, state, probes } = await edgeWithProbes(t);
  t.equal((await probe(probes.port, '/readyz')).status, 200);
  state.draining = true;
  const ready = await probe(probes.port, '/readyz');
  t.same([ready.status, JSON.parse(ready.body)], [503, { status: 'draining' }]);
  t.equal((await probe(probes.port, '/healthz')).status, 200, 'still alive: in-flight requests are finishing');
  t.same((await stack.app.inject({ url: '/readyz' })).json(), { status: 'draining' }, 'the main port says the same');
});

t.test(
  'the main thread blocked: the probe port answers meanwhile, readiness down once the heartbeat is stale, liveness up',
  async (t) => {
    const { stack, state, probes } = await edgeWithProbes(t);
    // /readyz then /healthz until readiness is down (8 s at most).
    const prober = await startProber({
      port: probes.port,
      paths: ['/readyz', '/healthz'],
      everyMs: 20,
      rounds: 400,
      stopOn: { path: '/readyz', status: 503 },
    });
    t.teardown(() => prober.close());

    // The edge runs in this thread: from here until the prober has its answers, it runs nothing else.
    const blockedAt = sharedNow();
    const lastBeat = blockedAt - state.inputs(blockedAt).sinceBeatMs!;
    const answered = prober.go();
    while (!prober.finished() && sharedNow() - blockedAt < 12_000);
    const unblockedAt = sharedNow();
    const answers = await answered;
    t.comment(
      `blocked ${unblockedAt - blockedAt} ms; answers: ${answers.map((a) => `${a.path} ${a.status} in ${a.ms.toFixed(1)} ms`).join(', ')}`,
    );
    t.ok(prober.finished(), 'every probe was answered');
    // sharedNow rounds to the millisecond and each thread has its own time origin: allow 1 ms.
    t.ok(
      answers.every((a) => a.at >= blockedAt - 1 && a.at <= unblockedAt + 1),
      'all while the main thread was blocked',
    );
    const live = answers.filter((a) => a.path === '/healthz');
    t.ok(
      live.length > 0 && live.every((a) => a.status === 200 && a.body === '{"status":"ok"}'),
      'liveness: a stall of seconds is not death',
    );
    const lastReady = answers.findLast((a) => a.path === '/readyz')!;
    t.same(
      [lastReady.status, JSON.parse(lastReady.body)],
      [503, { status: 'stalled' }],
      'readiness: down once the heartbeat is stale',
    );
    t.ok(lastReady.at - lastBeat > limits.readyStallMs, 'and not before the stall limit');

    // Unblocked, the heartbeat resumes and readiness comes back.
    const deadline = Date.now() + 5_000;
    let back = await probe(probes.port, '/readyz');
    while (back.status !== 200 && Date.now() < deadline) back = await probe(probes.port, '/readyz');
    t.equal(back.status, 200, 'ready again once the main thread beats');
    t.equal((await fetch(stack.url('127.0.0.1', '/readyz'))).status, 200);
  },
);

t.test("requests read while the server closes get the edge's draining 503, not Fastify's", async (t) => {
  // An upstream that holds its answers: a request in flight keeps its connection open through the close.
  const held: ServerResponse[] = [];
  const upstream = createServer((_request, response) => void held.push(response));
  const firstHeld = once(upstream, 'request');
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.teardown(() => upstream.close());
  const stack = await startStack({ upstreamUrl: () => `http://127.0.0.1:${(upstream.address() as { port: number }).port}` });

  const socket = connect(stack.port, '127.0.0.1');
  t.teardown(() => socket.destroy());
  const socketClosed = new Promise((resolve) => socket.once('close', resolve));
  let received = '';
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.write(`GET /api/pubapi/ticker/merchant HTTP/1.1\r\nHost: ${MAPLE}\r\nAccept: application/json\r\n\r\n`);
  await firstHeld;

  const closed = stack.close();
  // The next request on that connection arrives while the server closes.
  const secondRead = once(stack.app.server, 'request');
  socket.write(`GET /price-quote HTTP/1.1\r\nHost: ${MAPLE}\r\nAccept: application/json\r\n\r\n`);
  await secondRead;
  for (const response of held) response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  await closed;
  await socketClosed;

  const answers = received.split(/(?=HTTP\/1\.1 )/);
  t.equal(answers.length, 2, 'both requests answered');
  const drained = answers[1]!;
  t.match(drained, /^HTTP\/1\.1 503 /);
  t.match(drained, /\r\nretry-after: 5\r\n/i);
  t.match(drained, /\r\nconnection: close\r\n/i);
  t.match(drained, /\r\nx-content-type-options: nosniff\r\n/i, 'with the security headers');
  t.same(JSON.parse(drained.slice(drained.indexOf('\r\n\r\n') + 4)), {
    error: { code: 'SERVICE.DRAINING', msg: 'Shutting down, please retry.' },
  });
});
