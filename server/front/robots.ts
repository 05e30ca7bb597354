// /robots.txt, per merchant host: crawlers may read the home page and the legal pages this
// host shows, and the files those pages load; everything else is a page of a visitor's
// order (or a personal link, or the API) and is disallowed. An allow-list, so a screen added
// later is disallowed without anyone remembering to list it. Rules follow RFC 9309: the
// longest matching rule wins, `$` anchors the end.
import fp from 'fastify-plugin';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { servedLegalPage } from '../screens/legal.ts';
import type { Merchant, MerchantRegistry } from '../tenancy/load.ts';

/** Crawlers fetch it once a day or so; a merchant's reload reaches them within the hour. */
const CACHE_CONTROL = 'public, max-age=3600';

/** The robots file of one merchant's hosts. */
export function robotsTxt(merchants: Pick<MerchantRegistry, 'mainBrandId'>, merchant: Merchant): string {
  const legal = LEGAL_PAGES.filter(
    ({ page }) => servedLegalPage(merchants, merchant, page, merchant.config.languages[0]!) !== undefined,
  );
  return [
    "# The home page and the legal pages are for everyone; the pages of an order are the visitor's own.",
    'User-agent: *',
    `Allow: ${ROUTES.home.path}$`,
    ...legal.map(({ route }) => `Allow: ${route.path}$`),
    // The style sheets and images the allowed pages show.
    'Allow: /assets/',
    'Disallow: /',
    '',
  ].join('\n');
}

export const robotsPlugin = fp(
  async (app) => {
    // Made on a merchant's first request and keyed by the merchant object: a reload makes it anew.
    const files = new WeakMap<Merchant, string>();
    app.get('/robots.txt', async (request, reply) => {
      let file = files.get(request.merchant);
      if (file === undefined) files.set(request.merchant, (file = robotsTxt(app.merchants, request.merchant)));
      return reply.type('text/plain; charset=utf-8').header('cache-control', CACHE_CONTROL).send(file);
    });
  },
  { name: 'edge-robots', fastify: '5.x', dependencies: ['edge-tenancy', 'edge-security'] },
);
