// A circuit breaker per upstream host. When most calls to a host fail for a while (a
// gateway status or no answer, after the retries), the breaker opens: calls fail at once,
// without a connection, so visitors see the unavailable message now instead of after four
// attempts, and a struggling upstream gets no traffic from us. After a pause one call goes
// through as a probe; its outcome closes the breaker or opens it again. minCalls failures
// in a row open it too, however long they took: a loop kept busy by a flood stretches every
// call (and the back-offs between its attempts) past the window, yet calls that all fail
// are a trend whatever the clock says (as Envoy's outlier detection counts consecutive 5xx).
import type { LineLogger } from '../logging.ts';

export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerPolicy {
  /** The failure rate is taken over this much of the recent past. */
  windowMs: number;
  /** Fewer calls than this in the window never open the breaker: a few failures are not a trend; this many in a row do. */
  minCalls: number;
  /** Failed share of the window's calls (0-1) at which the breaker opens. */
  failureRatio: number;
  /** How long it stays open before one probe may go through. */
  openMs: number;
}

/** A call given up after four attempts takes about 1.4 s: the window holds a few of them from one visitor. */
export const DEFAULT_BREAKER_POLICY: BreakerPolicy = { windowMs: 30_000, minCalls: 10, failureRatio: 0.5, openMs: 5_000 };

/** What a call came back with, as far as the host's health goes. */
export type Outcome = 'success' | 'failure' | 'neutral';

/** May the call go? `probe`: yes, and it decides whether a half-open breaker closes. */
export type Admission = 'allow' | 'probe' | 'reject';

const BUCKETS = 10;

export class CircuitBreaker {
  #state: BreakerState = 'closed';
  #openedAt = 0;
  #probing = false;
  /** Failed calls since the last success, whenever they happened. */
  #failedInARow = 0;
  /** Calls per slice of the window, as a ring: [slice number, successes, failures]. */
  readonly #ring = Array.from({ length: BUCKETS }, () => ({ slice: -1, ok: 0, failed: 0 }));
  readonly #policy: BreakerPolicy;
  readonly #clock: () => number;
  readonly #onChange: (state: BreakerState) => void;

  constructor(policy: BreakerPolicy, clock: () => number, onChange: (state: BreakerState) => void = () => {}) {
    this.#policy = policy;
    this.#clock = clock;
    this.#onChange = onChange;
  }

  get state(): BreakerState {
    if (this.#state === 'open' && this.#clock() - this.#openedAt >= this.#policy.openMs) this.#set('half-open');
    return this.#state;
  }

  admit(): Admission {
    switch (this.state) {
      case 'closed':
        return 'allow';
      case 'open':
        return 'reject';
      case 'half-open':
        if (this.#probing) return 'reject';
        this.#probing = true;
        return 'probe';
    }
  }

  /** Seconds until a probe may go, for the Retry-After of a call refused now (at least 1). */
  retryAfterS(): number {
    const left = this.state === 'open' ? this.#openedAt + this.#policy.openMs - this.#clock() : 0;
    return Math.max(1, Math.ceil(left / 1000));
  }

  record(outcome: Outcome, admission: Admission): void {
    if (admission === 'probe') {
      this.#probing = false;
      if (outcome === 'success') this.#close();
      else if (outcome === 'failure') this.#open();
      return;
    }
    // Calls let through before the breaker opened say nothing about the host now.
    if (this.#state !== 'closed' || outcome === 'neutral') return;
    const bucket = this.#bucket();
    if (outcome === 'success') {
      bucket.ok += 1;
      this.#failedInARow = 0;
      return;
    }
    bucket.failed += 1;
    this.#failedInARow += 1;
    if (this.#failedInARow >= this.#policy.minCalls || this.#failing()) this.#open();
  }

  #bucket() {
    const slice = Math.floor(this.#clock() / (this.#policy.windowMs / BUCKETS));
    const bucket = this.#ring[slice % BUCKETS]!;
    if (bucket.slice !== slice) Object.assign(bucket, { slice, ok: 0, failed: 0 });
    return bucket;
  }

  #failing(): boolean {
    const oldest = Math.floor(this.#clock() / (this.#policy.windowMs / BUCKETS)) - BUCKETS + 1;
    let calls = 0;
    let failed = 0;
    for (const bucket of this.#ring) {
      if (bucket.slice < oldest) continue;
      calls += bucket.ok + bucket.failed;
      failed += bucket.failed;
    }
    return calls >= this.#policy.minCalls && failed >= calls * this.#policy.failureRatio;
  }

  #open(): void {
    this.#openedAt = this.#clock();
    this.#set('open');
  }

  #close(): void {
    this.#failedInARow = 0;
    for (const bucket of this.#ring) Object.assign(bucket, { slice: -1, ok: 0, failed: 0 });
    this.#set('closed');
  }

  #set(state: BreakerState): void {
    if (this.#state === state) return;
    this.#state = state;
    this.#onChange(state);
  }
}

/** One breaker per upstream origin (exchange API, uploads, card quotes), made on first use. */
export class CircuitBreakers {
  readonly #byOrigin = new Map<string, CircuitBreaker>();
  readonly #policy: BreakerPolicy;
  readonly #clock: () => number;
  readonly #logger: LineLogger;

  constructor(options: { policy?: Partial<BreakerPolicy>; clock: () => number; logger: LineLogger }) {
    this.#policy = { ...DEFAULT_BREAKER_POLICY, ...options.policy };
    this.#clock = options.clock;
    this.#logger = options.logger;
  }

  for(origin: string): CircuitBreaker {
    let breaker = this.#byOrigin.get(origin);
    if (!breaker) {
      breaker = new CircuitBreaker(this.#policy, this.#clock, (state) => {
        const line = { upstream: { origin, breaker: state } };
        if (state === 'open') this.#logger.warn(line, 'upstream failing: calls answered at once until a probe succeeds');
        else this.#logger.info(line, 'upstream breaker changed state');
      });
      this.#byOrigin.set(origin, breaker);
    }
    return breaker;
  }

  /** Every origin called so far and its breaker's state. */
  *states(): Iterable<[origin: string, state: BreakerState]> {
    for (const [origin, breaker] of this.#byOrigin) yield [origin, breaker.state];
  }
}

/** The error a call meets while its host's breaker is open: transport trouble, not retried. */
export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
  readonly code = 'UPSTREAM_CIRCUIT_OPEN';
  constructor(
    origin: string,
    /** When a probe may go: what the visitor is told to wait. */
    readonly retryAfterS: number,
  ) {
    super(`upstream ${origin} is failing; the call was not made`);
  }
}

/** Answers from a gateway in front of the host, or none at all: the host is in trouble. */
const FAILING_STATUSES = new Set([502, 503, 504]);

/** What an answer (after the retries) says about its host. */
export function outcomeOfStatus(status: number): Outcome {
  return FAILING_STATUSES.has(status) ? 'failure' : 'success';
}
