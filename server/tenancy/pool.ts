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
  readonly #values = new Map<string, unknown>();
  readonly #lints = new Map<string, readonly string[]>();
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

  /** What `lint` finds in this text, worked out once per distinct text. */
  lint(value: string, lint: (text: string) => readonly string[]): readonly string[] {
    let found = this.#lints.get(value);
    if (found === undefined) this.#lints.set(value, (found = lint(value)));
    return found;
  }

  /** The text `sanitize` keeps of this HTML, worked out once per distinct text and pooled. */
  sanitized(html: string, sanitize: (text: string) => string): string {
    let kept = this.#sanitized.get(html);
    if (kept === undefined) this.#sanitized.set(html, (kept = this.text(sanitize(html))));
    return kept;
  }

  /** A JSON value equal to this one, deeply frozen, shared by every merchant that has it. */
  value<T>(value: T, freeze: (v: T) => T): T {
    if (value === null || typeof value !== 'object') return value;
    const key = JSON.stringify(value);
    const known = this.#values.get(key);
    if (known !== undefined) return known as T;
    const frozen = freeze(value);
    this.#values.set(key, frozen);
    return frozen;
  }
}
