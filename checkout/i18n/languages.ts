// The languages the checkout speaks, and the locale each is formatted in. A merchant offers
// some of them (merchant.json `languages`, the first its default); the visitor's is the
// first of those their browser asks for, or the one they chose with the header's switch.
// Pure and isomorphic: the views and islands format with the page's locale.
import { DEFAULT_LOCALE } from '../format.ts';

export const LANGUAGES = ['en', 'fr-CA'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Every text wrapped and accented, so a text that comes from no catalogue stands out on the
 * page; offered outside production only (?lang=en-XA), never negotiated.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

/** The switch's query parameter: ?lang=fr-CA on any page chooses French (server/i18n/plugin.ts). */
export const LANGUAGE_PARAM = 'lang';

/** A URL's query without the switch's parameter (and without the `?`), every other parameter kept in order. */
export function queryWithoutLanguage(url: string): string {
  const at = url.indexOf('?');
  if (at === -1) return '';
  const query = new URLSearchParams(url.slice(at + 1));
  query.delete(LANGUAGE_PARAM);
  return query.toString();
}

/** The switch's link to `language` from a page whose own query is `pageQuery`: the page comes back as it was, in that language. */
export function languageSwitchHref(pageQuery: string, language: PageLanguage): string {
  const query = new URLSearchParams(pageQuery);
  query.set(LANGUAGE_PARAM, language);
  return `?${query}`;
}

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Readonly<Record<PageLanguage, string>> = {
  en: 'English',
  'fr-CA': 'Français',
  'en-XA': 'Ƥšéûđô',
};

/**
 * The locale numbers, money, dates and times are formatted in: French as Quebec writes it,
 * English as the spec's examples do (the pseudo-language formats as English).
 */
export function localeOf(language: PageLanguage): string {
  return language === 'fr-CA' ? 'fr-CA' : DEFAULT_LOCALE;
}
