// The languages the checkout speaks, and the locale each is formatted in. A merchant offers
// some of them (merchant.json `languages`, the first its default); the visitor's is the
// first of those their browser asks for, or the one they chose with the header's switch.
// Pure and isomorphic: the views and islands format with the page's locale.
import type { Country } from '../domain.ts';

export const LANGUAGES = ['en', 'fr-CA'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * Every text wrapped and accented, so a text that comes from no catalogue stands out on the
 * page; offered outside production only (?lang=en-XA), never negotiated.
 */
export const PSEUDO_LANGUAGE = 'en-XA';
export type PageLanguage = Language | typeof PSEUDO_LANGUAGE;

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
 * English as the merchant's country does (the pseudo-language formats as English).
 */
export function localeOf(language: PageLanguage, country: Country): string {
  if (language === 'fr-CA') return 'fr-CA';
  return `en-${country}`;
}
