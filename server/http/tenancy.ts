// Host -> merchant, before anything else runs. A malformed Host is a 400; an unknown one
// gets the fallback merchant, or a plain 404 when UNKNOWN_HOSTS=reject. Never another
// merchant's brand: the lookup is exact.
import type { FastifyInstance } from 'fastify';
import type { MerchantRegistry } from '../tenancy/load.ts';
import { normaliseHost } from '../tenancy/host.ts';

const plainPage = (title: string, text: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`;

/** Probes from the orchestrator carry no merchant host. */
const OPS_PATHS = new Set(['/healthz', '/readyz']);

export function registerTenancy(app: FastifyInstance, registry: MerchantRegistry, unknownHosts: 'fallback' | 'reject'): void {
  app.decorateRequest('merchant', null as never);
  app.decorateRequest('siteHost', '');
  app.addHook('onRequest', async (request, reply) => {
    if (OPS_PATHS.has(request.url)) return;
    const found = registry.resolve(request.headers.host);
    if (found.kind === 'invalid') {
      return reply.code(400).type('text/html; charset=utf-8').send(plainPage('Bad request', 'The Host header is not valid.'));
    }
    if (found.kind === 'unknown' && unknownHosts === 'reject') {
      return reply.code(404).type('text/html; charset=utf-8').send(plainPage('Not found', 'There is no checkout at this address.'));
    }
    const merchant = found.kind === 'known' ? found.merchant : registry.fallback;
    request.merchant = merchant;
    request.siteHost = normaliseHost(request.headers.host) ?? '';
  });
}

