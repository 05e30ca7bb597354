// The ticker the home page renders: the upstream's public prices, kept a few seconds per
// merchant (never per visitor, since nothing in it is the visitor's), so a busy home page
// asks the upstream at most once per TICKER_CACHE_MS and merchant. Concurrent requests
// share the call in flight. A failed or refused answer shows no ticker (logged), and is
// kept as long as a good one, so an upstream outage costs one call per merchant per
// TICKER_CACHE_MS. The home page waits at most TICKER_WAIT_MS for it: a slow upstream
// never holds the amount form back (the island fills the ticker in later). Entries are kept
// in a cache bounded in bytes (ops/byte-cache.ts): a fleet's merchants each have rows of
// their own, and a merchant nobody visits any more makes room.
import type { FastifyRequest } from 'fastify';
import { TICKER_CACHE_MS, TICKER_WAIT_MS } from '../../checkout/limits.ts';
import { coinsFor } from '../../checkout/offer.ts';
import { type TickerRow, tickerRows } from '../../checkout/ticker-rows.ts';
import { ByteCache, keyOf } from '../ops/byte-cache.ts';
import { upstreamFor } from './upstream.ts';

interface Cached {
  at: number;
  rows: Promise<TickerRow[]>;
  /** The rows once they arrived: a busy home page takes them without a timer or a race. */
  settled?: TickerRow[];
}

/** What an entry holds before its rows arrive: the promise and its bookkeeping. */
const PENDING_BYTES = 256;

const tickers = new ByteCache<string, Cached>({
  name: 'tickers',
  share: 0.03,
  // Rows are a few short strings and numbers each: their JSON, twice over, is near enough.
  sizeOf: (entry) => (entry.settled === undefined ? PENDING_BYTES : PENDING_BYTES + 2 * JSON.stringify(entry.settled).length),
});

/** The app's entry for the merchant: each app (tests run several) asks its own upstream. */
const tickerKey = (request: FastifyRequest) => `${keyOf(request.server)} ${request.merchant.id}`;

/** The merchant's ticker rows; [] when the upstream has none to give. */
export function merchantTicker(request: FastifyRequest): Promise<TickerRow[]> {
  return tickerEntry(request).rows;
}

function tickerEntry(request: FastifyRequest): Cached {
  const { config } = request.merchant;
  const key = tickerKey(request);
  const now = request.server.clock();
  const hit = tickers.get(key);
  if (hit && now - hit.at < TICKER_CACHE_MS) return hit;
  const coins = coinsFor(config).map((c) => c.id);
  const fiats = config.supportedFiatCurrencies.map((f) => f.id);
  const rows = upstreamFor(request)
    .ticker()
    .then((result) => {
      if (result.ok) return tickerRows(result.value, coins, fiats);
      request.log.warn({ failure: result.failure.kind }, 'ticker unavailable; the home page shows none');
      return [];
    });
  const entry: Cached = { at: now, rows };
  void rows.then((settled) => {
    entry.settled = settled;
    // Counted again at its size now, if still kept.
    if (tickers.peek(key) === entry) tickers.set(key, entry);
  });
  tickers.set(key, entry);
  return entry;
}

/** The rows if they arrive within TICKER_WAIT_MS, else null (still on their way). */
export async function tickerInTime(request: FastifyRequest): Promise<TickerRow[] | null> {
  const entry = tickerEntry(request);
  if (entry.settled) return entry.settled;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), TICKER_WAIT_MS);
  });
  try {
    return await Promise.race([entry.rows, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Until when a page showing `shown` (the rows it was rendered with; none when the upstream
 * had none) holds: while the merchant's ticker keeps those rows. 0 for rows that came late.
 */
export function tickerFreshUntil(request: FastifyRequest, shown: TickerRow[] | undefined): number {
  const entry = tickers.peek(tickerKey(request));
  if (entry?.settled === undefined || (shown !== undefined && shown !== entry.settled)) return 0;
  return entry.at + TICKER_CACHE_MS;
}
