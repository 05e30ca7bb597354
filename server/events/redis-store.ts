// The fleet's outbox: Redis Streams with a consumer group (REDIS_URL). Each delivery is an
// entry of one stream, which the group hands to one replica; a delivery that failed waits
// in a sorted set by its next attempt's time, pending to the replica that last took it; a
// replica that dies with entries taken and unsettled leaves them pending, idle, and another
// claims them after a minute. What an order has been told is one hash per order, changed by
// one script, so two replicas that see the same stage tell it once; the follower's orders are
// a sorted set by their next look, taken on a lease, so each order has one follower at a
// time across the fleet. The history (list, resend, replay) is a second stream, trimmed to
// the retention. Nothing waits in the process's memory.
import { hostname } from 'node:os';
import type { Redis, Result } from 'ioredis';
import type { OrderStage } from '../../checkout/order-status.ts';
import type { EventRecord, OrderFacts } from './event.ts';
import type {
  Delivery,
  DeliveryOutcome,
  EventStore,
  FollowedOrder,
  HistoryEntry,
  NewEvent,
  Observation,
  Observed,
  OutboxStats,
} from './store.ts';
import { orderKeyOf } from './store.ts';

const P = 'edge-ev:';
const KEYS = {
  seq: `${P}seq`,
  queue: `${P}q`,
  retry: `${P}retry`,
  attempts: `${P}att`,
  depth: `${P}depth`,
  history: `${P}h`,
  follow: `${P}follow`,
  failing: `${P}failing`,
  order: (key: string) => `${P}o:${key}`,
};
const GROUP = 'deliverers';
/** How often a replica looks for entries another took and left unsettled, at most. */
const CLAIM_EVERY_MS = 15_000;
/** What an order's hash outlives its last event by: the stage told and the marks are kept so long. */
const ORDER_TTL_MS = 30 * 24 * 3_600_000;

/** One script records an observation whole (store.ts): the order's hash, its events, the deliveries, the follower's set. */
const OBSERVE = `
local p = cjson.decode(ARGV[1])
local order, follow, seqKey, q, h, depth, failing = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]
redis.call('HSET', order, 'f', p.facts)
local told, first, refused = {}, {}, 0
local function tell(ev, index)
  local seq = redis.call('INCR', seqKey)
  redis.call('XADD', h, 'MINID', '~', p.minId, '*', 'k', 'e', 'r', ev.record, 's', seq)
  local length = redis.call('XLEN', q)
  for _, ep in ipairs(ev.endpoints) do
    if redis.call('SISMEMBER', failing, ep) == 0 then
      local waiting = tonumber(redis.call('HGET', depth, ep) or '0')
      if length >= p.outboxMax or waiting >= p.endpointMax then
        refused = refused + 1
      else
        redis.call('XADD', q, '*', 'r', ev.record, 's', seq, 'ep', ep)
        redis.call('HINCRBY', depth, ep, 1)
        length = length + 1
      end
    end
  end
  table.insert(told, { index, seq })
end
local function reach(step)
  redis.call('HSET', order, 'last', step)
  if redis.call('HSETNX', order, 's:' .. step, '1') == 1 then table.insert(first, step) end
end
for index, ev in ipairs(p.emits) do
  if ev.once == nil or redis.call('HSETNX', order, 'once:' .. ev.once, '1') == 1 then tell(ev, index) end
end
for _, step in ipairs(p.reached) do reach(step) end
local stage = redis.call('HGET', order, 'st')
local rank = tonumber(redis.call('HGET', order, 'rk') or '-1')
local moved = stage ~= p.stage and rank < 3 and p.rank >= rank
if moved then
  redis.call('HSET', order, 'st', p.stage, 'rk', p.rank, 'since', p.now)
  if p.step ~= nil then reach(p.step) end
  if p.event ~= nil then tell(p.event, 0) end
end
local look = p.lookSame
if moved then look = p.lookMoved end
local notFollowed = 0
if look == 'stop' then
  redis.call('ZREM', follow, p.member)
elseif look ~= 'keep' then
  if redis.call('ZSCORE', follow, p.member) or redis.call('ZCARD', follow) < p.followMax then
    redis.call('ZADD', follow, look, p.member)
  else
    notFollowed = 1
  end
end
redis.call('PEXPIRE', order, p.ttl)
return cjson.encode({ told = told, first = first, moved = moved and 1 or 0, refused = refused, notFollowed = notFollowed })
`;

/** Pops what is due from a sorted set, or leases it (its score moved on) when `lease` is given. */
const DUE = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
for _, member in ipairs(due) do
  if ARGV[3] == '' then redis.call('ZREM', KEYS[1], member) else redis.call('ZADD', KEYS[1], ARGV[3], member) end
end
return due
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    edgeEventsObserve(
      order: string,
      follow: string,
      seq: string,
      queue: string,
      history: string,
      depth: string,
      failing: string,
      params: string,
    ): Result<string, Context>;
    edgeEventsDue(key: string, now: number, count: number, lease: string): Result<string[], Context>;
  }
}

export interface RedisStoreOptions {
  url: string;
  outboxMax: number;
  endpointMax: number;
  retentionMs: number;
  followMax: number;
  /** An entry taken and left unsettled this long belongs to a replica gone: another claims it. */
  claimIdleMs: number;
  clock: () => number;
}

type Fields = Record<string, string>;

function fieldsOf(flat: string[]): Fields {
  const fields: Fields = {};
  for (let i = 0; i + 1 < flat.length; i += 2) fields[flat[i]!] = flat[i + 1]!;
  return fields;
}

/** A record as the streams keep it: its JSON without the sequence, which is a field of its own. */
function recordOf(fields: Fields): EventRecord {
  const record = JSON.parse(fields.r!) as EventRecord;
  record.data.sequence = Number(fields.s);
  return record;
}

function withoutSequence(record: EventRecord): string {
  const { sequence: _sequence, ...data } = record.data;
  return JSON.stringify({ ...record, data });
}

const toRecordJson = (event: NewEvent) => JSON.stringify(event.record);

const lookParam = (look: Observation['lookIfMoved']) => (typeof look === 'number' ? Math.round(look) : look);

export async function openRedisStore(options: RedisStoreOptions): Promise<EventStore> {
  const { Redis } = await import('ioredis');
  const redis: Redis = new Redis(options.url, { maxRetriesPerRequest: 1, connectTimeout: 2_000, lazyConnect: true });
  redis.on('error', () => {
    // Each command that fails says so where it was sent; the client reconnects by itself.
  });
  redis.defineCommand('edgeEventsObserve', { numberOfKeys: 7, lua: OBSERVE });
  redis.defineCommand('edgeEventsDue', { numberOfKeys: 1, lua: DUE });
  // The group is made on every connection (a Redis that lost its data has none): BUSYGROUP means it is there.
  redis.on('ready', () => {
    redis.xgroup('CREATE', KEYS.queue, GROUP, '0', 'MKSTREAM').catch(() => {});
  });
  // Redis away at start does not stop the edge: what cannot be recorded meanwhile is counted as lost.
  await redis.connect().catch(() => {});
  const consumer = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  const wakers: (() => void)[] = [];
  let lastClaim = 0;
  let failingCache: { at: number; set: ReadonlySet<string> } | undefined;

  const minId = () => String(Math.max(0, options.clock() - options.retentionMs));

  async function entriesOf(ids: string[]): Promise<[string, string[]][]> {
    if (!ids.length) return [];
    const claimed = (await redis.xclaim(KEYS.queue, GROUP, consumer, 0, ...ids)) as [string, string[] | null][];
    return claimed.filter((entry): entry is [string, string[]] => Array.isArray(entry[1]));
  }

  async function attemptsOf(ids: string[]): Promise<number[]> {
    if (!ids.length) return [];
    return (await redis.hmget(KEYS.attempts, ...ids)).map((value) => Number(value ?? 0));
  }

  return {
    kind: 'redis',

    async observe(o: Observation): Promise<Observed> {
      const member = orderKeyOf(o.facts);
      const params = {
        member,
        facts: JSON.stringify(o.facts),
        emits: o.emits.map((event) => ({
          record: toRecordJson(event),
          endpoints: event.record.endpoints,
          ...(event.once ? { once: event.once } : {}),
        })),
        stage: o.stage.stage,
        rank: o.stage.rank,
        ...(o.stage.step ? { step: o.stage.step } : {}),
        ...(o.stage.event ? { event: { record: toRecordJson(o.stage.event), endpoints: o.stage.event.record.endpoints } } : {}),
        reached: o.reached,
        lookMoved: lookParam(o.lookIfMoved),
        lookSame: lookParam(o.lookIfSame),
        now: o.now,
        outboxMax: options.outboxMax,
        endpointMax: options.endpointMax,
        followMax: options.followMax,
        minId: minId(),
        ttl: ORDER_TTL_MS,
      };
      const answer = JSON.parse(
        await redis.edgeEventsObserve(
          KEYS.order(member),
          KEYS.follow,
          KEYS.seq,
          KEYS.queue,
          KEYS.history,
          KEYS.depth,
          KEYS.failing,
          JSON.stringify(params),
        ),
      ) as {
        told: [number, number][] | Record<string, never>;
        first: string[] | Record<string, never>;
        moved: number;
        refused: number;
        notFollowed: number;
      };
      const told = Array.isArray(answer.told) ? answer.told : [];
      const events = told.map(([index, sequence]) => {
        const event = index === 0 ? o.stage.event! : o.emits[index - 1]!;
        return { ...event.record, data: { ...event.record.data, sequence } } as EventRecord;
      });
      if (events.length) for (const wake of wakers) wake();
      return {
        events,
        firstReached: Array.isArray(answer.first) ? answer.first : [],
        moved: answer.moved === 1,
        refused: answer.refused,
        notFollowed: answer.notFollowed === 1,
      };
    },

    async take(now, count, busy) {
      const entries: [string, string[]][] = [];
      const due = await redis.edgeEventsDue(KEYS.retry, now, count, '');
      entries.push(...(await entriesOf(due)));
      if (entries.length < count) {
        const read = (await redis.xreadgroup(
          'GROUP',
          GROUP,
          consumer,
          'COUNT',
          count - entries.length,
          'STREAMS',
          KEYS.queue,
          '>',
        )) as [string, [string, string[]][]][] | null;
        entries.push(...(read?.[0]?.[1] ?? []));
      }
      // Entries a replica took and never settled: it is gone, and they are ours now (unless they wait for a retry).
      if (entries.length < count && now - lastClaim >= Math.min(CLAIM_EVERY_MS, options.claimIdleMs)) {
        lastClaim = now;
        const [, claimed] = (await redis.xautoclaim(
          KEYS.queue,
          GROUP,
          consumer,
          options.claimIdleMs,
          '0-0',
          'COUNT',
          count - entries.length,
        )) as [string, [string, string[]][]];
        const scheduled = await Promise.all(claimed.map(([id]) => redis.zscore(KEYS.retry, id)));
        entries.push(...claimed.filter((_, i) => scheduled[i] === null));
      }
      const attempts = await attemptsOf(entries.map(([id]) => id));
      const taken: Delivery[] = [];
      const putOff: string[] = [];
      entries.forEach(([id, flat], i) => {
        const fields = fieldsOf(flat);
        if (busy(fields.ep!)) putOff.push(id);
        else taken.push({ key: id, record: recordOf(fields), endpoint: fields.ep!, attempts: attempts[i]! });
      });
      if (putOff.length) await redis.zadd(KEYS.retry, ...putOff.flatMap((id) => [now + 1000, id]));
      return taken;
    },

    async settle(delivery, outcome, now) {
      const attempts = outcome.kind === 'later' ? delivery.attempts : delivery.attempts + 1;
      const multi = redis.multi();
      if (outcome.kind === 'retry' || outcome.kind === 'later') {
        multi.hset(KEYS.attempts, delivery.key, attempts).zadd(KEYS.retry, outcome.at, delivery.key);
      } else {
        multi
          .xack(KEYS.queue, GROUP, delivery.key)
          .xdel(KEYS.queue, delivery.key)
          .hdel(KEYS.attempts, delivery.key)
          .zrem(KEYS.retry, delivery.key)
          .hincrby(KEYS.depth, delivery.endpoint, -1);
      }
      if (outcome.kind !== 'later') {
        const detail = outcome.kind === 'dropped' ? outcome.reason : 'error' in outcome ? outcome.error : undefined;
        multi.xadd(
          KEYS.history,
          'MINID',
          '~',
          minId(),
          '*',
          'k',
          'a',
          'id',
          delivery.record.id,
          'ep',
          delivery.endpoint,
          't',
          String(now),
          'o',
          outcome.kind,
          'c',
          String(attempts),
          ...('status' in outcome && outcome.status !== undefined ? ['s', String(outcome.status)] : []),
          ...(detail ? ['e', detail] : []),
        );
      }
      await multi.exec();
    },

    async dueOrders(now, count, leaseUntil) {
      const members = await redis.edgeEventsDue(KEYS.follow, now, count, String(leaseUntil));
      if (!members.length) return [];
      const pipeline = redis.pipeline();
      for (const member of members) pipeline.hgetall(KEYS.order(member));
      const hashes = (await pipeline.exec()) ?? [];
      const found: FollowedOrder[] = [];
      const gone: string[] = [];
      hashes.forEach(([, hash], i) => {
        const fields = hash as Fields;
        if (!fields?.f || !fields.st) gone.push(members[i]!);
        else {
          found.push({
            facts: JSON.parse(fields.f) as OrderFacts,
            stage: fields.st as OrderStage,
            since: Number(fields.since),
            last: fields.last,
          });
        }
      });
      if (gone.length) await redis.zrem(KEYS.follow, ...gone);
      return found;
    },

    async enqueue(records, endpointsOf) {
      let queued = 0;
      const length = await redis.xlen(KEYS.queue);
      for (const record of records) {
        for (const endpoint of endpointsOf(record)) {
          if (length + queued >= options.outboxMax) return queued;
          await redis
            .multi()
            .xadd(KEYS.queue, '*', 'r', withoutSequence(record), 's', String(record.data.sequence), 'ep', endpoint)
            .hincrby(KEYS.depth, endpoint, 1)
            .exec();
          queued++;
        }
      }
      if (queued) for (const wake of wakers) wake();
      return queued;
    },

    async *history(from, to) {
      let start = String(Math.max(0, Math.floor(from)));
      const end = String(Math.floor(to));
      for (;;) {
        const page = (await redis.xrange(KEYS.history, start, end, 'COUNT', 500)) as [string, string[]][];
        for (const [, flat] of page) {
          const fields = fieldsOf(flat);
          if (fields.k === 'e') {
            const record = recordOf(fields);
            if (record.at >= from && record.at <= to) yield { kind: 'event', record } satisfies HistoryEntry;
          } else if (fields.k === 'a') {
            yield {
              kind: 'attempt',
              id: fields.id!,
              endpoint: fields.ep!,
              at: Number(fields.t),
              outcome: fields.o as DeliveryOutcome['kind'],
              status: fields.s === undefined ? undefined : Number(fields.s),
              error: fields.e,
              attempts: Number(fields.c),
            } satisfies HistoryEntry;
          }
        }
        if (page.length < 500) return;
        start = `(${page.at(-1)![0]}`;
      }
    },

    async setFailing(endpoint, on) {
      failingCache = undefined;
      if (on) await redis.sadd(KEYS.failing, endpoint);
      else await redis.srem(KEYS.failing, endpoint);
    },

    async failing() {
      const now = options.clock();
      if (!failingCache || now - failingCache.at > 5_000)
        failingCache = { at: now, set: new Set(await redis.smembers(KEYS.failing)) };
      return failingCache.set;
    },

    async stats(): Promise<OutboxStats> {
      const [[, depth], [, first], [, followed], [, failing]] = (await redis
        .multi()
        .xlen(KEYS.queue)
        .xrange(KEYS.queue, '-', '+', 'COUNT', 1)
        .zcard(KEYS.follow)
        .scard(KEYS.failing)
        .exec()) as [[unknown, unknown], [unknown, unknown], [unknown, unknown], [unknown, unknown]];
      const oldest = (first as [string, string[]][])[0];
      return {
        depth: depth as number,
        oldestAt: oldest ? recordOf(fieldsOf(oldest[1])).at : undefined,
        followed: followed as number,
        failing: failing as number,
      };
    },

    onRecorded(wake) {
      wakers.push(wake);
    },

    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
