// The upload places: how many uploads the process holds in memory at once, and who may hold
// them. A place bounds memory (a file, then its base64 on the way upstream), so it goes only
// to an upload that is really arriving:
//
// - an upload takes its place once `usefulBytes` of its file have arrived; before that it
//   holds a few kilobytes and no place, so a client trickling bodies holds none;
// - one client address holds at most `perAddress` places, so one office or one script
//   cannot take them all;
// - a body whose bytes arrive slower than a floor (`floorBytesPerS` over `floorWindowMs`,
//   from the start and then over any such window) is cut: it would hold its connection,
//   and its place if it had one, for the whole request timeout.
// Past a bound the visitor is told to try again in a minute (503 with Retry-After).

export interface UploadPlaceSettings {
  /** Uploads held in memory at once. */
  places: number;
  /** Places one client address may hold. */
  perAddress: number;
  /** File bytes that must have arrived before an upload takes its place. */
  usefulBytes: number;
  /** The slowest an upload's bytes may arrive, judged over `floorWindowMs`. */
  floorBytesPerS: number;
  floorWindowMs: number;
  /** A body without a Content-Length is cut past this many file bytes. */
  maxBytes: number;
}

/** Why an upload is stopped before its form is read: no place for it, too slow, too large. */
export type UploadStop = 'busy' | 'slow' | 'tooLarge';

/** Thrown into the form's reading once the upload is stopped, so its bytes are no longer kept. */
export class UploadStopped extends Error {
  readonly reason: UploadStop;
  constructor(reason: UploadStop) {
    super(`upload stopped: ${reason}`);
    this.reason = reason;
  }
}

/** How often the floor is judged, per window. */
const CHECKS_PER_WINDOW = 5;

/** One upload's progress, from its first byte to its answer. */
export class UploadWatch {
  /** File bytes arrived so far. */
  bytes = 0;
  /** Settles once the upload must stop; never, for an upload that arrives as it should. */
  readonly stopped: Promise<UploadStop>;
  #stop: ((reason: UploadStop) => void) | undefined;
  #reason: UploadStop | undefined;
  #holding = false;
  /** The bytes at each check of the last window, oldest first; the upload began with none. */
  readonly #samples: number[] = [0];
  readonly #timer: NodeJS.Timeout;
  readonly #places: UploadPlaces;
  readonly #address: string;

  constructor(places: UploadPlaces, address: string) {
    this.#places = places;
    this.#address = address;
    this.stopped = new Promise((resolve) => {
      this.#stop = resolve;
    });
    const { floorWindowMs } = places.settings;
    this.#timer = setInterval(() => this.#judgePace(), floorWindowMs / CHECKS_PER_WINDOW).unref();
  }

  get holding(): boolean {
    return this.#holding;
  }

  /** Bytes of the file arrived: a place is taken once they are useful; past the maximum the upload stops. */
  arrived(count: number): void {
    if (this.#reason) throw new UploadStopped(this.#reason);
    this.bytes += count;
    const { usefulBytes, maxBytes } = this.#places.settings;
    if (this.bytes > maxBytes) this.#end('tooLarge');
    else if (!this.#holding && this.bytes >= usefulBytes && !this.take()) this.#end('busy');
    if (this.#reason) throw new UploadStopped(this.#reason);
  }

  /** Takes a place, if this upload has none yet (a small file arrives whole before `usefulBytes`). */
  take(): boolean {
    if (!this.#holding) this.#holding = this.#places.enter(this.#address);
    return this.#holding;
  }

  /** The upload is answered: its place, if it held one, is free. */
  end(): void {
    clearInterval(this.#timer);
    if (this.#holding) this.#places.leave(this.#address);
    this.#holding = false;
  }

  #end(reason: UploadStop): void {
    if (this.#reason) return;
    this.#reason = reason;
    this.end();
    this.#stop?.(reason);
  }

  /** Samples the bytes each check; once a window has passed, the bytes it brought must reach the floor. */
  #judgePace(): void {
    const { floorBytesPerS, floorWindowMs } = this.#places.settings;
    this.#samples.push(this.bytes);
    if (this.#samples.length <= CHECKS_PER_WINDOW) return;
    const windowAgo = this.#samples.shift()!;
    if (this.bytes - windowAgo < (floorBytesPerS * floorWindowMs) / 1000) this.#end('slow');
  }
}

export class UploadPlaces {
  readonly settings: UploadPlaceSettings;
  /** Places held. */
  inFlight = 0;
  readonly #perAddress = new Map<string, number>();

  constructor(settings: UploadPlaceSettings) {
    this.settings = settings;
  }

  /** Takes a place for `address`; false when every place, or the address's share, is taken. */
  enter(address = ''): boolean {
    const held = this.#perAddress.get(address) ?? 0;
    if (this.inFlight >= this.settings.places || held >= this.settings.perAddress) return false;
    this.inFlight += 1;
    this.#perAddress.set(address, held + 1);
    return true;
  }

  leave(address = ''): void {
    const held = this.#perAddress.get(address) ?? 0;
    if (held === 0) return;
    this.inFlight -= 1;
    if (held > 1) this.#perAddress.set(address, held - 1);
    else this.#perAddress.delete(address);
  }

  /** Places `address` holds now. */
  heldBy(address: string): number {
    return this.#perAddress.get(address) ?? 0;
  }

  /** Watches one upload from `address` as its bytes arrive. */
  watch(address: string): UploadWatch {
    return new UploadWatch(this, address);
  }
}
