// In the browser, each language but English is a chunk of its own, fetched by the pages in
// that language only: islands/hydrate.ts waits for the page's before it hydrates an island.
// Holds no catalogue itself, so an island without words loads none.
import { isLanguage, type Language, type PageLanguage } from '../languages.ts';
import type { Catalogue } from './en.ts';

const loaders: Readonly<Record<Exclude<Language, 'en'>, () => Promise<Catalogue>>> = {
  'fr-CA': () => import('./fr-CA.ts').then((m) => m.frCA),
  fil: () => import('./fil.ts').then((m) => m.fil),
  id: () => import('./id.ts').then((m) => m.id),
};

const fetched = new Map<Language, Catalogue>();

/** Resolves once the catalogue of `language` is here (English, which the pseudo-language is made of, always is). */
export async function catalogueReady(language: PageLanguage): Promise<void> {
  if (!isLanguage(language) || language === 'en' || fetched.has(language)) return;
  fetched.set(language, await loaders[language]());
}

export function fetchedCatalogue(language: Language): Catalogue {
  const found = fetched.get(language);
  if (!found) throw new Error(`the ${language} catalogue is not fetched yet`);
  return found;
}
