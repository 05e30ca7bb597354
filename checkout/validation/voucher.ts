// The Flexepin voucher number (docs/spec.md section 5): 16 digits, ASCII only.
import { VOUCHER_LENGTH } from '../limits.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { fieldOrValue, fixedDigits, type Validated } from './result.ts';

/**
 * The one normalisation: the spaces and dashes a voucher is printed with ('1234-5678 …')
 * are dropped. Anything else (letters, Arabic-Indic or full-width digits) stays, and is
 * refused as not numbers only.
 */
export function normaliseVoucher(value: string): string {
  return value.replace(/[ -]/g, '');
}

/** Field `voucherNumber`. `raw` is the form or the value. */
export function validateVoucher(raw: unknown, texts: Texts = DEFAULT_TEXTS): Validated<string, 'voucherNumber'> {
  return fixedDigits(
    normaliseVoucher(fieldOrValue(raw, 'voucherNumber')),
    'voucherNumber',
    VOUCHER_LENGTH,
    texts.VOUCHER_MESSAGES,
  );
}
