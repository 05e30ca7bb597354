// What a completion page (in review, success, cancelled) and the deposit page are given:
// the order, when the visitor's flow is there, and its payment method's receipt words.
import type { Order } from '../../checkout/order.ts';

/** A receipt's words for one order, as the completion and deposit pages show them. */
export interface ReceiptText {
  afterApproval: string;
  delivery: string;
  cancelled?: string | undefined;
  onDeposit?: string | undefined;
}

export interface CompletionProps {
  order?: Order | undefined;
  receipt?: ReceiptText | undefined;
}
