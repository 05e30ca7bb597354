// The islands' catalogues, in index.ts's place (scripts/build.ts): English, which every
// island with words reads (the default texts), in their chunk; another language once
// fetched (fetched.ts).
import type { Language } from '../languages.ts';
import { type Catalogue, en } from './en.ts';
import { fetchedCatalogue } from './fetched.ts';

export function catalogueOf(language: Language): Catalogue {
  return language === 'en' ? en : fetchedCatalogue(language);
}
