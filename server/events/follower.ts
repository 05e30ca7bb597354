// Orders the visitor never comes back to still end in an event: the follower asks the
// upstream's status call about each open order the edge created, on the schedule of
// schedule.ts (soon after a stage begins, then less and less often, until the stage's window
// is over), and what it learns goes through the same door as what a visitor's request
// learns (OrderEvents.observe). Bounded: the outbox holds EVENTS_FOLLOW_MAX orders at most,
// and this process makes at most EVENTS_FOLLOW_RATE calls a second; each order is leased to
// one follower at a time across the fleet. An order that leaves its window unfinished is
// counted where it stopped.
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UpstreamClient } from '../upstream/client.ts';
import { FOLLOW_LEASE_MS } from './schedule.ts';
import type { FollowedOrder } from './store.ts';

const TICK_MS = 1000;

export interface FollowerOptions {
  dueOrders(now: number, count: number, leaseUntil: number): Promise<FollowedOrder[]>;
  /** The upstream client for calls made for this merchant by the edge itself. */
  upstream(merchant: string, requestId: string): UpstreamClient;
  /** What the status call says: the order observed anew (it gives the status, or undefined: no answer, look again later). */
  observe(order: FollowedOrder, txnStatus: string | undefined): Promise<void>;
  clock: () => number;
  /** Calls a second at most. */
  rate: number;
  log: FastifyBaseLogger;
  onCheck(outcome: 'answered' | 'failed'): void;
}

export class Follower {
  readonly #options: FollowerOptions;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;
  #pass: Promise<void> | undefined;
  /** Calls this tick may still make: the rate, with a second's worth kept at most. */
  #budget = 0;

  constructor(options: FollowerOptions) {
    this.#options = options;
  }

  start(): void {
    this.#schedule();
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#pass = this.tick().finally(() => {
        this.#pass = undefined;
        this.#schedule();
      });
    }, TICK_MS).unref();
  }

  /** One round: the orders due now, as many as the rate allows. Tests call it after moving their clock. */
  async tick(): Promise<void> {
    const { clock, rate, log } = this.#options;
    this.#budget = Math.min(this.#budget + rate, Math.max(rate, 1));
    const count = Math.floor(this.#budget);
    if (count < 1) return;
    const now = clock();
    let orders: FollowedOrder[];
    try {
      orders = await this.#options.dueOrders(now, count, now + FOLLOW_LEASE_MS);
    } catch (error) {
      log.error({ err: error }, 'order follower: the outbox could not be read');
      return;
    }
    this.#budget -= orders.length;
    await Promise.all(orders.map((order) => this.#look(order)));
  }

  async #look(order: FollowedOrder): Promise<void> {
    const { facts } = order;
    const client = this.#options.upstream(facts.merchant, `follow-${randomUUID()}`);
    const status = await client.status(facts.txnType, facts.refId);
    this.#options.onCheck(status.ok ? 'answered' : 'failed');
    try {
      await this.#options.observe(order, status.ok ? status.value.txnStatus : undefined);
    } catch (error) {
      this.#options.log.error({ err: error, refId: facts.refId }, 'order follower: what the upstream said could not be recorded');
    }
  }

  async close(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#pass;
  }
}
