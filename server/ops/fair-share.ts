// A flood takes its share, never the visitor's. While the event loop is saturated
// (keep-alive.ts judges it), each client address may have FAIR_SHARE requests taken on per
// FAIR_WINDOW_MS; its others get admission's 503 with Retry-After, written from bytes made
// once. A flood's connections from a few addresses always have requests ready, so they
// would fill every turn of the loop; shed, each costs the turn a short write, the turns
// stay short, and a visitor from another address, asking once, is read and served within
// a turn or two. Not saturated, nobody is counted.

/** The window over which each address's requests are counted. */
export const FAIR_WINDOW_MS = 100;
/** Requests one address may have taken on per window while saturated: a page and its few assets at once. */
export const FAIR_SHARE = 8;

export class FairShare {
  readonly #taken = new Map<string, number>();
  #windowStart = 0;

  /** Whether `client`'s request is within its share now (counting it if so). */
  take(client: string, now = performance.now()): boolean {
    if (now - this.#windowStart >= FAIR_WINDOW_MS) {
      this.#taken.clear();
      this.#windowStart = now;
    }
    const taken = this.#taken.get(client) ?? 0;
    if (taken >= FAIR_SHARE) return false;
    this.#taken.set(client, taken + 1);
    return true;
  }
}
