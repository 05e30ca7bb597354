// How often one client may do each costly or guessable thing, and how RATE_LIMITS changes
// it. Pure: the plugin (rate-limit.ts) applies it. Each limit counts per client address
// and, where the request names a transaction, per refId too: a code guessed from many
// addresses still meets the refId's count.

export const LIMIT_NAMES = [
  /** A new quote asked for: the home form, a direct link, a Pro link. */
  'quote',
  /** The mobile verification code, sent or resent. */
  'code',
  /** A Flexepin voucher number. */
  'voucher',
  /** A transaction looked up by refId: /state/{refId}, ?refId=. */
  'lookup',
  /** The islands' /api calls (status polling included). */
  'api',
] as const;
export type LimitName = (typeof LIMIT_NAMES)[number];

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

const MINUTE = 60_000;

/**
 * Room for a real visitor (and a household or office behind one address) with margin;
 * not for a script. Per refId the counts are one visitor's: a verification code has six
 * digits, so ten tries a minute make guessing it hopeless.
 */
export const DEFAULT_LIMITS: Record<LimitName, LimitPair> = {
  quote: { address: { max: 60, windowMs: MINUTE } },
  code: { address: { max: 60, windowMs: MINUTE }, refId: { max: 10, windowMs: MINUTE } },
  voucher: { address: { max: 60, windowMs: MINUTE }, refId: { max: 10, windowMs: MINUTE } },
  lookup: { address: { max: 60, windowMs: MINUTE }, refId: { max: 30, windowMs: MINUTE } },
  api: { address: { max: 600, windowMs: MINUTE }, refId: { max: 240, windowMs: MINUTE } },
};

const ENTRY = /^([a-z]+)(\.refId)?=(\d+)\/(\d+)$/;

/**
 * `off`, or the defaults with changes: `name=max/seconds` per address,
 * `name.refId=max/seconds` per refId, comma-separated (e.g. `quote=60/60,code.refId=5/300`).
 */
export function rateLimitSettings(spec: string): RateLimitSettings {
  const trimmed = spec.trim();
  if (trimmed === 'off') return { enabled: false };
  const limits = structuredClone(DEFAULT_LIMITS);
  for (const entry of trimmed
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const match = ENTRY.exec(entry);
    if (!match) throw new Error(`"${entry}" is not name=max/seconds or name.refId=max/seconds`);
    const [, name, perRefId, max, seconds] = match;
    if (!(LIMIT_NAMES as readonly string[]).includes(name!)) {
      throw new Error(`"${name}" is not one of ${LIMIT_NAMES.join(', ')}`);
    }
    if (Number(seconds) === 0 || Number(max) === 0) throw new Error(`"${entry}": max and seconds must be above 0`);
    const limit = { max: Number(max), windowMs: Number(seconds) * 1000 };
    const pair = limits[name as LimitName];
    if (perRefId) pair.refId = limit;
    else pair.address = limit;
  }
  return { enabled: true, limits };
}
