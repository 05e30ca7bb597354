// Security on every response: helmet's headers (headers.ts), a CSP (per merchant: only merchants with a
// tag manager allow its origins), and the same-origin check on every state-changing
// request (403, before any handler can act). helmet's headers are the same on every
// response, so helmet runs once at start-up and each response gets the headers it set. A
// nonce is made only when a page asks for one (reply.scriptNonce); the policy is set as
// the response leaves, with that nonce, or without script when nothing asked. Routes whose
// responses carry no markup declare `config: { csp: false }`. A page that opens a payment
// provider's window in a popup and watches it (`config: { opensWindow: true }`) keeps that
// window in its browsing context group: under helmet's `same-origin` opener policy the
// browser severs it, and the page reads it as closed while the visitor is still paying.

import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { linkOutUrls } from '../../checkout/offer.ts';
import { EdgeError } from '../http/errors.ts';
import type { Merchant } from '../tenancy/load.ts';
import { cardWidgetUrlFor } from '../third-party.ts';
import { cspTemplate, newNonce, originOf, withFormTargets } from './csp.ts';
import { checkSameOrigin } from './csrf.ts';
import { SECURITY_HEADERS } from './headers.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Where a tag manager container sends its beacons and pixels. */
const TAG_MANAGER_ORIGINS = [
  'https://www.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** The opener policy of a page that opens another site's window and must still see whether it is open. */
export const WINDOW_OPENER_POLICY = 'same-origin-allow-popups';

/**
 * A page opened by a link that is its own key (the order page), and its refusals: never
 * kept by a cache, its address never sent on to another site, never indexed.
 */
export const PRIVATE_PAGE_HEADERS = {
  'cache-control': 'private, no-store',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
} as const;

export const securityPlugin = fp(
  async (app) => {
    const staticHeaders = SECURITY_HEADERS;
    // A third party that is not configured is not framed: its feature is off. The card
    // widget is the merchant's own (its baseUrl, unless the deployment sets one for all).
    const frames = (cardWidget: { baseUrl?: string } | undefined) => [
      ...(cardWidget && app.thirdParty.available.card ? originOf(cardWidgetUrlFor(app.thirdParty, cardWidget)) : []),
      ...originOf(app.thirdParty.identityUrl),
    ];
    // The cash-in map's tile server, when one is configured ({s} subdomains as a wildcard).
    const tileOrigins = originOf(app.appConfig.mapTileUrl?.replace('{s}.', 'tiles.')).map((o) =>
      app.appConfig.mapTileUrl?.includes('{s}.') ? o.replace('://tiles.', '://*.') : o,
    );
    // Production merchants' quote pages post the user-agent logging form.
    const userAgentLog = originOf(app.thirdParty.userAgentLogUrl);
    // One policy template per merchant, built at start-up. Its forms may lead to the
    // merchant's own exits: Done answers with a 303 to its success URL, the home form with a
    // 303 to a method's or coin's link-out, and form-action also governs those redirects.
    const policyFor = (
      analytics: boolean,
      production: boolean,
      cardWidget?: { baseUrl?: string },
      exits: readonly string[] = [],
    ) =>
      cspTemplate({
        frames: frames(cardWidget),
        formActions: exits.flatMap(originOf),
        images: [...tileOrigins, ...(analytics ? TAG_MANAGER_ORIGINS : [])],
        connections: [...(production ? userAgentLog : []), ...(analytics ? TAG_MANAGER_ORIGINS : [])],
      });
    const plain = policyFor(false, false);
    // Made on a merchant's first response and keyed by the merchant object, so a reloaded
    // merchant gets its policy anew and a large fleet does not build them all at start-up.
    const byMerchant = new WeakMap<Merchant, typeof plain>();
    const policiesOf = (merchant: Merchant | undefined) => {
      if (merchant === undefined) return plain;
      let policies = byMerchant.get(merchant);
      if (policies === undefined) {
        const { config } = merchant;
        policies = policyFor(Boolean(config.gtm), config.env === 'PROD', config.cardWidget, [
          config.successUrl,
          ...linkOutUrls(config),
        ]);
        byMerchant.set(merchant, policies);
      }
      return policies;
    };
    app.decorate('contentSecurity', {
      sharedPage: (merchantId: string) => policiesOf(app.merchants.byId.get(merchantId)).sharedPage,
      staticHeaders,
      noScript: (merchant: Merchant) => policiesOf(merchant).noScript,
    });

    const nonces = new WeakMap<FastifyReply, string>();
    app.decorateReply('scriptNonce', {
      getter(this: FastifyReply) {
        let nonce = nonces.get(this);
        if (nonce === undefined) nonces.set(this, (nonce = newNonce()));
        return nonce;
      },
    });
    // The origins a page's forms may post to beyond its own (a bank's form on /bank-payment).
    const formTargets = new WeakMap<FastifyReply, readonly string[]>();
    app.decorateReply('allowFormTargets', function (this: FastifyReply, origins: readonly string[]) {
      formTargets.set(this, origins);
      return this;
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      // A request refused before this plugin's onRequest hook ran (a bad Host, draining).
      if (!reply.hasHeader('x-content-type-options')) reply.headers(staticHeaders);
      if (request.routeOptions.config.opensWindow) reply.header('cross-origin-opener-policy', WINDOW_OPENER_POLICY);
      if (request.routeOptions.config.privatePage) reply.headers(PRIVATE_PAGE_HEADERS);
      if (request.routeOptions.config.csp !== false && !reply.hasHeader('content-security-policy')) {
        const policies = policiesOf(request.merchant ?? undefined);
        const nonce = nonces.get(reply);
        const policy = nonce === undefined ? policies.noScript : policies.withNonce(nonce);
        reply.header('content-security-policy', withFormTargets(policy, formTargets.get(reply) ?? []));
      }
      done(null, payload);
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(staticHeaders);
      if (SAFE_METHODS.has(request.method)) return done();
      const verdict = checkSameOrigin(request, request.siteHost);
      if (verdict.ok) return done();
      request.log.warn({ reason: verdict.reason }, 'cross-site request refused');
      done(new EdgeError.crossSite());
    });
  },
  { name: 'edge-security', fastify: '5.x', dependencies: ['edge-errors', 'edge-tenancy', 'edge-third-party'] },
);
