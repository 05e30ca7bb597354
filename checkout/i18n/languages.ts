// The languages the checkout speaks: one row each (LANGUAGE_WAYS below), with its catalogue
// in checkout/i18n/catalogues/. A merchant offers some of them (merchant.json `languages`,
// the first its default); the visitor's is the first of those their browser asks for, or
// the one they chose with the header's switch. Pure and isomorphic: the views and islands
// format with the page's locale.

export const LANGUAGES = ['en', 'fr-CA', 'fil', 'id'] as const;
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

/** What differs by language beyond its words. */
interface LanguageWays {
  /** The language's name in itself, as the switch offers it. */
  name: string;
  /**
   * Numbers, money, dates and times, and how a typed amount is read (its decimal and group
   * marks, from Intl: checkout/amount-input.ts). English as the spec's examples write it.
   */
  locale: string;
  /** Lists ("a, b, and c"): English joins them as Intl's plain `en` does. */
  listLocale: string;
  /** Whether a country's clock and calendar are written as that country writes them in English (en-PH) rather than in `locale`. */
  countryClock: boolean;
  /** Whether a label placed mid-sentence loses its first capital ("Payer par virement Interac"). */
  lowerCaseLabels: boolean;
  /** Typography: a currency's code written after an amount otherwise than as its ISO code (Quebec writes « 71,58 $ US »). */
  currencyCodes: Readonly<Record<string, string>>;
  /** The first day of a month as a date writes it, where not as a plain 1 (Quebec writes « 1er décembre »). */
  firstOfMonth?: string;
}

/**
 * One row per language (the pseudo-language formats as English): no code asks which
 * language it is. A birthday's fields follow the buyer's country, not the page's language
 * (checkout/validation/buyer-info.ts): they are read off the country's ID documents.
 */
const LANGUAGE_WAYS: Readonly<Record<PageLanguage, LanguageWays>> = {
  en: { name: 'English', locale: 'en-CA', listLocale: 'en', countryClock: true, lowerCaseLabels: false, currencyCodes: {} },
  'fr-CA': {
    name: 'Français',
    locale: 'fr-CA',
    listLocale: 'fr-CA',
    countryClock: false,
    lowerCaseLabels: true,
    currencyCodes: { USD: 'US' },
    firstOfMonth: '1er',
  },
  fil: { name: 'Filipino', locale: 'fil-PH', listLocale: 'fil', countryClock: false, lowerCaseLabels: true, currencyCodes: {} },
  id: {
    name: 'Bahasa Indonesia',
    locale: 'id-ID',
    listLocale: 'id',
    countryClock: false,
    lowerCaseLabels: true,
    currencyCodes: {},
  },
  'en-XA': { name: 'Ƥšéûđô', locale: 'en-CA', listLocale: 'en', countryClock: true, lowerCaseLabels: false, currencyCodes: {} },
};

/** Each language's name in itself, as the switch offers it. */
export const LANGUAGE_NAMES: Readonly<Record<PageLanguage, string>> = Object.fromEntries(
  Object.entries(LANGUAGE_WAYS).map(([language, ways]) => [language, ways.name]),
) as Record<PageLanguage, string>;

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

const CURRENCY_CODES = new Map(Object.values(LANGUAGE_WAYS).map((ways) => [ways.locale, ways.currencyCodes]));

/** A currency's code as `locale` writes it after an amount: 'USD', or in Quebec 'US' ('71,58 $ US'). */
export function currencyCodeIn(locale: string, currency: string): string {
  const own = CURRENCY_CODES.get(locale);
  return own && Object.hasOwn(own, currency) ? own[currency]! : currency;
}

const FIRSTS_OF_MONTH = new Map(Object.values(LANGUAGE_WAYS).map((ways) => [ways.locale, ways.firstOfMonth]));

/** How `locale` writes the first day of a month in a date: '1', or in Quebec '1er'. */
export function firstOfMonthIn(locale: string): string {
  return FIRSTS_OF_MONTH.get(locale) ?? '1';
}

/** The locale a country's clock is written in on a page formatted in `pageLocale`: the page's own, or the country's English. */
export function clockLocaleFor(pageLocale: string | undefined, countryLocale: string): string {
  const own = Object.values(LANGUAGE_WAYS).some((ways) => ways.locale === pageLocale && !ways.countryClock);
  return own ? pageLocale! : countryLocale;
}
