// Every component's words in the page's language (page-language.ts), on the server and in
// the browser alike, so an island speaks the page's language without a prop for it. Home
// page islands take their words in their props instead: they must not load the catalogues.
import { Fragment, type ReactNode, useContext } from 'react';
import { type Texts, type TextWithPlaces, textsFor } from '../checkout/messages.ts';
import { PageLanguageContext } from './page-language.ts';

/** Every text in the page's language. */
export function useTexts(): Texts {
  return textsFor(useContext(PageLanguageContext));
}

/** A text with nodes in its places: the catalogue words the sentence, the view gives the nodes. */
export function withNodes(text: TextWithPlaces, nodes: Readonly<Record<string, ReactNode>>): ReactNode[] {
  return text.map((part, i) => (i % 2 === 1 ? <Fragment key={part}>{nodes[part]}</Fragment> : part));
}
