// Loaded on demand by boot.ts: React plus the island's own chunk, hydrated as its own root
// with the same identifierPrefix the server used, so useId matches.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { islandLoaders, type IslandName } from './registry.ts';

function readProps(id: string): unknown {
  const script = document.querySelector(`script[type="application/json"][data-for="${CSS.escape(id)}"]`);
  return script?.textContent ? JSON.parse(script.textContent) : {};
}

export async function hydrateIsland(el: HTMLElement): Promise<void> {
  const name = el.dataset.island as IslandName;
  const load = islandLoaders[name];
  if (!load) throw new Error(`unknown island ${name}`);
  const { default: Component } = await load();
  const props = readProps(el.id) as Parameters<typeof Component>[0];
  hydrateRoot(el, createElement(Component, props), {
    identifierPrefix: `${el.id}-`,
    onRecoverableError: (err) => console.warn('island hydration mismatch', name, err),
  });
}
