// The moves of the transaction state machine every payment rail shares: go to a next
// action, complete, cancel, wait for a deposit, and accept a step only at its nextAction
// while the quote holds. The rails (rails/) and the shared steps (flow.ts) build on them.
import { ERROR_CODES, type NextAction } from '../../checkout/domain.ts';
import { fail, type SandboxError } from './errors.ts';
import type { NextActionParams, Txn } from './store.ts';
import { depositAddress } from './wallets.ts';

export interface Clock {
  now(): number;
  quoteTtlMs: number;
}

export function goTo(txn: Txn, nextAction: NextAction, params: NextActionParams = {}): void {
  txn.nextAction = nextAction;
  txn.nextActionParams = params;
}

export function complete(txn: Txn): void {
  txn.txnStatus = 'COMPLETED';
  goTo(txn, 'DONE_COMPLETED');
}

export function cancel(txn: Txn): void {
  txn.txnStatus = 'CANCELLED';
  goTo(txn, 'DONE_CANCELLED');
}

/** A reviewed order: the payment (or the voucher) is checked before the coins are sent. */
export function review(txn: Txn, now: number): void {
  txn.txnStatus = 'REVIEW';
  txn.reviewSince = now;
  goTo(txn, 'ADMIN_REVIEW');
}

/**
 * How long the sandbox's back office takes to approve an order in review. It approves when
 * asked about the order's status after that (the status call, which the edge's follower
 * makes for an order nobody looks at), so a page that shows the review keeps showing it.
 */
export const REVIEW_APPROVAL_MS = 30_000;

/** The review is over once asked about after its time: the order is completed. */
export function approveReview(txn: Txn, now: number): void {
  if (txn.txnStatus === 'REVIEW' && txn.reviewSince !== undefined && now - txn.reviewSince >= REVIEW_APPROVAL_MS) complete(txn);
}

/** Sells: the visitor sends coins to a deposit address of the transaction. */
export function awaitDeposit(txn: Txn): void {
  txn.cryptoAddress = depositAddress(txn.cryptoCurrency, txn.refId, txn.testNetwork ? 'testnet' : 'prod');
  txn.statusCalls = 0;
  goTo(txn, 'CUSTOMER_PAYMENT', { cryptoAddress: txn.cryptoAddress });
}

/** Once the payment is under way (or over) the price is fixed. */
export function isQuoteLocked(txn: Txn): boolean {
  return ['CUSTOMER_PAYMENT', 'ADMIN_REVIEW', 'DONE_COMPLETED', 'DONE_CANCELLED'].includes(txn.nextAction);
}

/** A rail that shows the current price with no countdown (cards) never lets its quote expire. */
export function isQuoteExpired(clock: Clock, txn: Txn): boolean {
  return txn.holdsRate && !isQuoteLocked(txn) && clock.now() >= txn.quote.validUntil;
}

export function quoteExpiredError(): SandboxError {
  return fail(409, ERROR_CODES.quoteExpired, 'The quote has expired. Please accept a new quote to continue.');
}

/** A step is allowed only at its nextAction, and only while the quote holds. */
export function expectStep(clock: Clock, txn: Txn, action: NextAction, step: string): void {
  if (txn.nextAction !== action) {
    throw fail(409, ERROR_CODES.flowActionInvalid, `${step} is not allowed now: the transaction is at ${txn.nextAction}.`);
  }
  if (isQuoteExpired(clock, txn)) throw quoteExpiredError();
}
