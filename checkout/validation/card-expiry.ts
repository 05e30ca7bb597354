// A card's expiry (docs/spec.md section 5): month 1-12, year not before the current one.
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { fail, field, isAsciiDigits, ok, type FieldErrors, type Validated } from './result.ts';

export type CardExpiry = { month: number; year: number };

const EXPIRY_YEARS_AHEAD = 20;

/**
 * Fields `expiryMonth` (1 or 2 digits, 1-12) and `expiryYear` (2 digits meaning 20YY, or 4).
 * The year may not be before the current one (UTC) nor more than 20 ahead, and in the current year the
 * month may not have passed: a card is valid through the end of its expiry month.
 */
export function validateCardExpiry(
  raw: unknown,
  opts: { now?: Date } = {},
  texts: Texts = DEFAULT_TEXTS,
): Validated<CardExpiry, 'expiryMonth' | 'expiryYear'> {
  const now = opts.now ?? new Date();
  const errors: FieldErrors<'expiryMonth' | 'expiryYear'> = {};
  const m = field(raw, 'expiryMonth');
  const y = field(raw, 'expiryYear');
  const month = isAsciiDigits(m) && m.length <= 2 ? Number(m) : NaN;
  if (!(month >= 1 && month <= 12)) errors.expiryMonth = texts.CARD_MESSAGES.expiryMonthInvalid;
  const year = isAsciiDigits(y) && (y.length === 2 || y.length === 4) ? Number(y) + (y.length === 2 ? 2000 : 0) : NaN;
  const thisYear = now.getUTCFullYear();
  // Cards are not issued for decades; a far year is a typo.
  if (!(year >= thisYear && year <= thisYear + EXPIRY_YEARS_AHEAD)) errors.expiryYear = texts.CARD_MESSAGES.expiryYearInvalid;
  if (errors.expiryMonth || errors.expiryYear) return fail(errors);
  if (year === thisYear && month < now.getUTCMonth() + 1) return fail({ expiryMonth: texts.CARD_MESSAGES.cardExpired });
  return ok({ month, year });
}
