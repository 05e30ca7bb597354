// A flood takes its share, never the visitor's. While the event loop is saturated
// (keep-alive.ts judges it), each client address may have FAIR_SHARE requests taken on per
// FAIR_WINDOW_MS, and FAIR_IN_FLIGHT at once; its others get admission's 503 with
// Retry-After, written from bytes made once. A flood's connections from a few addresses
// always have requests ready, so they would fill every turn of the loop: the count bounds a
// flood of answers made at once (cached pages), the requests at once a flood of slow ones
// (those that wait for the upstream). Shed, each costs the turn a short write, the turns
// stay short, and a visitor from another address, asking once, is within its share. Not
// saturated, nobody is refused; requests at once are counted all the same, so that the
// count is right the moment saturation begins.

/** The window over which each address's requests are counted. */
export const FAIR_WINDOW_MS = 100;
/** Requests one address may have taken on per window while saturated: a page and its assets, twice over. */
export const FAIR_SHARE = 16;
/** Requests one address may have being answered at once while saturated: more than the six connections a browser opens to a host. */
export const FAIR_IN_FLIGHT = 8;

export class FairShare {
  readonly #taken = new Map<string, number>();
  readonly #inFlight = new Map<string, number>();
  #windowStart = 0;

  /**
   * Whether `client`'s request is taken on now (within its share, or the loop not
   * saturated); if so it is counted until `done(client)`.
   */
  take(client: string, saturated: boolean, now = performance.now()): boolean {
    const inFlight = this.#inFlight.get(client) ?? 0;
    if (saturated) {
      if (now - this.#windowStart >= FAIR_WINDOW_MS) {
        this.#taken.clear();
        this.#windowStart = now;
      }
      const taken = this.#taken.get(client) ?? 0;
      if (taken >= FAIR_SHARE || inFlight >= FAIR_IN_FLIGHT) return false;
      this.#taken.set(client, taken + 1);
    }
    this.#inFlight.set(client, inFlight + 1);
    return true;
  }

  /** `client`'s request taken on is answered. */
  done(client: string): void {
    const left = (this.#inFlight.get(client) ?? 1) - 1;
    if (left > 0) this.#inFlight.set(client, left);
    else this.#inFlight.delete(client);
  }
}
