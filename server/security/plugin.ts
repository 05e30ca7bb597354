// Security on every response: helmet's headers, a CSP with a fresh nonce (per merchant:
// only merchants with a tag manager allow its origins), and the same-origin check on
// every state-changing request (403, before any handler can act). Routes whose responses
// carry no markup declare `config: { csp: false }`.
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { EdgeError } from '../http/errors.ts';
import { checkSameOrigin } from './csrf.ts';
import { cspTemplate, newNonce, originOf } from './csp.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a tag manager container sends its beacons and pixels. */
const TAG_MANAGER_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

export const securityPlugin = fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: false, // set per request with its nonce, below
      crossOriginEmbedderPolicy: false,
      hsts: { maxAge: 15552000, includeSubDomains: false },
    });
    // A third party that is not configured is not framed: its feature is off.
    const frames = [...originOf(app.thirdParty.cardWidgetUrl), ...originOf(app.thirdParty.identityUrl)];
    // The cash-in map's tile server, when one is configured ({s} subdomains as a wildcard).
    const tileOrigins = originOf(app.appConfig.mapTileUrl?.replace('{s}.', 'tiles.')).map((o) =>
      app.appConfig.mapTileUrl?.includes('{s}.') ? o.replace('://tiles.', '://*.') : o,
    );
    // One policy template per merchant, built at start-up.
    // Production merchants' quote pages post the user-agent logging form.
    const userAgentLog = originOf(app.thirdParty.userAgentLogUrl);
    const policyFor = (analytics: boolean, production: boolean) =>
      cspTemplate({
        frames,
        formActions: [],
        images: [...tileOrigins, ...(analytics ? TAG_MANAGER_ORIGINS : [])],
        connections: [...(production ? userAgentLog : []), ...(analytics ? TAG_MANAGER_ORIGINS : [])],
      });
    const plain = policyFor(false, false);
    const byMerchant = new Map(
      app.merchants.merchants.map((m) => [m.id, m.config.gtm || m.config.env === 'PROD' ? policyFor(!!m.config.gtm, m.config.env === 'PROD') : plain]),
    );

    app.decorateReply('scriptNonce', '');
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config.csp !== false) {
        reply.scriptNonce = newNonce();
        const csp = (request.merchant && byMerchant.get(request.merchant.id)) || plain;
        reply.header('content-security-policy', csp(reply.scriptNonce));
      }
      if (SAFE_METHODS.has(request.method)) return;
      const verdict = checkSameOrigin(request, request.siteHost);
      if (!verdict.ok) {
        request.log.warn({ reason: verdict.reason }, 'cross-site request refused');
        throw new EdgeError.crossSite();
      }
    });
  },
  { name: 'edge-security', fastify: '5.x', dependencies: ['edge-errors', 'edge-tenancy', 'edge-third-party'] },
);
