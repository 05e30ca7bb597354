// How often one client may do each costly or guessable thing, and how RATE_LIMITS changes
// it. Pure: the plugin (rate-limit.ts) applies it. Each limit counts per client address
// and, where the request names a transaction, per refId too: a code guessed from many
// addresses still meets the refId's count.

/** A limit's name: one of SHARED_LIMITS, or one a payment method declares (server/methods/). */
export type LimitName = string;

export interface Limit {
  max: number;
  windowMs: number;
}

export interface LimitPair {
  address: Limit;
  /** Unset: the limit counts per address only. */
  refId?: Limit;
}

export type RateLimitSettings = { enabled: false } | { enabled: true; limits: Record<LimitName, LimitPair> };

/** RATE_LIMITS read: off, or changes to the defaults (names are checked against the defaults when they are known). */
export type RateLimitChanges = { enabled: false } | { enabled: true; changes: readonly LimitChange[] };

export interface LimitChange {
  name: string;
  per: 'address' | 'refId';
  limit: Limit;
}

const MINUTE = 60_000;

/**
 * Room for a real visitor (and a household or office behind one address) with margin;
 * not for a script. Per refId the counts are one visitor's: a verification code has six
 * digits, so ten tries a minute make guessing it hopeless.
 */
export const SHARED_LIMITS: Readonly<Record<LimitName, LimitPair>> = {
  /** A new quote asked for: the home form, a direct link, a Pro link. */
  quote: { address: { max: 60, windowMs: MINUTE } },
  /** The mobile verification code, sent or resent. */
  code: { address: { max: 60, windowMs: MINUTE }, refId: { max: 10, windowMs: MINUTE } },
  /** A transaction looked up by refId: /state/{refId}, ?refId=. */
  lookup: { address: { max: 60, windowMs: MINUTE }, refId: { max: 30, windowMs: MINUTE } },
  /**
   * The order page, opened by its signed link (and asked again by its island while the
   * order moves): per address, room for a tab that follows the order, not for guessing
   * signatures; per refId, only links that hold count (a 128-bit signature needs no count
   * against guessing, and wrong ones must never lock the holder out).
   */
  order: { address: { max: 60, windowMs: MINUTE }, refId: { max: 60, windowMs: MINUTE } },
  /**
   * Every other form a step posts (buyer info, address, email, uploads, a quote accepted):
   * each one an upstream call, so a script cannot turn one address into the upstream's load.
   */
  step: { address: { max: 120, windowMs: MINUTE }, refId: { max: 30, windowMs: MINUTE } },
  /** The islands' /api calls (status polling included). */
  api: { address: { max: 600, windowMs: MINUTE }, refId: { max: 240, windowMs: MINUTE } },
};

/** Every limit the edge counts: the shared ones and those the payment methods declare. */
export function limitDefaults(methods: { list: readonly { limits?: Readonly<Record<string, LimitPair>> }[] }) {
  const limits: Record<LimitName, LimitPair> = { ...SHARED_LIMITS };
  for (const method of methods.list) {
    for (const [name, pair] of Object.entries(method.limits ?? {})) {
      if (Object.hasOwn(limits, name)) throw new Error(`rate limit "${name}" is declared twice`);
      limits[name] = pair;
    }
  }
  return limits;
}

const ENTRY = /^([a-z]+)(\.refId)?=(\d+)\/(\d+)$/;

/**
 * `off`, or changes to the defaults: `name=max/seconds` per address, `name.refId=max/seconds`
 * per refId, comma-separated (e.g. `quote=60/60,code.refId=5/300`).
 */
export function parseRateLimits(spec: string): RateLimitChanges {
  const trimmed = spec.trim();
  if (trimmed === 'off') return { enabled: false };
  const changes: LimitChange[] = [];
  for (const entry of trimmed
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = ENTRY.exec(entry);
    if (!match) throw new Error(`"${entry}" is not name=max/seconds or name.refId=max/seconds`);
    const [, name, perRefId, max, seconds] = match;
    if (Number(seconds) === 0 || Number(max) === 0) throw new Error(`"${entry}": max and seconds must be above 0`);
    changes.push({
      name: name!,
      per: perRefId ? 'refId' : 'address',
      limit: { max: Number(max), windowMs: Number(seconds) * 1000 },
    });
  }
  return { enabled: true, changes };
}

/** The defaults with the changes applied; a change to a limit nobody declares is a mistake in RATE_LIMITS. */
export function applyRateLimits(read: RateLimitChanges, defaults: Readonly<Record<LimitName, LimitPair>>): RateLimitSettings {
  if (!read.enabled) return { enabled: false };
  const limits = structuredClone(defaults) as Record<LimitName, LimitPair>;
  for (const { name, per, limit } of read.changes) {
    const pair = Object.hasOwn(limits, name) ? limits[name] : undefined;
    if (!pair) throw new Error(`"${name}" is not one of ${Object.keys(limits).join(', ')}`);
    pair[per] = limit;
  }
  return { enabled: true, limits };
}
