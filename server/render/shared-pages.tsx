// Pages that show nothing of the visitor (a merchant's home page with an untouched form,
// its legal pages) are bytes, not renders: rendered once per merchant, language and key on
// first request, kept plain, br and gzip, and served with Content-Length, an ETag and 304s.
// Entries hang off the merchant object, so a merchant loaded anew (a configuration
// change) starts with no cached page. They carry no nonce: their policy allows the
// checkout's own script files instead (security/csp.ts).
import { createHash } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { localeOf, type PageLanguage } from '../../checkout/i18n/languages.ts';
import type { Merchant } from '../tenancy/load.ts';
import type { AssetManifest } from './manifest.ts';
import { PageLanguageContext } from '../../views/page-language.ts';
import { RenderContext, type RenderContextValue } from './context.tsx';
import { compress } from './encoding.ts';
import { pageLanguageHeaders } from './language-headers.ts';

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

const pages = new WeakMap<Merchant, Map<string, SharedPage & { version: string }>>();

/** At most this many pages per merchant: keys come from code (tabs, legal pages) and its languages, never from visitors. */
const PAGES_PER_MERCHANT = 96;

export function renderShared(page: ReactElement, context: Omit<RenderContextValue, 'nonce' | 'islands'>): SharedPage {
  const ctx: RenderContextValue = { ...context, nonce: undefined, islands: { count: 0, onLoad: new Set() } };
  const html = `<!DOCTYPE html>${renderToString(
    <RenderContext value={ctx}>
      <PageLanguageContext value={ctx.language}>{page}</PageLanguageContext>
    </RenderContext>,
  )}`;
  const plain = Buffer.from(html);
  return {
    language: context.language,
    plain,
    br: compress(plain, 'br', 'once'),
    gzip: compress(plain, 'gzip', 'once'),
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
  let byKey = pages.get(merchant);
  if (!byKey) pages.set(merchant, (byKey = new Map()));
  const fullKey = `${context.language}\n${key}`;
  let page = byKey.get(fullKey);
  if (!page || page.version !== version) {
    page = { ...renderShared(build(), { ...context, locale: localeOf(context.language), merchant }), version };
    if (byKey.size < PAGES_PER_MERCHANT || byKey.has(fullKey)) byKey.set(fullKey, page);
  }
  return page;
}
