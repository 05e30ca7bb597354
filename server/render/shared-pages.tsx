// Pages that show nothing of the visitor (a merchant's home page with an untouched form,
// its legal pages) are bytes, not renders: rendered once per merchant, language and key on
// first request, kept plain, br and gzip, and served with Content-Length, an ETag and 304s.
// They are kept in a cache bounded in bytes (ops/byte-cache.ts), keyed by the merchant
// object, so a merchant loaded anew (a configuration change) starts with no cached page,
// and a page no visitor asks for any more makes room for one they do. They carry no nonce: their policy allows the
// checkout's own script files instead (security/csp.ts).
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { localeOf, type PageLanguage } from '../../checkout/i18n/languages.ts';
import { PageLanguageContext } from '../../ui/page-language.ts';
import { ByteCache, keyOf } from '../ops/byte-cache.ts';
import type { Merchant } from '../tenancy/load.ts';
import { RenderContext, type RenderContextValue } from './context.tsx';
import { compress, ownBytes } from './encoding.ts';
import { pageLanguageHeaders } from './language-headers.ts';
import type { AssetManifest } from './manifest.ts';

export interface SharedPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  language: PageLanguage;
}

/** The headers of a shared page's every answer, beside helmet's: whoever serves it, the same. */
export function sharedPageHeaders(merchant: Merchant, page: SharedPage, contentSecurityPolicy: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    ...pageLanguageHeaders(merchant, page.language),
    etag: page.etag,
    'content-security-policy': contentSecurityPolicy,
  };
}

/** How a shared page is kept and what it links to (reply.renderShared). */
export interface SharedPageOptions {
  /** A new version renders the page anew (a page whose content moves, like the ticker's prices). */
  version?: string;
  /** Until when (the app's clock) the page may be answered before Fastify; default for ever. */
  freshUntil?: number;
  /** The page's own URL, which its language switch links back to. */
  url?: string;
}

/** What leaves with a page: the fast path's copy of it (cached-page-listener.ts). */
const onRelease = new WeakMap<SharedPage, Map<string, () => void>>();

const pages = new ByteCache<string, SharedPage & { version: string }>({
  name: 'shared-pages',
  share: 0.4,
  sizeOf: (page) => page.plain.length + page.br.length + page.gzip.length + page.etag.length,
  released: (page) => {
    for (const release of onRelease.get(page)?.values() ?? []) release();
    onRelease.delete(page);
  },
});

/**
 * Runs `release` (one per `holder`) when `page` leaves the cache, and says true; says false
 * when the cache does not hold it (it was too large, or replaced since): whoever keeps its
 * bytes beyond the cache (the fast path) must not, or they would be held uncounted.
 */
export function whileCached(page: SharedPage, holder: string, release: () => void): boolean {
  const releases = onRelease.get(page);
  if (releases === undefined) return false;
  releases.set(holder, release);
  return true;
}

export function renderShared(page: ReactElement, context: Omit<RenderContextValue, 'nonce' | 'islands'>): SharedPage {
  const ctx: RenderContextValue = { ...context, nonce: undefined, islands: { count: 0, onLoad: new Set() } };
  const html = `<!DOCTYPE html>${renderToString(
    <RenderContext value={ctx}>
      <PageLanguageContext value={ctx.language}>{page}</PageLanguageContext>
    </RenderContext>,
  )}`;
  const plain = ownBytes(Buffer.from(html));
  return {
    language: context.language,
    plain,
    br: ownBytes(compress(plain, 'br', 'once')),
    gzip: ownBytes(compress(plain, 'gzip', 'once')),
    etag: `"${createHash('sha256').update(plain).digest('base64url').slice(0, 27)}"`,
  };
}

/**
 * The merchant's page under `key`, rendered by `build` the first time it is asked for, and
 * again when `version` changes (a page whose content moves, like the ticker's prices).
 */
export function sharedPage(
  merchant: Merchant,
  key: string,
  build: () => ReactElement,
  context: { assets: AssetManifest; appVersion: string; language: PageLanguage; pageUrl?: string },
  version = '',
): SharedPage {
  const fullKey = `${keyOf(merchant)}\n${context.language}\n${key}`;
  let page = pages.get(fullKey);
  if (!page || page.version !== version) {
    page = { ...renderShared(build(), { ...context, locale: localeOf(context.language), merchant }), version };
    onRelease.set(page, new Map());
    if (!pages.set(fullKey, page)) onRelease.delete(page);
  }
  return page;
}
