// The Flexepin voucher number (SPEC.md section 5): 16 digits, ASCII only.
import { VOUCHER_LENGTH } from '../limits.ts';
import { VOUCHER_MESSAGES } from '../messages.ts';
import { fixedDigits, type Validated } from './result.ts';

/** Field `voucherNumber`. `raw` is the form or the value. */
export function validateVoucher(raw: unknown): Validated<string, 'voucherNumber'> {
  return fixedDigits(raw, 'voucherNumber', VOUCHER_LENGTH, VOUCHER_MESSAGES);
}
