// How late the event loop runs: a timer every TICK_MS, and how much later than asked it
// fires. A request is read only when the loop gets round to it, so the lateness now is how
// long the requests being read have waited behind the others; the mean event-loop delay
// stays low while a flood keeps every turn of the loop full. Admission sheds on it, and
// the connection guard turns keep-alive off on it (connections.ts).

/** The loop's lateness is read against a timer of this period. */
export const TICK_MS = 50;
/** The worst lateness is kept per window of this length. */
const WINDOW_MS = 1_000;

export class LoopLateness {
  #lastTick = performance.now();
  #timer: NodeJS.Timeout | undefined;
  #windowStart = performance.now();
  #windowWorst = 0;
  #previousWorst = 0;
  readonly #onTick: ((lateMs: number, now: number) => void)[] = [];

  start(): void {
    if (this.#timer !== undefined) return;
    this.#lastTick = performance.now();
    this.#timer = setInterval(() => this.#tick(), TICK_MS).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Called on each tick with the lateness it found. */
  onTick(listener: (lateMs: number, now: number) => void): void {
    this.#onTick.push(listener);
  }

  /** How late the loop runs now: how long a request read now has waited behind others. */
  nowMs(now = performance.now()): number {
    return Math.max(0, now - this.#lastTick - TICK_MS);
  }

  /** The worst lateness of this window and the one before it (one to two seconds). */
  recentWorstMs(): number {
    return Math.max(this.#previousWorst, this.#windowWorst);
  }

  #tick(): void {
    const now = performance.now();
    const late = this.nowMs(now);
    this.#lastTick = now;
    if (now - this.#windowStart >= WINDOW_MS) {
      this.#previousWorst = this.#windowWorst;
      this.#windowWorst = 0;
      this.#windowStart = now;
    }
    if (late > this.#windowWorst) this.#windowWorst = late;
    for (const listener of this.#onTick) listener(late, now);
  }
}
