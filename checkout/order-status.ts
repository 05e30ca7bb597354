// Where an order stands, in the words a visitor knows (the order page): the upstream's
// txnStatus and nextAction read as one stage. The page shows the stage, the island that
// follows it asks for it again (`stageMovedOn`), and the way back into the flow is offered
// only while the order waits on the visitor. Pure and isomorphic: the island imports it.
import type { FlowKind } from './domain.ts';

export const ORDER_STAGES = [
  /** Details still to give (an address, buyer info, a code, identity). */
  'unfinished',
  /** At the payment: a buy's payment, a sell's or a spend's crypto. */
  'awaitingPayment',
  /** A sell's or a spend's rate is no longer held, and its crypto has not arrived. */
  'holdLapsed',
  'paymentReceived',
  'inReview',
  'completed',
  'cancelled',
  /** The payment's deadline passed with nothing paid. */
  'expired',
] as const;
export type OrderStage = (typeof ORDER_STAGES)[number];

/** Stages after which nothing more happens: the page stops following the order. */
const FINAL: ReadonlySet<OrderStage> = new Set(['completed', 'cancelled', 'expired']);
/** Stages at which the order waits on the visitor, who may pick the flow up again. */
const WAITING: ReadonlySet<OrderStage> = new Set(['unfinished', 'awaitingPayment']);

/** A sell or a spend pays with crypto: its stages are worded for the crypto sent. */
export const paysInCrypto = (kind: FlowKind) => kind !== 'BUY';

export const isFinalStage = (stage: OrderStage) => FINAL.has(stage);
export const waitsOnVisitor = (stage: OrderStage) => WAITING.has(stage);

/** Next actions of the details steps every flow shares: the order is not at its payment yet. */
const DETAILS_ACTIONS: ReadonlySet<string> = new Set([
  'INPUT_CRYPTOADDRESS',
  'INPUT_BUYERINFO',
  'VERIFY_MOBILE',
  'SUBMIT_SELFIEDOC',
]);

export interface StageFacts {
  kind: FlowKind;
  txnStatus: string;
  nextAction: string;
  /**
   * Whether a next action no flow shares is a payment step: a buy method's own actions
   * (an e-Transfer's or a bank's initiation, a voucher) are, a sell's (the payout email) are not.
   */
  paymentAction: (action: string) => boolean;
  /** When the payment must be made by (ms since the epoch), where the method has a deadline. */
  payBy?: number | undefined;
  /** Until when a sell's or a spend's rate is held (ms since the epoch): its crypto is due by then. */
  holdUntil?: number | undefined;
  now: number;
}

/**
 * The order's stage. A status the edge does not know reads from the next action, as a
 * pending order's does. A sell or a spend is PROCESSED once its deposit address is ready
 * (docs/spec.md section 4), still waiting for the crypto while at CUSTOMER_PAYMENT, and
 * past its rate hold no longer asks for it.
 */
export function orderStage({ kind, txnStatus, nextAction, paymentAction, payBy, holdUntil, now }: StageFacts): OrderStage {
  switch (txnStatus) {
    case 'COMPLETED':
      return 'completed';
    case 'CANCELLED':
      return 'cancelled';
    case 'REVIEW':
      return 'inReview';
  }
  if (txnStatus === 'PROCESSED' && !(paysInCrypto(kind) && nextAction === 'CUSTOMER_PAYMENT')) return 'paymentReceived';
  switch (nextAction) {
    case 'DONE_COMPLETED':
      return 'completed';
    case 'DONE_CANCELLED':
      return 'cancelled';
    case 'ADMIN_REVIEW':
      return 'inReview';
  }
  if (DETAILS_ACTIONS.has(nextAction)) return 'unfinished';
  if (nextAction !== 'CUSTOMER_PAYMENT' && !paymentAction(nextAction)) return 'unfinished';
  if (payBy !== undefined && now > payBy) return 'expired';
  // Not final: crypto sent in time may still arrive, and the page then says so.
  return paysInCrypto(kind) && holdUntil !== undefined && now > holdUntil ? 'holdLapsed' : 'awaitingPayment';
}

/** The order page's answer to the island that follows it. */
export interface StageAnswer {
  stage?: unknown;
}

/** Whether the order has moved on from the stage the page shows: the page then loads again. */
export function stageMovedOn(answer: StageAnswer | null | undefined, shown: OrderStage): boolean {
  return typeof answer?.stage === 'string' && answer.stage !== shown;
}
