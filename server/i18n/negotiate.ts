// Which of the merchant's languages a request is answered in: the one the visitor chose
// with the header's switch (its own cookie, on the merchant's host only) when the merchant
// still offers it; else the first of the merchant's the browser asks for (Accept-Language,
// matched the way browsers and ICU match locales: fr-FR asks for fr-CA before en); else
// the merchant's default. Negotiator reads the header's weights, the ICU matcher matches.
// Both the Fastify hook and the listeners in front of Fastify ask this one function, so it
// never throws: a tag no locale can be read from (`en_US`, `i-klingon`) counts as absent,
// and a header is cut to a few entries before it is read, so a long one costs no more
// than a browser's.

import type { IncomingHttpHeaders } from 'node:http';
import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { type Language, type PageLanguage, PSEUDO_LANGUAGE } from '../../checkout/i18n/languages.ts';

/** The cookie that remembers the choice made with the switch. */
export const LANGUAGE_COOKIE = 'lang';

const CHOSEN = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([A-Za-z-]{2,8}(?:-[A-Za-z0-9]{1,8})?)(?:;|$)`);

/** The language the visitor chose, from a raw Cookie header. */
export function chosenLanguage(cookieHeader: string | undefined): string | undefined {
  return cookieHeader === undefined ? undefined : CHOSEN.exec(cookieHeader)?.[1];
}

/** The entries of Accept-Language read: more than a browser sends for the languages set in it. */
export const ASKED_ENTRIES_READ = 16;
/** The characters of Accept-Language read: room for that many entries with their weights. */
export const ASKED_CHARS_READ = 512;

/** The header's first entries, whole, within the bounds above: all that is ever parsed or remembered. */
export function boundedAcceptLanguage(header: string): string {
  let read = header.length > ASKED_CHARS_READ ? header.slice(0, ASKED_CHARS_READ) : header;
  // An entry cut in two is left out rather than read as another tag.
  if (read.length < header.length && header[read.length] !== ',') read = read.slice(0, Math.max(0, read.lastIndexOf(',')));
  let entries = 0;
  for (let at = read.indexOf(','); at !== -1; at = read.indexOf(',', at + 1)) {
    if (++entries === ASKED_ENTRIES_READ) return read.slice(0, at);
  }
  return read;
}

/** Whether a locale can be read from the tag: the matcher throws on any it cannot. */
function readable(tag: string): boolean {
  if (tag === '*') return false;
  try {
    Intl.getCanonicalLocales(tag);
    return true;
  } catch {
    return false;
  }
}

/** The tags the browser asks for, most wanted first, that name a locale; from a bounded header. */
export function askedLanguages(bounded: string): string[] {
  return new Negotiator({ headers: { 'accept-language': bounded } }).languages().filter(readable);
}

/** Headers seen, matched once: browsers send a few distinct values, so this stays small. */
const MATCHED_KEPT = 2_000;
const matched = new Map<string, Language>();

function browserLanguage(offered: readonly Language[], acceptLanguage: string): Language {
  const bounded = boundedAcceptLanguage(acceptLanguage);
  const key = `${offered.join(',')}\n${bounded}`;
  const known = matched.get(key);
  if (known) return known;
  let found: Language;
  try {
    found = match(askedLanguages(bounded), offered as Language[], offered[0]!, { algorithm: 'best fit' }) as Language;
  } catch {
    // The matcher's own reading is stricter than the check above in some corner: no language asked.
    found = offered[0]!;
  }
  if (matched.size >= MATCHED_KEPT) matched.delete(matched.keys().next().value!);
  matched.set(key, found);
  return found;
}

export interface LanguageAsked {
  /** The merchant's languages, its default first. */
  offered: readonly Language[];
  /** The Cookie header. */
  cookie: string | undefined;
  acceptLanguage: string | undefined;
  /** Outside production the pseudo-language may be chosen. */
  pseudo: boolean;
}

export function negotiateLanguage({ offered, cookie, acceptLanguage, pseudo }: LanguageAsked): PageLanguage {
  const chosen = chosenLanguage(cookie);
  if (chosen !== undefined) {
    if ((offered as readonly string[]).includes(chosen)) return chosen as Language;
    if (pseudo && chosen === PSEUDO_LANGUAGE) return PSEUDO_LANGUAGE;
  }
  if (offered.length === 1 || !acceptLanguage) return offered[0]!;
  return browserLanguage(offered, acceptLanguage);
}

/** A request's language among `offered` (its merchant's languages), from its headers. */
export function languageOfHeaders(offered: readonly Language[], headers: IncomingHttpHeaders, pseudo: boolean): PageLanguage {
  return negotiateLanguage({ offered, cookie: headers.cookie, acceptLanguage: headers['accept-language'], pseudo });
}
