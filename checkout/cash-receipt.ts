// What the cash receipt (screen 18 and its thanks page) says at the payment centre's counter:
// the reference in groups the visitor can read aloud, and the deadline as a clock time and a
// date in Manila time (docs/spec.md section 9: a cash payment expires after 12 hours).

import { PH_TIME_ZONE } from './cash-in.ts';
import { clockLocaleFor, firstOfMonthIn } from './i18n/languages.ts';
import { CASH_PAYMENT_EXPIRY_MS } from './limits.ts';
import type { Texts } from './messages.ts';

/** Characters per group of a reference read aloud: short enough to say in one breath. */
export const REFERENCE_GROUP_LENGTH = 4;

/** 'SBXM5MNSBEVN7DZXNH6F2AX' as ['SBXM', '5MNS', 'BEVN', '7DZX', 'NH6F', '2AX']. */
export function referenceGroups(reference: string): string[] {
  const groups: string[] = [];
  for (let at = 0; at < reference.length; at += REFERENCE_GROUP_LENGTH) {
    groups.push(reference.slice(at, at + REFERENCE_GROUP_LENGTH));
  }
  return groups;
}

/**
 * How large a reference is drawn, by its length: a longer one is drawn smaller so that it
 * still stays on one line of a phone (a page's style sheet cannot count characters).
 */
export function referenceLength(reference: string): 'short' | 'long' | 'longer' {
  if (reference.length <= 24) return 'short';
  return reference.length <= 32 ? 'long' : 'longer';
}

/**
 * When the cash must be paid by: CASH_PAYMENT_EXPIRY_MS after the order (its txnDate), or
 * after `now` when the upstream gave no usable date.
 */
export function cashDeadline(txnDate: string | null | undefined, now: number): number {
  const ordered = txnDate ? Date.parse(txnDate) : Number.NaN;
  return (Number.isFinite(ordered) ? ordered : now) + CASH_PAYMENT_EXPIRY_MS;
}

/** The cash deadline as the cash page and the order's page write it: '4:00 PM on Monday, November 23, 2026'. */
export function cashDeadlineText(at: number, texts: Texts): string {
  return texts.CASH_PAGE.deadline(manilaTime(at, texts.locale));
}

/** Manila's clock and calendar, in English as Manila writes them or in the page's French. */
const clocks = new Map<string, { clock: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

/** A moment as Manila's clock and calendar show it: '4:00 AM' and 'Monday, November 23, 2026'. */
export function manilaTime(at: number, pageLocale?: string): { time: string; date: string } {
  const locale = clockLocaleFor(pageLocale, 'en-PH');
  let found = clocks.get(locale);
  if (!found) {
    const day = { timeZone: PH_TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;
    found = {
      clock: new Intl.DateTimeFormat(locale, { timeZone: PH_TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
      day: new Intl.DateTimeFormat(locale, day),
    };
    clocks.set(locale, found);
  }
  const first = firstOfMonthIn(locale);
  const date = found.day
    .formatToParts(at)
    .map((part) => (part.type === 'day' && part.value === '1' ? first : part.value))
    .join('');
  return { time: found.clock.format(at), date };
}
