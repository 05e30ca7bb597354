// When answers close their connections (connections.ts): while the event loop is saturated,
// busy all the time or running late, and for a moment after. Saturated, the loop accepts one
// new connection per turn, and every turn serves each kept-alive connection with a request
// ready first: a new visitor waits in the kernel's accept queue behind the whole flood,
// turn after turn. Closed after its answer, a flood's connection queues again beside the
// visitor, in the order they came. Not saturated, the loop waits for work, so a new
// connection is accepted the moment it arrives, and keep-alive saves every client a
// handshake. The figures behind the thresholds are in docs/performance.md.
import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import type { LoopLateness } from './loop-lateness.ts';

/** Busy this share of the time or more: saturated (a loop that waits for work is below it). */
export const SATURATED_UTILIZATION = 0.95;
/** A turn of the loop this late: saturated, whatever the share (a few long turns). */
export const SATURATED_LATE_MS = 100;
/** Judged over this long: a few of the loop's ticks. */
const JUDGED_OVER_MS = 200;
/** Answers keep closing their connections this long after the loop was last saturated. */
export const CLOSING_HOLD_MS = 1_000;

export class KeepAlive {
  #closingUntil = Number.NEGATIVE_INFINITY;
  #since: EventLoopUtilization | undefined;
  #sinceAt = 0;

  constructor(lateness: LoopLateness) {
    lateness.onTick((lateMs, now) => this.#judge(lateMs, now));
  }

  /** Whether an answer written now closes its connection. */
  closing(now = performance.now()): boolean {
    return now < this.#closingUntil;
  }

  #judge(lateMs: number, now: number): void {
    const utilization = performance.eventLoopUtilization();
    if (this.#since === undefined || now - this.#sinceAt >= JUDGED_OVER_MS) {
      const busy = this.#since === undefined ? 0 : performance.eventLoopUtilization(utilization, this.#since).utilization;
      this.#since = utilization;
      this.#sinceAt = now;
      if (busy >= SATURATED_UTILIZATION) this.#saturated(now);
    }
    if (lateMs >= SATURATED_LATE_MS) this.#saturated(now);
  }

  #saturated(now: number): void {
    this.#closingUntil = now + CLOSING_HOLD_MS;
  }
}
