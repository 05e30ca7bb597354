// A fleet is mostly copies of a few templates: the same legal pages, footers, favicons and
// payment settings across thousands of merchants. The pool keeps each distinct content
// once and checks it once (lints, sanitiser, zod), so memory and start-up time grow with
// what differs, and an asset shared by many merchants is
// compressed once (server/assets.ts caches by the asset object). Seeded with the merchants
// of the set being replaced, a reload keeps the objects of unchanged files, and with them
// their compressed copies.
import type { Merchant, MerchantAsset } from './types.ts';

export class ContentPool {
  readonly #assets = new Map<string, MerchantAsset>();
  readonly #parsed = new Map<string, unknown>();
  /** Per lint function, its result per distinct text. */
  readonly #lints = new Map<(text: string) => unknown, Map<string, unknown>>();

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
    if (results === undefined) this.#lints.set(lint, (results = new Map()));
    // One lookup when known: every merchant's copy of a shared file is a hit.
    const known = results.get(value);
    if (known !== undefined) return known as T;
    const found = lint(value);
    results.set(value, found);
    return found;
  }

  /**
   * `parse(value)` for the JSON value of a field `name`, worked out once per distinct value:
   * what it returns (frozen by `parse`) is shared by every merchant whose file says the same.
   */
  parsed<T>(name: string, value: unknown, parse: (value: unknown) => T): T {
    const key = `${name} ${JSON.stringify(value) ?? ''}`;
    const known = this.#parsed.get(key);
    if (known !== undefined || this.#parsed.has(key)) return known as T;
    const result = parse(value);
    this.#parsed.set(key, result);
    return result;
  }
}
