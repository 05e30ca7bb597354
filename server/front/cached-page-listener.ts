// Pages rendered once for everyone (render/shared-pages.tsx) answered before Fastify sees
// the request. Once the full request path has served such a page to a request that shows
// nothing of its visitor, it publishes the bytes and the headers it answered with here,
// keyed by merchant object (a merchant loaded anew starts with none), language and URL, for
// as long as the page's cache holds the page (shared-pages.tsx), so its bytes are counted
// once, there; the headers are counted here, in a cache of their own. The server's
// request listener then answers the next such request with one Host lookup, one table
// lookup and one write, keeping what the full path guarantees: the connection guard and
// admission run first (they wrap this listener, and refuse under pressure); draining,
// unknown or malformed hosts, other URLs and methods, and visitors in a flow fall through
// to Fastify unchanged;
// the request gets its id, its metrics and its log line as the full path gives them.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { FLOW_KINDS } from '../../checkout/domain.ts';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { ROUTES, homeTab } from '../../checkout/routes.ts';
import { FLOW_COOKIE, SECURE_FLOW_COOKIE } from '../security/flow-cookie.ts';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { languageOfHeaders } from '../i18n/negotiate.ts';
import type { Merchant, MerchantRegistry } from '../tenancy/load.ts';
import type { EdgeMetrics } from '../ops/metrics.ts';
import { acceptedEncoding } from '../render/encoding.ts';
import { whileCached, type SharedPage } from '../render/shared-pages.tsx';
import { ByteCache, keyOf, stringBytes } from '../ops/byte-cache.ts';
import { logRequest, type Lifecycle } from '../http/lifecycle.ts';

/** The URLs of pages that may be shared, by route pattern: code decides them, never a visitor. */
const SHARED_URLS: ReadonlyMap<string, string> = new Map([
  [ROUTES.home.path, ROUTES.home.path],
  ...FLOW_KINDS.map((kind) => [homeTab(kind), ROUTES.home.path] as const),
  ...LEGAL_PAGES.map(({ route }) => [route.path, route.path] as const),
]);

const IN_FLOW = new RegExp(`(?:^|;)\\s*(?:${FLOW_COOKIE}|${SECURE_FLOW_COOKIE})=`);

/** Whether the request carries no flow cookie (of either scheme): a visitor in no flow. */
export function withoutFlow(request: IncomingMessage): boolean {
  const cookie = request.headers.cookie;
  return cookie === undefined || !IN_FLOW.test(cookie);
}

/**
 * Whether a request may be answered with a page rendered for everyone: a GET or HEAD of a
 * shared page's own URL (no query a page could read) from a visitor who is not in a flow.
 */
export function isSharedRequest(request: IncomingMessage): boolean {
  const { method, url } = request;
  if (method !== 'GET' && method !== 'HEAD') return false;
  return url !== undefined && SHARED_URLS.has(url) && withoutFlow(request);
}

/** Header names and values, flat, as `writeHead` takes them. */
type Head = string[];

interface Published {
  page: SharedPage;
  /** Every header of its answers but the request id, the length and the encoding. */
  headers: Record<string, string>;
  route: string;
  /** Until when (the app's clock) the page holds: its ticker's prices; Infinity for the others. */
  freshUntil: number;
  plain: Head;
  br: Head;
  gzip: Head;
  notModified: Head;
}

/** What an array holds per element: a pointer. */
const POINTER_BYTES = 8;
/** The objects of an entry beyond its strings (the entry, its heads, the headers object and their shapes), as a heap snapshot shows them. */
const ENTRY_BYTES = 1_536;

/**
 * What publishing adds to the page (its bytes are the shared pages' cache's): the heads,
 * arrays of the same header strings (the policy is the merchant's, shared by its pages),
 * and their lengths.
 */
function publishedBytes(entry: Published): number {
  const heads = [entry.plain, entry.br, entry.gzip, entry.notModified];
  let bytes = ENTRY_BYTES + heads.reduce((sum, head) => sum + head.length * POINTER_BYTES, 0);
  for (const [name, value] of Object.entries(entry.headers)) {
    if (name !== 'content-security-policy') bytes += stringBytes(name) + stringBytes(value);
  }
  return bytes;
}

const published = new ByteCache<string, Published>({ name: 'published-pages', share: 0.1, sizeOf: publishedBytes });

const flat = (headers: Record<string, string>): Head => Object.entries(headers).flat();

/**
 * Called by the full path once it answered `request` with `page` and `headers` (everything
 * but the request id, the length and the encoding): the next requests for it may skip Fastify.
 */
export function publishSharedPage(
  merchant: Merchant,
  request: IncomingMessage,
  page: SharedPage,
  headers: Record<string, string>,
  freshUntil: number,
): void {
  if (!isSharedRequest(request)) return;
  // Served again by the full path (under pressure, say): already published, nothing to build.
  const key = publishedKey(merchant, page.language, request.url!);
  const known = published.peek(key);
  if (known?.page === page && known.freshUntil === freshUntil) return;
  // Not published past the page's own time in its cache: its bytes would be held uncounted.
  const released = () => {
    if (published.peek(key)?.page === page) published.delete(key);
  };
  if (!whileCached(page, key, released)) return;
  const route = SHARED_URLS.get(request.url!)!;
  const sized = (body: Buffer, encoding?: string) =>
    flat({ ...headers, ...(encoding ? { 'content-encoding': encoding } : {}), 'content-length': String(body.length) });
  published.set(key, {
    page,
    headers,
    route,
    freshUntil,
    plain: sized(page.plain),
    br: sized(page.br, 'br'),
    gzip: sized(page.gzip, 'gzip'),
    notModified: flat(headers),
  });
}

const publishedKey = (merchant: Merchant, language: PageLanguage, url: string) => `${keyOf(merchant)} ${language} ${url}`;

/** The page published for this merchant, language and URL, while it holds. */
export function publishedPage(merchant: Merchant, language: PageLanguage, url: string, now: number): Published | undefined {
  const found = published.get(publishedKey(merchant, language, url));
  return found !== undefined && now < found.freshUntil ? found : undefined;
}

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
