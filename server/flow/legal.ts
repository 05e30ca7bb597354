// The four legal pages: the merchant's own HTML; on the main brand host a redirect to the
// main site; when the merchant has no such page, home (the spec's "on load failure").
import type { FastifyInstance } from 'fastify';
import { createElement } from 'react';
import { LEGAL_PAGES } from '../checkout/legal.ts';
import { renderPage } from '../render/stream.tsx';
import { LegalPage } from '../../views/pages/Legal.tsx';

export function registerLegalPages(app: FastifyInstance): void {
  for (const { page, path, title } of LEGAL_PAGES) {
    app.get(path, (request, reply) => {
      const { merchant } = request;
      if (app.merchants.mainBrandId === merchant.id) {
        return reply.redirect(new URL(path, merchant.config.siteUrl + '/').href, 302);
      }
      const html = merchant.legal.get(page);
      if (html === undefined) return reply.redirect('/', 302);
      return renderPage(request, reply, createElement(LegalPage, { title, html }));
    });
  }
}
