// Liveness and readiness, from one state that two threads read. The main thread serves
// visitors and publishes here (a heartbeat every HEARTBEAT_MS, whether it serves, drains,
// or is under pressure); the probe worker (probe-worker.ts) answers the orchestrator from
// it on its own port, so a flood that keeps the main thread busy cannot make a probe wait.
// A heartbeat that stops says the main thread is stuck: readiness goes down after a short
// stall, liveness only after a long one (a busy process must not be killed).
// Pure: no I/O, nothing but the shared memory, so the worker loads it alone.

export const HEARTBEAT_MS = 100;

export interface ProbeLimits {
  /** Readiness goes down when the main thread has not beaten for this long. */
  readyStallMs: number;
  /** Liveness goes down when the main thread has not beaten for this long: the process is stuck. */
  liveStallMs: number;
}

export const PROBE_LIMITS: ProbeLimits = { readyStallMs: 1_000, liveStallMs: 15_000 };

/**
 * Why readiness is down, as /readyz names it: only what another replica would do better.
 * All but the first three are the app's checks (memory that eviction cannot give back, the
 * upstream's breaker open for every call); a busy process is not among them, as shedding
 * answers its excess while it stays in the Service.
 */
const NOT_READY = ['starting', 'draining', 'stalled', 'heap', 'rss', 'upstream'] as const;
type NotReadyReason = (typeof NOT_READY)[number];
/** What a readiness check of the app may answer (the process's own state is kept here). */
export type PressureReason = Exclude<NotReadyReason, 'starting' | 'draining' | 'stalled'>;

/** What both ports answer, as status and JSON body. */
export interface ProbeAnswer {
  status: 200 | 503;
  body: { status: string };
}

/** What a probe is judged on. */
export interface ProbeInputs {
  /** The main port listens. */
  serving: boolean;
  draining: boolean;
  pressure: PressureReason | undefined;
  /** Since the main thread's last heartbeat; undefined before the first. */
  sinceBeatMs: number | undefined;
}

export function liveness(inputs: ProbeInputs, limits: ProbeLimits): ProbeAnswer {
  // Before the first heartbeat the process is starting; the start-up probe bounds that.
  if (inputs.sinceBeatMs !== undefined && inputs.sinceBeatMs > limits.liveStallMs)
    return { status: 503, body: { status: 'stalled' } };
  return { status: 200, body: { status: 'ok' } };
}

export function readiness(inputs: ProbeInputs, limits: ProbeLimits): ProbeAnswer {
  const reason: NotReadyReason | undefined =
    !inputs.serving || inputs.sinceBeatMs === undefined
      ? 'starting'
      : inputs.draining
        ? 'draining'
        : inputs.sinceBeatMs > limits.readyStallMs
          ? 'stalled'
          : inputs.pressure;
  return reason ? { status: 503, body: { status: reason } } : { status: 200, body: { status: 'ready' } };
}

/** Milliseconds on a clock both threads share (each thread's own origin plus its monotonic time). */
export const sharedNow = () => Math.round(performance.timeOrigin + performance.now());

const SERVING = 1;
const DRAINING = 2;

/**
 * The state in shared memory: [0] the last heartbeat (BigInt64, ms on sharedNow's clock,
 * 0 before the first), then Int32 [2] flags and [3] the pressure reason (1 + its index in
 * NOT_READY, 0 for none). Each field is written and read with Atomics, so the worker never
 * reads a torn value. It is the process's Lifecycle: setting `draining` is seen at once.
 */
export class HealthState {
  readonly buffer: SharedArrayBuffer;
  readonly #beat: BigInt64Array;
  readonly #fields: Int32Array;

  constructor(buffer = new SharedArrayBuffer(16)) {
    this.buffer = buffer;
    this.#beat = new BigInt64Array(buffer, 0, 1);
    this.#fields = new Int32Array(buffer, 8, 2);
  }

  beat(now = sharedNow()): void {
    Atomics.store(this.#beat, 0, BigInt(now));
  }

  get serving(): boolean {
    return (Atomics.load(this.#fields, 0) & SERVING) !== 0;
  }
  set serving(on: boolean) {
    this.#flag(SERVING, on);
  }

  get draining(): boolean {
    return (Atomics.load(this.#fields, 0) & DRAINING) !== 0;
  }
  set draining(on: boolean) {
    this.#flag(DRAINING, on);
  }

  get pressure(): PressureReason | undefined {
    const code = Atomics.load(this.#fields, 1);
    return code === 0 ? undefined : (NOT_READY[code - 1] as PressureReason);
  }
  set pressure(reason: PressureReason | undefined) {
    Atomics.store(this.#fields, 1, reason === undefined ? 0 : NOT_READY.indexOf(reason) + 1);
  }

  inputs(now = sharedNow()): ProbeInputs {
    const beat = Number(Atomics.load(this.#beat, 0));
    return {
      serving: this.serving,
      draining: this.draining,
      pressure: this.pressure,
      sinceBeatMs: beat === 0 ? undefined : now - beat,
    };
  }

  #flag(bit: number, on: boolean): void {
    if (on) Atomics.or(this.#fields, 0, bit);
    else Atomics.and(this.#fields, 0, ~bit);
  }
}
