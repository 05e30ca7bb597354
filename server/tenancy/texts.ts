// A merchant's own texts (its footer, its legal pages, the words of its merchant.json) in
// the page's language: the language's own file or translation when the merchant has one,
// else the default language's, never nothing where the default has something. What falls back is what the merchant check
// reports (scripts/check-merchants.ts), so a missing translation is seen before a visitor does.
import { isLanguage, type Language, type PageLanguage } from '../../checkout/i18n/languages.ts';
import type { MerchantConfig } from '../../checkout/merchant-schema.ts';
import { LEGAL_PAGE_NAMES, type LegalPage, type Merchant, type MerchantTexts } from './types.ts';

function translated(merchant: Merchant, language: PageLanguage): MerchantTexts | undefined {
  return isLanguage(language) ? merchant.translations.get(language) : undefined;
}

/** The merchant's footer.html in `language`, else in its default language; undefined: the built-in footer. */
export function merchantFooter(merchant: Merchant, language: PageLanguage): string | undefined {
  return translated(merchant, language)?.footerHtml ?? merchant.footerHtml;
}

/** The merchant's legal page in `language`, else in its default language. */
export function merchantLegal(merchant: Merchant, page: LegalPage, language: PageLanguage): string | undefined {
  return translated(merchant, language)?.legal.get(page) ?? merchant.legal.get(page);
}

/** The files and merchant.json words each of the merchant's other languages shows in the default language instead. */
export function fallbacks(merchant: Merchant): { language: string; files: string[] }[] {
  return [...merchant.translations].flatMap(([language, texts]) => {
    const files = [
      ...untranslatedWords(merchant.config, language),
      ...(merchant.footerHtml !== undefined && texts.footerHtml === undefined ? [`footer.${language}.html`] : []),
      ...LEGAL_PAGE_NAMES.filter((page) => merchant.legal.has(page) && !texts.legal.has(page)).map(
        (page) => `legal/${language}/${page}.html`,
      ),
    ];
    return files.length > 0 ? [{ language, files }] : [];
  });
}

/** The merchant's own words (merchant.json's) as a page in one language shows them. */
export interface MerchantWords {
  title: string;
  psa: string | undefined;
  /** A payment method's label. */
  methodLabel(method: { name: string; label: string }): string;
  /** A gift card's label and terms. */
  giftCard(subtype: { name: string; label: string; termsCopy?: string | undefined }): {
    label: string;
    termsCopy?: string | undefined;
  };
}

const wordsByLanguage = new WeakMap<MerchantConfig, Map<PageLanguage, MerchantWords>>();

/** The merchant's words in `language` (its `translations`), each left out in its default language. */
export function merchantWords(config: MerchantConfig, language: PageLanguage): MerchantWords {
  let byLanguage = wordsByLanguage.get(config);
  if (!byLanguage) wordsByLanguage.set(config, (byLanguage = new Map()));
  let words = byLanguage.get(language);
  if (!words) byLanguage.set(language, (words = wordsIn(config, language)));
  return words;
}

function wordsIn(config: MerchantConfig, language: PageLanguage): MerchantWords {
  const own = isLanguage(language) ? config.translations[language] : undefined;
  return {
    title: own?.title ?? config.title,
    psa: config.psa === undefined ? undefined : (own?.psa ?? config.psa),
    methodLabel: (method) => own?.paymentMethods[method.name] ?? method.label,
    giftCard: (subtype) => {
      const translated = own?.paymentMethodSubtypes[subtype.name];
      const termsCopy = subtype.termsCopy === undefined ? undefined : (translated?.termsCopy ?? subtype.termsCopy);
      return { label: translated?.label ?? subtype.label, termsCopy };
    },
  };
}

/** The words of merchant.json each of the merchant's other languages shows in the default language instead. */
function untranslatedWords(config: MerchantConfig, language: Language): string[] {
  const own = config.translations[language];
  const at = `translations.${language}`;
  return [
    ...(config.psa !== undefined && own?.psa === undefined ? [`${at}.psa`] : []),
    ...config.paymentMethods
      .filter((m) => own?.paymentMethods[m.name] === undefined)
      .map((m) => `${at}.paymentMethods.${m.name}`),
    ...config.paymentMethodSubtypes.flatMap((s) => {
      const translated = own?.paymentMethodSubtypes[s.name];
      return [
        ...(translated?.label === undefined ? [`${at}.paymentMethodSubtypes.${s.name}.label`] : []),
        ...(s.termsCopy !== undefined && translated?.termsCopy === undefined
          ? [`${at}.paymentMethodSubtypes.${s.name}.termsCopy`]
          : []),
      ];
    }),
  ];
}
