// `reply.render(page, { status })`: what a screen calls to answer with a React page. Reads
// the build's manifest and resolves every island once, at start-up, then renders pages
// through renderPage (stream.tsx). A HEAD request gets the page's status and headers
// without React running at all: Fastify would otherwise drain the whole render into
// nothing (its HEAD routes resume a streamed body and drop it).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { createElement, type FunctionComponent, type ReactElement } from 'react';
import { localeOf, type PageLanguage } from '../../checkout/i18n/languages.ts';
import { textsFor } from '../../checkout/messages.ts';
import { errorTitle } from '../http/errors.ts';
import type { Merchant } from '../tenancy/load.ts';
import { acceptedEncoding } from './encoding.ts';
import { loadIslands } from './island.tsx';
import { pageLanguageHeaders } from './language-headers.ts';
import { DIST_DIR, readManifest } from './manifest.ts';
import { publishedPage, publishSharedPage } from './published-pages.ts';
import { type SharedPage, type SharedPageOptions, sharedPage, sharedPageHeaders } from './shared-pages.tsx';
import { renderOnShell } from './shell.tsx';
import { type RenderOptions, renderPage } from './stream.tsx';

export interface RenderPluginOptions {
  distDir?: URL;
  /** The page an error is shown on, handed in by the app so render code imports no page. */
  errorPage: FunctionComponent<{ title: string; message: string }>;
}

export const renderPlugin = fp<RenderPluginOptions>(
  async (app, { distDir = DIST_DIR, errorPage }) => {
    const [manifest] = await Promise.all([readManifest(distDir), loadIslands()]);
    app.decorate('assetManifest', manifest);
    app.decorateReply('render', async function render(this: FastifyReply, page: ReactElement, options: RenderOptions = {}) {
      if (this.request.method !== 'HEAD') return renderPage(this.request, this, page, options);
      // HEAD of a page already rendered for everyone: its GET's headers, as the fast path gives them.
      const shared = publishedPage(this.request.merchant, this.request.language, this.request.url, app.clock());
      if (shared !== undefined && (options.status ?? 200) === 200) return answerShared(this, shared.page, shared.headers);
      // The headers of GET, its nonce policy included; an empty stream, not an empty body:
      // a HEAD response must not claim Content-Length: 0.
      void this.scriptNonce;
      this.code(options.status ?? 200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .headers(pageLanguageHeaders(this.request.merchant, this.request.language));
      return this.send(Readable.from([])) as FastifyReply;
    });
    // Asked by the error handler, also where no hook has run (http/outside-answers.ts): no
    // reply needed, and no script, so no nonce.
    app.decorate('errorPageHtml', (merchant: Merchant, status: number, message: string, language: PageLanguage) => {
      const page = createElement(errorPage, { title: errorTitle(status, textsFor(language)), message });
      const context = {
        nonce: undefined,
        merchant,
        language,
        locale: localeOf(language),
        assets: manifest,
        appVersion: app.appConfig.appVersion,
      };
      return renderOnShell(page, { ...context, islands: { count: 0, onLoad: new Set<string>() } }).bytes();
    });
    app.decorateReply(
      'renderShared',
      function renderOnce(this: FastifyReply, key: string, build: () => ReactElement, options: SharedPageOptions = {}) {
        const { request } = this;
        const { version, freshUntil = Infinity, url } = options;
        const page = sharedPage(
          request.merchant,
          key,
          build,
          {
            assets: manifest,
            appVersion: app.appConfig.appVersion,
            language: request.language,
            ...(url ? { pageUrl: url } : {}),
          },
          version,
        );
        const headers = sharedPageHeaders(request.merchant, page, app.contentSecurity.sharedPage(request.merchant.id));
        publishSharedPage(request.merchant, request.raw, page, { ...app.contentSecurity.staticHeaders, ...headers }, freshUntil);
        return answerShared(this, page, headers);
      },
    );
  },
  {
    name: 'edge-render',
    fastify: '5.x',
    dependencies: ['edge-tenancy', 'edge-security', 'edge-language'],
    // renderPage shows the app's version outside production; a published page holds until the clock passes it.
    decorators: { fastify: ['appConfig', 'clock'] },
  },
);

/** A page rendered for everyone as an answer: a 304 when the client holds it, else its bytes in the encoding accepted. */
function answerShared(reply: FastifyReply, page: SharedPage, headers: Record<string, string>): FastifyReply {
  reply.headers(headers);
  if (reply.request.headers['if-none-match'] === page.etag) return reply.code(304).send();
  const encoding = acceptedEncoding(reply.request.headers['accept-encoding']);
  return encoding ? reply.header('content-encoding', encoding).send(page[encoding]) : reply.send(page.plain);
}
