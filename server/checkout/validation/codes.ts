// Short numeric inputs: the email verification code, the Flexepin voucher and a card's
// expiry (SPEC.md section 5). Digits are ASCII only.
import { VERIFICATION_CODE_LENGTH, VOUCHER_LENGTH } from '../limits.ts';
import { fail, field, fieldOrValue, isAsciiDigits, ok, type FieldErrors, type Validated } from './result.ts';

export const CODE_MESSAGES = {
  codeRequired: 'Please enter code sent to your email.',
  codeNotNumeric: 'Invalid code.  Code must be numeric.',
  // Not in the spec, which only says "6 digits".
  codeLength: `Code must be ${VERIFICATION_CODE_LENGTH} digits.`,
  voucherRequired: 'Please enter your Flexepin Voucher.',
  voucherNotNumeric: 'Flexepin Vouchers are numbers only.',
  voucherLength: 'Flexepin Vouchers are a 16 digits.',
  // Not in the spec: it gives the rule (month 1-12, year not before this year) only.
  expiryMonthInvalid: 'Expiry month is invalid.',
  expiryYearInvalid: 'Expiry year is invalid.',
  cardExpired: 'This card has expired.',
} as const;

/** Field `verificationCode`: exactly 6 ASCII digits. `raw` is the form or the value. */
export function validateVerificationCode(raw: unknown): Validated<string, 'verificationCode'> {
  const code = fieldOrValue(raw, 'verificationCode');
  if (code === '') return fail({ verificationCode: CODE_MESSAGES.codeRequired });
  if (!isAsciiDigits(code)) return fail({ verificationCode: CODE_MESSAGES.codeNotNumeric });
  if (code.length !== VERIFICATION_CODE_LENGTH) return fail({ verificationCode: CODE_MESSAGES.codeLength });
  return ok(code);
}

/** Field `voucherNumber`: exactly 16 ASCII digits. `raw` is the form or the value. */
export function validateVoucher(raw: unknown): Validated<string, 'voucherNumber'> {
  const voucher = fieldOrValue(raw, 'voucherNumber');
  if (voucher === '') return fail({ voucherNumber: CODE_MESSAGES.voucherRequired });
  if (!isAsciiDigits(voucher)) return fail({ voucherNumber: CODE_MESSAGES.voucherNotNumeric });
  if (voucher.length !== VOUCHER_LENGTH) return fail({ voucherNumber: CODE_MESSAGES.voucherLength });
  return ok(voucher);
}

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
): Validated<CardExpiry, 'expiryMonth' | 'expiryYear'> {
  const now = opts.now ?? new Date();
  const errors: FieldErrors<'expiryMonth' | 'expiryYear'> = {};
  const m = field(raw, 'expiryMonth');
  const y = field(raw, 'expiryYear');
  const month = isAsciiDigits(m) && m.length <= 2 ? Number(m) : NaN;
  if (!(month >= 1 && month <= 12)) errors.expiryMonth = CODE_MESSAGES.expiryMonthInvalid;
  const year = isAsciiDigits(y) && (y.length === 2 || y.length === 4) ? Number(y) + (y.length === 2 ? 2000 : 0) : NaN;
  const thisYear = now.getUTCFullYear();
  // Cards are not issued for decades; a far year is a typo.
  if (!(year >= thisYear && year <= thisYear + EXPIRY_YEARS_AHEAD)) errors.expiryYear = CODE_MESSAGES.expiryYearInvalid;
  if (errors.expiryMonth || errors.expiryYear) return fail(errors);
  if (year === thisYear && month < now.getUTCMonth() + 1) return fail({ expiryMonth: CODE_MESSAGES.cardExpired });
  return ok({ month, year });
}
