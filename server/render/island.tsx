// <Island>: server HTML of an interactive component, plus its props as safe JSON, marked
// for islands/boot.ts. The browser hydrates each island as its own root (identifierPrefix:
// its id); the server renders a visitor's island inside the page's tree, which writes the
// same HTML because no island calls useId (test/edge/island-roots.test.ts), and a shared
// island as its own root, once.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { type HydrateStrategy, type IslandName, type IslandProps, islandLoaders } from '../../islands/registry.ts';
import { PageLanguageContext } from '../../ui/page-language.ts';
import { ByteCache, stringBytes } from '../ops/byte-cache.ts';
import { useRenderContext } from './context.tsx';
import { safeJson } from './json.ts';

type AnyComponent = (props: never) => React.ReactNode;
const renderIsland = (Component: AnyComponent, props: unknown, prefix: string, language: PageLanguage) =>
  renderToString(
    createElement(
      PageLanguageContext,
      { value: language },
      createElement(Component as React.FC<Record<string, unknown>>, props as Record<string, unknown>),
    ),
    { identifierPrefix: prefix },
  );
const resolved = new Map<string, AnyComponent>();

/**
 * Islands that only act in the browser (effects, no markup): their server HTML is empty
 * whatever their props, so it is not rendered, a React root each saved on every page.
 * test/edge/island-cache.test.ts renders each to prove it.
 */
export const RENDERS_NOTHING: ReadonlySet<IslandName> = new Set<IslandName>([
  'Analytics',
  'LeaveGuard',
  'OrderWatch',
  'UserAgentLog',
]);

/**
 * Island HTML by (name, id, props) for islands marked `shared`: the same props for every
 * visitor (a merchant's empty home form), so rendered once. Only shared islands are kept,
 * so nothing a visitor typed stays in memory; bounded in bytes all the same.
 */
const htmlCache = new ByteCache<string, string>({
  name: 'islands',
  share: 0.05,
  sizeOf: (html, key) => stringBytes(html) + stringBytes(key),
});

function cachedIslandHtml(
  name: string,
  Component: AnyComponent,
  json: string,
  props: unknown,
  prefix: string,
  language: PageLanguage,
): string {
  const key = `${name}\u0000${language}\u0000${prefix}\u0000${json}`;
  let html = htmlCache.get(key);
  if (html === undefined) {
    html = renderIsland(Component, props, prefix, language);
    htmlCache.set(key, html);
  }
  return html;
}

/** What the shared-island cache holds now, as [key, html] pairs: for tests. */
export function cachedIslandHtmlEntries(): [key: string, html: string][] {
  return [...htmlCache.entries()];
}

/** Resolve every island module once at start-up; rendering must not wait on imports. */
export async function loadIslands(): Promise<void> {
  for (const [name, load] of Object.entries(islandLoaders)) {
    resolved.set(name, (await load()).default as AnyComponent);
  }
}

export function Island<N extends IslandName>(props: {
  name: N;
  props: IslandProps<N>;
  hydrate?: HydrateStrategy;
  className?: string;
  /** Rendered inside phrasing content (a `<span>`, a `<p>`): the wrapper is a `<span>`, not a `<div>`. */
  inline?: boolean;
  /** Props hold nothing of the visitor's: the HTML may be rendered once and reused. */
  shared?: boolean;
}) {
  const ctx = useRenderContext();
  const Component = resolved.get(props.name);
  if (!Component) throw new Error(`island ${props.name} not loaded; call loadIslands() at start-up`);
  const id = `island-${ctx.islands.count++}`;
  if ((props.hydrate ?? 'load') === 'load') ctx.islands.onLoad.add(props.name);
  const json = safeJson(props.props);
  const Wrapper = props.inline ? 'span' : 'div';
  const wrapper = {
    id,
    className: props.className,
    'data-island': props.name,
    'data-hydrate': props.hydrate ?? 'load',
  };
  // A visitor's island renders inside the page's own tree: what its own root would write,
  // as no island calls useId (test/edge/island-roots.test.ts), without a root's cost.
  const inPage = !RENDERS_NOTHING.has(props.name) && !props.shared;
  const html = props.shared ? cachedIslandHtml(props.name, Component, json, props.props, `${id}-`, ctx.language) : '';
  return (
    <>
      {inPage ? (
        <Wrapper {...wrapper}>
          {createElement(Component as React.FC<Record<string, unknown>>, props.props as Record<string, unknown>)}
        </Wrapper>
      ) : (
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the island's own server render
        <Wrapper {...wrapper} dangerouslySetInnerHTML={{ __html: html }} />
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: props as safeJson, which escapes < > & U+2028 U+2029 */}
      <script type="application/json" data-for={id} dangerouslySetInnerHTML={{ __html: json }} />
    </>
  );
}
