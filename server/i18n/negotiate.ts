// Which of the merchant's languages a request is answered in: the one the visitor chose
// with the header's switch (its own cookie, on the merchant's host only) when the merchant
// still offers it; else the first of the merchant's the browser asks for (Accept-Language,
// matched the way browsers and ICU match locales: fr-FR asks for fr-CA before en); else
// the merchant's default. Negotiator reads the header's weights, the ICU matcher matches.
// Both the Fastify hook and the listeners in front of Fastify ask this one function, so it
// never throws, and whatever the header it costs about what a browser's does:
//
// - it is cut to a few entries before it is read;
// - only the entries that can win reach the matcher: a language subtag the matcher can
//   answer with one of the merchant's languages (asked-as.ts), in a well-formed tag, in a
//   script those languages are written in. A tag no locale can be read from (`en_US`,
//   `i-klingon`) counts as absent, and so does one no merchant's language can answer;
// - a region none of the merchant's languages has is read as one unknown region: the
//   matcher weighs every such region alike, so the tags it is given stay few, however many
//   a header invents, and a header is matched once however often it comes.

import type { IncomingHttpHeaders } from 'node:http';
import { ResolveLocale } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import { type Language, type PageLanguage, PSEUDO_LANGUAGE } from '../../checkout/i18n/languages.ts';
import { ASKED_AS } from './asked-as.ts';

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

/**
 * A tag as BCP 47 shapes a locale: a language subtag of two or three letters, then at most a
 * script, a region and variants. Extended languages, extensions, private use and the
 * grandfathered tags name no locale the checkout speaks.
 */
const TAG = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*$/i;

/** The region a tag's own is read as when none of the merchant's languages has it: a private-use code, in no CLDR grouping. */
export const OTHER_REGION = 'AA';
/** Regions that make a pseudo-locale (en-XA): the matcher answers them with pseudo-locales only. */
const PSEUDO_REGIONS = new Set(['XA', 'XB', 'XC']);
/** CLDR's unknown region, which the matcher reads as none. */
const UNKNOWN_REGION = 'ZZ';

/** What can win among a set of languages: their subtags as the matcher hears them, and their locales' scripts and regions. */
interface Winners {
  subtags: ReadonlySet<string>;
  scripts: ReadonlySet<string>;
  regions: ReadonlySet<string>;
}

const WINNERS = new Map<string, Winners>();

function winnersAmong(offered: readonly Language[]): Winners {
  const key = offered.join(',');
  let winners = WINNERS.get(key);
  if (winners === undefined) {
    const locales = offered.map((language) => new Intl.Locale(language).maximize());
    winners = {
      subtags: new Set(offered.flatMap((language) => ASKED_AS[language])),
      scripts: new Set(locales.map((locale) => locale.script!)),
      regions: new Set(locales.map((locale) => locale.region!)),
    };
    WINNERS.set(key, winners);
  }
  return winners;
}

/** The script a language subtag is written in when a tag names none (pa: Guru); only subtags of ASKED_AS are asked. */
const LIKELY_SCRIPTS = new Map<string, string | undefined>();
function likelyScript(subtag: string): string | undefined {
  if (!LIKELY_SCRIPTS.has(subtag)) LIKELY_SCRIPTS.set(subtag, new Intl.Locale(subtag).maximize().script);
  return LIKELY_SCRIPTS.get(subtag);
}

const titleCase = (subtag: string) => subtag[0]!.toUpperCase() + subtag.slice(1).toLowerCase();

/**
 * The entries of a bounded header that can win among `offered`, each as the matcher is
 * given it, weights kept: `fr-be;q=0.8` stays, `fr-ZW` is read as `fr-AA`; `xyz`, `en-Cyrl`
 * (English written in another script than its own or the merchant's languages') and
 * `en-XA` are left out.
 */
export function entriesThatCanWin(bounded: string, offered: readonly Language[]): string[] {
  const winners = winnersAmong(offered);
  const kept: string[] = [];
  for (const entry of bounded.split(',')) {
    const semicolon = entry.indexOf(';');
    const tag = (semicolon === -1 ? entry : entry.slice(0, semicolon)).trim();
    const shape = TAG.exec(tag);
    if (shape === null) continue;
    const subtag = shape[1]!.toLowerCase();
    if (!winners.subtags.has(subtag)) continue;
    let read = subtag;
    if (shape[2] !== undefined) {
      const script = titleCase(shape[2]);
      if (!winners.scripts.has(script) && script !== likelyScript(subtag)) continue;
      read += `-${script}`;
    }
    if (shape[3] !== undefined) {
      const region = shape[3].toUpperCase();
      if (PSEUDO_REGIONS.has(region)) continue;
      if (region !== UNKNOWN_REGION) read += `-${winners.regions.has(region) ? region : OTHER_REGION}`;
    }
    kept.push(semicolon === -1 ? read : read + entry.slice(semicolon));
  }
  return kept;
}

/** The entries that can win handed to the matcher, most wanted first: a browser's list names its few languages before any other. */
export const MATCHED_ENTRIES = 4;
const BEST_FIT = { localeMatcher: 'best fit' };

/** Headers seen, matched once: browsers send a few distinct values, so this stays small. */
const MATCHED_KEPT = 2_000;
const matched = new Map<string, Language>();

function remember(key: string, language: Language): Language {
  if (matched.size >= MATCHED_KEPT) matched.delete(matched.keys().next().value!);
  matched.set(key, language);
  return language;
}

function browserLanguage(offered: readonly Language[], acceptLanguage: string): Language {
  const entries = entriesThatCanWin(boundedAcceptLanguage(acceptLanguage), offered);
  if (entries.length === 0) return offered[0]!;
  const among = offered.join(',');
  const key = `${among}\n${entries.join(',')}`;
  const known = matched.get(key);
  if (known) return known;
  // Most wanted first, each tag once, at most a few: all the matcher is given, and what it is remembered by.
  const asked = [...new Set(new Negotiator({ headers: { 'accept-language': entries.join(',') } }).languages())].slice(
    0,
    MATCHED_ENTRIES,
  );
  const askedKey = `${among}\n${asked.join(',')}`;
  const seen = matched.get(askedKey);
  if (seen) return remember(key, seen);
  let found: Language = offered[0]!;
  try {
    // match() without its canonicalisation of the list (ICU's, most of its cost): the tags
    // here are well formed and distinct, and the matcher reads each one's aliases itself.
    if (asked.length > 0) found = ResolveLocale(offered, asked, BEST_FIT, [], {}, () => offered[0]!).locale as Language;
  } catch {
    // The matcher's own reading is stricter than the shape above in some corner: no language asked.
  }
  remember(askedKey, found);
  return remember(key, found);
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
