// The merchant's coins priced in its currencies (showTicker). The server renders the rows;
// hydrated, the island asks the edge's /api proxy again every TICKER_REFRESH_MS and keeps
// the last good rows when an answer is unusable. Rendered without rows (the upstream was
// slow), it asks at once. What it fetches goes to the amount form's estimate too (ticker-feed.ts).
import { useEffect, useState } from 'react';
import type { FiatSymbolSource } from '../checkout/format.ts';
import { TICKER_REFRESH_MS } from '../checkout/limits.ts';
import { type TickerRow, tickerRows } from '../checkout/ticker-rows.ts';
import { useFormats } from '../ui/page-language.ts';
import { publishTickerRows } from './ticker-feed.ts';

export interface TickerProps {
  rows: TickerRow[];
  coins: string[];
  fiats: string[];
  fiatSymbols: { id: string; symbol: string }[];
  /** /api/pubapi/ticker/merchant */
  url: string;
  /** The list's name, in the page's language (the home page loads no catalogue). */
  label: string;
}

async function fetchRows(url: string, coins: string[], fiats: string[]): Promise<TickerRow[]> {
  try {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    return response.ok ? tickerRows(await response.json(), coins, fiats) : [];
  } catch {
    return [];
  }
}

export function TickerList({ rows, fiatSymbols, label }: { rows: TickerRow[]; fiatSymbols: FiatSymbolSource; label: string }) {
  const formats = useFormats();
  return (
    <ul className="ticker" aria-label={label}>
      {rows.map((r) => (
        <li key={`${r.cryptoCurrency}-${r.fiatCurrency}`}>
          <span className="ticker-coin">{r.cryptoCurrency}</span>{' '}
          <span className="ticker-price">{`${formats.fiat(r.fiatAmount, r.fiatCurrency, fiatSymbols)} ${r.fiatCurrency}`}</span>
        </li>
      ))}
    </ul>
  );
}

export default function Ticker(props: TickerProps) {
  const [rows, setRows] = useState(props.rows);
  useEffect(() => {
    const refresh = async () => {
      const next = await fetchRows(props.url, props.coins, props.fiats);
      if (next.length === 0) return;
      setRows(next);
      publishTickerRows(next);
    };
    // The server rendered no rows when the upstream was slow: ask at once.
    if (props.rows.length === 0) void refresh();
    const timer = setInterval(refresh, TICKER_REFRESH_MS);
    return () => clearInterval(timer);
  }, [props.url, props.coins, props.fiats, props.rows.length]);
  return <TickerList rows={rows} fiatSymbols={props.fiatSymbols} label={props.label} />;
}
