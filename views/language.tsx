// Every component's words in the page's language (page-language.ts), on the server and in
// the browser alike, so an island speaks the page's language without a prop for it. Home
// page islands take their words in their props instead: they must not load the catalogues.
import { useContext } from 'react';
import { type Texts, textsFor } from '../checkout/messages.ts';
import { PageLanguageContext } from './page-language.ts';

/** Every text in the page's language. */
export function useTexts(): Texts {
  return textsFor(useContext(PageLanguageContext));
}
