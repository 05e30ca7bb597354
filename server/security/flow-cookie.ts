// The edge's only state: what it needs to steer one visitor's checkout, in one signed,
// HttpOnly, SameSite=Lax cookie per host. The upstream holds the transaction itself, so
// any replica can serve any visitor. A forged, stale or malformed cookie reads as none.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { FIAT_CURRENCIES, FLOW_KINDS, TXN_TYPES } from '../checkout/domain.ts';
import { refIdSchema } from '../upstream/contract.ts';

export const FLOW_COOKIE = 'flow';
const MAX_AGE_S = 24 * 60 * 60;

export const flowCookieSchema = z.strictObject({
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
});
export type FlowCookie = z.output<typeof flowCookieSchema>;

export function readFlow(request: FastifyRequest): FlowCookie | null {
  const raw = request.cookies[FLOW_COOKIE];
  if (!raw) return null;
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

export function writeFlow(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie): void {
  const value = Buffer.from(JSON.stringify(flowCookieSchema.parse(flow))).toString('base64url');
  reply.setCookie(FLOW_COOKIE, value, {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: MAX_AGE_S,
  });
}

export function clearFlow(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(FLOW_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
}
