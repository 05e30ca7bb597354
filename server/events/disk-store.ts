// The outbox of one process without Redis: a journal on local disk. Every change is a JSON
// line appended (synchronously: it reaches the kernel before the visitor's answer, so a
// `kill -9` loses nothing recorded; the file is flushed to the device every second); a start
// reads the journal back. The journal is the history too (list, resend, replay): it is
// written in segments, and a segment older than the retention is deleted once what is still
// waiting in it is written again at the end. Memory holds what waits (bounded by
// EVENTS_OUTBOX_MAX), the orders being followed (EVENTS_FOLLOW_MAX) and a line buffer.
// One process owns the folder: a lock file says which, kept fresh while it runs.
import {
  closeSync,
  createReadStream,
  fsync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { OrderStage } from '../../checkout/order-status.ts';
import type { EventRecord, OrderFacts } from './event.ts';
import {
  type Delivery,
  type DeliveryOutcome,
  type EventStore,
  type FollowedOrder,
  type LookAt,
  type NewEvent,
  type Observation,
  type Observed,
  type OutboxStats,
  orderKeyOf,
} from './store.ts';

/** A new segment is begun past this size. */
const SEGMENT_BYTES = 8 * 2 ** 20;
const FLUSH_EVERY_MS = 1000;
/** The lock is touched this often; one not touched for LOCK_STALE_MS belongs to a process gone. */
const LOCK_FRESH_MS = 10_000;
const LOCK_STALE_MS = 30_000;
/** Order states kept at least, followed or not (the stage last told, the marks). */
const ORDERS_KEPT_AT_LEAST = 1000;

export interface DiskStoreOptions {
  /** Unset: a folder of this run's own, removed when the store closes. */
  dir: string | undefined;
  outboxMax: number;
  endpointMax: number;
  retentionMs: number;
  followMax: number;
  clock: () => number;
}

interface Pending {
  record: EventRecord;
  endpoint: string;
  attempts: number;
  next: number;
  /** Taken by the deliverer and not settled yet. */
  taken: boolean;
  segment: number;
}

interface OrderState {
  facts: OrderFacts;
  stage: OrderStage | undefined;
  rank: number;
  since: number;
  last: string | undefined;
  marks: Set<string>;
  look: number | undefined;
  segment: number;
}

type Line =
  | { k: 'e' | 'q'; r: EventRecord; q: string[]; t: number }
  | { k: 'a'; id: string; ep: string; t: number; o: DeliveryOutcome['kind']; s?: number; e?: string; c: number; n?: number }
  | {
      k: 'o';
      key: string;
      f: OrderFacts;
      st?: OrderStage;
      rk: number;
      since: number;
      last?: string;
      m: string[];
      look?: number;
      t: number;
    }
  | { k: 'x'; ep: string; failing: boolean; t: number };

const keyOf = (id: string, endpoint: string) => `${id}\t${endpoint}`;
const segmentName = (n: number) => `journal-${String(n).padStart(6, '0')}.jsonl`;
const segmentNumber = (name: string) => {
  const match = /^journal-(\d{6,})\.jsonl$/.exec(name);
  return match ? Number(match[1]) : undefined;
};

/** A min-heap of (time, key): the next due delivery in O(log n); stale entries are skipped as they surface. */
class DueHeap {
  readonly #items: { at: number; key: string }[] = [];

  get size(): number {
    return this.#items.length;
  }

  push(at: number, key: string): void {
    const items = this.#items;
    items.push({ at, key });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (items[parent]!.at <= items[i]!.at) break;
      [items[parent], items[i]] = [items[i]!, items[parent]!];
      i = parent;
    }
  }

  peek(): { at: number; key: string } | undefined {
    return this.#items[0];
  }

  pop(): { at: number; key: string } | undefined {
    const items = this.#items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && items[left]!.at < items[least]!.at) least = left;
        if (right < items.length && items[right]!.at < items[least]!.at) least = right;
        if (least === i) break;
        [items[least], items[i]] = [items[i]!, items[least]!];
        i = least;
      }
    }
    return top;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock, or throws naming the process that holds it. */
function lock(path: string, now: () => number): void {
  const mine = JSON.stringify({ host: hostname(), pid: process.pid });
  try {
    writeFileSync(path, mine, { flag: 'wx' });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  let holder: { host?: string; pid?: number } = {};
  try {
    holder = JSON.parse(readFileSync(path, 'utf8')) as typeof holder;
  } catch {
    // A lock half written by a process killed while writing it holds nothing.
  }
  const ours = holder.host === hostname() && (holder.pid === process.pid || !processAlive(Number(holder.pid)));
  const stale = now() - statSync(path).mtimeMs > LOCK_STALE_MS;
  if (!ours && !stale) {
    throw new Error(`EVENTS_DIR is in use by process ${holder.pid} on ${holder.host}: one process per folder`);
  }
  writeFileSync(path, mine);
}

export async function openDiskStore(options: DiskStoreOptions): Promise<EventStore> {
  const temporary = options.dir === undefined;
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'checkout-events-')));
  mkdirSync(dir, { recursive: true });
  const lockPath = join(dir, 'lock');
  lock(lockPath, Date.now);

  const pending = new Map<string, Pending>();
  const due = new DueHeap();
  const depth = new Map<string, number>();
  const orders = new Map<string, OrderState>();
  const failing = new Set<string>();
  const segments: number[] = [];
  let seq = 0;
  let followed = 0;
  const wakers: (() => void)[] = [];
  const ordersKept = Math.max(options.followMax, ORDERS_KEPT_AT_LEAST);

  const addDepth = (endpoint: string, by: number) => {
    const next = (depth.get(endpoint) ?? 0) + by;
    if (next > 0) depth.set(endpoint, next);
    else depth.delete(endpoint);
  };
  const schedule = (key: string, item: Pending) => {
    if (!item.taken) due.push(item.next, key);
  };
  const setLook = (state: OrderState, look: number | undefined) => {
    if (state.look === undefined && look !== undefined) followed++;
    if (state.look !== undefined && look === undefined) followed--;
    state.look = look;
  };

  function apply(line: Line, segment: number): void {
    switch (line.k) {
      case 'e':
      case 'q': {
        seq = Math.max(seq, line.r.data.sequence);
        for (const endpoint of line.q) {
          const key = keyOf(line.r.id, endpoint);
          if (!pending.has(key)) addDepth(endpoint, 1);
          const item: Pending = { record: line.r, endpoint, attempts: 0, next: line.t, taken: false, segment };
          pending.set(key, item);
          schedule(key, item);
        }
        return;
      }
      case 'a': {
        const key = keyOf(line.id, line.ep);
        const item = pending.get(key);
        if (!item) return;
        if (line.o === 'retry' || line.o === 'later') {
          item.attempts = line.c;
          item.next = line.n ?? line.t;
          item.taken = false;
          schedule(key, item);
        } else {
          pending.delete(key);
          addDepth(line.ep, -1);
        }
        return;
      }
      case 'o': {
        const state: OrderState = {
          facts: line.f,
          stage: line.st,
          rank: line.rk,
          since: line.since,
          last: line.last,
          marks: new Set(line.m),
          look: undefined,
          segment,
        };
        const previous = orders.get(line.key);
        if (previous) {
          setLook(previous, undefined);
          orders.delete(line.key);
        }
        setLook(state, line.look);
        orders.set(line.key, state);
        return;
      }
      case 'x':
        if (line.failing) failing.add(line.ep);
        else failing.delete(line.ep);
    }
  }

  // Read the journal back, oldest segment first; a line cut short by a kill is the last one and is skipped.
  for (const name of readdirSync(dir).sort()) {
    const n = segmentNumber(name);
    if (n === undefined) continue;
    segments.push(n);
    for (const text of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!text) continue;
      try {
        apply(JSON.parse(text) as Line, n);
      } catch {
        // The torn tail of a write interrupted by the process's end.
      }
    }
  }
  let current = (segments.at(-1) ?? 0) + 1;
  segments.push(current);
  let fd = openSync(join(dir, segmentName(current)), 'a');
  let size = 0;
  let dirty = false;

  const flusher = setInterval(() => {
    if (!dirty) return;
    dirty = false;
    fsync(fd, () => {});
  }, FLUSH_EVERY_MS);
  flusher.unref();
  const touch = setInterval(() => {
    const at = new Date();
    try {
      utimesSync(lockPath, at, at);
    } catch {
      // The folder went away: the next write says so.
    }
  }, LOCK_FRESH_MS);
  touch.unref();

  function write(line: Line): void {
    const text = `${JSON.stringify(line)}\n`;
    writeSync(fd, text);
    size += Buffer.byteLength(text);
    dirty = true;
    apply(line, current);
    if (size >= SEGMENT_BYTES) rotate(line.t);
  }

  /** A new segment; segments past the retention go, once what still waits in them is written again. */
  function rotate(now: number): void {
    closeSync(fd);
    current += 1;
    segments.push(current);
    fd = openSync(join(dir, segmentName(current)), 'a');
    size = 0;
    while (segments.length > 1) {
      const oldest = segments[0]!;
      const path = join(dir, segmentName(oldest));
      if (now - statSync(path).mtimeMs < options.retentionMs) break;
      carryForward(oldest, now);
      unlinkSync(path);
      segments.shift();
    }
  }

  function carryForward(segment: number, now: number): void {
    const byEvent = new Map<string, Pending[]>();
    for (const item of pending.values()) {
      if (item.segment !== segment) continue;
      byEvent.set(item.record.id, [...(byEvent.get(item.record.id) ?? []), item]);
    }
    for (const items of byEvent.values()) {
      const record = items[0]!.record;
      const text = (line: Line) => writeSync(fd, `${JSON.stringify(line)}\n`);
      text({ k: 'q', r: record, q: items.map((i) => i.endpoint), t: now });
      for (const item of items) {
        item.segment = current;
        if (item.attempts || item.next > now) {
          text({ k: 'a', id: record.id, ep: item.endpoint, t: now, o: 'later', c: item.attempts, n: item.next });
        }
      }
    }
    for (const [key, state] of orders) {
      if (state.segment !== segment) continue;
      state.segment = current;
      writeSync(fd, `${JSON.stringify(orderLine(key, state, now))}\n`);
    }
  }

  const orderLine = (key: string, state: OrderState, now: number): Line => ({
    k: 'o',
    key,
    f: state.facts,
    ...(state.stage ? { st: state.stage } : {}),
    rk: state.rank,
    since: state.since,
    ...(state.last ? { last: state.last } : {}),
    m: [...state.marks],
    ...(state.look !== undefined ? { look: state.look } : {}),
    t: now,
  });

  /** The endpoints among `wanted` that have room; the others are counted as refused. */
  function withRoom(wanted: readonly string[]): { kept: string[]; refused: number } {
    const kept: string[] = [];
    let refused = 0;
    for (const endpoint of wanted) {
      if (failing.has(endpoint)) continue;
      if (pending.size + kept.length >= options.outboxMax || (depth.get(endpoint) ?? 0) >= options.endpointMax) refused++;
      else kept.push(endpoint);
    }
    return { kept, refused };
  }

  function record(event: NewEvent, now: number): { record: EventRecord; refused: number } {
    seq += 1;
    const full: EventRecord = { ...event.record, data: { ...event.record.data, sequence: seq } };
    const { kept, refused } = withRoom(full.endpoints);
    write({ k: 'e', r: full, q: kept, t: now });
    return { record: full, refused };
  }

  const wake = () => {
    for (const each of wakers) each();
  };

  return {
    kind: 'disk',

    async observe(o: Observation): Promise<Observed> {
      const key = orderKeyOf(o.facts);
      let state = orders.get(key);
      let notFollowed = false;
      if (state) {
        orders.delete(key);
      } else {
        if (orders.size >= ordersKept) {
          const [oldestKey, oldest] = orders.entries().next().value as [string, OrderState];
          notFollowed = oldest.look !== undefined;
          setLook(oldest, undefined);
          orders.delete(oldestKey);
        }
        state = {
          facts: o.facts,
          stage: undefined,
          rank: -1,
          since: o.now,
          last: undefined,
          marks: new Set(),
          look: undefined,
          segment: current,
        };
      }
      orders.set(key, state);
      state.facts = o.facts;
      const events: EventRecord[] = [];
      const firstReached: string[] = [];
      let refused = 0;
      const reach = (step: string) => {
        state.last = step;
        if (state.marks.has(`s:${step}`)) return;
        state.marks.add(`s:${step}`);
        firstReached.push(step);
      };
      const tell = (event: NewEvent) => {
        const made = record(event, o.now);
        events.push(made.record);
        refused += made.refused;
      };
      for (const event of o.emits) {
        if (event.once) {
          if (state.marks.has(`once:${event.once}`)) continue;
          state.marks.add(`once:${event.once}`);
        }
        tell(event);
      }
      for (const step of o.reached) reach(step);
      const s = o.stage;
      const moved = state.stage !== s.stage && state.rank < 3 && s.rank >= state.rank;
      if (moved) {
        state.stage = s.stage;
        state.rank = s.rank;
        state.since = o.now;
        if (s.step) reach(s.step);
        if (s.event) tell(s.event);
      }
      const look: LookAt = moved ? o.lookIfMoved : o.lookIfSame;
      if (look === 'stop') setLook(state, undefined);
      else if (look !== 'keep') {
        if (state.look !== undefined || (options.followMax > 0 && followed < options.followMax)) setLook(state, look);
        else notFollowed = true;
      }
      state.segment = current;
      write(orderLine(key, state, o.now));
      if (events.length) wake();
      return { events, firstReached, moved, refused, notFollowed };
    },

    async take(now, count, busy) {
      const taken: Delivery[] = [];
      const putOff: { at: number; key: string }[] = [];
      while (taken.length < count) {
        const top = due.peek();
        if (!top || top.at > now) break;
        due.pop();
        const item = pending.get(top.key);
        if (!item || item.taken || item.next !== top.at) continue;
        if (busy(item.endpoint)) {
          putOff.push(top);
          continue;
        }
        item.taken = true;
        taken.push({ key: top.key, record: item.record, endpoint: item.endpoint, attempts: item.attempts });
      }
      for (const each of putOff) due.push(each.at, each.key);
      return taken;
    },

    async settle(delivery, outcome, now) {
      const item = pending.get(delivery.key);
      if (!item) return;
      const attempts = outcome.kind === 'later' ? delivery.attempts : delivery.attempts + 1;
      write({
        k: 'a',
        id: delivery.record.id,
        ep: delivery.endpoint,
        t: now,
        o: outcome.kind,
        ...('status' in outcome && outcome.status !== undefined ? { s: outcome.status } : {}),
        ...('error' in outcome && outcome.error ? { e: outcome.error } : {}),
        ...(outcome.kind === 'dropped' ? { e: outcome.reason } : {}),
        c: attempts,
        ...(outcome.kind === 'retry' || outcome.kind === 'later' ? { n: outcome.at } : {}),
      });
    },

    async dueOrders(now, count, leaseUntil) {
      const found: FollowedOrder[] = [];
      for (const state of orders.values()) {
        if (found.length >= count) break;
        if (state.look === undefined || state.look > now || !state.stage) continue;
        state.look = leaseUntil;
        found.push({ facts: state.facts, stage: state.stage, since: state.since, last: state.last });
      }
      return found;
    },

    async enqueue(records, endpointsOf) {
      const now = options.clock();
      let queued = 0;
      for (const record of records) {
        const { kept } = withRoom(endpointsOf(record).filter((endpoint) => !pending.has(keyOf(record.id, endpoint))));
        if (!kept.length) continue;
        write({ k: 'q', r: record, q: kept, t: now });
        queued += kept.length;
      }
      if (queued) wake();
      return queued;
    },

    async *history(from, to) {
      for (const n of [...segments]) {
        const path = join(dir, segmentName(n));
        let stream: ReturnType<typeof createReadStream>;
        try {
          stream = createReadStream(path, { encoding: 'utf8' });
        } catch {
          continue;
        }
        const lines = createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY });
        try {
          for await (const text of lines) {
            let line: Line;
            try {
              line = JSON.parse(text) as Line;
            } catch {
              continue;
            }
            if (line.k === 'e' && line.r.at >= from && line.r.at <= to) yield { kind: 'event', record: line.r };
            else if (line.k === 'a' && line.t >= from && line.t <= to && line.o !== 'later') {
              yield {
                kind: 'attempt',
                id: line.id,
                endpoint: line.ep,
                at: line.t,
                outcome: line.o,
                status: line.s,
                error: line.e,
                attempts: line.c,
              };
            }
          }
        } catch (error) {
          // A segment deleted while read (past the retention) ends its part of the history.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
    },

    async setFailing(endpoint, on) {
      write({ k: 'x', ep: endpoint, failing: on, t: options.clock() });
    },

    async failing() {
      return new Set(failing);
    },

    async stats(): Promise<OutboxStats> {
      let oldestAt: number | undefined;
      for (const item of pending.values()) if (oldestAt === undefined || item.record.at < oldestAt) oldestAt = item.record.at;
      return { depth: pending.size, oldestAt, followed, failing: failing.size };
    },

    onRecorded(waker) {
      wakers.push(waker);
    },

    async close() {
      clearInterval(flusher);
      clearInterval(touch);
      closeSync(fd);
      if (temporary) rmSync(dir, { recursive: true, force: true });
      else rmSync(lockPath, { force: true });
    },
  };
}
