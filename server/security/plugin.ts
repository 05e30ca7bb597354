// Per-request security: a CSP with a fresh nonce on every response, and the same-origin
// check on every state-changing request (403, before any handler can act).
import type { FastifyInstance } from 'fastify';
import type { ThirdPartyUrls } from '../third-party.ts';
import type { MerchantRegistry } from '../tenancy/load.ts';
import { checkSameOrigin } from './csrf.ts';
import { cspTemplate, newNonce, originOf } from './csp.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a tag manager container sends its beacons and pixels. */
const TAG_MANAGER_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** One policy template per merchant, built at start-up: only merchants with gtm allow its origins. */
export function registerSecurity(app: FastifyInstance, thirdParty: ThirdPartyUrls, merchants: MerchantRegistry): void {
  const policyFor = (analytics: boolean) =>
    cspTemplate({
      frames: [...originOf(thirdParty.cardWidgetUrl), ...originOf(thirdParty.identityUrl)],
      formActions: [],
      images: ['https://*.tile.openstreetmap.org', ...(analytics ? TAG_MANAGER_ORIGINS : [])],
      connections: analytics ? TAG_MANAGER_ORIGINS : [],
    });
  const plain = policyFor(false);
  const byMerchant = new Map(merchants.merchants.map((m) => [m.id, m.config.gtm ? policyFor(true) : plain]));
  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    // Hashed static files carry no markup: no policy, no nonce to make.
    if (request.method === 'GET' && request.url.startsWith('/assets/')) return;
    reply.scriptNonce = newNonce();
    const csp = (request.merchant && byMerchant.get(request.merchant.id)) || plain;
    reply.header('content-security-policy', csp(reply.scriptNonce));
    if (SAFE_METHODS.has(request.method)) return;
    const verdict = checkSameOrigin(request, request.siteHost);
    if (!verdict.ok) {
      request.log.warn({ reason: verdict.reason }, 'cross-site request refused');
      return reply
        .code(403)
        .type('text/html; charset=utf-8')
        .send('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Forbidden</title></head><body><main><h1>Forbidden</h1><p>This form must be sent from the checkout page itself.</p><p><a href="/">Back to the start</a></p></main></body></html>');
    }
  });
}
