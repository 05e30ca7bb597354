// The /api calls that need nothing but the proxy's rules, answered before Fastify sees the
// request (as pages rendered for everyone are, cached-page-listener.ts): a GET of a public island
// call's own URL (the ticker) from a visitor in no flow, on a known merchant's host. One
// Host lookup, the rate limit (the same counters as Fastify's hook), the call through the
// shared dispatcher (retries, breaker, timeouts, its metrics), the answer rebuilt by the
// same rules as the Fastify route (upstream/proxy-rules.ts), one log line for the request
// and its upstream call, and the request's metrics with the route's labels. Everything else
// falls through to Fastify unchanged: other calls and methods, a query, a visitor in a
// flow (the limits count them per refId too, which needs the verified cookie), unknown or
// malformed hosts, a draining process (answered 503 there). Under pressure admission
// (ops/admission.ts), in front of this listener, refuses first.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import type { Logger } from 'pino';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import type { IslandCall } from '../../checkout/wire.ts';
import { clientAddress, type TrustProxy } from '../http/client-address.ts';
import { jsonErrorAnswer, tooManyRequests } from '../http/errors.ts';
import { type Lifecycle, logRequest, type RequestLine } from '../http/lifecycle.ts';
import { answerThrown, type Refusal, refusal } from '../http/outside-answers.ts';
import { languageOfHeaders } from '../i18n/negotiate.ts';
import { RequestLogger } from '../logging.ts';
import type { RateLimitCheck } from '../ops/rate-limit.ts';
import { withoutFlow } from '../render/published-pages.ts';
import type { Merchant } from '../tenancy/load.ts';
import {
  allowedCall,
  forwardIslandCall,
  type IslandAnswer,
  JSON_TYPE,
  type ProxyTarget,
  PUBLIC_PATHS,
} from '../upstream/proxy-rules.ts';
import { type FastPathDeps, FrontListener, frontListenerDeps } from './cached-page-listener.ts';

/** The calls taken here, by their exact URL: the public GETs of the proxy's allowlist. */
const FAST_CALLS: ReadonlyMap<string, IslandCall> = new Map(
  [...PUBLIC_PATHS].flatMap((path) => {
    const call = allowedCall('GET', path);
    return call ? [[path, call] as const] : [];
  }),
);

/** The island call this listener answers for `request`, or undefined: Fastify's then. */
function fastApiCall(request: IncomingMessage): IslandCall | undefined {
  if (request.method !== 'GET' || request.url === undefined) return undefined;
  const call = FAST_CALLS.get(request.url);
  return call !== undefined && withoutFlow(request) ? call : undefined;
}

interface ApiDeps extends FastPathDeps {
  target: ProxyTarget;
  rateLimitCheck: RateLimitCheck | null;
  trust: TrustProxy;
  /** The merchant's policy for answers that run no script. */
  noScript: (merchant: Merchant) => string;
  staticHeaders: Readonly<Record<string, string>>;
}

export class ApiFastPath extends FrontListener<ApiDeps> {
  /** The security headers and policy of a merchant's JSON answers, flat, built on its first call. */
  readonly #heads = new WeakMap<Merchant, string[]>();

  protected take(request: IncomingMessage, response: ServerResponse): boolean {
    const deps = this.deps;
    if (deps === undefined) return false;
    const call = fastApiCall(request);
    if (call === undefined) return false;
    const merchant = this.servingMerchant(deps, request);
    if (merchant === undefined) return false;
    this.answered++;
    // Whatever fails is answered inside; what could still throw (the socket) must not
    // become an unhandled rejection that ends the process.
    this.#answer(deps, merchant, call, request, response).catch((error: unknown) => answerThrown(deps, error, request, response));
    return true;
  }

  async #answer(
    deps: ApiDeps,
    merchant: Merchant,
    call: IslandCall,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const started = performance.now();
    const reqId = deps.requestId();
    const path = request.url!;
    // Negotiated only for an answer that may carry the edge's own words.
    const language = () => languageOfHeaders(merchant.config.languages, request.headers, deps.pseudoLanguage);
    // Built only for a line beyond the request's own (a warning, a refusal).
    let requestLog: RequestLogger | undefined;
    const log = () => (requestLog ??= new RequestLogger(deps.log as Logger, { reqId, merchant: merchant.id }));
    let answer: IslandAnswer;
    try {
      const limited = deps.rateLimitCheck
        ? await deps.rateLimitCheck('api', { ip: clientAddress(request, deps.trust), refId: undefined })
        : undefined;
      if (limited) return this.#refuseLimited(deps, merchant, limited.seconds, language(), { reqId, path, started }, response);
      answer = await forwardIslandCall(
        deps.target,
        { call, path, requestId: reqId, merchantId: merchant.id, language },
        (line, msg) => log().warn(line, msg),
      );
    } catch (error) {
      // A bug, not upstream trouble: answered as the error handler answers one.
      answer = { refused: error as FastifyError, headers: {} };
    }
    let status: number;
    let type = JSON_TYPE;
    let body: Buffer | string;
    if ('refused' in answer) ({ status, body } = jsonErrorAnswer(log(), answer.refused, language()));
    else ({ status, type, body } = answer);
    const headers = this.#head(deps, merchant).concat(
      'x-request-id',
      reqId,
      'content-type',
      type,
      'content-length',
      String(Buffer.byteLength(body)),
    );
    // An error is never kept, as the error handler answers it.
    if ('refused' in answer) headers.push('cache-control', 'no-store');
    for (const name in answer.headers) headers.push(name, answer.headers[name]!);
    response.writeHead(status, headers);
    response.end(body);
    const ms = performance.now() - started;
    deps.metrics.request(merchant.id, path, 'GET', status, ms / 1000);
    const line: RequestLine = { reqId, merchant: merchant.id, method: 'GET', path, status, ms };
    if (answer.upstream) line.upstream = answer.upstream;
    logRequest(deps.log, line);
  }

  /**
   * Past the rate limit: the 429 written from bytes made once (the flood a limit meets is
   * where its cost adds up), with the request's line and metric.
   */
  #refuseLimited(
    deps: ApiDeps,
    merchant: Merchant,
    seconds: number,
    language: PageLanguage,
    request: { reqId: string; path: string; started: number },
    response: ServerResponse,
  ): void {
    const body = rateLimitedBody(seconds, language);
    const status = 429;
    response.writeHead(
      status,
      this.#head(deps, merchant).concat(
        'x-request-id',
        request.reqId,
        'content-type',
        JSON_TYPE,
        'content-length',
        String(body.length),
        'cache-control',
        'no-store',
        'retry-after',
        String(seconds),
      ),
    );
    response.end(body);
    const ms = performance.now() - request.started;
    deps.metrics.request(merchant.id, request.path, 'GET', status, ms / 1000);
    logRequest(deps.log, { reqId: request.reqId, merchant: merchant.id, method: 'GET', path: request.path, status, ms });
  }

  #head(deps: ApiDeps, merchant: Merchant): string[] {
    let head = this.#heads.get(merchant);
    if (head === undefined) {
      head = [...Object.entries(deps.staticHeaders).flat(), 'content-security-policy', deps.noScript(merchant)];
      this.#heads.set(merchant, head);
    }
    return head;
  }
}

/** The 429s of the `api` limit, by the seconds they name: their bytes made once each, as admission's refusals are. */
const RATE_LIMITED = new Map<number, Refusal>();

function rateLimitedBody(seconds: number, language: PageLanguage): Buffer {
  let refused = RATE_LIMITED.get(seconds);
  if (refused === undefined) RATE_LIMITED.set(seconds, (refused = refusal(tooManyRequests(seconds))));
  return refused(language).json.body;
}

export const apiFastPathPlugin = fp<{ fastPath: ApiFastPath; lifecycle?: Lifecycle; requestId: () => string; trust: TrustProxy }>(
  async (app, { fastPath, lifecycle, requestId, trust }) => {
    app.decorate('apiFastPath', fastPath);
    app.addHook('onReady', async () => {
      fastPath.start({
        ...frontListenerDeps(app, lifecycle, requestId),
        target: app.apiProxyTarget,
        rateLimitCheck: app.hasDecorator('rateLimitCheck') ? app.rateLimitCheck : null,
        trust,
        noScript: app.contentSecurity.noScript,
        staticHeaders: app.contentSecurity.staticHeaders,
      });
    });
  },
  {
    name: 'edge-api-fast-path',
    fastify: '5.x',
    dependencies: [
      'edge-ops',
      'edge-metrics',
      'edge-pressure',
      'edge-tenancy',
      'edge-security',
      'edge-rate-limit',
      'edge-api-proxy',
    ],
  },
);
