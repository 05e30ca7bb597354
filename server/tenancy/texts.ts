// A merchant's own texts (its footer, its legal pages) in the page's language: the
// language's own file when the merchant has one, else the default language's, never
// nothing where the default has something. What falls back is what the merchant check
// reports (scripts/check-merchants.ts), so a missing translation is seen before a visitor does.
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { isLanguage } from '../../checkout/i18n/languages.ts';
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

/** The files each of the merchant's other languages shows in the default language instead. */
export function fallbacks(merchant: Merchant): { language: string; files: string[] }[] {
  return [...merchant.translations].flatMap(([language, texts]) => {
    const files = [
      ...(merchant.footerHtml !== undefined && texts.footerHtml === undefined ? [`footer.${language}.html`] : []),
      ...LEGAL_PAGE_NAMES.filter((page) => merchant.legal.has(page) && !texts.legal.has(page)).map(
        (page) => `legal/${language}/${page}.html`,
      ),
    ];
    return files.length > 0 ? [{ language, files }] : [];
  });
}
