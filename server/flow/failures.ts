// The one place that turns an upstream failure into what the visitor reads (SPEC.md
// section 8). The upstream's own msg is shown as the spec says; nothing else of the
// upstream (bodies, URLs, stack traces) ever is.
import type { UpstreamFailure } from '../upstream/client.ts';
import { ERROR_CODES } from '../checkout/domain.ts';

export const GENERIC_FAILURE = 'Something went wrong. Please try again.';
export const UNAVAILABLE = 'Service Temporarily Unavailable. Please try again later.';
/** Buyer info: the fallback when the upstream gives no item messages (two spaces, as specified). */
export const BUYER_INFO_FAILURE = 'Error saving your information.  Please try again.';
/** Follows the upstream's MOBILE.INVALIDATTEMPT.REACHED message. */
export const TRANSACTION_CANCELLED_REDIRECT = 'Transaction has been cancelled. Redirecting to homepage in 5 seconds...';
/** TRANSACTION.INVALID: a refId link to a transaction that is no longer PENDING. */
export const TRANSACTION_INVALID = 'This transaction can no longer be changed. Please start a new order.';
/** TXNSTATUS.INVALID on e-transfer init: the payment instructions cannot be shown again. */
export const PAYMENT_ALREADY_INITIATED =
  'Payment Instructions have already been initiated. Please contact our support if you feel this is a mistake.';

export function visitorMessage(failure: UpstreamFailure, fallback = GENERIC_FAILURE): string {
  switch (failure.kind) {
    case 'error':
      return failure.msg || fallback;
    case 'errors':
      return failure.items.map((i) => i.errorMsg).join(' ') || fallback;
    case 'unavailable':
      return UNAVAILABLE;
    case 'invalid-response':
      return fallback;
  }
}

/** TRANSACTION.NOTFOUND: the transaction is gone upstream, so the visitor goes home. */
export function isTransactionGone(failure: UpstreamFailure): boolean {
  return failure.kind === 'error' && failure.code === ERROR_CODES.notFound;
}

/** Buyer info: each upstream item's message, else the upstream's msg, else the fallback. */
export function buyerInfoMessages(failure: UpstreamFailure): string[] {
  if (failure.kind === 'errors') {
    const messages = failure.items.map((i) => i.errorMsg).filter(Boolean);
    return messages.length ? messages : [BUYER_INFO_FAILURE];
  }
  if (failure.kind === 'error' && failure.msg) return [failure.msg];
  return [BUYER_INFO_FAILURE];
}

/** The status a re-rendered form answers with: the upstream's refusal stays a 4xx. */
export function failureStatus(failure: UpstreamFailure): number {
  switch (failure.kind) {
    case 'error':
    case 'errors':
      return failure.status >= 400 && failure.status < 500 ? failure.status : 422;
    case 'unavailable':
      return 503;
    case 'invalid-response':
      return 502;
  }
}

/** E-transfer init: TXNSTATUS.INVALID has its own text (SPEC.md section 8); the rest as usual. */
export function etransferInitMessage(failure: UpstreamFailure): string {
  if (failure.kind === 'error' && failure.code === ERROR_CODES.txnStatusInvalid) return PAYMENT_ALREADY_INITIATED;
  return visitorMessage(failure);
}
