// The ticker (showTicker): the merchant's coins priced in its fiat currencies, from the
// upstream's public ticker. Pure and isomorphic: the server renders it and the Ticker island
// refreshes it with the same rule. An entry without a positive, finite price is left out
// rather than shown as 0 or NaN.

export interface TickerRow {
  cryptoCurrency: string;
  fiatCurrency: string;
  fiatAmount: number;
}

function isRow(entry: unknown): entry is TickerRow {
  if (typeof entry !== 'object' || entry === null) return false;
  const e = entry as Record<string, unknown>;
  return (
    typeof e.cryptoCurrency === 'string' &&
    typeof e.fiatCurrency === 'string' &&
    typeof e.fiatAmount === 'number' &&
    Number.isFinite(e.fiatAmount) &&
    e.fiatAmount > 0
  );
}

/** The rows for these coins and currencies, in their order (coins first); [] for anything but a list. */
export function tickerRows(answer: unknown, coins: readonly string[], fiats: readonly string[]): TickerRow[] {
  if (!Array.isArray(answer)) return [];
  const rows = answer.filter(isRow);
  return coins.flatMap((coin) =>
    fiats.flatMap((fiat) => {
      const row = rows.find((r) => r.cryptoCurrency === coin && r.fiatCurrency === fiat);
      return row ? [{ cryptoCurrency: coin, fiatCurrency: fiat, fiatAmount: row.fiatAmount }] : [];
    }),
  );
}
