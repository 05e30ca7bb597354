// <Island>: server HTML of an interactive component, plus its props as safe JSON, marked
// for islands/boot.ts. Each island renders as its own root (own identifierPrefix), the
// same way the browser hydrates it, so ids match.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { islandLoaders, type HydrateStrategy, type IslandName, type IslandProps } from '../../islands/registry.ts';
import { useRenderContext } from './context.tsx';
import { safeJson } from './json.ts';

type AnyComponent = (props: never) => React.ReactNode;
const renderIsland = (Component: AnyComponent, props: unknown, prefix: string) =>
  renderToString(createElement(Component as React.FC<Record<string, unknown>>, props as Record<string, unknown>), { identifierPrefix: prefix });
const resolved = new Map<string, AnyComponent>();

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
}) {
  const ctx = useRenderContext();
  const Component = resolved.get(props.name);
  if (!Component) throw new Error(`island ${props.name} not loaded; call loadIslands() at start-up`);
  const id = `island-${ctx.islands.count++}`;
  const html = renderIsland(Component, props.props, `${id}-`);
  return (
    <>
      <div
        id={id}
        className={props.className}
        data-island={props.name}
        data-hydrate={props.hydrate ?? 'load'}
        dangerouslySetInnerHTML={{ __html: html }}
      />
      <script type="application/json" data-for={id} dangerouslySetInnerHTML={{ __html: safeJson(props.props) }} />
    </>
  );
}
