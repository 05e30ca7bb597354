// /api/* for browser islands: the few calls islands make (ARCHITECTURE.md "Upstream client
// and proxy"), forwarded through the shared dispatcher (edge-upstream), so retries and the
// upstream log line work exactly as for the typed client. Everything else is a 404 that
// never reaches the upstream. The answer is rebuilt, never piped: the status, a checked
// body no larger than the cap, and three headers. An upstream redirect, a non-JSON body, a
// 5xx or a body over the cap becomes the edge's own `{error:{code,msg}}`; an upstream error
// msg reaches the visitor only when the failure table says it is meant for them.
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import fp from 'fastify-plugin';
import type { Dispatcher } from 'undici';
import { EdgeError } from '../http/errors.ts';
import { API_OF_TXN_TYPE, API_PREFIX, ISLAND_CALLS, islandCallPaths, type IslandCall } from '../checkout/wire.ts';
import { visitorMessage } from '../checkout/failures.ts';
import { FAILURE_TEXT } from '../checkout/messages.ts';
import { UPSTREAM_BODY_MAX_BYTES } from '../checkout/limits.ts';
import { REF_ID_PATTERN } from './contract.ts';
import { send, targetOf, type Answer } from './exchange.ts';
import { transportFailure } from './errors.ts';

export interface UpstreamProxyOptions {
  upstreamUrl: string;
  merchantIdOf: (request: FastifyRequest) => string;
  /** The visitor's own transaction (from the flow cookie), or null. */
  flowOf: (request: FastifyRequest) => { refId: string; txnType: 'BUY' | 'SELL' } | null;
  /** The largest upstream body passed on; a longer one is cut off and answered with a 502. */
  maxBodyBytes?: number;
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

/** No file passes here (uploads go to the screens' routes), so every body is small. */
export const API_BODY_LIMIT = 64 * 1024;
/** Island bodies are flat (`{refId, fiatAmount}`): anything nested deeper is not theirs. */
export const API_JSON_MAX_DEPTH = 8;
/** The one request content type: JSON, in UTF-8 if a charset is named at all. */
const JSON_REQUEST_TYPE = /^application\/json(?: *; *charset=(?:utf-8|"utf-8"))?$/i;
const JSON_RESPONSE_TYPE = /^application\/json *(?:;|$)/i;
const JSON_TYPE = 'application/json; charset=utf-8';
const PNG_TYPE = 'image/png';
/** An upstream error code worth passing on: an identifier, nothing more. */
const ERROR_CODE = /^[A-Z][A-Z0-9_.]{0,63}$/;
/** The upstream headers an island may see, when their value is one plain token list. */
const CACHE_CONTROL = /^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/;
const RETRY_AFTER = /^(?:\d{1,9}|[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT)$/;

function isAllowed(method: string | undefined, rawUrl: string | undefined): boolean {
  const path = (rawUrl ?? '').split('?', 1)[0] ?? '';
  return ALLOWED.some((route) => route.method === method && route.path.test(path));
}

/** Whether brackets and braces outside strings nest deeper than `max`: checked before JSON.parse recurses. */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

function tooDeep(): Error {
  return Object.assign(new Error(`JSON nested deeper than ${API_JSON_MAX_DEPTH}`), { statusCode: 400 });
}

/** One upstream header as a single string: a repeated or list-valued one is not passed on. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The edge's own error for an answer it will not pass on. */
function unusable(request: FastifyRequest, status: number, reason: string): Error {
  request.log.warn({ upstream: { status, reason } }, 'upstream answer not passed to the island');
  if (status === 504) return new EdgeError.upstreamTimeout();
  return status === 503 ? new EdgeError.upstreamBusy() : new EdgeError.upstreamUnavailable();
}

/** Whether a parsed answer speaks of an error (whatever its shape): it is never passed on as it came. */
function hasError(json: unknown): boolean {
  return json !== null && typeof json === 'object' && 'error' in json;
}

/**
 * An upstream error body rebuilt as `{error:{code,msg}}`, its msg replaced by the spec's
 * fallback when it is not meant for visitors; undefined when it is not of that shape.
 */
function errorOf(request: FastifyRequest, status: number, json: unknown): { error: { code: string; msg: string } } | undefined {
  const { error } = json as { error?: unknown };
  if (!error || typeof error !== 'object' || Array.isArray(error)) return undefined;
  const { code, msg } = error as { code?: unknown; msg?: unknown };
  if (typeof code !== 'string' || !ERROR_CODE.test(code)) return undefined;
  const said = typeof msg === 'string' ? msg : '';
  const shown = visitorMessage({ status, code, msg: said });
  if (shown === undefined && said) {
    request.log.warn({ upstream: { status, code, hidden: [said.slice(0, 300)] } }, 'upstream text replaced for the visitor');
  }
  return { error: { code, msg: shown ?? FAILURE_TEXT.generic } };
}

export const upstreamProxy = fp<UpstreamProxyOptions>(async (app, options) => {
  const dispatcher: Dispatcher = app.upstreamDispatcher;
  const base = targetOf(options.upstreamUrl);
  const maxBodyBytes = options.maxBodyBytes ?? UPSTREAM_BODY_MAX_BYTES;

  /** One island call: the request rebuilt from checked parts, the answer rebuilt from checked parts. */
  function forwarder(call: IslandCall) {
    const image = call.answer === 'image';
    const accept = image ? `${PNG_TYPE}, application/json` : 'application/json';
    const isPng = (status: number, type: string) => image && status < 300 && type.toLowerCase() === PNG_TYPE;
    /** A 2xx or 4xx in JSON (or this call's image): any other answer is dropped unread. */
    const wanted = (status: number, headers: Answer['headers']) => {
      const type = single(headers['content-type']) ?? '';
      return status >= 200 && status < 500 && (status < 300 || status >= 400) && (isPng(status, type) || JSON_RESPONSE_TYPE.test(type));
    };
    return async function forward(request: FastifyRequest, reply: FastifyReply) {
      const path = request.raw.url!.split('?', 1)[0]!.slice(API_PREFIX.length);
      const post = call.method === 'POST';
      const headers: Record<string, string> = {
        'x-request-id': request.id,
        'x-merchant': options.merchantIdOf(request),
        accept,
      };
      if (post) {
        headers['content-type'] = 'application/json';
        // Generated once per proxied request: the dispatcher's retries resend it unchanged.
        headers['idempotency-key'] = randomUUID();
      }
      let response: Answer;
      try {
        // A string body, which the dispatcher can replay on a retry; a GET sends none.
        const body = post ? JSON.stringify(request.body ?? {}) : undefined;
        response = await send(dispatcher, { origin: base.origin, path: base.path + path, method: call.method, headers, body }, maxBodyBytes, wanted);
      } catch (error) {
        // The cause is in the upstream log line; the visitor gets no internal detail.
        const failure = transportFailure(error);
        if (!failure) throw error;
        throw 'reason' in failure && failure.reason === 'timeout' ? new EdgeError.upstreamTimeout() : new EdgeError.upstreamUnavailable();
      }
      const status = response.statusCode;
      const type = single(response.headers['content-type']) ?? '';
      // When to ask again (a 429, a 503) holds for the edge's own answer too.
      const retryAfter = single(response.headers['retry-after']);
      if (retryAfter && RETRY_AFTER.test(retryAfter)) reply.header('retry-after', retryAfter);
      if (!wanted(status, response.headers)) {
        throw unusable(request, status, status >= 300 && status < 500 ? `status ${status} with ${type || 'no content type'}` : `status ${status}`);
      }
      const bytes = response.bytes;
      if (!bytes) throw unusable(request, status, `body over ${maxBodyBytes} bytes`);
      const png = isPng(status, type);

      const cacheControl = single(response.headers['cache-control']);
      if (cacheControl && CACHE_CONTROL.test(cacheControl)) reply.header('cache-control', cacheControl);
      if (png) return reply.code(status).type(PNG_TYPE).send(bytes);

      let json: unknown;
      try {
        json = JSON.parse(bytes.toString('utf8'));
      } catch {
        throw unusable(request, status, 'body is not JSON');
      }
      if (!hasError(json)) {
        if (status >= 400) throw unusable(request, status, 'an error without an error body');
        return reply.code(status).type(JSON_TYPE).send(bytes);
      }
      const error = errorOf(request, status, json);
      if (!error) throw unusable(request, status, 'an error body of another shape');
      return reply.code(status).type(JSON_TYPE).send(error);
    };
  }

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
      // Before any parser looks at it: one exact content type, or 415.
      api.addHook('preParsing', async (request) => {
        if (request.method !== 'POST') return;
        const type = request.headers['content-type'];
        if (typeof type !== 'string' || !JSON_REQUEST_TYPE.test(type)) throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(String(type));
      });
      api.addHook('preHandler', async (request) => {
        // Only a POST carries a body (and the public calls are GETs).
        if (request.method !== 'POST') return;
        const flow = options.flowOf(request);
        if (flow && !ownsBody(request.body, flow)) throw new EdgeError.notFound();
      });
      api.addHook('onRoute', (route) => {
        route.bodyLimit = API_BODY_LIMIT;
        route.config = { ...route.config, errorFormat: 'json' };
      });
      api.removeAllContentTypeParsers();
      const parseJson = api.getDefaultJsonParser('error', 'error');
      api.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        if (nestsDeeperThan(body as string, API_JSON_MAX_DEPTH)) done(tooDeep(), undefined);
        else parseJson(request, body as string, done);
      });
      // Every other /api path lands here (with the JSON error format), never on the pages'
      // not-found handler; the allowlist above has refused it already.
      const unknown = async () => {
        throw new EdgeError.notFound();
      };
      api.all('/', unknown);
      api.all('/*', unknown);
      for (const call of ISLAND_CALLS) {
        const handler = forwarder(call);
        for (const url of islandCallPaths(call)) api.route({ method: call.method, url, handler });
      }
    },
    { prefix: API_PREFIX },
  );
}, { name: 'edge-api-proxy', fastify: '5.x', dependencies: ['edge-errors', 'edge-upstream'] });
