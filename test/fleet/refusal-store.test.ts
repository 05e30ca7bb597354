// Where refused forms that must never travel in a cookie wait for their page
// (server/ops/refusal-store.ts): read once, gone after their time, bounded; in memory
// for one edge, in Redis for a fleet, where the GET may land on the other replica.

import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { MAX_HELD_BYTES, memoryRefusals, redisRefusals } from '../../server/ops/refusal-store.ts';
import { testClock } from '../fixtures/clock.ts';
import { driveTo, Visitor } from '../helpers/journey.ts';
import { neverShedForDelay } from '../helpers/pressure.ts';
import { startRedis } from '../helpers/redis.ts';
import { startStack } from '../helpers/stack.ts';

const redis = await startRedis();
t.teardown(() => redis.stop());

t.test('in memory: read once, gone after its time, too large never kept', async (t) => {
  const clock = testClock();
  const store = memoryRefusals(clock.now);
  const id = await store.keep('{"values":{}}', 60_000);
  t.ok(id && /^[\w-]{22}$/.test(id), 'a random id');
  t.equal(await store.take(id!), '{"values":{}}');
  t.equal(await store.take(id!), null, 'read once');
  const late = await store.keep('late', 60_000);
  clock.advance(60_001);
  t.equal(await store.take(late!), null, 'gone after its time');
  t.equal(await store.keep('x'.repeat(MAX_HELD_BYTES + 1), 60_000), null, 'too large: not kept');
  t.equal(await store.keep('é'.repeat(MAX_HELD_BYTES / 2 + 1), 60_000), null, 'too large in bytes, if not in characters');
  t.equal(await store.take('no-such-id'), null);
});

t.test('in Redis: read once, kept no longer than asked', async (t) => {
  const { Redis } = await import('ioredis');
  const client = new Redis(redis.url);
  t.teardown(() => client.quit());
  const store = redisRefusals(client);
  const id = await store.keep('held', 60_000);
  const ttl = await client.pttl(`refused:${id}`);
  t.ok(ttl > 0 && ttl <= 60_000, `expires within the minute (${ttl} ms)`);
  t.equal(await store.take(id!), 'held');
  t.equal(await store.take(id!), null, 'read once');
  t.equal(await store.keep('x'.repeat(MAX_HELD_BYTES + 1), 60_000), null, 'too large: not kept');
});

t.test('two replicas sharing Redis: a voucher refused on one is shown by the other', async (t) => {
  const env = { REDIS_URL: redis.url };
  const stack = await startStack({ listen: false, env });
  t.teardown(() => stack.close());
  const other = await buildApp({
    config: neverShedForDelay(parseConfig({ SESSION_SECRET: 'x'.repeat(32), LOG_LEVEL: 'silent', ...env })),
    upstreamUrl: stack.sandbox.url,
    thirdParty: stack.sandbox.thirdParty,
    sandboxSiteUrl: stack.sandbox.siteUrl,
  });
  t.teardown(() => other.close());

  const visitor = await driveTo(stack, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 });
  const refused = await visitor.post('/payment-flexepin', { voucherNumber: '0000000000000000' });
  t.equal(refused.statusCode, 303);
  const elsewhere = new Visitor({ ...stack, app: other }, visitor.host);
  elsewhere.cookie = visitor.cookie;
  elsewhere.refusal = visitor.refusal;
  const page = await elsewhere.get('/payment-flexepin');
  t.match(page.body, 'This voucher has already been used.', 'the other replica shows the refusal');
  t.match(page.body, 'value="0000000000000000"', 'with what was typed');
  t.equal(elsewhere.refusal, '', 'the cookie cleared');
  // The first replica, with the same cookie: the form was taken already.
  t.notMatch((await visitor.get('/payment-flexepin')).body, 'already been used', 'read once, across the fleet');
});
