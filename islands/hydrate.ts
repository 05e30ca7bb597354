// Loaded on demand by boot.ts: React plus the island's own chunk, hydrated as its own root
// with the same identifierPrefix the server used, so useId matches, in the page's language
// (ui/language.tsx) as the server rendered it, once that language's catalogue is here.
import { createElement, type FunctionComponent } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { catalogueReady } from '../checkout/i18n/catalogues/fetched.ts';
import { PageLanguageContext, pageLanguageOf } from '../ui/page-language.ts';
import { type IslandName, islandLoaders } from './registry.ts';

function readProps(id: string): unknown {
  const script = document.querySelector(`script[type="application/json"][data-for="${CSS.escape(id)}"]`);
  return script?.textContent ? JSON.parse(script.textContent) : {};
}

export async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) throw new Error(`unknown island ${name}`);
  const language = pageLanguageOf(document.documentElement.lang);
  // Props come from the server's JSON for this very island, so the loose type is safe here.
  const [island] = await Promise.all([load(), catalogueReady(language)]);
  const Component = island.default as FunctionComponent<Record<string, unknown>>;
  const props = readProps(el.id) as Record<string, unknown>;
  hydrateRoot(el, createElement(PageLanguageContext, { value: language }, createElement(Component, props)), {
    identifierPrefix: `${el.id}-`,
    onRecoverableError: (err) => console.warn('island hydration mismatch', name, err),
  });
}
