// `reply.render(page, { status })`: what a screen calls to answer with a React page. Reads
// the build's manifest and resolves every island once, at start-up, then renders pages
// through renderPage (stream.tsx). A HEAD request gets the page's status and headers
// without React running at all: Fastify would otherwise drain the whole render into
// nothing (its HEAD routes resume a streamed body and drop it).
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { ReactElement } from 'react';
import { acceptedEncoding } from './encoding.ts';
import { loadIslands } from './island.tsx';
import { DIST_DIR, readManifest } from './manifest.ts';
import { sharedPage } from './shared-pages.tsx';
import { renderPage, type RenderOptions } from './stream.tsx';

export const renderPlugin = fp<{ distDir?: URL }>(
  async (app, { distDir = DIST_DIR }) => {
    const [manifest] = await Promise.all([readManifest(distDir), loadIslands()]);
    app.decorate('assetManifest', manifest);
    app.decorateReply('render', async function render(this: FastifyReply, page: ReactElement, options: RenderOptions = {}) {
      if (this.request.method !== 'HEAD') return renderPage(this.request, this, page, options);
      // The headers of GET, its nonce policy included; an empty stream, not an empty body:
      // a HEAD response must not claim Content-Length: 0.
      void this.scriptNonce;
      this.code(options.status ?? 200).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding');
      return this.send(Readable.from([])) as FastifyReply;
    });
    app.decorateReply('renderShared', function renderOnce(this: FastifyReply, key: string, build: () => ReactElement, version?: string) {
      const { request } = this;
      const page = sharedPage(request.merchant, key, build, { assets: manifest, appVersion: app.appConfig.appVersion }, version);
      this.type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('etag', page.etag)
        .header('content-security-policy', app.contentSecurity.sharedPage(request.merchant.id));
      if (request.headers['if-none-match'] === page.etag) return this.code(304).send();
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      return encoding ? this.header('content-encoding', encoding).send(page[encoding]) : this.send(page.plain);
    });
  },
  {
    name: 'edge-render',
    fastify: '5.x',
    dependencies: ['edge-tenancy', 'edge-security'],
    // renderPage shows the app's version outside production.
    decorators: { fastify: ['appConfig'] },
  },
);
