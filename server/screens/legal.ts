// The four legal pages: the merchant's own HTML; on the main brand host a redirect to the
// main site; when the merchant has no such page, home (the spec's "on load failure").
import { createElement } from 'react';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { appendPath } from '../../checkout/site-urls.ts';
import { defineScreen } from '../flow/screen.ts';
import { merchantLegal } from '../tenancy/texts.ts';
import { textsOf } from '../i18n/plugin.ts';
import { LegalPage } from '../../views/pages/Legal.tsx';

export const legalScreens = LEGAL_PAGES.map(({ page, route }) =>
  defineScreen({
    route,
    get: (request, reply) => {
      const { merchant } = request;
      if (request.server.merchants.mainBrandId === merchant.id) {
        return reply.redirect(appendPath(merchant.config.siteUrl, route.path), 302);
      }
      const html = merchantLegal(merchant, page, request.language);
      if (html === undefined) return reply.redirect(ROUTES.home.path, 302);
      return reply.renderShared(`legal:${page}`, () =>
        createElement(LegalPage, { title: textsOf(request).LEGAL_TITLES[page], html }),
      );
    },
  }),
);
