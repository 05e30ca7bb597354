// A Map with a size cap and an expiry, so a long-running sandbox (demos, load tests)
// cannot grow without bound. Map keeps insertion order: re-inserting on touch makes the
// first entry the least recently used, which is what gets evicted.

export interface BoundedCacheOptions {
  maxEntries: number;
  ttlMs: number;
  /** true: an entry lives ttlMs after its last read (sliding); false: after its write. */
  sliding: boolean;
  /** ms since the epoch: the sandbox's clock. */
  now: () => number;
}

export class BoundedCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #opts: BoundedCacheOptions;

  constructor(opts: BoundedCacheOptions) {
    this.#opts = opts;
  }

  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const now = this.#opts.now();
    if (entry.expiresAt <= now) {
      this.#entries.delete(key);
      return undefined;
    }
    if (this.#opts.sliding) {
      this.#entries.delete(key);
      this.#entries.set(key, { value: entry.value, expiresAt: now + this.#opts.ttlMs });
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.#opts.now() + this.#opts.ttlMs });
    this.#evict();
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Drops expired entries from the old end, then the oldest ones over the cap. */
  #evict(): void {
    const now = this.#opts.now();
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size > this.#opts.maxEntries || entry.expiresAt <= now) this.#entries.delete(key);
      else break;
    }
  }
}
