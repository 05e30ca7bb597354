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

/** A URL's path and its query, the switch's parameter set to `language` or, undefined, taken out; every other parameter kept in order. */
function withLanguageParam(url: string, language: PageLanguage | undefined): string {
  const at = url.indexOf('?');
  if (at === -1 && language === undefined) return url;
  const path = at === -1 ? url : url.slice(0, at);
  const query = new URLSearchParams(at === -1 ? '' : url.slice(at + 1));
  if (language === undefined) query.delete(LANGUAGE_PARAM);
  else query.set(LANGUAGE_PARAM, language);
  const rest = query.toString();
  return rest ? `${path}?${rest}` : path;
}

/** A page's URL without the switch's parameter: where the switch comes back to. */
export const withoutLanguageParam = (url: string): string => withLanguageParam(url, undefined);

/** The switch's link to `language` from the page at `pageUrl`: the page comes back as it was, in that language. */
export const languageSwitchHref = (pageUrl: string, language: PageLanguage): string => withLanguageParam(pageUrl, language);

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Readonly<Record<PageLanguage, string>> = {
  en: 'English',
  'fr-CA': 'Français',
  'en-XA': 'Ƥšéûđô',
};

/** What differs by language beyond its words. */
interface LanguageWays {
  /** Numbers, money, dates and times: French as Quebec writes it, English as the spec's examples do. */
  locale: string;
  /** Lists ("a, b, and c"): English joins them as Intl's plain `en` does. */
  listLocale: string;
  /** Whether a country's clock and calendar are written as that country writes them in English (en-PH) rather than in `locale`. */
  countryClock: boolean;
  /** Whether a label placed mid-sentence loses its first capital ("Payer par virement Interac"). */
  lowerCaseLabels: boolean;
}

/** One row per language (the pseudo-language formats as English): no code asks which language it is. */
const LANGUAGE_WAYS: Readonly<Record<PageLanguage, LanguageWays>> = {
  en: { locale: DEFAULT_LOCALE, listLocale: 'en', countryClock: true, lowerCaseLabels: false },
  'fr-CA': { locale: 'fr-CA', listLocale: 'fr-CA', countryClock: false, lowerCaseLabels: true },
  'en-XA': { locale: DEFAULT_LOCALE, listLocale: 'en', countryClock: true, lowerCaseLabels: false },
};

/** The locale numbers, money, dates and times are formatted in. */
export function localeOf(language: PageLanguage): string {
  return LANGUAGE_WAYS[language].locale;
}

/** The locale lists are joined in. */
export function listLocaleOf(language: PageLanguage): string {
  return LANGUAGE_WAYS[language].listLocale;
}

/** Whether labels placed mid-sentence lose their first capital. */
export function lowerCasesLabels(language: PageLanguage): boolean {
  return LANGUAGE_WAYS[language].lowerCaseLabels;
}

/** The locale a country's clock is written in on a page formatted in `pageLocale`: the page's own, or the country's English. */
export function clockLocaleFor(pageLocale: string | undefined, countryLocale: string): string {
  const own = Object.values(LANGUAGE_WAYS).some((ways) => ways.locale === pageLocale && !ways.countryClock);
  return own ? pageLocale! : countryLocale;
}
