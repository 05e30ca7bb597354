// The ticker's newest rows, shared by a page's islands: the Ticker island publishes what it
// fetches, the amount form estimates with it, so the form's price is always the one the
// ticker beside it shows (a home page rendered while the upstream was slow has no prices
// until the ticker's first answer; a refresh moves both). Islands are bundled with shared
// chunks, so a page has one instance of this module.
import { useSyncExternalStore } from 'react';
import type { TickerRow } from '../checkout/ticker-rows.ts';

let fetched: TickerRow[] | undefined;
const listeners = new Set<() => void>();

export function publishTickerRows(rows: TickerRow[]): void {
  fetched = rows;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The rows the page's ticker fetched last, else those the server rendered (as hydration must first). */
export function useTickerRows(rendered: TickerRow[] | undefined): TickerRow[] | undefined {
  return (
    useSyncExternalStore(
      subscribe,
      () => fetched,
      () => undefined,
    ) ?? rendered
  );
}
