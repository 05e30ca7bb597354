// /api/* for browser islands as Fastify routes: the few calls islands make (docs/architecture.md
// "The upstream"), forwarded through the shared dispatcher (edge-upstream), so
// retries and breakers work exactly as for the typed client; a call that went well is told
// on its request's own line (one line per /api request), a failed one is its own warning.
// Everything else is a 404 that never reaches the upstream. What passes and how the answer
// is rebuilt are the proxy's rules (proxy-rules.ts), which the request listener in front of
// Fastify applies too (front/api-fast-path.ts); what only a body needs (content type, size,
// depth) is here.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE } from '../../checkout/i18n/languages.ts';
import { UPSTREAM_BODY_MAX_BYTES } from '../../checkout/limits.ts';
import { API_PREFIX, ISLAND_CALLS, type IslandCall, islandCallPaths } from '../../checkout/wire.ts';
import { EdgeError } from '../http/errors.ts';
import { targetOf } from './exchange.ts';
import {
  allowedCall,
  forwardIslandCall,
  type OwnFlow,
  ownsBody,
  ownsPath,
  type ProxyTarget,
  PUBLIC_PATHS,
  type PublicAnswerKeeper,
  pathOf,
} from './proxy-rules.ts';

export interface UpstreamProxyOptions {
  upstreamUrl: string;
  merchantIdOf: (request: FastifyRequest) => string;
  /** The visitor's own transaction (from the flow cookie), or null. */
  flowOf: (request: FastifyRequest) => OwnFlow | null;
  /** The largest upstream body passed on; a longer one is cut off and answered with a 502. */
  maxBodyBytes?: number;
  /** Where the public calls' answers are kept a moment (flow/public-answers.ts); without it each goes upstream. */
  publicAnswers?: PublicAnswerKeeper;
}

/** No file passes here (uploads go to the screens' routes), so every body is small. */
export const API_BODY_LIMIT = 64 * 1024;
/** Island bodies are flat (`{refId, fiatAmount}`): anything nested deeper is not theirs. */
export const API_JSON_MAX_DEPTH = 8;
/** The one request content type: JSON, in UTF-8 if a charset is named at all. */
const JSON_REQUEST_TYPE = /^application\/json(?: *; *charset=(?:utf-8|"utf-8"))?$/i;

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

export const upstreamProxy = fp<UpstreamProxyOptions>(
  async (app, options) => {
    const target: ProxyTarget = {
      dispatcher: app.upstreamDispatcher,
      base: targetOf(options.upstreamUrl),
      maxBodyBytes: options.maxBodyBytes ?? UPSTREAM_BODY_MAX_BYTES,
      kept: options.publicAnswers,
    };
    app.decorate('apiProxyTarget', target);

    /** One island call through the shared rules; the edge's own errors go to the error handler. */
    function forwarder(call: IslandCall) {
      const post = call.method === 'POST';
      return async function forward(request: FastifyRequest, reply: FastifyReply) {
        const answer = await forwardIslandCall(
          target,
          {
            call,
            path: pathOf(request.raw.url),
            requestId: request.id,
            merchantId: options.merchantIdOf(request),
            language: () => request.language ?? DEFAULT_LANGUAGE,
            body: post ? JSON.stringify(request.body ?? {}) : undefined,
          },
          (line, msg) => request.log.warn(line, msg),
        );
        // The request's line tells the call (http/lifecycle.ts): one line per /api request.
        if (answer.upstream) request.upstreamSummary = answer.upstream;
        reply.headers(answer.headers);
        if ('refused' in answer) throw answer.refused;
        return reply.code(answer.status).type(answer.type).send(answer.body);
      };
    }

    await app.register(
      async (api) => {
        // Before routing has any effect: a path off the list never reaches a handler.
        api.addHook('onRequest', async (request) => {
          if (!allowedCall(request.raw.method, request.raw.url)) throw new EdgeError.notFound();
          const path = pathOf(request.raw.url);
          if (PUBLIC_PATHS.has(path)) return;
          const flow = options.flowOf(request);
          // Someone else's transaction looks exactly like one that does not exist.
          if (!flow || !ownsPath(path, flow)) throw new EdgeError.notFound();
        });
        // Before any parser looks at it: one exact content type, or 415.
        api.addHook('preParsing', async (request) => {
          if (request.method !== 'POST') return;
          const type = request.headers['content-type'];
          if (typeof type !== 'string' || !JSON_REQUEST_TYPE.test(type))
            throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(String(type));
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
  },
  { name: 'edge-api-proxy', fastify: '5.x', dependencies: ['edge-errors', 'edge-upstream'] },
);
