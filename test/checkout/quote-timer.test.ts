import t from 'tap';
import { QUOTE_TIMER_DEFAULT_MS } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS, textsFor } from '../../checkout/messages.ts';
import { quotePromo } from '../../checkout/promo.ts';
import {
  ANNOUNCE_AT_S,
  announcementBetween,
  formatCountdown,
  formatHeldUntil,
  formatMoment,
  isRateHeld,
  quoteDeadline,
  remainingMs,
  requoteBody,
} from '../../checkout/quote-timer.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { type MerchantInput, merchantSchema } from './fixtures.ts';

const { QUOTE_TEXT } = DEFAULT_TEXTS;

const method = (name: string) => PAYMENT_METHODS.get(name);

const NOW = Date.parse('2025-07-01T18:00:00Z');

t.test('the deadline: txnValidUntil, else 10 minutes from txnDate, else from now', async (t) => {
  t.equal(
    quoteDeadline({ txnValidUntil: '2025-07-01T18:05:00Z', txnDate: '2025-07-01T17:00:00Z' }, NOW),
    Date.parse('2025-07-01T18:05:00Z'),
  );
  t.equal(quoteDeadline({ txnValidUntil: null, txnDate: '2025-07-01T17:58:00Z' }, NOW), Date.parse('2025-07-01T18:08:00Z'));
  t.equal(quoteDeadline({ txnValidUntil: 'not a date' }, NOW), NOW + QUOTE_TIMER_DEFAULT_MS);
  t.equal(quoteDeadline({}, NOW), NOW + 10 * 60 * 1000, 'the spec default is 10 minutes');
  t.equal(quoteDeadline({ txnValidUntil: '0001-01-01T00:00:00Z' }, NOW), 0, 'before 1970: over, never a negative time');
  t.equal(quoteDeadline({ txnDate: '1969-12-31T23:00:00Z' }, NOW), 0);
});

t.test('time left comes from the clock, so a tab that slept is right at once', async (t) => {
  const deadline = NOW + 90_000;
  t.equal(remainingMs(deadline, NOW), 90_000);
  t.equal(remainingMs(deadline, NOW + 85_000), 5_000, 'after sleeping 85 s');
  t.equal(remainingMs(deadline, NOW + 10 * 60_000), 0, 'never negative');
});

t.test('mm:ss, rounded up so 00:00 means over', async (t) => {
  t.equal(formatCountdown(600_000), '10:00');
  t.equal(formatCountdown(599_001), '10:00');
  t.equal(formatCountdown(599_000), '09:59');
  t.equal(formatCountdown(61_000), '01:01');
  t.equal(formatCountdown(500), '00:01');
  t.equal(formatCountdown(0), '00:00');
  t.equal(formatCountdown(-5), '00:00');
});

t.test('screen readers hear the thresholds and the expiry, never every second', async (t) => {
  t.same(ANNOUNCE_AT_S, [300, 120, 60, 30]);
  t.equal(announcementBetween(300_400, 299_900), '5 minutes left to accept this rate.');
  t.equal(announcementBetween(120_100, 119_600), '2 minutes left to accept this rate.');
  t.equal(announcementBetween(60_001, 60_000), '1 minute left to accept this rate.');
  t.equal(announcementBetween(30_500, 30_000), '30 seconds left to accept this rate.');
  t.equal(announcementBetween(400, 0), QUOTE_TEXT.expired);
  t.equal(announcementBetween(0, 0), undefined, 'expiry is said once');
  // A second-by-second countdown from 10:00 to 0 says exactly five things.
  const said: string[] = [];
  for (let left = 600_000; left > 0; left -= 500) {
    const s = announcementBetween(left, Math.max(0, left - 500));
    if (s) said.push(s);
  }
  t.equal(said.length, 5);
  t.equal(announcementBetween(290_000, 289_500), undefined, 'nothing between thresholds');
  t.equal(announcementBetween(400_000, 45_000), '1 minute left to accept this rate.', 'after sleeping: only the latest');
});

const EN = DEFAULT_TEXTS;
const FR = textsFor('fr-CA');
const FIL = textsFor('fil');
const ID = textsFor('id');

t.test('the deadline as a time in the country main time zone', async (t) => {
  const deadline = Date.parse('2025-07-01T18:05:00Z');
  t.equal(formatHeldUntil(deadline, 'CA', EN), '14:05 EDT');
  t.equal(formatHeldUntil(Date.parse('2025-01-15T18:05:00Z'), 'CA', EN), '13:05 EST');
  t.equal(formatHeldUntil(deadline, 'AU', EN), '04:05 AEST');
  t.equal(formatHeldUntil(Date.parse('2025-12-01T17:05:00Z'), 'AU', EN), '04:05 AEDT', 'in AEDT season, AEDT');
  t.equal(formatHeldUntil(deadline, 'PH', EN), '02:05 (Manila time)', 'a zone Intl names by its offset: its city');
  t.equal(formatHeldUntil(deadline, 'ID', EN), '01:05 (Jakarta time)');
  t.equal(formatHeldUntil(deadline, 'ID', ID), '01.05 WIB', 'Indonesian has a name for it');
  t.equal(formatHeldUntil(deadline, 'AU', FR), '04 h 05 (heure de Sydney)');
  t.equal(formatHeldUntil(deadline, 'CA', FIL), '14:05 (oras sa Toronto)');
});

t.test("a receipt dates the order in the country's time zone, as the page's locale writes a date", async (t) => {
  const at = Date.parse('2026-11-28T19:05:00Z');
  t.equal(formatMoment(at, 'CA', EN), 'November 28, 2026 at 14:05 EST');
  t.equal(formatMoment(at, 'CA', FR), '28 novembre 2026 à 14 h 05 HNE');
  t.equal(formatMoment(at, 'AU', EN), '29 November 2026 at 06:05 AEDT', 'day first in Australia');
  t.equal(formatMoment(at, 'PH', EN), 'November 29, 2026 at 03:05 (Manila time)', 'as the cash receipt names the clock');
  t.equal(formatMoment(at, 'ID', FR), '29 novembre 2026 à 02 h 05 (heure de Jakarta)');
  const first = Date.parse('2026-12-01T15:00:00Z');
  t.equal(formatMoment(first, 'CA', FR), '1er décembre 2026 à 10 h 00 HNE', 'Quebec writes the first of a month 1er');
  t.equal(formatMoment(first, 'CA', EN), 'December 1, 2026 at 10:00 EST');
  t.equal(formatMoment(Date.parse('2026-12-11T15:00:00Z'), 'CA', FR), '11 décembre 2026 à 10 h 00 HNE', 'the 11th is 11');
});

t.test("a quote whose fee is a third party's (a card's) is not held; every other is", async (t) => {
  t.ok(
    PAYMENT_METHODS.list.some((m) => m.providerQuote),
    'a method with a provider quote',
  );
  for (const m of PAYMENT_METHODS.list) t.equal(isRateHeld(m), m.providerQuote === undefined, m.name);
});

t.test('a requote names the fiat amount, the coin amount for ETRANSFEROUT', async (t) => {
  const quote = { refId: 'R1', fiatAmount: 142.5, cryptoAmount: 0.0015 };
  t.same(requoteBody(quote, method('ETRANSFER')!.requotes), { refId: 'R1', fiatAmount: 142.5 });
  t.same(requoteBody(quote, method('ETRANSFEROUT')!.requotes), { refId: 'R1', cryptoAmount: 0.0015 });
});

t.test('the promo box: isPromo and not Pro, savings per method, NO PROCESSING FEES at 0', async (t) => {
  const base: MerchantInput = {
    env: 'PROD',
    merchant: 'm',
    merchantName: 'M',
    title: 'M',
    siteUrl: 'https://m.example',
    errorUrl: 'https://m.example/error',
    successUrl: 'https://m.example/ok',
    etransferFee: 2.99,
    etransferFeePromo: 0,
    flexepinFee: 3.99,
    flexepinFeePromo: 1.99,
    otcFee: 50,
    isPromo: true,
  };
  const config = (over: MerchantInput = {}) => merchantSchema.parse({ ...base, ...over });
  t.same(quotePromo(config(), method('ETRANSFER'), false), { savings: 2.99, noProcessingFees: true });
  t.same(quotePromo(config(), method('FLEXEPIN'), false), { savings: 2, noProcessingFees: false });
  t.equal(quotePromo(config(), method('ETRANSFER'), true), null, 'Pro turns the promo off');
  t.equal(quotePromo(config({ isPromo: false }), method('ETRANSFER'), false), null);
  for (const name of ['OTC', 'CREDITCARD', 'ETRANSFEROUT', 'GIFTCARD', 'toString', '__proto__']) {
    t.equal(quotePromo(config(), PAYMENT_METHODS.get(name), false), null, `no promo fee for ${name}`);
  }
  t.equal(quotePromo(config({ flexepinFeePromo: 3.99 }), method('FLEXEPIN'), false), null, 'nothing to show');
  t.same(quotePromo(config({ etransferFee: 0 }), method('ETRANSFER'), false), { savings: 0, noProcessingFees: true });
});

t.test('the held-until text kept per minute is the one the deadline itself formats to', async (t) => {
  const zones = { CA: 'America/Toronto', AU: 'Australia/Sydney', PH: 'Asia/Manila', ID: 'Asia/Jakarta' } as const;
  const locales = { CA: 'en-CA', AU: 'en-AU', PH: 'en-PH', ID: 'en-CA' } as const;
  // Seconds into the same minutes, on both sides of a change to and from daylight time.
  const around = [Date.parse('2025-03-09T06:59:00Z'), Date.parse('2025-11-02T05:59:00Z'), Date.parse('2025-04-05T15:59:00Z')];
  for (const start of around) {
    for (let offset = 0; offset < 3 * 60_000; offset += 7_919) {
      const deadline = start + offset;
      for (const country of ['CA', 'AU', 'PH', 'ID'] as const) {
        const fresh = new Intl.DateTimeFormat(locales[country], {
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
          timeZone: zones[country],
          timeZoneName: 'short',
        }).format(deadline);
        const named = fresh.replace(/(?:GMT|UTC)[+\-\u2212]\d+$/, `(${EN.ZONE_TEXT[country]})`);
        t.equal(formatHeldUntil(deadline, country, EN), named, `${country} ${new Date(deadline).toISOString()}`);
      }
    }
  }
});
