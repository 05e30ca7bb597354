// The pages rendered once for everyone that the full path has served to a visitor in no
// flow, published with the headers it answered with, so the listener in front of Fastify
// (front/cached-page-listener.ts) can answer the next such request without it. Keyed by
// merchant object (a merchant loaded anew starts with none), language and URL, for as long
// as the page's cache holds the page (shared-pages.tsx), so its bytes are counted once,
// there; the headers are counted here, in a cache of their own.
import type { IncomingMessage } from 'node:http';
import { FLOW_KINDS } from '../../checkout/domain.ts';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { homeTab, ROUTES } from '../../checkout/routes.ts';
import { ByteCache, keyOf, stringBytes } from '../ops/byte-cache.ts';
import { FLOW_COOKIE, SECURE_FLOW_COOKIE } from '../security/flow-cookie.ts';
import { REFUSAL_COOKIE, SECURE_REFUSAL_COOKIE } from '../security/refusal-cookie.ts';
import type { Merchant } from '../tenancy/load.ts';
import { type SharedPage, whileCached } from './shared-pages.tsx';

/** The URLs of pages that may be shared, by route pattern: code decides them, never a visitor. */
const SHARED_URLS: ReadonlyMap<string, string> = new Map([
  [ROUTES.home.path, ROUTES.home.path],
  ...FLOW_KINDS.map((kind) => [homeTab(kind), ROUTES.home.path] as const),
  ...LEGAL_PAGES.map(({ route }) => [route.path, route.path] as const),
]);

/** Whether a Cookie header carries one of `names`. */
const carrying = (names: string[]) => new RegExp(`(?:^|;)\\s*(?:${names.join('|')})=`);
const IN_FLOW = carrying([FLOW_COOKIE, SECURE_FLOW_COOKIE]);
/** A flow, or a refused form its page shows back once: either is this visitor's own page. */
const OWN_PAGE = carrying([FLOW_COOKIE, SECURE_FLOW_COOKIE, REFUSAL_COOKIE, SECURE_REFUSAL_COOKIE]);

/** Whether the request carries no flow cookie (of either scheme): a visitor in no flow. */
export function withoutFlow(request: IncomingMessage): boolean {
  const cookie = request.headers.cookie;
  return cookie === undefined || !IN_FLOW.test(cookie);
}

/**
 * Whether a request may be answered with a page rendered for everyone: a GET or HEAD of a
 * shared page's own URL (no query a page could read) from a visitor who is not in a flow
 * and has no refused form to be shown.
 */
export function isSharedRequest(request: IncomingMessage): boolean {
  const { method, url } = request;
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (url === undefined || !SHARED_URLS.has(url)) return false;
  const cookie = request.headers.cookie;
  return cookie === undefined || !OWN_PAGE.test(cookie);
}

/** Header names and values, flat, as `writeHead` takes them. */
export type Head = string[];

export interface Published {
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
