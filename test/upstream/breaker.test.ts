// The circuit breaker: its rule on a set clock, then in the dispatcher over real sockets,
// counting what the upstream actually saw.
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { type BreakerState, CircuitBreaker, CircuitBreakers, DEFAULT_BREAKER_POLICY } from '../../server/upstream/breaker.ts';
import { createUpstreamDispatcher } from '../../server/upstream/dispatcher.ts';
import { transportFailure } from '../../server/upstream/errors.ts';
import { testClock } from '../fixtures/clock.ts';
import { MAPLE } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';
import { captureLogger, startUpstream } from './helpers.ts';

const { FAILURE_TEXT } = DEFAULT_TEXTS;

const policy = { windowMs: 10_000, minCalls: 10, failureRatio: 0.5, openMs: 5_000 };

function breaker() {
  const clock = testClock({ start: 1_000_000 });
  const changes: BreakerState[] = [];
  const b = new CircuitBreaker(policy, clock.now, (s) => changes.push(s));
  const call = (outcome: 'success' | 'failure' | 'neutral') => {
    const admission = b.admit();
    if (admission !== 'reject') b.record(outcome, admission);
    return admission;
  };
  return { b, clock, changes, call };
}

t.test('a few failures, or failures among enough successes, keep it closed', async (t) => {
  const { b, call } = breaker();
  for (let i = 0; i < 9; i++) call('failure');
  t.equal(b.state, 'closed', 'nine failures are fewer than minCalls');
  const { b: b2, call: call2 } = breaker();
  for (let i = 0; i < 30; i++) call2(i % 3 === 0 ? 'failure' : 'success');
  t.equal(b2.state, 'closed', 'a third failing is under the ratio');
});

t.test('a sustained failure rate opens it; while open every call is refused at once', async (t) => {
  const { b, call, changes } = breaker();
  for (let i = 0; i < 5; i++) call('success');
  for (let i = 0; i < 5; i++) call('failure');
  t.equal(b.state, 'open', 'half of ten calls failed');
  t.same(changes, ['open']);
  t.equal(call('success'), 'reject');
  t.equal(b.admit(), 'reject');
});

t.test('old failures leave the window', async (t) => {
  const { b, clock, call } = breaker();
  for (let i = 0; i < 8; i++) call(i % 2 ? 'success' : 'failure');
  clock.advance(policy.windowMs + 1);
  call('failure');
  call('failure');
  t.equal(b.state, 'closed', 'the four before are older than the window, and a success broke the run');
  for (let i = 0; i < 7; i++) call(i % 2 ? 'success' : 'failure');
  t.equal(b.state, 'closed', 'nine in the window');
  call('failure');
  t.equal(b.state, 'open', 'seven of ten in the window failed');
});

t.test('failures in a row open it however long they took, as calls on a busy loop do', async (t) => {
  const { b, clock, call } = breaker();
  // Each call slower than a tenth of the window: never ten of them in it.
  for (let i = 0; i < 9; i++) {
    call('failure');
    clock.advance(policy.windowMs / 4);
  }
  t.equal(b.state, 'closed', 'nine are fewer than minCalls');
  call('failure');
  t.equal(b.state, 'open', 'the tenth in a row, as when they come at once');
  const { b: b2, clock: clock2, call: call2 } = breaker();
  for (let i = 0; i < 20; i++) {
    call2(i % 5 === 4 ? 'success' : 'failure');
    clock2.advance(policy.windowMs / 4);
  }
  t.equal(b2.state, 'closed', 'a success now and then breaks the run: spread over time, no trend');
  call2('neutral');
  t.equal(b2.state, 'closed');
});

t.test('after openMs one probe goes through; its success closes, its failure opens again', async (t) => {
  const { b, clock, call, changes } = breaker();
  for (let i = 0; i < 10; i++) call('failure');
  clock.advance(policy.openMs - 1);
  t.equal(b.admit(), 'reject', 'still open just before openMs');
  clock.advance(1);
  t.equal(b.state, 'half-open');
  const probe = b.admit();
  t.equal(probe, 'probe', 'the first caller is the probe');
  t.equal(b.admit(), 'reject', 'only one probe at a time');
  b.record('failure', probe);
  t.equal(b.state, 'open', 'a failed probe opens it again, for another openMs');
  clock.advance(policy.openMs);
  const second = b.admit();
  t.equal(second, 'probe');
  b.record('success', second);
  t.equal(b.state, 'closed');
  t.same(changes, ['open', 'half-open', 'open', 'half-open', 'closed']);
  for (let i = 0; i < 9; i++) call('failure');
  t.equal(b.state, 'closed', 'closing forgets the failures before it');
});

t.test('while open, a refused call is told when a probe may go', async (t) => {
  const { b, clock, call } = breaker();
  t.equal(b.retryAfterS(), 1, 'closed: at once');
  for (let i = 0; i < 10; i++) call('failure');
  t.equal(b.retryAfterS(), 5, 'just opened: the whole pause');
  clock.advance(2_000);
  t.equal(b.retryAfterS(), 3);
  clock.advance(2_999);
  t.equal(b.retryAfterS(), 1, 'a second at least');
});

t.test('a probe the caller gave up on lets the next caller probe', async (t) => {
  const { b, clock, call } = breaker();
  for (let i = 0; i < 10; i++) call('failure');
  clock.advance(policy.openMs);
  const probe = b.admit();
  b.record('neutral', probe);
  t.equal(b.state, 'half-open');
  t.equal(b.admit(), 'probe');
});

t.test('one breaker per origin', async (t) => {
  const clock = testClock();
  const { logger, lines } = captureLogger();
  const breakers = new CircuitBreakers({ policy, clock: clock.now, logger });
  for (let i = 0; i < 10; i++) breakers.for('http://a').record('failure', 'allow');
  t.same([...breakers.states()], [['http://a', 'open']]);
  t.equal(breakers.for('http://b').admit(), 'allow', 'another host is unaffected');
  t.ok(
    lines.some((l) => l.msg === 'upstream failing: calls answered at once until a probe succeeds'),
    'opening is logged',
  );
  t.ok(DEFAULT_BREAKER_POLICY.minCalls >= 10, 'the default needs a trend, not a blip');
});

t.test('in the dispatcher: at 100% 504s the breaker stops the calls, and a probe brings them back', async (t) => {
  let answer = 504;
  const upstream = await startUpstream(() => answer);
  t.teardown(() => upstream.close());
  const clock = testClock();
  const { logger } = captureLogger();
  const breakers = new CircuitBreakers({ policy: { ...policy, minCalls: 4 }, clock: clock.now, logger });
  const dispatcher = createUpstreamDispatcher({
    connectTimeoutMs: 500,
    headersTimeoutMs: 500,
    bodyTimeoutMs: 500,
    logger,
    minDelayMs: 1,
    maxDelayMs: 2,
    breakers,
  });
  t.teardown(() => dispatcher.destroy());
  const call = async () => {
    try {
      const res = await dispatcher.request({ origin: upstream.url, path: '/txnbuy/status/ABC-123', method: 'GET' });
      await res.body.text();
      return res.statusCode;
    } catch (error) {
      return error as Error;
    }
  };

  for (let i = 0; i < 4; i++) t.equal(await call(), 504);
  t.equal(upstream.seen.length, 16, 'four calls of four attempts each');
  const refused = await call();
  t.equal((refused as { code?: string }).code, 'UPSTREAM_CIRCUIT_OPEN', 'open: refused without a connection');
  t.same(
    transportFailure(refused),
    { kind: 'unavailable', reason: 'circuit-open', retryAfterS: 5 },
    'which the client reads as no answer, until a probe may go',
  );
  t.equal(upstream.seen.length, 16, 'the upstream saw nothing more');

  answer = 200;
  clock.advance(policy.openMs);
  t.equal(await call(), 200, 'the probe');
  t.equal(upstream.seen.length, 17);
  t.equal(await call(), 200, 'closed again');
  t.same(
    [...breakers.states()].map(([, s]) => s),
    ['closed'],
  );
});

t.test('in the dispatcher, on a busy event loop: the breaker opens after as many failed calls as on an idle one', async (t) => {
  const upstream = await startUpstream(() => 504);
  t.teardown(() => upstream.close());
  const { logger } = captureLogger();
  // The real clock, and a window a loop blocked between calls outlasts (as a flood does to the default 30 s).
  const busyPolicy = { windowMs: 300, minCalls: 4, failureRatio: 0.5, openMs: 60_000 };
  const callsUntilOpen = async (blockMs: number) => {
    const breakers = new CircuitBreakers({ policy: busyPolicy, clock: Date.now, logger });
    const dispatcher = createUpstreamDispatcher({
      connectTimeoutMs: 500,
      headersTimeoutMs: 500,
      bodyTimeoutMs: 500,
      logger,
      maxRetries: 1,
      minDelayMs: 1,
      maxDelayMs: 1,
      breakers,
    });
    const before = upstream.seen.length;
    let calls = 0;
    try {
      for (; calls < 8; calls++) {
        const res = await dispatcher
          .request({ origin: upstream.url, path: '/pubapi/ticker/merchant', method: 'GET' })
          .catch((e: Error) => e);
        if (res instanceof Error) break;
        await res.body.text();
        // The loop is held, as other requests' work holds it under load.
        const until = Date.now() + blockMs;
        while (Date.now() < until);
      }
    } finally {
      await dispatcher.destroy();
    }
    return { calls, attempts: upstream.seen.length - before };
  };
  const idle = await callsUntilOpen(0);
  t.same(idle, { calls: 4, attempts: 8 }, 'idle: four calls of two attempts, then refused');
  const busy = await callsUntilOpen(busyPolicy.windowMs / 2);
  t.same(busy, idle, 'busy: the same');
});

t.test("a visitor meeting an open breaker: 503, when to come back, the spec's unavailable message", async (t) => {
  let now = Date.now();
  const stack = await startStack({ listen: false, clock: () => now });
  t.teardown(() => stack.close());
  // Twelve ticker calls of four 504s each open the exchange API's breaker.
  stack.sandbox.app.sandbox.queueFaults(Array(48).fill('504'));
  const ticker = () => stack.app.inject({ url: '/api/pubapi/ticker/merchant', headers: { host: MAPLE } });
  for (let i = 0; i < 12; i++) await ticker();
  t.same(
    [...stack.app.upstreamBreakers.states()].map(([, state]) => state),
    ['open'],
  );
  now += 1_000;
  const page = await stack.app.inject({ url: '/state/ABC-123', headers: { host: MAPLE, accept: 'text/html' } });
  t.equal(page.statusCode, 503, 'not a 502: the upstream is paused, not broken');
  t.equal(page.headers['retry-after'], '4', 'the seconds until a probe may go');
  t.match(page.body, FAILURE_TEXT.unavailable);
  const api = await ticker();
  t.equal(api.statusCode, 503);
  t.equal(api.headers['retry-after'], '4');
  t.same(api.json(), { error: { code: 'UPSTREAM.UNAVAILABLE', msg: FAILURE_TEXT.unavailable } });
});
