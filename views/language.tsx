// Every component's words and figures in the page's language (page-language.ts), on the
// server and in the browser alike: useTexts() for the words, useFormats() for the figures,
// so an island speaks and formats the page's language without a prop for it.
import { useContext } from 'react';
import { localeOf } from '../checkout/i18n/languages.ts';
import { type Formats, formatsFor } from '../checkout/format.ts';
import { type Texts, textsFor } from '../checkout/messages.ts';
import { PageLanguageContext } from './page-language.ts';

/** Every text in the page's language. */
export function useTexts(): Texts {
  return textsFor(useContext(PageLanguageContext));
}

/** Figures (money, crypto) in the page's locale. */
export function useFormats(): Formats {
  return formatsFor(localeOf(useContext(PageLanguageContext)));
}
