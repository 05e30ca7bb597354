// An order's own page (/order/{refId}/{signature}) opens with no cookie, no account and no
// JavaScript, so the link itself is the proof: an HMAC of the merchant and the refId made
// with SESSION_SECRET. Like the flow cookie it is made with the first secret and verified
// with any of them, so rotating the secret keeps links alive for as long as the old secret
// stays listed, and removing it revokes every link it made (docs/security.md).
//
// A signature made for one merchant does not open the order on another merchant's host,
// and a refId alone (which a visitor may read out to support) opens nothing. The message is
// prefixed with what it is for, so no other HMAC of these secrets can stand in for it.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { buildPath, ROUTES } from '../../checkout/routes.ts';
import { readFlow } from './flow-cookie.ts';

/**
 * 128 bits of the HMAC, in base64url: beyond any guessing through a rate-limited page, and
 * short enough for a link read off a QR code or a printed receipt.
 */
const SIGNATURE_BYTES = 16;
export const ORDER_SIGNATURE_LENGTH = Math.ceil((SIGNATURE_BYTES * 4) / 3);

function mac(secret: string, merchantId: string, refId: string): Buffer {
  return createHmac('sha256', secret).update(`order-page\n${merchantId}\n${refId}`).digest().subarray(0, SIGNATURE_BYTES);
}

/** The signature of this merchant's order, made with the current (first) secret. */
export function orderSignature(secrets: readonly string[], merchantId: string, refId: string): string {
  return mac(secrets[0]!, merchantId, refId).toString('base64url');
}

/**
 * Whether `signature` was made for this merchant's order with any of the secrets. Every
 * secret is tried whatever the first gives, and compared in constant time.
 */
export function verifyOrderSignature(secrets: readonly string[], merchantId: string, refId: string, signature: string): boolean {
  if (signature.length !== ORDER_SIGNATURE_LENGTH) return false;
  const given = Buffer.from(signature, 'base64url');
  // base64url decoding ignores characters outside its alphabet: the text must round-trip.
  if (given.length !== SIGNATURE_BYTES || given.toString('base64url') !== signature) return false;
  let valid = false;
  for (const secret of secrets) valid = timingSafeEqual(mac(secret, merchantId, refId), given) || valid;
  return valid;
}

/** The order page's path for one of this request's merchant's orders. */
export function orderPagePath(request: FastifyRequest, refId: string): string {
  const signature = orderSignature(request.server.appConfig.sessionSecrets, request.merchant.id, refId);
  return buildPath(ROUTES.order, { refId, signature });
}

/** The order page's link, as a path and as the full URL to keep. */
export interface OrderLink {
  path: string;
  url: string;
}

/** The link to the visitor's own order (the flow cookie's). */
export function ownOrderLink(request: FastifyRequest): OrderLink | undefined {
  const flow = readFlow(request);
  if (!flow) return undefined;
  const path = orderPagePath(request, flow.refId);
  // The Host the visitor used, port included: tenancy checked it (a DNS name or an IPv6
  // literal and digits) before any page renders.
  return { path, url: `${request.protocol}://${request.raw.headers.host ?? request.siteHost}${path}` };
}
