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
