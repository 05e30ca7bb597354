// Content-Security-Policy with a fresh nonce per request. Scripts run only with the nonce
// (and what they load, via 'strict-dynamic'); no inline styles, no plugins, no framing.
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

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

/** Built once at start-up except for the nonce. */
export function cspTemplate(sources: CspSources): (nonce: string) => string {
  const join = (list: string[]) => (list.length ? ' ' + [...new Set(list)].join(' ') : '');
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
  return (nonce) => `script-src 'nonce-${nonce}' 'strict-dynamic'; ${tail}`;
}

export function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}
