// Fixed prices so every quote is reproducible: a test can compute the expected amounts by
// hand. The public ticker shows the same prices the quotes use, so the home page's estimate
// and the quote agree. USD exists only for the card provider, which charges in USD (docs/spec.md section 1).
import type { Coin, FiatCurrency } from '../../checkout/domain.ts';

export type PriceCurrency = FiatCurrency | 'USD';

/** Price of one coin in each currency. */
export const PRICES: Record<Coin, Record<PriceCurrency, number>> = {
  BTC: { CAD: 95_000, AUD: 104_500, PHP: 3_895_000, IDR: 1_092_500_000, USD: 68_000 },
  BCH: { CAD: 475, AUD: 522.5, PHP: 19_475, IDR: 5_462_500, USD: 340 },
  LTC: { CAD: 100, AUD: 110, PHP: 4_100, IDR: 1_150_000, USD: 72 },
  ETH: { CAD: 3_500, AUD: 3_850, PHP: 143_500, IDR: 40_250_000, USD: 2_500 },
  LTCT: { CAD: 100, AUD: 110, PHP: 4_100, IDR: 1_150_000, USD: 72 },
};

export function priceOf(coin: Coin, currency: PriceCurrency): number {
  return PRICES[coin][currency];
}

/**
 * Half-up rounding on the decimal value (1.005 -> 1.01), which plain
 * `Math.round(x * 100) / 100` gets wrong because of binary floating point.
 */
export function roundTo(value: number, decimals: number): number {
  const shift = (x: number, by: number): number => {
    const [mantissa, exponent = '0'] = String(x).split('e');
    return Number(`${mantissa}e${Number(exponent) + by}`);
  };
  return shift(Math.round(shift(value, decimals)), -decimals);
}

/** Buys: the coin amount a fiat amount buys. */
export function cryptoFor(fiatAmount: number, coin: Coin, currency: PriceCurrency): number {
  return roundTo(fiatAmount / priceOf(coin, currency), 8);
}

/** Sells: the fiat amount a coin amount fetches. */
export function fiatFor(cryptoAmount: number, coin: Coin, currency: PriceCurrency): number {
  return roundTo(cryptoAmount * priceOf(coin, currency), 2);
}
