// Server-only markup that depends on a few values and never on the visitor (the step
// indicator, the language switch): rendered by React once per key and kept as HTML, so a
// page pays a look-up instead of a render. Never for an island's markup (islands hydrate
// what React renders for them) and never keyed by anything a visitor sends. A value that
// does vary per request (the switch's links carry the page's URL) goes in a hole: the part
// is kept as the pieces around it, and the value is escaped into place per request.
import { randomBytes } from 'node:crypto';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { PageLanguageContext } from '../../ui/page-language.ts';
import { ByteCache, stringBytes } from '../ops/byte-cache.ts';

/** Where a per-request value goes. Random per process: no text of the part can spell it. */
const HOLE = `hole-${randomBytes(12).toString('base64url')}`;

const parts = new ByteCache<string, string[]>({
  name: 'static-parts',
  share: 0.01,
  sizeOf: (pieces, key) => pieces.reduce((bytes, piece) => bytes + stringBytes(piece), stringBytes(key)),
});

/**
 * The HTML of `render()` in `language`, rendered once per `key`, split where `render` wrote
 * the hole it is given: join the pieces with each value escaped by `attributeText`.
 */
export function staticPieces(key: string, language: PageLanguage, render: (hole: string) => ReactElement): string[] {
  const fullKey = `${language}\n${key}`;
  let pieces = parts.get(fullKey);
  if (!pieces) {
    pieces = renderToStaticMarkup(<PageLanguageContext value={language}>{render(HOLE)}</PageLanguageContext>).split(HOLE);
    parts.set(fullKey, pieces);
  }
  return pieces;
}

const ESCAPED: Record<string, string> = { '&': '&amp;', '"': '&quot;', "'": '&#x27;', '<': '&lt;', '>': '&gt;' };

/** A value as React writes it inside a quoted attribute. */
export function attributeText(value: string): string {
  return value.replace(/[&"'<>]/g, (c) => ESCAPED[c]!);
}
