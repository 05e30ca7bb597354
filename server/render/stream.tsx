// A React page for one response. A page that waits on nothing (nearly all) is rendered in
// one pass to one buffer, joined with its merchant's shell (shell.tsx), compressed in one
// call and sent with its length. A page that really waits on data (a Suspense boundary
// whose promise is pending, like /proc) streams instead: the shell goes out as soon as it
// is ready (bots wait for the whole page), with a time limit, an abort when the visitor
// leaves, and compression flushed chunk by chunk. Either way, a plain error page, never a
// stack trace, when the page itself fails.
import { PassThrough, type Transform } from 'node:stream';
import { createBrotliCompress, createGzip, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { localeOf } from '../../checkout/i18n/languages.ts';
import { textsFor } from '../../checkout/messages.ts';
import { PageLanguageContext } from '../../ui/page-language.ts';
import { errorPage } from '../http/errors.ts';
import { pageUrlOf } from '../i18n/plugin.ts';
import { ownOrderLink } from '../security/order-link.ts';
import { RenderContext, type RenderContextValue } from './context.tsx';
import { acceptedEncoding, compress, PER_REQUEST } from './encoding.ts';
import { pageLanguageHeaders } from './language-headers.ts';
import { renderOnShell } from './shell.tsx';

const BOT = /bot|crawl|spider|slurp|facebookexternalhit|preview|lighthouse/i;
export const RENDER_TIMEOUT_MS = 10_000;
/** What a one-pass render leaves where a Suspense boundary could not finish: the page must stream. */
const UNFINISHED_BOUNDARY = '<!--$!-->';

/**
 * Compress a streamed page as it goes: every chunk React writes is flushed through at
 * once, so the shell still reaches the visitor first.
 */
function streamingCompressor(acceptEncoding: string | undefined): { encoding: string; stream: Transform } | null {
  const encoding = acceptedEncoding(acceptEncoding);
  if (encoding === 'br')
    return { encoding, stream: createBrotliCompress({ ...PER_REQUEST.br, flush: zlib.BROTLI_OPERATION_FLUSH }) };
  if (encoding === 'gzip') return { encoding, stream: createGzip({ ...PER_REQUEST.gzip, flush: zlib.Z_SYNC_FLUSH }) };
  return null;
}

export interface RenderOptions {
  status?: number;
  /** How long the whole page may take before the render is aborted; RENDER_TIMEOUT_MS. */
  timeoutMs?: number;
}

function renderContext(request: FastifyRequest, reply: FastifyReply): RenderContextValue {
  return {
    nonce: reply.scriptNonce,
    merchant: request.merchant,
    language: request.language,
    locale: localeOf(request.language),
    pageUrl: pageUrlOf(request),
    assets: request.server.assetManifest,
    appVersion: request.server.appConfig.appVersion,
    islands: { count: 0, onLoad: new Set() },
    orderLink: () => ownOrderLink(request),
  };
}

function shellFailed(request: FastifyRequest, reply: FastifyReply, error: unknown): FastifyReply {
  request.log.error({ err: error }, 'page shell failed to render');
  const page = errorPage(500, textsFor(request.language).ERROR_TEXT.unavailable, request.language);
  return reply.removeHeader('content-encoding').code(500).send(page);
}

export async function renderPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ReactElement,
  options: RenderOptions = {},
): Promise<FastifyReply> {
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .headers(pageLanguageHeaders(request.merchant, request.language));
  let plain: Buffer;
  try {
    const rendered = renderOnShell(page, renderContext(request, reply));
    if (rendered.html.includes(UNFINISHED_BOUNDARY)) return await streamPage(request, reply, page, options);
    plain = rendered.bytes();
  } catch (error) {
    return shellFailed(request, reply, error);
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  reply.code(options.status ?? 200);
  if (!encoding) return reply.send(plain);
  return reply.header('content-encoding', encoding).send(compress(plain, encoding, 'per-request'));
}

function streamPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ReactElement,
  options: RenderOptions,
): Promise<FastifyReply> {
  const ctx = renderContext(request, reply);
  const isBot = BOT.test(String(request.headers['user-agent'] ?? ''));

  return new Promise((resolve) => {
    let settled = false;
    const compressor = streamingCompressor(request.headers['accept-encoding']);
    const body: Transform = compressor?.stream ?? new PassThrough();
    if (compressor) reply.header('content-encoding', compressor.encoding);
    const stream = renderToPipeableStream(
      <RenderContext value={ctx}>
        <PageLanguageContext value={ctx.language}>{page}</PageLanguageContext>
      </RenderContext>,
      {
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
          // An abort calls this before it has finished with its tasks: piping at once would
          // close the stream under it, so the bot's page is sent once the abort is done.
          queueMicrotask(() => {
            reply.code(options.status ?? 200);
            stream.pipe(body);
            resolve(reply.send(body));
          });
        },
        onShellError(error) {
          if (settled) return void request.log.error({ err: error }, 'page shell failed to render');
          settled = true;
          resolve(shellFailed(request, reply, error));
        },
        onError(error) {
          request.log.error({ err: error }, 'page failed to render');
          // A digest instead of the message keeps internals out of the page.
          return 'render-error';
        },
      },
    );
    const timer = setTimeout(() => stream.abort(new Error('render timed out')), options.timeoutMs ?? RENDER_TIMEOUT_MS);
    timer.unref();
    body.on('close', () => clearTimeout(timer));
    // The response closes either when it is done or when the visitor went away.
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) stream.abort(new Error('visitor disconnected'));
    });
  });
}
