// The edge's only state: what it needs to steer one visitor's checkout, in one signed,
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
import { z } from 'zod';
import { FIAT_CURRENCIES, FLOW_KINDS, TXN_TYPES } from '../../checkout/domain.ts';
import { refIdSchema } from '../upstream/contract.ts';
import { VERIFICATION_CODE_ATTEMPTS } from '../../checkout/domain.ts';
import { SUMMARY_ADDRESS_MAX, SUMMARY_EMAIL_MAX } from '../../checkout/limits.ts';

/** The name over plain http. */
export const FLOW_COOKIE = 'flow';
/** The name over https. */
export const SECURE_FLOW_COOKIE = '__Host-flow';
const MAX_AGE_S = 24 * 60 * 60;

/**
 * Fields it does not know are dropped, not refused: the cookie is signed, so they can only
 * come from a newer edge, and during a rolling deploy an older replica must keep the
 * visitor's flow rather than send them home.
 */
export const flowCookieSchema = z.object({
  refId: refIdSchema,
  kind: z.enum(FLOW_KINDS),
  txnType: z.enum(TXN_TYPES),
  method: z.string().max(32),
  subtype: z.string().max(64).optional(),
  fiatCurrency: z.enum(FIAT_CURRENCIES),
  cryptoCurrency: z.string().max(8),
  pro: z.boolean().default(false),
  addressRequired: z.boolean().default(false),
  /** Merchant the flow was started on: a cookie never crosses merchants. */
  merchant: z.string().max(64),
  /**
   * The screen the upstream's last nextAction sent the visitor to: the only step whose form
   * is sent upstream. Unset when the last step led off the checkout (a bank's page).
   */
  at: z
    .string()
    .regex(/^\/[a-z-]{0,63}$/)
    .optional(),
  /** Wrong verification codes so far: the upstream does not say how many it still takes. */
  wrongCodes: z.number().int().nonnegative().max(VERIFICATION_CODE_ATTEMPTS).optional(),
  /** The order summary's figures (checkout/order.ts), from the last flow state. */
  order: z
    .object({
      fiatAmount: z.number().finite().nonnegative(),
      cryptoAmount: z.number().finite().nonnegative(),
      /** Fiat per coin, as the quote gave it. */
      rate: z.number().finite().positive().optional(),
      cryptoAddress: z.string().max(SUMMARY_ADDRESS_MAX).optional(),
      emtEmail: z.string().max(SUMMARY_EMAIL_MAX).optional(),
      /** The fee the quote included, in its fiat currency (fees.ts); absent when none. */
      fee: z.number().finite().nonnegative().optional(),
      /**
       * What the card provider charges, in its currency (USD), for the order's fiat amount
       * `forFiat`: a requote to another amount leaves it behind (checkout/order.ts).
       */
      charge: z
        .object({
          amount: z.number().finite().nonnegative(),
          currency: z.string().regex(/^[A-Z]{3}$/),
          forFiat: z.number().finite().nonnegative(),
        })
        .optional(),
    })
    .optional(),
  /**
   * A requote the upstream holds unconfirmed, with the figures the gift-card picker showed
   * for it: NEXT on that amount confirms it (flow/next.ts drops it with the next state).
   */
  requote: z
    .object({
      fiatAmount: z.number().finite().nonnegative(),
      cryptoAmount: z.number().finite().nonnegative(),
      forexRatePublic: z.number().finite().positive().optional(),
      txnValidUntil: z.string().max(40).optional(),
      txnDate: z.string().max(40).optional(),
    })
    .optional(),
  /** The quote's one held-until time (ms since the epoch) and the key of the quote it is for (flow/rate-hold.ts). */
  hold: z
    .object({
      quote: z.string().max(32),
      until: z.number().int().nonnegative(),
    })
    .optional(),
});
export type FlowCookie = z.output<typeof flowCookieSchema>;
export type RateHold = NonNullable<FlowCookie['hold']>;

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
