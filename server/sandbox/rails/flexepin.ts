// Flexepin vouchers: after the checks the transaction waits for a voucher number. A used
// voucher and one whose stored value differs from the quote (README: test values) are
// refused; a redeemed voucher is reviewed before the coins are sent.

import { voucherNumberRequestSchema } from '../../../checkout/contract.ts';
import { ERROR_CODES } from '../../../checkout/domain.ts';
import { fail } from '../errors.ts';
import { type Clock, expectStep, goTo, review } from '../steps.ts';
import type { Txn } from '../store.ts';
import { type Rail, railCall } from './rail.ts';

export const USED_VOUCHER = '0000000000000000';
export const LOW_VALUE_VOUCHER_PREFIX = '9999';
export const LOW_VOUCHER_VALUE = 50;

export const flexepinRail: Rail = {
  name: 'FLEXEPIN',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'INPUT_VOUCHERNUMBER'),
  holdsRate: true,
  feeIn: 'included',
  steps: [
    railCall({
      path: 'vouchernumber',
      request: voucherNumberRequestSchema,
      run: (txn, { voucherNumber }, { clock }) => redeemVoucher(clock, txn, voucherNumber),
    }),
  ],
};

function redeemVoucher(clock: Clock, txn: Txn, voucherNumber: string): void {
  expectStep(clock, txn, 'INPUT_VOUCHERNUMBER', 'vouchernumber');
  if (voucherNumber === USED_VOUCHER) throw fail(422, ERROR_CODES.voucherUsed, 'This voucher has already been used.');
  const value = voucherNumber.startsWith(LOW_VALUE_VOUCHER_PREFIX) ? LOW_VOUCHER_VALUE : txn.quote.fiatAmount;
  if (value !== txn.quote.fiatAmount) {
    throw fail(
      422,
      ERROR_CODES.amountMismatch,
      `The voucher's stored value (${value.toFixed(2)} ${txn.fiatCurrency}) does not match the quoted amount (${txn.quote.fiatAmount.toFixed(2)} ${txn.fiatCurrency}).`,
      { amount: value },
    );
  }
  // Coins are delivered within 12 hours of the review.
  review(txn, clock.now());
}
