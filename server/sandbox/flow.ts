// The transaction state machine: each step call is accepted only at its nextAction, and
// moves the transaction on as the real exchange does (README: journeys and test values).
import { ERROR_CODES, type NextAction } from '../../checkout/domain.ts';
import type { z } from 'zod';
import type { buyerInfoRequestSchema, flowStateSchema, statusResponseSchema, UpstreamErrorItem } from '../upstream/contract.ts';
import { AUD_PROVIDER_NAME, BANKS } from './banks.ts';
import { SANDBOX_CODES, SandboxError, fail } from './errors.ts';
import { bankDocument } from './pages/pay.ts';
import { isQuoteExpired, quoteExpiredError, type Clock } from './quotes.ts';
import type { BuyerOutcome, NextActionParams, Txn } from './store.ts';
import { depositAddress } from './wallets.ts';

export const RIGHT_CODE = '123456';
export const MAX_WRONG_CODES = 3;
export const MAX_CODE_REQUESTS = 3;
/** Buys of at least this much need a selfie with photo ID. */
export const SELFIE_REQUIRED_FROM = 250;
export const USED_VOUCHER = '0000000000000000';
export const LOW_VALUE_VOUCHER_PREFIX = '9999';
export const LOW_VOUCHER_VALUE = 50;

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

/** Sells: the deposit is "seen" on the second status call after CUSTOMER_PAYMENT. */
export function pollStatus(txn: Txn): StatusResponse {
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

function goTo(txn: Txn, nextAction: NextAction, params: NextActionParams = {}): void {
  txn.nextAction = nextAction;
  txn.nextActionParams = params;
}

function complete(txn: Txn): void {
  txn.txnStatus = 'COMPLETED';
  goTo(txn, 'DONE_COMPLETED');
}

function cancel(txn: Txn): void {
  txn.txnStatus = 'CANCELLED';
  goTo(txn, 'DONE_CANCELLED');
}

/** A step is allowed only at its nextAction, and only while the quote holds. */
function expectStep(clock: Clock, txn: Txn, action: NextAction, step: string): void {
  if (txn.nextAction !== action) {
    throw fail(409, ERROR_CODES.flowActionInvalid, `${step} is not allowed now: the transaction is at ${txn.nextAction}.`);
  }
  if (isQuoteExpired(clock, txn)) throw quoteExpiredError();
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
    errors.push({ errorCode: SANDBOX_CODES.buyerNameInvalid, errorMsg: 'First name is not valid.' });
  }
  if (txn.addressRequired && !info.address) {
    errors.push({ errorCode: SANDBOX_CODES.buyerAddressRequired, errorMsg: 'Address is required for this amount.' });
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
    throw fail(422, SANDBOX_CODES.invalidCode, 'Invalid verification code.');
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
      txn.txnStatus = 'REVIEW';
      goTo(txn, 'ADMIN_REVIEW');
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
  switch (txn.paymentMethod) {
    case 'ETRANSFER':
      goTo(txn, 'INITIATE_ETRANSFER');
      break;
    case 'FLEXEPIN':
      goTo(txn, 'INPUT_VOUCHERNUMBER');
      break;
    case 'BANKTRANSFER':
      goTo(txn, 'INITIATE_BANKTRANSFER', { availableBanks: BANKS[txn.fiatCurrency] });
      break;
    case 'OTC':
      // The payment centre takes the reference number; extra field, see README.
      goTo(txn, 'CUSTOMER_PAYMENT', { referenceNumber: txn.refId });
      break;
    case 'CREDITCARD':
      goTo(txn, 'CUSTOMER_PAYMENT');
      break;
    case 'ETRANSFEROUT':
      goTo(txn, 'INPUT_EMTEMAIL');
      break;
    case 'GIFTCARD':
      awaitDeposit(txn);
      break;
  }
}

/** Sells: the visitor sends coins to a deposit address of the transaction. */
function awaitDeposit(txn: Txn): void {
  txn.cryptoAddress = depositAddress(txn.cryptoCurrency, txn.refId);
  txn.statusCalls = 0;
  goTo(txn, 'CUSTOMER_PAYMENT', { cryptoAddress: txn.cryptoAddress });
}

export function submitEmtEmail(clock: Clock, txn: Txn, emtEmail: string): void {
  expectStep(clock, txn, 'INPUT_EMTEMAIL', 'emtemail');
  txn.emtEmail = emtEmail;
  awaitDeposit(txn);
}

export function redeemVoucher(clock: Clock, txn: Txn, voucherNumber: string): void {
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
  // A redeemed voucher is reviewed before the coins are sent (delivered within 12 hours).
  txn.txnStatus = 'REVIEW';
  goTo(txn, 'ADMIN_REVIEW');
}

export function initEtransfer(clock: Clock, txn: Txn, baseUrl: string): void {
  if (txn.etransferInitiated) {
    throw fail(409, ERROR_CODES.txnStatusInvalid, 'Payment instructions have already been initiated for this transaction.');
  }
  expectStep(clock, txn, 'INITIATE_ETRANSFER', 'etransfer/init');
  txn.etransferInitiated = true;
  goTo(txn, 'CUSTOMER_PAYMENT', { redirectUrl: `${baseUrl}/pay/etransfer/${txn.refId}` });
}

/**
 * AUD goes to the provider's page (redirectUrl); other currencies pick a bank first, then
 * get the bank's page as an htmlDoc.
 */
export function initBankTransfer(clock: Clock, txn: Txn, selectedBank: string, baseUrl: string): void {
  expectStep(clock, txn, 'INITIATE_BANKTRANSFER', 'banktransfer/init');
  const banks = BANKS[txn.fiatCurrency];
  if (txn.fiatCurrency === 'AUD') {
    txn.bankName = AUD_PROVIDER_NAME;
    goTo(txn, 'CUSTOMER_PAYMENT', { redirectUrl: `${baseUrl}/pay/bank/${txn.refId}` });
    return;
  }
  if (selectedBank === '') {
    goTo(txn, 'INITIATE_BANKTRANSFER', { availableBanks: banks });
    return;
  }
  const bank = banks.find((b) => b.bankCode === selectedBank);
  if (!bank) {
    throw fail(400, SANDBOX_CODES.requestInvalid, `selectedBank: must be one of ${banks.map((b) => b.bankCode).join(', ')}`);
  }
  txn.bankName = bank.bankName;
  goTo(txn, 'CUSTOMER_PAYMENT', { htmlDoc: bankDocument(txn, baseUrl) });
}

export type PayableMethod = 'ETRANSFER' | 'BANKTRANSFER' | 'CREDITCARD';

/**
 * The visitor's decision on a provider page. A repeated post after the outcome is a no-op
 * (double click); anything else not awaiting this payment is refused.
 */
export function settlePayment(txn: Txn, method: PayableMethod, decision: 'pay' | 'cancel'): 'settled' | 'not-open' {
  if (txn.nextAction === 'DONE_COMPLETED' || txn.nextAction === 'DONE_CANCELLED') {
    return txn.paymentMethod === method ? 'settled' : 'not-open';
  }
  if (txn.paymentMethod !== method || txn.nextAction !== 'CUSTOMER_PAYMENT') return 'not-open';
  if (decision === 'pay') complete(txn);
  else cancel(txn);
  return 'settled';
}
