// The rate hold of docs/spec.md sections 2 and 4: when a quote expires, how the countdown reads,
// when screen readers hear about it, what a requote sends and what its failure means.
// Pure and isomorphic: the server decides expiry with it and the QuoteTimer island counts
// down with it, so the page and the island never disagree.

import type { Country } from './domain.ts';
import { clockLocaleFor, firstOfMonthIn } from './i18n/languages.ts';
import { QUOTE_TIMER_DEFAULT_MS } from './limits.ts';
import { DEFAULT_TEXTS, type Texts } from './messages.ts';

/** How a payment method holds its rate: with a countdown, or as the current price with none (cards). */
export type RateHold = 'countdown' | 'current-price';
/** What a requote names: the fiat amount, or the coin amount (docs/spec.md section 7). */
export type RequoteBy = 'fiat' | 'crypto';

/** Whether the method holds its rate with a countdown (a card shows the current price, with none). */
export function isRateHeld(method: { rateHold: RateHold } | undefined): boolean {
  return method?.rateHold !== 'current-price';
}

export interface QuoteTimes {
  txnValidUntil?: string | null;
  txnDate?: string | null;
}

/**
 * When the rate stops being held (ms since the epoch): txnValidUntil; without it the
 * default hold from txnDate, or from `now` when the quote carries no date either.
 */
export function quoteDeadline(quote: QuoteTimes, now: number): number {
  const validUntil = Date.parse(quote.txnValidUntil ?? '');
  const quotedAt = Date.parse(quote.txnDate ?? '');
  const deadline = Number.isFinite(validUntil)
    ? validUntil
    : (Number.isFinite(quotedAt) ? quotedAt : now) + QUOTE_TIMER_DEFAULT_MS;
  // A moment before 1970 (year 1 is a valid ISO date) is a hold long over, as the epoch is.
  return Math.max(deadline, 0);
}

export function remainingMs(deadline: number, now: number): number {
  return Math.max(0, deadline - now);
}

/** 'mm:ss', rounded up so that 00:00 appears only once the hold is over. */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
}

/** Moments worth telling a screen reader about, in seconds left: never every second. */
export const ANNOUNCE_AT_S = [300, 120, 60, 30] as const;

/**
 * What the live region should say when the countdown went from `previousMs` to
 * `currentMs` left, or undefined when no threshold was crossed. After a sleeping tab
 * skipped several thresholds, only the latest one is said.
 */
export function announcementBetween(previousMs: number, currentMs: number, texts: Texts = DEFAULT_TEXTS): string | undefined {
  if (currentMs <= 0) return previousMs > 0 ? texts.QUOTE_TEXT.expired : undefined;
  const crossed = [...ANNOUNCE_AT_S].reverse().find((s) => currentMs <= s * 1000 && previousMs > s * 1000);
  return crossed === undefined ? undefined : texts.QUOTE_TEXT.left(crossed);
}

/**
 * The main time zone of each country the checkout serves, and the locale that names it
 * best ('EDT', 'AEST'). Without JavaScript the deadline is shown as a wall-clock time
 * there, with the zone written out, so it is right wherever the visitor actually is.
 */
const COUNTRY_CLOCKS: Record<Country, { timeZone: string; locale: string }> = {
  CA: { timeZone: 'America/Toronto', locale: 'en-CA' },
  AU: { timeZone: 'Australia/Sydney', locale: 'en-AU' },
  PH: { timeZone: 'Asia/Manila', locale: 'en-PH' },
  ID: { timeZone: 'Asia/Jakarta', locale: 'en-CA' },
};

/** Formatters are costly to build: one per country and page locale, made on first use. */
const heldUntilFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Formatting with a time zone is costly too, and a page shows only hours and minutes in
 * zones whose offsets are whole minutes: each minute's text is made once, the last few kept.
 */
const heldUntilTexts = new Map<string, string>();
const HELD_UNTIL_TEXTS_KEPT = 64;
const MINUTE_MS = 60_000;

/** What a clock written for a visitor needs of their language: its locale and the countries' zones in words. */
export type ClockTexts = Pick<Texts, 'locale' | 'ZONE_TEXT'>;

/** A zone Intl names only by its offset ('GMT+8', 'UTC+11'): the visitor reads its city instead. */
const OFFSET_ONLY = /^(?:GMT|UTC)(?:[+\-\u2212]\d|$)/;

/**
 * A moment as `format` writes it, with what Intl leaves unwritten in a language's own way: a
 * zone it names only by its offset as the country's clock in words ('(Manila time)'), and the
 * first of a month as the language writes it ('1er décembre').
 */
function written(format: Intl.DateTimeFormat, at: number, country: Country, texts: ClockTexts, locale: string): string {
  const first = firstOfMonthIn(locale);
  let text = '';
  for (const part of format.formatToParts(at)) {
    if (part.type === 'timeZoneName' && OFFSET_ONLY.test(part.value)) text += `(${texts.ZONE_TEXT[country]})`;
    else if (part.type === 'day' && part.value === '1') text += first;
    else text += part.value;
  }
  return text;
}

/**
 * '14:05 EDT': the deadline in the country's main time zone, 24-hour; a French page
 * writes it the Quebec way ('14 h 05 HAE'); a zone with no name of its own in the page's
 * language is its city's clock ('14:05 (Manila time)').
 */
export function formatHeldUntil(deadline: number, country: Country, texts: ClockTexts): string {
  const minute = Math.floor(deadline / MINUTE_MS) * MINUTE_MS;
  const clock = COUNTRY_CLOCKS[country];
  const locale = clockLocaleFor(texts.locale, clock.locale);
  const key = `${country}${locale}${texts.ZONE_TEXT[country]}${minute}`;
  const known = heldUntilTexts.get(key);
  if (known !== undefined) return known;
  let format = heldUntilFormats.get(`${country}${locale}`);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: clock.timeZone,
      timeZoneName: 'short',
    });
    heldUntilFormats.set(`${country}${locale}`, format);
  }
  const text = written(format, minute, country, texts, locale);
  if (heldUntilTexts.size >= HELD_UNTIL_TEXTS_KEPT) heldUntilTexts.delete(heldUntilTexts.keys().next().value!);
  heldUntilTexts.set(key, text);
  return text;
}

/** One date-and-time formatter per country and page locale, made on first use. */
const momentFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * 'November 28, 2026 at 14:05 EST': a moment on a receipt (when the order was placed), in the
 * country's main time zone with the zone written out, as the page's locale writes a date
 * ('28 novembre 2026 à 14 h 05 HNE' in French; an Australian page puts the day first; a
 * zone with no name of its own, its city's clock: 'December 2, 2026 at 07:37 (Manila time)').
 * Receipts are shown once per order, so the text is not kept.
 */
export function formatMoment(at: number, country: Country, texts: ClockTexts): string {
  const clock = COUNTRY_CLOCKS[country];
  const locale = clockLocaleFor(texts.locale, clock.locale);
  const key = `${country}${locale}`;
  let format = momentFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: clock.timeZone,
      timeZoneName: 'short',
    });
    momentFormats.set(key, format);
  }
  return written(format, at, country, texts, locale);
}

export interface RequoteAmounts {
  refId: string;
  fiatAmount: number;
  cryptoAmount: number;
}

/** docs/spec.md section 7: a requote names the fiat amount, or the coin amount for a method priced in coins. */
export function requoteBody(
  quote: RequoteAmounts,
  requotes: RequoteBy,
): { refId: string; fiatAmount: number } | { refId: string; cryptoAmount: number } {
  return requotes === 'crypto'
    ? { refId: quote.refId, cryptoAmount: quote.cryptoAmount }
    : { refId: quote.refId, fiatAmount: quote.fiatAmount };
}
