// Two replicas share one outbox in Redis (a real redis-server): each event is delivered by
// one of them, once; what a replica took and never settled (it died) is claimed by another
// and delivered; each open order has one follower at a time across the fleet.
import { rmSync } from 'node:fs';
import t from 'tap';
import { openRedisStore } from '../../server/events/redis-store.ts';
import { driveTo } from '../helpers/journey.ts';
import { merchantsWithHooks, startReceiver, testSecret } from '../helpers/receiver.ts';
import { startRedis } from '../helpers/redis.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

const SECRET = testSecret('2');
const redis = await startRedis();
const receiver = await startReceiver({ secret: SECRET });
const dir = merchantsWithHooks({ maple: [{ url: receiver.url, secretEnv: 'MAPLE_HOOKS' }] });
const env = { MERCHANTS_DIR: dir, MAPLE_HOOKS: SECRET, REDIS_URL: redis.url, EVENTS_CLAIM_IDLE_S: '1' };
const a = await startStack({ env });
// One upstream for both, as a fleet has: the second replica calls the first one's sandbox.
const b = await startStack({ env, upstreamUrl: () => a.sandbox.url });
t.teardown(async () => {
  await Promise.all([a.close(), b.close()]);
  await receiver.close();
  await redis.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Orders created on each replica in turn, their events recorded in Redis (none delivered yet). */
async function orders(count: number, on: Stack[]) {
  const refIds: string[] = [];
  for (let i = 0; i < count; i++) refIds.push((await driveTo(on[i % on.length]!, '/address-input')).refId());
  await Promise.all(on.map((stack) => stack.app.events.settled()));
  return refIds;
}

t.test('a replica that took deliveries and died: another claims them, and each event is delivered once', async (t) => {
  const refIds = await orders(4, [a, b]);
  // A third consumer takes every delivery waiting, then goes away without settling any.
  const doomed = await openRedisStore({
    url: redis.url,
    outboxMax: 1000,
    endpointMax: 1000,
    retentionMs: 3_600_000,
    followMax: 1000,
    claimIdleMs: 1000,
    clock: Date.now,
  });
  const taken = await doomed.take(Date.now(), 100, () => false);
  t.equal(taken.length, 4, `the four created events, taken: ${taken.map((d) => d.record.type)}`);
  await doomed.close();

  const more = await orders(4, [b, a]);
  a.app.events.start();
  b.app.events.start();
  await receiver.arrived(8);
  const ids = receiver.received.map((r) => r.id);
  t.equal(new Set(ids).size, ids.length, 'no event twice');
  t.same(
    receiver.received.map((r) => r.event.data.refId).sort(),
    [...refIds, ...more].sort(),
    'every order’s order.created, the ones the dead replica held included',
  );
  t.ok(receiver.received.every((r) => r.verified));
  await Promise.all([a.app.events.deliverer.drained(), b.app.events.deliverer.drained()]);
  const byA = Number(
    /outcome="delivered"\} (\d+)/.exec(
      await a.app.metrics.registry.getSingleMetricAsString('edge_webhook_deliveries_total'),
    )?.[1] ?? 0,
  );
  const byB = Number(
    /outcome="delivered"\} (\d+)/.exec(
      await b.app.metrics.registry.getSingleMetricAsString('edge_webhook_deliveries_total'),
    )?.[1] ?? 0,
  );
  t.equal(byA + byB, 8, `delivered between the two replicas, eight in all: ${byA} ${byB}`);
});

t.test('each open order has one follower at a time across the fleet', async (t) => {
  const later = Date.now() + 2 * 3_600_000;
  const [fromA, fromB] = await Promise.all([
    a.app.events.store.dueOrders(later, 100, later + 60_000),
    b.app.events.store.dueOrders(later, 100, later + 60_000),
  ]);
  const all = [...fromA, ...fromB].map((o) => o.facts.refId);
  t.equal(all.length, 8, 'every open order taken once');
  t.equal(new Set(all).size, all.length, 'by one replica or the other, never both');
  t.same(await a.app.events.store.dueOrders(later + 1, 100, later + 60_000), [], 'leased: nobody takes them again meanwhile');
});
