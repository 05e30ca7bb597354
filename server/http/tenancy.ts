// Host -> merchant, before any route runs. A malformed Host is a 400; an unknown one gets
// the fallback merchant, or a 404 when UNKNOWN_HOSTS=reject (the default with a real
// upstream). Never another merchant's brand: the lookup is exact. Routes that serve no
// merchant (health probes carry no merchant host) declare `config: { tenancy: false }`.
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { Counter } from 'prom-client';
import { DEFAULT_LANGUAGE, type PageLanguage } from '../../checkout/i18n/languages.ts';
import { languageOfHeaders } from '../i18n/negotiate.ts';
import type { HostResolution, MerchantRegistry } from '../tenancy/load.ts';
import { fallbackWithoutTestCoin } from '../tenancy/registry.ts';
import { EdgeError } from './errors.ts';

const resolved = new WeakMap<IncomingMessage, HostResolution>();

/** The request's Host looked up once: the request logger asks first, the hook below reuses it. */
export function resolveHost(merchants: MerchantRegistry, raw: IncomingMessage): HostResolution {
  let found = resolved.get(raw);
  if (found === undefined) resolved.set(raw, (found = merchants.resolve(raw.headers.host)));
  return found;
}

/** A refusal made in front of Fastify speaks the language the page would have: the merchant's, as negotiated. */
export function refusalLanguage(merchants: MerchantRegistry, pseudo: boolean): (request: IncomingMessage) => PageLanguage {
  return (request) => {
    const found = merchants.resolve(request.headers.host);
    return found.kind === 'known'
      ? languageOfHeaders(found.merchant.config.languages, request.headers, pseudo)
      : DEFAULT_LANGUAGE;
  };
}

/**
 * Requests for a Host no merchant has, by what they got: `fallback` (served as the fallback
 * merchant), `rejected` (404) or `invalid` (a malformed Host, 400). One process-wide counter
 * in prom-client's default registry, however many apps a process builds.
 */
export const unknownHostRequests = new Counter({
  name: 'edge_unknown_host_requests_total',
  help: 'Requests whose Host names no merchant, by outcome (fallback, rejected, invalid).',
  labelNames: ['outcome'] as const,
});

export interface TenancyOptions {
  merchants: MerchantRegistry;
  unknownHosts: 'fallback' | 'reject';
  /** Whether unknown hosts may be offered the test coin (never on a production upstream unless asked). */
  unknownHostsTestCoin?: boolean;
}

export const tenancyPlugin = fp<TenancyOptions>(
  async (app, { merchants, unknownHosts, unknownHostsTestCoin = true }) => {
    app.decorate('merchants', merchants);
    app.decorateRequest('merchant', null as never);
    app.decorateRequest('siteHost', '');
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.tenancy === false) return;
      const found = resolveHost(merchants, request.raw);
      if (found.kind === 'invalid') {
        unknownHostRequests.inc({ outcome: 'invalid' });
        throw new EdgeError.hostInvalid();
      }
      if (found.kind === 'unknown') {
        if (unknownHosts === 'reject') {
          unknownHostRequests.inc({ outcome: 'rejected' });
          throw new EdgeError.hostUnknown();
        }
        unknownHostRequests.inc({ outcome: 'fallback' });
        request.merchant = unknownHostsTestCoin ? merchants.fallback : fallbackWithoutTestCoin(merchants.fallback);
      } else {
        request.merchant = found.merchant;
      }
      request.siteHost = found.host;
    });
  },
  { name: 'edge-tenancy', fastify: '5.x', dependencies: ['edge-errors'] },
);
