// Caches with a bound in bytes. What the edge renders or compresses once and keeps (pages
// rendered for everyone, the bytes the fast path answers with, shells, shared islands,
// merchants' compressed files) is kept in one of these: least recently used first out,
// each cache a share of one budget (CACHE_MB, by default a share of the RSS threshold, see
// config.ts), so memory follows what visitors ask for now, not every page ever asked for.
// lru-cache does the bookkeeping (maxSize and sizeCalculation, O(1) on every hit): it is the
// LRU npm itself relies on, and a hand-written one would be more code to get right.
// Readiness counts what these hold as memory that eviction can free (pressure.ts), and
// /metrics shows each cache's bytes, entries and evictions (metrics.ts).
import { LRUCache } from 'lru-cache';

/** Before an app sets the budget (a test rendering on its own): enough for any test. */
const DEFAULT_BUDGET_BYTES = 64 * 2 ** 20;

/** What a cache holds now, as /metrics shows it. */
export interface CacheStats {
  name: string;
  bytes: number;
  maxBytes: number;
  entries: number;
  evictions: number;
}

const caches: ByteCache<NonNullable<unknown>, NonNullable<unknown>>[] = [];

export interface ByteCacheOptions<K, V> {
  /** Its name in /metrics. */
  name: string;
  /** Its share (0-1) of the budget; the shares of all caches add up to 1. */
  share: number;
  /** The bytes an entry keeps alive: its buffers and strings, not the ones it shares with another cache. */
  sizeOf: (value: V, key: K) => number;
  /** Called when an entry leaves, whatever the reason (evicted, replaced, deleted). */
  released?: (value: V, key: K) => void;
}

export class ByteCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  #lru: LRUCache<K, V>;
  #evictions = 0;

  constructor(readonly options: ByteCacheOptions<K, V>) {
    this.#lru = this.#make(DEFAULT_BUDGET_BYTES);
    caches.push(this as unknown as ByteCache<NonNullable<unknown>, NonNullable<unknown>>);
  }

  #make(budget: number): LRUCache<K, V> {
    const { sizeOf, released } = this.options;
    return new LRUCache<K, V>({
      maxSize: this.#bound(budget),
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
      dispose: (value, key, reason) => {
        if (reason === 'evict') this.#evictions++;
        released?.(value, key);
      },
    });
  }

  /** A new budget empties the cache: set as the app starts (the same budget again keeps it). */
  resize(budget: number): void {
    if (this.#lru.maxSize === this.#bound(budget)) return;
    this.#lru.clear();
    this.#lru = this.#make(budget);
  }

  #bound(budget: number): number {
    return Math.max(1, Math.floor(budget * this.options.share));
  }

  get(key: K): V | undefined {
    return this.#lru.get(key);
  }

  /** Without counting as a use: for a check that is not a visitor's request. */
  peek(key: K): V | undefined {
    return this.#lru.peek(key);
  }

  has(key: K): boolean {
    return this.#lru.has(key);
  }

  /** Keeps `value` unless it alone is larger than the cache may hold; says whether it kept it. */
  set(key: K, value: V): boolean {
    this.#lru.set(key, value);
    return this.#lru.peek(key) === value;
  }

  delete(key: K): void {
    this.#lru.delete(key);
  }

  entries(): IterableIterator<[K, V]> {
    return this.#lru.entries();
  }

  stats(): CacheStats {
    return {
      name: this.options.name,
      bytes: this.#lru.calculatedSize,
      maxBytes: this.#lru.maxSize,
      entries: this.#lru.size,
      evictions: this.#evictions,
    };
  }
}

/** Every cache's bound follows `bytes` (CACHE_MB): a cache whose bound changes empties. */
export function setCacheBudget(bytes: number): void {
  for (const cache of caches) cache.resize(bytes);
}

export function cacheStats(): CacheStats[] {
  return caches.map((cache) => cache.stats());
}

/** What every cache holds: memory that eviction can give back. */
export function cachedBytes(): number {
  let bytes = 0;
  for (const cache of caches) bytes += cache.stats().bytes;
  return bytes;
}

/** The shares of every cache, by name: they add up to the whole budget (a test checks). */
export function cacheShares(): Record<string, number> {
  return Object.fromEntries(caches.map((cache) => [cache.options.name, cache.options.share]));
}

const objectKeys = new WeakMap<object, number>();
let nextKey = 0;

/**
 * A number for an object, for a cache key: entries of a merchant loaded anew (a reload
 * makes new objects) are never found again, and leave as the least recently used.
 */
export function keyOf(object: object): number {
  let key = objectKeys.get(object);
  if (key === undefined) objectKeys.set(object, (key = nextKey++));
  return key;
}

/** A string's bytes in V8's heap, near enough: one per character (pages are Latin-1 text but for a few characters). */
export const stringBytes = (text: string) => text.length;
