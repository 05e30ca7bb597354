// An order's own page (/order/{refId}/{signature}) opens with no cookie, no account and no
// JavaScript, so the link itself is the proof: an HMAC of the merchant and the refId made
// with SESSION_SECRET. Like the flow cookie it is made with the first secret and verified
// with any of them, so rotating the secret keeps links alive for as long as the old secret
// stays listed, and removing it revokes every link it made (docs/security.md).
//
// A signature made for one merchant does not open the order on another merchant's host,
// and a refId alone (which a visitor may read out to support) opens nothing. The message is
// prefixed with what it is for, so no other HMAC of these secrets can stand in for it.
// What the upstream does not keep of the order (a card provider's fee and charge, a Pro
// fee) rides in the link's query, signed with it, so the page adds up on any device.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { quoteFee } from '../../checkout/fees.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { buildPath, ROUTES } from '../../checkout/routes.ts';
import { readFlow } from './flow-cookie.ts';

/**
 * 128 bits of the HMAC, in base64url: beyond any guessing through a rate-limited page, and
 * short enough for a link read off a QR code or a printed receipt.
 */
const SIGNATURE_BYTES = 16;
export const ORDER_SIGNATURE_LENGTH = Math.ceil((SIGNATURE_BYTES * 4) / 3);

function mac(secret: string, merchantId: string, refId: string, quoted: string): Buffer {
  const message = `order-page\n${merchantId}\n${refId}${quoted ? `\n${quoted}` : ''}`;
  return createHmac('sha256', secret).update(message).digest().subarray(0, SIGNATURE_BYTES);
}

/**
 * The signature of this merchant's order, made with the current (first) secret; `quoted`,
 * the figures the link carries (quotedFigures), signed with it.
 */
export function orderSignature(secrets: readonly string[], merchantId: string, refId: string, quoted = ''): string {
  return mac(secrets[0]!, merchantId, refId, quoted).toString('base64url');
}

/**
 * Whether `signature` was made for this merchant's order (and these figures) with any of the
 * secrets. Every secret is tried whatever the first gives, and compared in constant time.
 */
export function verifyOrderSignature(
  secrets: readonly string[],
  merchantId: string,
  refId: string,
  signature: string,
  quoted = '',
): boolean {
  if (signature.length !== ORDER_SIGNATURE_LENGTH) return false;
  const given = Buffer.from(signature, 'base64url');
  // base64url decoding ignores characters outside its alphabet: the text must round-trip.
  if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return false;
  let valid = false;
  for (const secret of secrets) valid = timingSafeEqual(mac(secret, merchantId, refId, quoted), given) || valid;
  return valid;
}

/**
 * What the order page cannot read from the upstream, which the link carries, signed: the fee
 * the visitor was quoted where it is not the merchant's regular fee for the method (a card
 * provider's, a Pro fee), and what the card provider charges in its own currency.
 */
export interface QuotedFigures {
  fee: number;
  charge?: { amount: number; currency: string } | undefined;
}

/** The link's query parameter that carries them: ?quoted=3.8 or ?quoted=3.8,71.58,USD. */
export const QUOTED_PARAM = 'quoted';
const QUOTED = /^(\d{1,12}(?:\.\d{1,8})?)(?:,(\d{1,12}(?:\.\d{1,8})?),([A-Z]{3}))?$/;

/** The figures as the link writes them, one way only, so the signature covers one text. */
export function quotedText(figures: QuotedFigures | undefined): string {
  if (!figures) return '';
  return figures.charge ? `${figures.fee},${figures.charge.amount},${figures.charge.currency}` : String(figures.fee);
}

/** The figures a link's query carries: none when it has none, null when what it has is not theirs. */
export function quotedFiguresOf(query: unknown): QuotedFigures | undefined | null {
  const value = (query as Record<string, unknown> | undefined)?.[QUOTED_PARAM];
  if (value === undefined) return undefined;
  const match = typeof value === 'string' ? QUOTED.exec(value) : null;
  if (!match) return null;
  const figures: QuotedFigures = { fee: Number(match[1]) };
  if (match[2] !== undefined) figures.charge = { amount: Number(match[2]), currency: match[3]! };
  // Signed as written: a figure written another way (3.80 for 3.8) is not the link's.
  return quotedText(figures) === value ? figures : null;
}

/** The order page's path for one of this request's merchant's orders, with what it carries. */
export function orderPagePath(request: FastifyRequest, refId: string, quoted?: QuotedFigures): string {
  const text = quotedText(quoted);
  const signature = orderSignature(request.server.appConfig.sessionSecrets, request.merchant.id, refId, text);
  const path = buildPath(ROUTES.order, { refId, signature });
  return text ? `${path}?${QUOTED_PARAM}=${text}` : path;
}

/** The order page's link, as a path and as the full URL to keep. */
export interface OrderLink {
  path: string;
  url: string;
}

/**
 * The figures of the visitor's order that anyone else opening its page would not know: the
 * fee, when it is not the merchant's regular one for the method, and the provider's charge.
 */
function quotedOf(request: FastifyRequest, flow: FlowCookie): QuotedFigures | undefined {
  const order = flow.order;
  if (!order) return undefined;
  const regular = quoteFee(request.merchant.config, request.server.methods.get(flow.method), false);
  // The cookie keeps no fee of nothing: a method with a fee and none kept was quoted none (Pro).
  if (order.fee === undefined && regular === null) return undefined;
  const fee = order.fee ?? 0;
  const charge = order.charge && order.charge.forFiat === order.fiatAmount ? order.charge : undefined;
  if (fee === regular && !charge) return undefined;
  return { fee, ...(charge ? { charge: { amount: charge.amount, currency: charge.currency } } : {}) };
}

/** The order page's path of a flow's order, with the figures of it only the flow knows. */
export function flowOrderPath(request: FastifyRequest, flow: FlowCookie): string {
  return orderPagePath(request, flow.refId, quotedOf(request, flow));
}

/** The link to the visitor's own order (the flow cookie's). */
export function ownOrderLink(request: FastifyRequest): OrderLink | undefined {
  const flow = readFlow(request);
  if (!flow) return undefined;
  const path = flowOrderPath(request, flow);
  // The Host the visitor used, port included: tenancy checked it (a DNS name or an IPv6
  // literal and digits) before any page renders.
  return { path, url: `${request.protocol}://${request.raw.headers.host ?? request.siteHost}${path}` };
}
