// The transaction state machine: each step call is accepted only at its nextAction, and
// moves the transaction on as the real exchange does (README: journeys and test values).

import type { z } from 'zod';
import type {
  buyerInfoRequestSchema,
  flowStateSchema,
  statusResponseSchema,
  UpstreamErrorItem,
} from '../../checkout/contract.ts';
import { ERROR_CODES, VERIFICATION_CODE_ATTEMPTS } from '../../checkout/domain.ts';
import { fail, SANDBOX_CODES, SandboxError } from './errors.ts';
import { approveReview, type Clock, cancel, complete, expectStep, goTo, review } from './steps.ts';
import type { BuyerOutcome, Txn } from './store.ts';

export const RIGHT_CODE = '123456';
export const MAX_WRONG_CODES = VERIFICATION_CODE_ATTEMPTS;
export const MAX_CODE_REQUESTS = 3;
/** Buys of at least this much need a selfie with photo ID. */
export const SELFIE_REQUIRED_FROM = 250;

export type FlowState = z.input<typeof flowStateSchema>;
export type StatusResponse = z.input<typeof statusResponseSchema>;

export function flowState(txn: Txn): FlowState {
  return {
    refId: txn.refId,
    fiatAmount: txn.quote.fiatAmount,
    fiatCurrency: txn.fiatCurrency,
    cryptoAmount: txn.quote.cryptoAmount,
    cryptoCurrency: txn.cryptoCurrency,
    cryptoAddress: txn.cryptoAddress,
    paymentMethod: txn.paymentMethod,
    paymentMethodSubtype: txn.paymentMethodSubtype,
    txnType: txn.txnType,
    txnStatus: txn.txnStatus,
    txnValidUntil: new Date(txn.quote.validUntil).toISOString(),
    forexRatePublic: txn.quote.forexRatePublic,
    txnDate: new Date(txn.quote.txnDate).toISOString(),
    country: txn.country,
    nextAction: txn.nextAction,
    nextActionParams: txn.nextActionParams,
    emtEmail: txn.emtEmail ?? null,
  };
}

/**
 * Sells: the deposit is "seen" on the second status call after CUSTOMER_PAYMENT. An order in
 * review is approved when asked about after the back office's time (steps.ts).
 */
export function pollStatus(clock: Clock, txn: Txn): StatusResponse {
  approveReview(txn, clock.now());
  if (txn.api === 'sell' && txn.nextAction === 'CUSTOMER_PAYMENT' && txn.txnStatus === 'PENDING') {
    txn.statusCalls += 1;
    if (txn.statusCalls >= 2) txn.txnStatus = 'PROCESSED';
  }
  return {
    txnStatus: txn.txnStatus,
    cryptoAddress: txn.cryptoAddress,
    cryptoCurrency: txn.cryptoCurrency,
    cryptoAmount: txn.quote.cryptoAmount,
  };
}

function outcomeOf(lastName: string): BuyerOutcome {
  const name = lastName.trim().toLowerCase();
  return name === 'review' || name === 'cancel' || name === 'voice' || name === 'selfie' ? name : null;
}

export function submitCryptoAddress(clock: Clock, txn: Txn, cryptoAddress: string): void {
  expectStep(clock, txn, 'INPUT_CRYPTOADDRESS', 'cryptoaddress');
  const address = cryptoAddress.trim();
  if (!address) throw fail(400, SANDBOX_CODES.requestInvalid, 'cryptoAddress: must not be blank');
  txn.cryptoAddress = address;
  goTo(txn, 'INPUT_BUYERINFO', { addressRequired: txn.addressRequired });
}

export function submitBuyerInfo(clock: Clock, txn: Txn, info: z.output<typeof buyerInfoRequestSchema>): void {
  expectStep(clock, txn, 'INPUT_BUYERINFO', 'buyerinfo');
  const errors: UpstreamErrorItem[] = [];
  if (info.firstName.trim().toLowerCase() === 'error') {
    errors.push({ errorCode: ERROR_CODES.buyerNameInvalid, errorMsg: 'First name is not valid.' });
  }
  if (txn.addressRequired && !info.address) {
    errors.push({ errorCode: ERROR_CODES.buyerAddressRequired, errorMsg: 'Address is required for this amount.' });
  }
  if (errors.length) throw new SandboxError(422, { error: errors });
  // Only the outcome the name asks for is kept, never the buyer's details.
  txn.buyerOutcome = outcomeOf(info.lastName);
  goTo(txn, 'VERIFY_MOBILE');
}

export function requestCode(clock: Clock, txn: Txn): { error?: string } {
  expectStep(clock, txn, 'VERIFY_MOBILE', 'generatesmscode');
  txn.codeRequests += 1;
  if (txn.codeRequests > MAX_CODE_REQUESTS) {
    return { error: 'Too many code requests. Please wait a few minutes before asking for a new code.' };
  }
  return {};
}

export function verifyMobile(clock: Clock, txn: Txn, code: string): void {
  expectStep(clock, txn, 'VERIFY_MOBILE', 'mobileverification');
  txn.codeRequests = 0;
  if (code !== RIGHT_CODE) {
    txn.wrongCodes += 1;
    if (txn.wrongCodes >= MAX_WRONG_CODES) {
      cancel(txn);
      throw fail(422, ERROR_CODES.mobileAttempts, 'You have reached the maximum number of verification attempts.');
    }
    throw fail(422, ERROR_CODES.invalidCode, 'Invalid verification code.');
  }
  switch (txn.buyerOutcome) {
    case 'voice':
      // The sandbox has no phone line: it counts the call as made once it has asked for it,
      // so the next right code goes on.
      txn.buyerOutcome = null;
      throw fail(422, ERROR_CODES.voiceClipMissing, 'A voice clip is required to verify this transaction.');
    case 'selfie':
      goTo(txn, 'SUBMIT_SELFIEDOC');
      throw fail(422, ERROR_CODES.selfieMissing, 'A selfie with your photo ID is required to verify this transaction.');
    case 'review':
      review(txn, clock.now());
      return;
    case 'cancel':
      cancel(txn);
      return;
  }
  if (txn.api === 'buy' && txn.quote.fiatAmount >= SELFIE_REQUIRED_FROM) goTo(txn, 'SUBMIT_SELFIEDOC');
  else toPaymentStep(txn);
}

export function submitSelfie(clock: Clock, txn: Txn): void {
  expectStep(clock, txn, 'SUBMIT_SELFIEDOC', 'selfieimage');
  toPaymentStep(txn);
}

/** After identity checks: the payment step of the method (buys) or the payout step (sells). */
function toPaymentStep(txn: Txn): void {
  txn.rail.afterChecks(txn);
}

/**
 * The visitor's decision on a provider page. A repeated post after the outcome is a no-op
 * (double click); anything else not awaiting this payment is refused.
 */
export function settlePayment(txn: Txn, method: string, decision: 'pay' | 'cancel'): 'settled' | 'not-open' {
  if (txn.nextAction === 'DONE_COMPLETED' || txn.nextAction === 'DONE_CANCELLED') {
    return txn.paymentMethod === method ? 'settled' : 'not-open';
  }
  if (txn.paymentMethod !== method || txn.nextAction !== 'CUSTOMER_PAYMENT') return 'not-open';
  if (decision === 'pay') complete(txn);
  else cancel(txn);
  return 'settled';
}
