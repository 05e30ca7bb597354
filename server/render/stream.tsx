// Streams a React page: the shell goes out as soon as it is ready (bots wait for the whole
// page), with a time limit, an abort when the visitor leaves, and a plain error page —
// never a stack trace — when the shell itself fails.
import { PassThrough, type Transform } from 'node:stream';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RenderContext, type RenderContextValue } from './context.tsx';

const BOT = /bot|crawl|spider|slurp|facebookexternalhit|preview|lighthouse/i;
export const RENDER_TIMEOUT_MS = 10_000;

/**
 * Compress the page as it streams: every chunk React writes is flushed through at once,
 * so the shell still reaches the visitor first. Brotli at a low quality costs less CPU
 * than gzip -6 for a better ratio on HTML.
 */
function compressorFor(acceptEncoding: string | undefined): { encoding: string; stream: Transform } | null {
  const accept = acceptEncoding ?? '';
  if (/\bbr\b/.test(accept)) {
    return {
      encoding: 'br',
      stream: createBrotliCompress({
        flush: zlib.BROTLI_OPERATION_FLUSH,
        params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
      }),
    };
  }
  if (/\bgzip\b/.test(accept)) return { encoding: 'gzip', stream: createGzip({ level: 5, flush: zlib.Z_SYNC_FLUSH }) };
  return null;
}

export interface RenderOptions {
  status?: number;
  /** How long the whole page may take before the render is aborted; RENDER_TIMEOUT_MS. */
  timeoutMs?: number;
}

const SHELL_ERROR_PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Something went wrong</title></head>' +
  '<body><main><h1>Something went wrong</h1><p>Please try again in a moment.</p><p><a href="/">Back to the start</a></p></main></body></html>';

export function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ReactElement,
  options: RenderOptions = {},
): Promise<FastifyReply> {
  const ctx: RenderContextValue = {
    nonce: reply.scriptNonce,
    merchant: request.merchant,
    assets: request.server.assetManifest,
    appVersion: request.server.appConfig.appVersion,
    islands: { count: 0, onLoad: new Set() },
  };
  const isBot = BOT.test(String(request.headers['user-agent'] ?? ''));
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');

  return new Promise((resolve) => {
    let settled = false;
    const compressor = compressorFor(request.headers['accept-encoding']);
    const body: Transform = compressor?.stream ?? new PassThrough();
    reply.header('vary', 'accept-encoding');
    if (compressor) reply.header('content-encoding', compressor.encoding);
    const stream = renderToPipeableStream(<RenderContext value={ctx}>{page}</RenderContext>, {
      nonce: ctx.nonce,
      onShellReady() {
        if (isBot) return;
        settled = true;
        reply.code(options.status ?? 200);
        stream.pipe(body);
        resolve(reply.send(body));
      },
      onAllReady() {
        if (!isBot || settled) return;
        settled = true;
        reply.code(options.status ?? 200);
        stream.pipe(body);
        resolve(reply.send(body));
      },
      onShellError(error) {
        request.log.error({ err: error }, 'page shell failed to render');
        if (settled) return;
        settled = true;
        reply.removeHeader('content-encoding');
        resolve(reply.code(500).send(SHELL_ERROR_PAGE));
      },
      onError(error) {
        request.log.error({ err: error }, 'page failed to render');
        // A digest instead of the message keeps internals out of the page.
        return 'render-error';
      },
    });
    const timer = setTimeout(() => stream.abort(new Error('render timed out')), options.timeoutMs ?? RENDER_TIMEOUT_MS);
    timer.unref();
    body.on('close', () => clearTimeout(timer));
    // The response closes either when it is done or when the visitor went away.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) stream.abort(new Error('visitor disconnected'));
    });
  });
}
