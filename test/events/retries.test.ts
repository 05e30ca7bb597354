// What happens when a receiver is not there, on a clock the test moves: each event waits in
// the outbox and is tried again on the schedule, and one down for a while gets every event
// once it is back; one down for the whole retry window is marked failing (a metric, a log
// line), gets nothing more, and ops turn it back on and replay what it missed. An order its
// visitor never comes back to still ends in an event: the follower asks the upstream. And an
// outbox at its bound refuses new deliveries and says so.
import { rmSync } from 'node:fs';
import t from 'tap';
import { driveTo, MAPLE } from '../helpers/journey.ts';
import { merchantsWithHooks, startReceiver, testSecret } from '../helpers/receiver.ts';
import { startStack } from '../helpers/stack.ts';

const SECRET = testSecret('r');
const TOKEN = 'metrics-token-0123456789';
let now = Date.parse('2026-03-02T15:00:00Z');
const clock = () => now;
const receiver = await startReceiver({ secret: SECRET, clock });
const dir = merchantsWithHooks({ maple: [{ url: receiver.url, secretEnv: 'MAPLE_HOOKS' }] });
const stack = await startStack({
  env: { MERCHANTS_DIR: dir, MAPLE_HOOKS: SECRET, METRICS_TOKEN: TOKEN },
  clock,
  sandbox: { clock },
});
stack.app.events.start();
t.teardown(async () => {
  await stack.close();
  await receiver.close();
  rmSync(dir, { recursive: true, force: true });
});

const failedAttempts = () => stack.logs.filter((l) => l.msg === 'order event not delivered: retried later').length;
/** Waits until `count` attempts have failed in all. */
const failed = (count: number) => stack.logged((l) => l.msg === 'order event not delivered: retried later', count);
/** The clock moved on, and the deliverer told to look. */
const later = (ms: number) => {
  now += ms;
  stack.app.events.deliverer.wake();
};
const ops = (method: 'GET' | 'POST', url: string) =>
  stack.app.inject({ method, url, headers: { authorization: `Bearer ${TOKEN}` } });

async function awaitingPayment() {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  await visitor.get('/payment-etransfer-instructions');
  return visitor;
}

t.test('a receiver down for a while gets every event once it is back', async (t) => {
  await receiver.down();
  const before = failedAttempts();
  const visitor = await awaitingPayment();
  await failed(before + 2);
  t.equal(receiver.received.length, 0);
  // Still down at the first retry (5 s and a little jitter later): tried again, and again later.
  later(7_000);
  await failed(before + 4);
  await receiver.up();
  later(60_000);
  await receiver.arrived(2);
  const mine = receiver.received.filter((r) => r.event.data.refId === visitor.refId());
  t.same(mine.map((r) => r.event.type).sort(), ['order.awaiting_payment', 'order.created']);
  t.ok(
    mine.every((r) => r.verified),
    'signed anew at each attempt: the timestamp is the attempt’s',
  );
  t.ok(
    mine.every((r) => r.timestamp >= Math.floor(now / 1000) - 1),
    'the signature’s timestamp is the delivering attempt’s',
  );
});

t.test('down for the whole retry window: the endpoint is marked failing, then turned back on and replayed', async (t) => {
  receiver.answer = 503;
  // Every attempt of both events answered 503 for three days; each round waits for both
  // attempts to be settled before the clock moves, so no retry is planned from a moved clock.
  let failures = failedAttempts();
  const visitor = await awaitingPayment();
  const refId = visitor.refId();
  await failed(failures + 2);
  for (const step of [60_000, 3_600_000, 24 * 3_600_000, 24 * 3_600_000]) {
    failures = failedAttempts();
    later(step);
    await failed(failures + 2);
  }
  // The last attempt is made once the window is over.
  later(24 * 3_600_000);
  await stack.logged((l) => String(l.msg).startsWith('order event not delivered for the whole retry window'), 2);
  const endpoints = (await ops('GET', '/ops/events/endpoints')).json() as {
    endpoints: { id: string; merchant: string; failing: boolean }[];
  };
  const maple = endpoints.endpoints.find((e) => e.merchant === 'maple')!;
  t.equal(maple.failing, true, 'marked failing');
  const metrics = (await ops('GET', '/metrics')).body;
  t.match(metrics, /edge_webhook_endpoints_failing 1/);
  t.match(metrics, /edge_webhook_deliveries_total\{outcome="gave_up"\} [1-9]/);

  // While failing it is sent nothing: the new order's events wait in the history only.
  receiver.answer = 204;
  const quiet = receiver.received.length;
  const next = await awaitingPayment();
  later(10_000);
  await stack.app.events.settled();
  t.equal(receiver.received.length, quiet, 'nothing sent to a failing endpoint');

  t.equal((await ops('POST', `/ops/events/endpoints/${maple.id}/enable`)).statusCode, 200);
  const list = (await ops('GET', `/ops/events/endpoints/${maple.id}/deliveries`)).json() as {
    deliveries: { id: string; refId: string; outcome: string; attempts: number }[];
  };
  const gaveUp = list.deliveries.filter((d) => d.refId === refId);
  t.ok(
    gaveUp.length === 2 && gaveUp.every((d) => d.outcome === 'gave-up' && d.attempts === 6),
    'the list says what became of each',
  );
  t.ok(
    list.deliveries.some((d) => d.refId === next.refId() && d.outcome === 'waiting'),
    'and what was never sent',
  );

  const from = new Date(now - 60_000).toISOString();
  const replay = await ops('POST', `/ops/events/endpoints/${maple.id}/replay?from=${from}`);
  t.equal(replay.statusCode, 202);
  t.equal(replay.json().queued, 2, 'the range replayed: the new order’s two events');
  await receiver.arrived(quiet + 2);
  t.same(
    receiver.received.slice(quiet).map((r) => r.event.data.refId),
    [next.refId(), next.refId()],
  );

  const one = gaveUp[0]!;
  const seen = receiver.received.length;
  t.equal((await ops('POST', `/ops/events/endpoints/${maple.id}/resend/${one.id}`)).statusCode, 202);
  await receiver.arrived(seen + 1);
  t.equal(receiver.received.at(-1)!.id, one.id, 'resent with the same webhook-id: a receiver de-duplicates by it');
  t.equal(
    (await stack.app.inject({ method: 'GET', url: `/ops/events/endpoints/${maple.id}/deliveries`, headers: { host: MAPLE } }))
      .statusCode,
    404,
    'without the token: not there',
  );
});

t.test('an order its visitor never comes back to: the follower asks, and order.completed arrives', async (t) => {
  const visitor = await driveTo(stack, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 });
  const redeemed = await visitor.post('/payment-flexepin', { voucherNumber: '1234567890123456' });
  t.equal(redeemed.headers.location, '/transaction-in-review');
  const refId = visitor.refId();
  const mine = () =>
    receiver.received
      .filter((r) => r.event.data.refId === refId)
      .sort((a, b) => a.event.data.sequence - b.event.data.sequence)
      .map((r) => r.event.type);
  while (!mine().includes('order.in_review')) await receiver.arrived(receiver.received.length + 1);
  // The visitor has gone. The sandbox's back office approves a review asked about 30 s on.
  for (let look = 0; look < 6 && !mine().includes('order.completed'); look++) {
    now += 15_000;
    await stack.app.events.follower.tick();
    await stack.app.events.settled();
    stack.app.events.deliverer.wake();
  }
  while (!mine().includes('order.completed')) await receiver.arrived(receiver.received.length + 1);
  // At the voucher the order awaited its payment; the voucher redeemed, in review; then approved.
  t.same(mine(), ['order.created', 'order.awaiting_payment', 'order.in_review', 'order.completed']);
  const completed = receiver.received.find((r) => r.event.data.refId === refId && r.event.type === 'order.completed')!;
  t.ok(completed.verified);
  t.match((await ops('GET', '/metrics')).body, /edge_order_follow_checks_total\{outcome="answered"\} [1-9]/);
  t.match((await ops('GET', '/metrics')).body, /edge_funnel_orders_total\{step="in_review"\} [1-9]/);
});

t.test('an outbox at its bound refuses new deliveries, and says so', async (t) => {
  const small = merchantsWithHooks({ maple: [{ url: receiver.url, secretEnv: 'MAPLE_HOOKS' }] });
  const full = await startStack({
    env: { MERCHANTS_DIR: small, MAPLE_HOOKS: SECRET, EVENTS_OUTBOX_MAX: '1', METRICS_TOKEN: TOKEN },
  });
  t.teardown(async () => {
    await full.close();
    rmSync(small, { recursive: true, force: true });
  });
  // Not delivering: what is recorded stays.
  const visitor = await driveTo(full, '/payment-etransfer-instructions');
  await visitor.get('/payment-etransfer-instructions');
  await full.app.events.settled();
  await full.logged((l) => String(l.msg).startsWith('order events outbox full'));
  const metrics = (await full.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  t.match(metrics, /edge_webhook_outbox_full 1/);
  t.match(metrics, /edge_webhook_queue_depth 1/);
  t.match(metrics, /edge_webhook_deliveries_total\{outcome="refused"\} 1/);
});
