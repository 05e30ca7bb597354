// Every catalogue, at hand at once: what the server and the tests read. The islands' bundle
// takes browser.ts in this module's place (scripts/build.ts), so a page downloads only the
// catalogues its language needs.
import type { Language } from '../languages.ts';
import { type Catalogue, en } from './en.ts';
import { fil } from './fil.ts';
import { frCA } from './fr-CA.ts';
import { id } from './id.ts';

export const CATALOGUES: Readonly<Record<Language, Catalogue>> = { en, 'fr-CA': frCA, fil, id };

/** The catalogue of `language`. */
export function catalogueOf(language: Language): Catalogue {
  return CATALOGUES[language];
}
