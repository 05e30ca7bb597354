// A fleet is mostly copies of a few templates: the same legal pages, footers, favicons and
// payment settings across thousands of merchants. The pool keeps each distinct content
// once, so memory grows with what differs, and an asset shared by many merchants is
// compressed once (server/assets.ts caches by the asset object). Seeded with the merchants
// of the set being replaced, a reload keeps the objects of unchanged files, and with them
// their compressed copies.
import type { Merchant, MerchantAsset } from './types.ts';

export class ContentPool {
  readonly #assets = new Map<string, MerchantAsset>();
  readonly #texts = new Map<string, string>();
  readonly #parsed = new Map<string, unknown>();
  /** Per lint function, its result per distinct text. */
  readonly #lints = new Map<(text: string) => unknown, Map<string, unknown>>();
  readonly #sanitized = new Map<string, string>();

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

  text(value: string): string {
    const known = this.#texts.get(value);
    if (known !== undefined) return known;
    this.#texts.set(value, value);
    return value;
  }

  /** What `lint` finds in this text, worked out once per distinct text (and lint). */
  lint<T>(value: string, lint: (text: string) => T): T {
    let results = this.#lints.get(lint);
    if (results === undefined) this.#lints.set(lint, (results = new Map()));
    if (results.has(value)) return results.get(value) as T;
    const found = lint(value);
    results.set(value, found);
    return found;
  }

  /** The text `sanitize` keeps of this HTML, worked out once per distinct text and pooled. */
  sanitized(html: string, sanitize: (text: string) => string): string {
    let kept = this.#sanitized.get(html);
    if (kept === undefined) this.#sanitized.set(html, (kept = this.text(sanitize(html))));
    return kept;
  }

  /**
   * `parse(value)` for the JSON value of a field `name`, worked out once per distinct value:
   * what it returns (frozen by `parse`) is shared by every merchant whose file says the same.
   */
  parsed<T>(name: string, value: unknown, parse: (value: unknown) => T): T {
    const key = `${name} ${JSON.stringify(value) ?? ''}`;
    if (this.#parsed.has(key)) return this.#parsed.get(key) as T;
    const result = parse(value);
    this.#parsed.set(key, result);
    return result;
  }
}
