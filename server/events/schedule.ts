// When things happen again: a delivery's next attempt, and an open order's next look at the
// upstream. Pure, so the schedule is a table a test reads whole.
import type { OrderStage } from '../../checkout/order-status.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** A 2xx must arrive within this; anything else is a failed attempt. */
export const DELIVERY_TIMEOUT_MS = 15 * SECOND;

/**
 * The waits between attempts: the first retry within about 5 s, then growing, the last
 * repeated until the retry window is over.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  12 * HOUR,
];

/** A delivery is retried for at least this long after its event; then its endpoint is marked failing. */
export const RETRY_WINDOW_MS = 72 * HOUR;

/** Each wait is stretched by up to this share, so that receivers coming back are not met by every retry at once. */
const JITTER = 0.2;

/**
 * When to try again after `attempts` failed attempts of an event recorded at `recordedAt`,
 * or null to give up: the last attempt is made once the retry window is over.
 */
export function nextAttemptAt(
  recordedAt: number,
  attempts: number,
  now: number,
  random: () => number = Math.random,
): number | null {
  if (now - recordedAt >= RETRY_WINDOW_MS) return null;
  const base = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
  const at = now + Math.round(base * (1 + JITTER * random()));
  // The window's end gets an attempt of its own: retried for at least the whole window.
  return Math.min(at, recordedAt + RETRY_WINDOW_MS);
}

/**
 * How long an order is followed in each stage (docs/spec.md section 9: payment within an
 * hour of the instructions, a review up to 12 hours, the coins of a redeemed voucher within
 * 12 hours); a method with its own deadline (cash: 12 hours) is followed until it.
 */
export const FOLLOW_WINDOWS_MS: Readonly<Record<OrderStage, number>> = {
  unfinished: HOUR,
  awaitingPayment: HOUR,
  holdLapsed: HOUR,
  paymentReceived: 12 * HOUR,
  inReview: 12 * HOUR,
  completed: 0,
  cancelled: 0,
  expired: 0,
};

/** The first look after a stage begins, then each wait is half the time the stage has lasted, up to the longest. */
const FIRST_LOOK_MS = 15 * SECOND;
const LONGEST_WAIT_MS = 15 * MINUTE;
/** A follower that took an order and died gives it back after this. */
export const FOLLOW_LEASE_MS = MINUTE;

/**
 * When to ask the upstream about an order next, in a stage that began at `since`, or null
 * to stop (a final stage, or the stage's window is over). An unfinished order waits on its
 * visitor, whose steps come through the edge anyway: it is looked at once, when its window
 * is over, to learn where it stopped. `until`: a method's own deadline, which replaces the
 * stage's window.
 */
export function nextLookAt(stage: OrderStage, since: number, now: number, until?: number): number | null {
  const end = until ?? since + FOLLOW_WINDOWS_MS[stage];
  if (end <= since || now >= end) return null;
  if (stage === 'unfinished') return end;
  const wait = Math.min(Math.max((now - since) / 2, FIRST_LOOK_MS), LONGEST_WAIT_MS);
  return Math.min(Math.round(now + wait), end);
}
