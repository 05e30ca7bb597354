// /api/* for browser islands: @fastify/http-proxy to the upstream, but only for the few
// calls islands make (ARCHITECTURE.md "Upstream client and proxy"). Everything else is a
// 404 that never reaches the upstream. The proxy sends through the shared dispatcher
// (edge-upstream), so retries and upstream log lines work exactly as for the typed
// client. Every answer of the edge's own under /api is the one JSON error shape.
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import httpProxy, { type FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { EdgeError } from '../http/errors.ts';
import { API_OF_TXN_TYPE, API_PREFIX, ISLAND_CALLS, islandCallPaths } from '../checkout/wire.ts';
import { REF_ID_PATTERN } from './contract.ts';

export interface UpstreamProxyOptions {
  upstreamUrl: string;
  merchantIdOf: (request: FastifyRequest) => string;
  /** The visitor's own transaction (from the flow cookie), or null. */
  flowOf: (request: FastifyRequest) => { refId: string; txnType: 'BUY' | 'SELL' } | null;
}

/** Calls anyone may make: they concern no transaction. */
const PUBLIC_PATHS = new Set(ISLAND_CALLS.filter((c) => 'public' in c && c.public).flatMap((c) => islandCallPaths(c).map((p) => API_PREFIX + p)));

/**
 * An island may act only on the visitor's own transaction: a refId in the path must be
 * the flow cookie's, and a buy or sell API path must be the flow's. (A refId in a POST
 * body is checked once the body is parsed, see ownsBody.)
 */
function ownsPath(path: string, flow: { refId: string; txnType: 'BUY' | 'SELL' }): boolean {
  const [, , first, second, third] = path.split('/');
  if (first === API_OF_TXN_TYPE.BUY || first === API_OF_TXN_TYPE.SELL) {
    if (first !== API_OF_TXN_TYPE[flow.txnType]) return false;
    return second === 'status' ? third === flow.refId : true;
  }
  // /api/pubapi/qrcode/walletaddress/:refId
  return first === 'pubapi' && path.split('/').at(-1) === flow.refId;
}

function ownsBody(body: unknown, flow: { refId: string }): boolean {
  if (!body || typeof body !== 'object' || !('refId' in body)) return true;
  return (body as { refId: unknown }).refId === flow.refId;
}

/** A refId path segment (the contract's pattern without its anchors). */
const SEGMENT = REF_ID_PATTERN.source.slice(1, -1);
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every method and path islands may use (checkout/wire.ts ISLAND_CALLS), matched against
 * the raw request path. Only letters, digits, '_', '-' and single '/' can match, so
 * encoded or literal traversal ('%2e%2e', '%2f', '\\', '..', '//') and absolute URLs never pass.
 */
const ALLOWED = ISLAND_CALLS.flatMap((call) =>
  islandCallPaths(call).map((path) => ({
    method: call.method,
    path: new RegExp(`^${literal(API_PREFIX + path).replace(':refId', SEGMENT)}$`),
  })),
);

/** The same calls as router patterns relative to /api (the guard above has the last word). */
const API_ROUTES = ISLAND_CALLS.flatMap(islandCallPaths);

/** No file passes here (uploads go to the screens' routes), so every body is small. */
export const API_BODY_LIMIT = 64 * 1024;

/** Visitor headers the upstream may see; cookies, authorization and X-Forwarded-* are not among them. */
const FORWARDED_HEADERS = ['host', 'accept', 'accept-language'];
/** On POST these describe the body reply-from re-serialised; a GET sends no body at all. */
const BODY_HEADERS = ['content-type', 'content-length'];
/** Upstream headers the visitor must not see. */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'server', 'x-powered-by']);

function isAllowed(method: string | undefined, rawUrl: string | undefined): boolean {
  const path = (rawUrl ?? '').split('?', 1)[0] ?? '';
  return ALLOWED.some((route) => route.method === method && route.path.test(path));
}

export const upstreamProxy = fp<UpstreamProxyOptions>(async (app, options) => {
  const replyOptions: FastifyHttpProxyOptions['replyOptions'] = {
    // reply-from retries GETs on 503 by itself (up to 10 times) unless told otherwise:
    // the dispatcher is the only retry layer.
    retryDelay: () => null,
    // None of the allowlisted calls takes a query; dropping it leaves nothing to smuggle.
    queryString: () => '',
    rewriteRequestHeaders: (request, headers) => {
      const isPost = request.method === 'POST';
      const forwarded: IncomingHttpHeaders = {};
      for (const name of isPost ? [...FORWARDED_HEADERS, ...BODY_HEADERS] : FORWARDED_HEADERS) {
        if (headers[name] !== undefined) forwarded[name] = headers[name];
      }
      forwarded['x-request-id'] = request.id;
      forwarded['x-merchant'] = options.merchantIdOf(request as FastifyRequest); // reply-from types the request for any server
      // Generated once per proxied request: the dispatcher's retries resend it unchanged.
      if (isPost) forwarded['idempotency-key'] = randomUUID();
      return forwarded;
    },
    rewriteHeaders: (headers) =>
      Object.fromEntries(Object.entries(headers).filter(([name]) => !DROPPED_RESPONSE_HEADERS.has(name.toLowerCase()))),
    onError: (reply, { error }) => {
      // The cause is in the upstream log line; the visitor gets no internal detail.
      const timedOut = (error as { statusCode?: number }).statusCode === 504;
      void reply.send(timedOut ? new EdgeError.upstreamTimeout() : new EdgeError.upstreamUnavailable());
    },
  };
  const proxyOptions = {
    undici: app.upstreamDispatcher,
    // Only JSON bodies, parsed by the parser below (with its size limit) and re-sent as a
    // string, which the dispatcher can replay on a retry; a piped stream could not be.
    proxyPayloads: false,
    disableRequestLogging: true, // the dispatcher writes the upstream log line
    replyOptions,
  };

  await app.register(
    async (api) => {
      // Before routing has any effect: a path off the list never reaches a handler.
      api.addHook('onRequest', async (request) => {
        if (!isAllowed(request.raw.method, request.raw.url)) throw new EdgeError.notFound();
        const path = (request.raw.url ?? '').split('?', 1)[0]!;
        if (PUBLIC_PATHS.has(path)) return;
        const flow = options.flowOf(request);
        // Someone else's transaction looks exactly like one that does not exist.
        if (!flow || !ownsPath(path, flow)) throw new EdgeError.notFound();
      });
      api.addHook('preHandler', async (request) => {
        const flow = options.flowOf(request);
        if (flow && !ownsBody(request.body, flow)) throw new EdgeError.notFound();
      });
      api.addHook('onRoute', (route) => {
        route.bodyLimit = API_BODY_LIMIT;
        route.config = { ...route.config, errorFormat: 'json' };
      });
      api.removeAllContentTypeParsers();
      api.addContentTypeParser('application/json', { parseAs: 'string' }, api.getDefaultJsonParser('error', 'error'));
      // Every other /api path lands here (with the JSON error format), never on the pages'
      // not-found handler; the allowlist above has refused it already.
      const unknown = async () => {
        throw new EdgeError.notFound();
      };
      api.all('/', unknown);
      api.all('/*', unknown);

      await api.register(httpProxy, {
        ...proxyOptions,
        upstream: options.upstreamUrl,
        routes: API_ROUTES,
        httpMethods: ['GET', 'POST'],
      });
    },
    { prefix: '/api' },
  );
}, { name: 'edge-api-proxy', fastify: '5.x', dependencies: ['edge-errors', 'edge-upstream'] });
