// A fleet is mostly copies of a few templates: the same legal pages, footers, favicons and
// payment settings across thousands of merchants. The pool keeps each distinct content
// once and checks it once (lints, sanitiser, zod), so memory and start-up time grow with
// what differs, and an asset shared by many merchants is
// compressed once (server/static-files.ts caches by the asset object). Seeded with the merchants
// of the set being replaced, a reload keeps the objects of unchanged files, and with them
// their compressed copies.
import type { Merchant, MerchantAsset } from './types.ts';

/**
 * Merchants load in folder order and neighbours mostly share their files and settings, so
 * each kind of content remembers the few it saw last: a text is compared with those first
 * (texts of another length compare at once), which costs less than hashing the whole text
 * for a Map lookup. Enough for a merchant's footer and legal pages, or a fleet's looks.
 */
const RECENT = 8;

/** A Map keyed by long strings, with its most recent hits compared before any lookup. */
class RecentMap<V> {
  readonly #all = new Map<string, V>();
  readonly #recent: { key: string; value: V }[] = [];

  get(key: string, make: (key: string) => V): V {
    for (const seen of this.#recent) if (seen.key === key) return seen.value;
    let value: V;
    if (this.#all.has(key)) value = this.#all.get(key) as V;
    else this.#all.set(key, (value = make(key)));
    this.#recent.unshift({ key, value });
    if (this.#recent.length > RECENT) this.#recent.pop();
    return value;
  }
}

export class ContentPool {
  readonly #assets = new Map<string, MerchantAsset>();
  readonly #parsed = new Map<string, RecentMap<unknown>>();
  /** Per lint function, its result per distinct text. */
  readonly #lints = new Map<(text: string) => unknown, RecentMap<unknown>>();

  constructor(previous: Iterable<Merchant> = []) {
    for (const merchant of previous) for (const asset of merchant.assets.values()) this.asset(asset);
  }

  /** The pooled asset with this content (the ETag is a content hash) and type. */
  asset(candidate: MerchantAsset): MerchantAsset {
    const key = `${candidate.contentType} ${candidate.etag}`;
    const known = this.#assets.get(key);
    if (known !== undefined) return known;
    this.#assets.set(key, candidate);
    return candidate;
  }

  /** What `lint` finds in this text, worked out once per distinct text (and lint). */
  lint<T>(value: string, lint: (text: string) => T): T {
    let results = this.#lints.get(lint);
    if (results === undefined) this.#lints.set(lint, (results = new RecentMap()));
    return results.get(value, lint) as T;
  }

  /**
   * `parse(value)` for the JSON value of a field `name`, worked out once per distinct value:
   * what it returns (frozen by `parse`) is shared by every merchant whose file says the same.
   */
  parsed<T>(name: string, value: unknown, parse: (value: unknown) => T): T {
    let results = this.#parsed.get(name);
    if (results === undefined) this.#parsed.set(name, (results = new RecentMap()));
    return results.get(JSON.stringify(value) ?? '', () => parse(value)) as T;
  }
}
