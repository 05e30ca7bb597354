// Which of the merchant's languages a request is answered in: the one the visitor chose
// with the header's switch (its own cookie, on the merchant's host only) when the merchant
// still offers it; else the first of the merchant's the browser asks for (Accept-Language,
// matched the way browsers and ICU match locales: fr-FR asks for fr-CA before en); else
// the merchant's default. Negotiator reads the header's weights, the ICU matcher matches.
// Both the Fastify hook and the listener in front of Fastify ask this one function.
import { match } from '@formatjs/intl-localematcher';
import type { IncomingHttpHeaders } from 'node:http';
import Negotiator from 'negotiator';
import { type Language, PSEUDO_LANGUAGE, type PageLanguage } from '../../checkout/i18n/languages.ts';

/** The cookie that remembers the choice made with the switch. */
export const LANGUAGE_COOKIE = 'lang';

const CHOSEN = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([A-Za-z-]{2,8}(?:-[A-Za-z0-9]{1,8})?)(?:;|$)`);

/** The language the visitor chose, from a raw Cookie header. */
export function chosenLanguage(cookieHeader: string | undefined): string | undefined {
  return cookieHeader === undefined ? undefined : CHOSEN.exec(cookieHeader)?.[1];
}

/** Headers seen, matched once: browsers send a few distinct values, so this stays small. */
const MATCHED_KEPT = 2_000;
const matched = new Map<string, Language>();

function browserLanguage(offered: readonly Language[], acceptLanguage: string): Language {
  const key = `${offered.join(',')}\n${acceptLanguage}`;
  const known = matched.get(key);
  if (known) return known;
  const asked = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  const found = match(
    asked.filter((tag) => tag !== '*'),
    offered as Language[],
    offered[0]!,
    { algorithm: 'best fit' },
  ) as Language;
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
