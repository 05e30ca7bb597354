// A visitor's island is rendered inside its page's tree (server/render/island.tsx), while the
// browser hydrates it as a root of its own with the island's id as identifierPrefix
// (islands/hydrate.ts). The two must write the same HTML, or hydration throws the server's
// markup away: on every page of the screen tour, each island's server HTML is what its own
// root renders from the props beside it. (An island that called useId would fail here.)

import { createElement, type FunctionComponent, useId } from 'react';
import { renderToString } from 'react-dom/server';
import t from 'tap';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { type IslandName, islandLoaders } from '../../islands/registry.ts';
import { PageLanguageContext } from '../../ui/page-language.ts';
import { TOUR, visit } from '../helpers/screen-tour.ts';
import { ServedPage } from '../helpers/served-page.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack();
t.teardown(() => stack.close());

const OPENING = /<(div|span) id="(island-\d+)"[^>]*data-island="([A-Za-z]+)"[^>]*>/g;

/** Each island of a page: its name, id, server HTML and props, read from the markup as the browser reads it. */
function islandsOf(html: string) {
  return [...html.matchAll(OPENING)].map((match) => {
    const [opening, tag, id, name] = match as unknown as [string, string, string, IslandName];
    const start = match.index + opening.length;
    const close = `</${tag}><script type="application/json" data-for="${id}">`;
    const end = html.indexOf(close, start);
    const propsEnd = html.indexOf('</script>', end + close.length);
    return {
      name,
      id,
      inner: html.slice(start, end),
      props: JSON.parse(html.slice(end + close.length, propsEnd)) as Record<string, unknown>,
    };
  });
}

async function ownRoot(name: IslandName, id: string, props: Record<string, unknown>, language: PageLanguage) {
  const Component = (await islandLoaders[name]()).default as FunctionComponent<Record<string, unknown>>;
  return renderToString(createElement(PageLanguageContext, { value: language }, createElement(Component, props)), {
    identifierPrefix: `${id}-`,
  });
}

t.test("every island on the tour's pages is what its own root renders", async (t) => {
  let checked = 0;
  for (const stop of TOUR) {
    const page = new ServedPage();
    await visit(stack, page.asPage(), stop, false);
    const language = /<html lang="([^"]+)"/.exec(page.html)?.[1] as PageLanguage;
    for (const island of islandsOf(page.html)) {
      if (island.inner === '') continue;
      t.equal(island.inner, await ownRoot(island.name, island.id, island.props, language), `${stop.name}: ${island.name}`);
      checked++;
    }
  }
  t.ok(checked > 10, `islands compared (${checked})`);
});

t.test('an island calling useId would not match: why islands may not', async (t) => {
  const Labelled = () => createElement('label', { htmlFor: useId() }, 'Amount');
  const own = renderToString(createElement(Labelled), { identifierPrefix: 'island-0-' });
  const inPage = renderToString(createElement('main', null, createElement('div', { id: 'island-0' }, createElement(Labelled))));
  t.notOk(inPage.includes(own), 'the id differs inside a page');
});
