// A state-changing request must come from a page of the same host. Browsers send
// Sec-Fetch-Site (modern) or Origin (all POSTs); either must name this site. A request with
// neither (curl, old agents) is allowed only when it carries no cookie of ours, so a
// cross-site form can never act on a visitor's flow.
import type { FastifyRequest } from 'fastify';

export type CsrfVerdict = { ok: true } | { ok: false; reason: string };

export function checkSameOrigin(request: FastifyRequest, normalisedHost: string): CsrfVerdict {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin' || site === 'none') return { ok: true };
    return { ok: false, reason: `sec-fetch-site ${site}` };
  }
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    try {
      const host = new URL(origin).host.toLowerCase().replace(/\.$/, '');
      const bare = host.replace(/:\d+$/, '');
      return bare === normalisedHost ? { ok: true } : { ok: false, reason: 'origin mismatch' };
    } catch {
      return { ok: false, reason: 'bad origin' };
    }
  }
  if (origin === 'null') return { ok: false, reason: 'opaque origin' };
  return request.headers.cookie ? { ok: false, reason: 'no origin with cookies' } : { ok: true };
}

/** How long a form that asks a question (is this your order?) may stay open. */
export const FORM_TOKEN_TTL_MS = 15 * 60 * 1000;

/**
 * A token for one form and one purpose (e.g. adopting one refId on one merchant), signed
 * with the session secret and valid for FORM_TOKEN_TTL_MS. With the same-origin check above
 * it makes the form's POST one that only this page can have produced, recently, for this
 * very purpose: a token taken for another refId or host, or an old one, is refused.
 */
export function formToken(request: FastifyRequest, purpose: string): string {
  return request.server.signCookie(`${request.server.clock() + FORM_TOKEN_TTL_MS}.${purpose}`);
}

export type FormTokenVerdict = 'ok' | 'invalid' | 'expired';

export function checkFormToken(request: FastifyRequest, token: unknown, purpose: string): FormTokenVerdict {
  if (typeof token !== 'string' || token.length > 1024) return 'invalid';
  const unsigned = request.unsignCookie(token);
  if (!unsigned.valid || unsigned.value === null) return 'invalid';
  const dot = unsigned.value.indexOf('.');
  if (dot === -1 || unsigned.value.slice(dot + 1) !== purpose) return 'invalid';
  const expires = Number(unsigned.value.slice(0, dot));
  return Number.isFinite(expires) && request.server.clock() <= expires ? 'ok' : 'expired';
}
