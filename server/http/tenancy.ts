// Host -> merchant, before any route runs. A malformed Host is a 400; an unknown one gets
// the fallback merchant, or a 404 when UNKNOWN_HOSTS=reject. Never another merchant's
// brand: the lookup is exact. Routes that serve no merchant (health probes carry no
// merchant host) declare `config: { tenancy: false }`.
import fp from 'fastify-plugin';
import type { MerchantRegistry } from '../tenancy/load.ts';
import { normaliseHost } from '../tenancy/host.ts';
import { EdgeError } from './errors.ts';

export interface TenancyOptions {
  merchants: MerchantRegistry;
  unknownHosts: 'fallback' | 'reject';
}

export const tenancyPlugin = fp<TenancyOptions>(
  async (app, { merchants, unknownHosts }) => {
    app.decorate('merchants', merchants);
    app.decorateRequest('merchant', null as never);
    app.decorateRequest('siteHost', '');
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.tenancy === false) return;
      const found = merchants.resolve(request.headers.host);
      if (found.kind === 'invalid') throw new EdgeError.hostInvalid();
      if (found.kind === 'unknown' && unknownHosts === 'reject') throw new EdgeError.hostUnknown();
      request.merchant = found.kind === 'known' ? found.merchant : merchants.fallback;
      request.siteHost = normaliseHost(request.headers.host) ?? '';
    });
  },
  { name: 'edge-tenancy', fastify: '5.x', dependencies: ['edge-errors'] },
);
