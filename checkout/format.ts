// Money and crypto formatting, identical on the server and in the browser: the page's
// locale (never the runtime default; checkout/i18n/languages.ts), formatters built once per
// locale. en-CA groups with ',' and marks decimals with '.', like the spec's examples;
// fr-CA writes '1 234,56 $'. Crypto amounts keep 8 decimals in every locale.

import { currencyCodeIn, DEFAULT_LANGUAGE, localeOf } from './i18n/languages.ts';
import { CRYPTO_DECIMALS, FIAT_DECIMALS, FIAT_NO_DECIMALS_ABOVE } from './limits.ts';

/** The locale of the spec's examples, and of English pages. */
export const DEFAULT_LOCALE = localeOf(DEFAULT_LANGUAGE);

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

/** Every figure a page shows, in one locale. */
export interface Formats {
  readonly locale: string;
  /**
   * '$1,234.50' (fr-CA '1 234,50 $'); above 100,000 without decimals ('$250,000'). Rounds
   * half away from zero (Intl's default). Not a finite number: 'N/A', like the spec's unknown values.
   */
  fiat(amount: number, currency: string, supported?: FiatSymbolSource): string;
  /** A fiat limit inside a message: '$3,000', '$100', '$0.50' (decimals only when the amount is not whole). */
  fiatLimit(amount: number, currency: string, supported?: FiatSymbolSource): string;
  /** '0.00150000 BTC': always 8 decimals, thousands grouped. */
  crypto(amount: number, coin: string): string;
  /** '0.00150000': the number of `crypto` alone, for the money component. */
  cryptoDigits(amount: number): string;
  /** A crypto limit inside a message: 'BTC 0.05' (coin code first, no padding zeros). */
  cryptoLimit(amount: number, coin: string): string;
  /** '1 BTC = $95,000.00 CAD': a rate as the quote and the summary show it. */
  rate(rate: number, fiatCurrency: string, cryptoCurrency: string, supported?: FiatSymbolSource): string;
  /** '$100.00 CAD': a fiat amount with its symbol and its code, as the order's figures read. */
  fiatWithCode(amount: number, currency: string, supported?: FiatSymbolSource): string;
  /** The code written after a fiat amount: 'USD', but French writes US dollars '71,58 $ US'. */
  fiatCode(currency: string): string;
}

/** How many texts each number format remembers before it starts again. */
const REMEMBERED = 512;

/**
 * `format.format`, remembering its last texts: a page writes the same few figures (the
 * amount, the rate, the coins) several times, and so do the next visitor's pages, and Intl
 * costs far more than a look-up (docs/performance.md, "Figures").
 */
function remembering(format: Intl.NumberFormat): (amount: number) => string {
  const texts = new Map<number, string>();
  return (amount) => {
    // The map takes -0 for 0, which Intl writes with its sign.
    if (amount === 0) return format.format(amount);
    let text = texts.get(amount);
    if (text === undefined) {
      text = format.format(amount);
      if (texts.size >= REMEMBERED) texts.clear();
      texts.set(amount, text);
    }
    return text;
  };
}

function buildFormats(locale: string): Formats {
  const number = (digits: Intl.NumberFormatOptions) => remembering(new Intl.NumberFormat(locale, digits));
  // The currency only places the symbol (before or after, with or without a space); the
  // merchant's symbol replaces it. The locale writes CAD's sign alike in every figure, so it
  // is found once and replaced in `format`'s text: formatToParts costs several times as much.
  const money = (digits: number) => {
    const format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CAD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    return { format: remembering(format), sign: format.formatToParts(1).find((p) => p.type === 'currency')!.value };
  };
  const fiat2 = money(FIAT_DECIMALS);
  const fiat0 = money(0);
  const crypto8 = number({ minimumFractionDigits: CRYPTO_DECIMALS, maximumFractionDigits: CRYPTO_DECIMALS });
  const cryptoShort = number({ maximumFractionDigits: CRYPTO_DECIMALS });
  const withSymbol = ({ format, sign }: ReturnType<typeof money>, amount: number, symbol: string) => {
    const text = format(amount);
    const at = text.indexOf(sign);
    const end = at + sign.length;
    return text.slice(0, at) + (end === text.length ? symbol.trimEnd() : symbol) + text.slice(end);
  };
  const signed = (amount: number, body: string) => (amount < 0 ? `-${body}` : body);
  return {
    locale,
    fiat(amount, currency, supported) {
      if (!Number.isFinite(amount)) return 'N/A';
      const format = Math.abs(amount) > FIAT_NO_DECIMALS_ABOVE ? fiat0 : fiat2;
      return withSymbol(format, amount, fiatSymbol(currency, supported));
    },
    fiatLimit(amount, currency, supported) {
      if (!Number.isFinite(amount)) return 'N/A';
      return withSymbol(Number.isInteger(amount) ? fiat0 : fiat2, amount, fiatSymbol(currency, supported));
    },
    crypto(amount, coin) {
      if (!Number.isFinite(amount)) return 'N/A';
      return `${this.cryptoDigits(amount)} ${coin}`;
    },
    cryptoDigits(amount) {
      if (!Number.isFinite(amount)) return 'N/A';
      return signed(amount, crypto8(Math.abs(amount)));
    },
    cryptoLimit(amount, coin) {
      if (!Number.isFinite(amount)) return 'N/A';
      return `${coin} ${signed(amount, cryptoShort(Math.abs(amount)))}`;
    },
    rate(rate, fiatCurrency, cryptoCurrency, supported) {
      return `1 ${cryptoCurrency} = ${this.fiat(rate, fiatCurrency, supported)} ${this.fiatCode(fiatCurrency)}`;
    },
    fiatWithCode(amount, currency, supported) {
      return `${this.fiat(amount, currency, supported)} ${this.fiatCode(currency)}`;
    },
    fiatCode(currency) {
      return currencyCodeIn(locale, currency);
    },
  };
}

const byLocale = new Map<string, Formats>();

/** The formats of `locale`, built on first use: a page's locale is one of a few. */
export function formatsFor(locale: string): Formats {
  let found = byLocale.get(locale);
  if (!found) byLocale.set(locale, (found = buildFormats(locale)));
  return found;
}

const english = formatsFor(DEFAULT_LOCALE);
export const formatFiat = english.fiat.bind(english);
export const formatFiatLimit = english.fiatLimit.bind(english);
export const formatCrypto = english.crypto.bind(english);
export const cryptoDigits = english.cryptoDigits.bind(english);
export const formatCryptoLimit = english.cryptoLimit.bind(english);

const HOUR_MS = 60 * 60 * 1000;

/** '1 hour', '12 hours': the promises of docs/spec.md section 9, from limits.ts. */
export function formatHours(ms: number): string {
  const n = Math.round(ms / HOUR_MS);
  return n === 1 ? '1 hour' : `${n} hours`;
}

export const formatRate = english.rate.bind(english);
export const formatFiatWithCode = english.fiatWithCode.bind(english);
