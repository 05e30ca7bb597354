// Content-Security-Policy. A page rendered per request runs scripts only with its fresh
// nonce (and what they load, via 'strict-dynamic'); a page rendered once per merchant
// carries no inline script, so it allows the checkout's own script files instead; every
// other response (JSON, redirects, error pages) runs none. No inline styles, no plugins,
// no framing by others, whatever the response.
import { randomBytes } from 'node:crypto';

export interface CspSources {
  /** Origins the checkout may frame (card widget, identity verification). */
  frames: string[];
  /** Origins forms may post to (the bank's own page). */
  formActions: string[];
  /** Extra image origins (map tiles, analytics pixels). */
  images: string[];
  /** Extra origins scripts may connect to (analytics beacons). */
  connections?: string[];
}

/**
 * Nonces come from a pool filled by one random call for many: a nonce per page, without a
 * system call per request.
 */
const NONCE_BYTES = 16;
const POOL_NONCES = 256;
let pool = Buffer.alloc(0);
let next = 0;

export function newNonce(): string {
  if (next >= pool.length) {
    pool = randomBytes(NONCE_BYTES * POOL_NONCES);
    next = 0;
  }
  const nonce = pool.toString('base64', next, next + NONCE_BYTES);
  next += NONCE_BYTES;
  return nonce;
}

export interface Policies {
  /** A page rendered for this request: its scripts carry the nonce. */
  withNonce(nonce: string): string;
  /** A page rendered once and served to everyone: its script files come from the checkout itself. */
  sharedPage: string;
  /** Anything else: no script at all. */
  noScript: string;
}

/** Built once at start-up except for the nonce. */
export function cspTemplate(sources: CspSources): Policies {
  const join = (list: string[]) => (list.length ? ` ${[...new Set(list)].join(' ')}` : '');
  const tail = [
    `style-src 'self'`,
    `img-src 'self' data: blob:${join(sources.images)}`,
    `font-src 'self'`,
    `connect-src 'self'${join(sources.connections ?? [])}`,
    `media-src 'self' blob: mediastream:`,
    `frame-src 'self'${join(sources.frames)}`,
    `form-action 'self'${join(sources.formActions)}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `frame-ancestors 'none'`,
    `default-src 'self'`,
  ].join('; ');
  return {
    withNonce: (nonce) => `script-src 'nonce-${nonce}' 'strict-dynamic'; ${tail}`,
    sharedPage: `script-src 'self'; ${tail}`,
    noScript: `script-src 'none'; ${tail}`,
  };
}

/**
 * A policy whose forms may also post to `origins` (the bank's checked origins, for the one
 * page that shows its form): form-action is the only directive that widens.
 */
export function withFormTargets(policy: string, origins: readonly string[]): string {
  return origins.length ? policy.replace("form-action 'self'", `form-action 'self' ${origins.join(' ')}`) : policy;
}

export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
