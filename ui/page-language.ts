// The page's language as a React context: the server renders each page and each island
// inside it, and the browser hydrates each island inside it with the language of the page
// (<html lang>). Apart from the texts (language.tsx), so hydrating an island that shows no
// text loads no catalogue; its figures (useFormats) cost nothing more.
import { createContext, useContext } from 'react';
import { type Formats, formatsFor } from '../checkout/format.ts';
import { DEFAULT_LANGUAGE, isLanguage, localeOf, type PageLanguage, PSEUDO_LANGUAGE } from '../checkout/i18n/languages.ts';

export const PageLanguageContext = createContext<PageLanguage>(DEFAULT_LANGUAGE);

/** A language named by the page (<html lang>), or the default for anything else. */
export function pageLanguageOf(tag: string | null | undefined): PageLanguage {
  return isLanguage(tag) || tag === PSEUDO_LANGUAGE ? tag : DEFAULT_LANGUAGE;
}

/** Figures (money, crypto) in the page's locale: light enough for any island. */
export function useFormats(): Formats {
  return formatsFor(localeOf(useContext(PageLanguageContext)));
}
