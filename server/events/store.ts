// What the outbox does, whichever holds it: a folder on this machine (disk-store.ts) or a
// Redis Stream the replicas share (redis-store.ts). One call records what the edge saw of an
// order (its facts, the events that follow, the funnel steps it reached, when the follower
// looks next), atomically, so two replicas that see the same stage tell it once; the
// deliverer takes due deliveries and settles each; the follower takes due orders on a lease.
import type { OrderEventType } from '../../checkout/order-events.ts';
import type { OrderStage } from '../../checkout/order-status.ts';
import type { EventRecord, OrderFacts } from './event.ts';

/** An event to record, its id and data made, its endpoints chosen; the store gives its sequence. */
export interface NewEvent {
  record: Omit<EventRecord, 'data'> & { data: Omit<EventRecord['data'], 'sequence'> };
  /** Recorded only the first time this mark is set for the order (the creation, once). */
  once?: string;
}

/** When the follower looks at the order next: a time, `stop`, or `keep` what is planned. */
export type LookAt = number | 'stop' | 'keep';

export interface Observation {
  facts: OrderFacts;
  /** Recorded whatever the stage (a step, the creation). */
  emits: NewEvent[];
  /** The stage the order is at, and the event that tells it should it move the order on. */
  stage: { stage: OrderStage; rank: number; final: boolean; event?: NewEvent | undefined; step?: string | undefined };
  /** Funnel steps reached, besides the stage's. */
  reached: string[];
  /** When to look next should the stage move on now, and should it not. */
  lookIfMoved: LookAt;
  lookIfSame: LookAt;
  now: number;
}

export interface Observed {
  /** The events recorded, in order, with their sequence. */
  events: EventRecord[];
  /** Funnel steps this order reached for the first time. */
  firstReached: string[];
  /** Whether the stage moved the order on. */
  moved: boolean;
  /** Deliveries not kept: the outbox, or one endpoint's share of it, is full. */
  refused: number;
  /** The follower's bound was reached: this order is not followed. */
  notFollowed: boolean;
}

/** An open order the follower took, leased to it until it observes it again. */
export interface FollowedOrder {
  facts: OrderFacts;
  stage: OrderStage;
  /** When its stage began. */
  since: number;
  /** The last funnel step it reached: where it stopped, if it goes no further. */
  last: string | undefined;
}

/** One event for one endpoint, taken by a deliverer. */
export interface Delivery {
  /** The store's own name for it. */
  key: string;
  record: EventRecord;
  endpoint: string;
  /** Attempts made before this one. */
  attempts: number;
}

export type DeliveryOutcome =
  | { kind: 'delivered'; status: number }
  /** Failed; tried again at `at`. */
  | { kind: 'retry'; at: number; status?: number | undefined; error?: string | undefined }
  /** Failed for the last time: the endpoint is marked failing. */
  | { kind: 'gave-up'; status?: number | undefined; error?: string | undefined }
  /** The endpoint is no longer the merchant's, or cannot be signed, or is failing: dropped. */
  | { kind: 'dropped'; reason: 'removed' | 'unsigned' | 'failing' }
  /** Not attempted now (its endpoint has enough in flight): taken again at `at`, no attempt counted. */
  | { kind: 'later'; at: number };

/** What the history holds: every event recorded within the retention, and every attempt. */
export type HistoryEntry =
  | { kind: 'event'; record: EventRecord }
  | {
      kind: 'attempt';
      id: string;
      endpoint: string;
      at: number;
      outcome: DeliveryOutcome['kind'];
      status?: number | undefined;
      error?: string | undefined;
      attempts: number;
    };

export interface OutboxStats {
  /** Deliveries waiting (due or not). */
  depth: number;
  /** When the oldest waiting delivery's event was recorded, if any. */
  oldestAt: number | undefined;
  /** Open orders the follower has. */
  followed: number;
  failing: number;
}

export interface EventStore {
  readonly kind: 'disk' | 'redis';
  observe(observation: Observation): Promise<Observed>;
  /** Up to `count` due deliveries, each taken by this process alone; `busy` endpoints' are put off. */
  take(now: number, count: number, busy: (endpoint: string) => boolean): Promise<Delivery[]>;
  settle(delivery: Delivery, outcome: DeliveryOutcome, now: number): Promise<void>;
  /** Up to `count` orders due a look, leased to this process until `leaseUntil`. */
  dueOrders(now: number, count: number, leaseUntil: number): Promise<FollowedOrder[]>;
  /** Deliver these recorded events again to these endpoints (a resend, a replay, an endpoint back on). */
  enqueue(records: readonly EventRecord[], endpoints: (record: EventRecord) => readonly string[]): Promise<number>;
  /** Entries of the history recorded between `from` and `to`, oldest first. */
  history(from: number, to: number): AsyncIterable<HistoryEntry>;
  setFailing(endpoint: string, failing: boolean): Promise<void>;
  failing(): Promise<ReadonlySet<string>>;
  stats(): Promise<OutboxStats>;
  /** Calls `wake` when a delivery may have become due (a new event): the deliverer stops waiting. */
  onRecorded(wake: () => void): void;
  close(): Promise<void>;
}

/** An order's key in a store: its merchant and its reference. */
export const orderKeyOf = (facts: Pick<OrderFacts, 'merchant' | 'refId'>) => `${facts.merchant}:${facts.refId}`;

export type { OrderEventType };
