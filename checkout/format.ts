// Money and crypto formatting, identical on the server and in the browser: a fixed locale
// (never the runtime default) and formatters built once at module load.
import { CRYPTO_DECIMALS, FIAT_DECIMALS, FIAT_NO_DECIMALS_ABOVE } from './limits.ts';

/** en-CA: ',' groups thousands and '.' marks decimals, like the spec's examples. */
const LOCALE = 'en-CA';

const fiat2 = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: FIAT_DECIMALS,
  maximumFractionDigits: FIAT_DECIMALS,
});
const whole = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const crypto8 = new Intl.NumberFormat(LOCALE, {
  minimumFractionDigits: CRYPTO_DECIMALS,
  maximumFractionDigits: CRYPTO_DECIMALS,
});
/** Limits in messages: as short as exact ('0.05', not '0.05000000'). */
const cryptoShort = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: CRYPTO_DECIMALS });

/** Used when the merchant config does not name a symbol (USD: card charges). */
export const DEFAULT_FIAT_SYMBOLS: Readonly<Record<string, string>> = {
  CAD: '$',
  AUD: '$',
  USD: '$',
  PHP: '₱',
  IDR: 'Rp',
};

export type FiatSymbolSource = readonly { readonly id: string; readonly symbol: string }[];

/** The merchant's symbol for `currency` when configured, else the built-in one, else the code. */
export function fiatSymbol(currency: string, supported?: FiatSymbolSource): string {
  const configured = supported?.find((c) => c.id === currency)?.symbol;
  if (configured) return configured;
  return Object.hasOwn(DEFAULT_FIAT_SYMBOLS, currency) ? DEFAULT_FIAT_SYMBOLS[currency]! : `${currency} `;
}

function signed(amount: number, body: string, prefix: string): string {
  return amount < 0 ? `-${prefix}${body}` : `${prefix}${body}`;
}

/**
 * '$1,234.50'; above 100,000 without decimals ('$250,000'). Rounds half away from zero
 * (Intl's default). Not a finite number: 'N/A', like the spec's unknown values.
 */
export function formatFiat(amount: number, currency: string, supported?: FiatSymbolSource): string {
  if (!Number.isFinite(amount)) return 'N/A';
  const abs = Math.abs(amount);
  const body = abs > FIAT_NO_DECIMALS_ABOVE ? whole.format(abs) : fiat2.format(abs);
  return signed(amount, body, fiatSymbol(currency, supported));
}

/** '0.00150000 BTC': always 8 decimals, thousands grouped. */
export function formatCrypto(amount: number, coin: string): string {
  if (!Number.isFinite(amount)) return 'N/A';
  return `${cryptoDigits(amount)} ${coin}`;
}

/** '0.00150000': the number of formatCrypto alone, for the money component. */
export function cryptoDigits(amount: number): string {
  if (!Number.isFinite(amount)) return 'N/A';
  return signed(amount, crypto8.format(Math.abs(amount)), '');
}

/**
 * A fiat limit inside a message: '$3,000', '$100', '$0.50' (decimals only when the
 * amount is not whole, then always two).
 */
export function formatFiatLimit(amount: number, currency: string, supported?: FiatSymbolSource): string {
  if (!Number.isFinite(amount)) return 'N/A';
  const abs = Math.abs(amount);
  const body = Number.isInteger(abs) ? whole.format(abs) : fiat2.format(abs);
  return signed(amount, body, fiatSymbol(currency, supported));
}

/** A crypto limit inside a message: 'BTC 0.05' (coin code first, no padding zeros). */
export function formatCryptoLimit(amount: number, coin: string): string {
  if (!Number.isFinite(amount)) return 'N/A';
  return `${coin} ${signed(amount, cryptoShort.format(Math.abs(amount)), '')}`;
}

const HOUR_MS = 60 * 60 * 1000;

/** '1 hour', '12 hours': the promises of docs/spec.md section 9, from limits.ts. */
export function formatHours(ms: number): string {
  const n = Math.round(ms / HOUR_MS);
  return n === 1 ? '1 hour' : `${n} hours`;
}

/** '1 BTC = $95,000.00 CAD': a rate as the quote and the summary show it. */
export function formatRate(rate: number, fiatCurrency: string, cryptoCurrency: string, supported?: FiatSymbolSource): string {
  return `1 ${cryptoCurrency} = ${formatFiat(rate, fiatCurrency, supported)} ${fiatCurrency}`;
}

/** '$100.00 CAD': a fiat amount with its symbol and its code, as the order's figures read. */
export function formatFiatWithCode(amount: number, currency: string, supported?: FiatSymbolSource): string {
  return `${formatFiat(amount, currency, supported)} ${currency}`;
}
