// Per-request security: a CSP with a fresh nonce on every response, and the same-origin
// check on every state-changing request (403, before any handler can act).
import type { FastifyInstance } from 'fastify';
import type { ThirdPartyUrls } from '../third-party.ts';
import { checkSameOrigin } from './csrf.ts';
import { cspTemplate, newNonce, originOf } from './csp.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function registerSecurity(app: FastifyInstance, thirdParty: ThirdPartyUrls): void {
  const csp = cspTemplate({
    frames: [...originOf(thirdParty.cardWidgetUrl), ...originOf(thirdParty.identityUrl)],
    formActions: [],
    images: ['https://*.tile.openstreetmap.org'],
  });
  app.decorateReply('scriptNonce', '');
  app.addHook('onRequest', async (request, reply) => {
    reply.scriptNonce = newNonce();
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
