// The four legal pages: the merchant's own HTML; on the main brand host a redirect to the
// main site; when the merchant has no such page, home (the spec's "on load failure").
import { createElement } from 'react';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { LEGAL_PAGES, type LegalPageName } from '../../checkout/legal.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { appendPath } from '../../checkout/site-urls.ts';
import { LegalPage } from '../../views/pages/Legal.tsx';
import { defineScreen } from '../flow/screen.ts';
import { textsOf } from '../i18n/plugin.ts';
import type { Merchant, MerchantRegistry } from '../tenancy/load.ts';
import { merchantLegal } from '../tenancy/texts.ts';

/**
 * The legal page as this host shows it, in the page's language (or the merchant's default);
 * none where it sends the visitor elsewhere (robots.txt lets crawlers read the others).
 */
export function servedLegalPage(
  merchants: Pick<MerchantRegistry, 'mainBrandId'>,
  merchant: Merchant,
  page: LegalPageName,
  language: PageLanguage,
): string | undefined {
  return merchants.mainBrandId === merchant.id ? undefined : merchantLegal(merchant, page, language);
}

export const legalScreens = LEGAL_PAGES.map(({ page, route }) =>
  defineScreen({
    route,
    get: (request, reply) => {
      const { merchant } = request;
      if (request.server.merchants.mainBrandId === merchant.id) {
        return reply.redirect(appendPath(merchant.config.siteUrl, route.path), 302);
      }
      const html = servedLegalPage(request.server.merchants, merchant, page, request.language);
      if (html === undefined) return reply.redirect(ROUTES.home.path, 302);
      return reply.renderShared(
        `legal:${page}`,
        () => createElement(LegalPage, { title: textsOf(request).LEGAL_TITLES[page], html }),
        { url: route.path },
      );
    },
  }),
);
