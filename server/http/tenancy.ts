// Host -> merchant, before any route runs. A malformed Host is a 400; an unknown one gets
// the fallback merchant, or a 404 when UNKNOWN_HOSTS=reject. Never another merchant's
// brand: the lookup is exact. Routes that serve no merchant (health probes carry no
// merchant host) declare `config: { tenancy: false }`.
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { HostResolution, MerchantRegistry } from '../tenancy/load.ts';
import { EdgeError } from './errors.ts';

const resolved = new WeakMap<IncomingMessage, HostResolution>();

/** The request's Host looked up once: the request logger asks first, the hook below reuses it. */
export function resolveHost(merchants: MerchantRegistry, raw: IncomingMessage): HostResolution {
  let found = resolved.get(raw);
  if (found === undefined) resolved.set(raw, (found = merchants.resolve(raw.headers.host)));
  return found;
}

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
      const found = resolveHost(merchants, request.raw);
      if (found.kind === 'invalid') throw new EdgeError.hostInvalid();
      if (found.kind === 'unknown' && unknownHosts === 'reject') throw new EdgeError.hostUnknown();
      request.merchant = found.kind === 'known' ? found.merchant : merchants.fallback;
      request.siteHost = found.host;
    });
  },
  { name: 'edge-tenancy', fastify: '5.x', dependencies: ['edge-errors'] },
);
