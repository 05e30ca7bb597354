// `reply.render(page, { status })`: what a screen calls to answer with a React page. Reads
// the build's manifest and resolves every island once, at start-up, then streams pages
// through renderPage (stream.tsx). A HEAD request gets the page's status and headers
// without React running at all: Fastify would otherwise drain the whole render into
// nothing (its HEAD routes resume a streamed body and drop it).
import { Readable } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';
import type { ReactElement } from 'react';
import { loadIslands } from './island.tsx';
import { DIST_DIR, readManifest } from './manifest.ts';
import { renderPage, type RenderOptions } from './stream.tsx';

export const renderPlugin = fp<{ distDir?: URL }>(
  async (app, { distDir = DIST_DIR }) => {
    const [manifest] = await Promise.all([readManifest(distDir), loadIslands()]);
    app.decorate('assetManifest', manifest);
    app.decorateReply('render', async function render(this: FastifyReply, page: ReactElement, options: RenderOptions = {}) {
      if (this.request.method !== 'HEAD') return renderPage(this.request, this, page, options);
      // An empty stream, not an empty body: a HEAD response must not claim Content-Length: 0.
      this.code(options.status ?? 200).type('text/html; charset=utf-8').header('cache-control', 'no-store').header('vary', 'accept-encoding');
      return this.send(Readable.from([])) as FastifyReply;
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
