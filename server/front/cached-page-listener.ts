// Pages rendered once for everyone (render/shared-pages.tsx) answered before Fastify sees
// the request. Once the full request path has served such a page to a request that shows
// nothing of its visitor, it publishes the bytes and the headers it answered with
// (render/published-pages.ts). The server's request listener then answers the next such request with one Host lookup, one table
// lookup and one write, keeping what the full path guarantees: the connection guard and
// admission run first (they wrap this listener, and refuse under pressure); draining,
// unknown or malformed hosts, other URLs and methods, visitors in a flow and a refused form
// on its way back to its page fall through to Fastify unchanged;
// the request gets its id, its metrics and its log line as the full path gives them.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Lifecycle, logRequest } from '../http/lifecycle.ts';
import { languageOfHeaders } from '../i18n/negotiate.ts';
import type { EdgeMetrics } from '../ops/metrics.ts';
import { acceptedEncoding } from '../render/encoding.ts';
import { type Head, isSharedRequest, type Published, publishedPage } from '../render/published-pages.ts';
import type { Merchant, MerchantRegistry } from '../tenancy/load.ts';

/** The body and the head of a published page's answer to this request. */
export function sharedAnswer(found: Published, request: IncomingMessage): { status: number; head: Head; body?: Buffer } {
  if (request.headers['if-none-match'] === found.page.etag) return { status: 304, head: found.notModified };
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  return encoding
    ? { status: 200, head: found[encoding], body: found.page[encoding] }
    : { status: 200, head: found.plain, body: found.page.plain };
}

/** What a listener in front of Fastify needs of the app. */
export interface FastPathDeps {
  merchants: MerchantRegistry;
  log: FastifyBaseLogger;
  metrics: EdgeMetrics;
  clock: () => number;
  lifecycle?: Lifecycle;
  requestId: () => string;
  /** Whether the pseudo-language may be chosen (outside production). */
  pseudoLanguage: boolean;
}

/**
 * A listener in front of Fastify's. It answers nothing until the app is ready (its plugin
 * gives it what it needs), so a request never meets half an app; what it does not take
 * goes on to Fastify.
 */
export abstract class FrontListener<Deps extends FastPathDeps> {
  protected deps: Deps | undefined;
  /** Requests answered here rather than by Fastify. */
  answered = 0;

  front(handler: RequestListener): RequestListener {
    return (request, response) => {
      if (!this.take(request, response)) handler(request, response);
    };
  }

  start(deps: Deps): void {
    this.deps = deps;
  }

  /** Answers `request` and says true, or says false and leaves it to Fastify. */
  protected abstract take(request: IncomingMessage, response: ServerResponse): boolean;

  /**
   * The known merchant whose request may be answered here now, or undefined: a draining
   * process leaves every request to Fastify's 503s, and so do unknown or malformed hosts.
   */
  protected servingMerchant(deps: Deps, request: IncomingMessage): Merchant | undefined {
    if (deps.lifecycle?.draining) return undefined;
    const found = deps.merchants.resolve(request.headers.host);
    return found.kind === 'known' ? found.merchant : undefined;
  }
}

/** Pages rendered for everyone, answered from the bytes the full path published. */
export class SharedPagesFastPath extends FrontListener<FastPathDeps> {
  protected take(request: IncomingMessage, response: ServerResponse): boolean {
    const deps = this.deps;
    if (deps === undefined || !isSharedRequest(request)) return false;
    const merchant = this.servingMerchant(deps, request);
    if (merchant === undefined) return false;
    const language = languageOfHeaders(merchant.config.languages, request.headers, deps.pseudoLanguage);
    const page = publishedPage(merchant, language, request.url!, deps.clock());
    if (page === undefined) return false;
    const started = performance.now();
    const id = deps.requestId();
    const { status, head, body } = sharedAnswer(page, request);
    response.writeHead(status, [...head, 'x-request-id', id]);
    // Node sends no body for HEAD (nor for a 304), as Fastify's answer would not.
    response.end(body);
    this.answered++;
    const ms = performance.now() - started;
    deps.metrics.request(merchant.id, page.route, request.method!, status, ms / 1000);
    logRequest(deps.log, { reqId: id, merchant: merchant.id, method: request.method!, path: page.route, status, ms });
    return true;
  }
}

/** What every listener in front of Fastify takes from the ready app. */
export function frontListenerDeps(app: FastifyInstance, lifecycle: Lifecycle | undefined, requestId: () => string): FastPathDeps {
  return {
    merchants: app.merchants,
    log: app.log,
    metrics: app.metrics,
    clock: app.clock,
    lifecycle,
    requestId,
    pseudoLanguage: app.appConfig.pseudoLanguage,
  };
}

export const sharedPagesPlugin = fp<{ fastPath: SharedPagesFastPath; lifecycle?: Lifecycle; requestId: () => string }>(
  async (app, { fastPath, lifecycle, requestId }) => {
    app.decorate('sharedPagesFastPath', fastPath);
    app.addHook('onReady', async () => fastPath.start(frontListenerDeps(app, lifecycle, requestId)));
  },
  {
    name: 'edge-shared-pages',
    fastify: '5.x',
    dependencies: ['edge-ops', 'edge-metrics', 'edge-pressure', 'edge-tenancy', 'edge-render'],
  },
);
