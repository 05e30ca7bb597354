// The edge's only state (its schema is checkout/flow-cookie.ts): what it needs to steer one visitor's checkout, in one signed,
// HttpOnly, SameSite=Lax cookie per host. The upstream holds the transaction itself, so
// any replica can serve any visitor. A forged, stale or malformed cookie reads as none.
//
// Its name follows the scheme the visitor came over (directly or through a trusted proxy):
// `__Host-flow` over https (Secure, Path=/, no Domain: no sibling host or plain-http page
// can set or shadow it), `flow` over plain http, where browsers refuse `__Host-` cookies
// (development). Each scheme reads only its own name: a `flow` cookie sent over https may
// have been planted by another host, which is what the prefix exists to rule out.
// Signed by the cookie plugin with the first SESSION_SECRET, verified with any of them
// (rotation); a request's cookie is verified and parsed once however many steps ask for it.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type FlowCookie, flowCookieSchema } from '../../checkout/flow-cookie.ts';

/** The name over plain http. */
export const FLOW_COOKIE = 'flow';
/** The name over https. */
export const SECURE_FLOW_COOKIE = '__Host-flow';
const MAX_AGE_S = 24 * 60 * 60;

export function isHttps(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** The flow cookie's name for this request's scheme. */
export function flowCookieName(request: FastifyRequest): string {
  return isHttps(request) ? SECURE_FLOW_COOKIE : FLOW_COOKIE;
}

function parseFlow(request: FastifyRequest, raw: string): FlowCookie | null {
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  try {
    const parsed = flowCookieSchema.safeParse(JSON.parse(Buffer.from(unsigned.value, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.merchant !== request.merchant.id) return null;
    return parsed.data;
  } catch {
    return null;
  }
}

/** The cookie each request came with, read once: the proxy's hooks, the rate limits and the screen all ask. */
const readThisRequest = new WeakMap<FastifyRequest, { raw: string; flow: FlowCookie | null }>();

export function readFlow(request: FastifyRequest): FlowCookie | null {
  const raw = request.cookies[flowCookieName(request)];
  if (!raw) return null;
  const read = readThisRequest.get(request);
  if (read?.raw === raw) return read.flow;
  const flow = parseFlow(request, raw);
  readThisRequest.set(request, { raw, flow });
  return flow;
}

/** Path=/ and no Domain on both names: what `__Host-` requires, and one cookie per host. */
export function checkoutCookieOptions(request: FastifyRequest) {
  return { httpOnly: true, sameSite: 'lax', secure: isHttps(request), path: '/' } as const;
}

/** Always signed with the first secret, so a cookie signed with an old one is renewed at the next step. */
export function writeFlow(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie): void {
  const value = Buffer.from(JSON.stringify(flowCookieSchema.parse(flow))).toString('base64url');
  reply.setCookie(flowCookieName(request), reply.signCookie(value), { ...checkoutCookieOptions(request), maxAge: MAX_AGE_S });
}

export function clearFlow(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(flowCookieName(request), checkoutCookieOptions(request));
}
