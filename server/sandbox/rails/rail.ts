// A payment rail of the sandbox: what the exchange does for one payment method, as the real
// one does (README: journeys and test values). One file per method in this folder, listed
// in index.ts; the shared steps (flow.ts) ask the rail where a transaction goes after the
// identity checks.
import type { Api, Txn } from '../store.ts';

/** A method's fee fields in the merchant's file: regular, during a promotion (not for Pro), for Pro visitors. */
export interface FeeFields {
  regular: string;
  promo?: string;
  pro?: string;
}

export interface Rail {
  /** The method's name on the wire. */
  name: string;
  /** The API its transactions live on: /txnbuy or /txnsell. */
  api: Api;
  /** After the identity checks: its payment step (buys) or its payout step (sells). */
  afterChecks(txn: Txn): void;
  /** Its quote is held until txnValidUntil; a card quote is the current price, never held. */
  holdsRate: boolean;
  /** Pro quotes (a vipTag) use this rail. */
  pro?: boolean;
  /**
   * How its fee stands in the order: included in what a buyer pays, deducted from a
   * seller's payout, added to an eGift card's value (what the visitor sends pays both).
   */
  feeIn: 'included' | 'deducted' | 'added';
  /** Its fee: from the merchant's fee fields, or, for a card, the card provider's own. */
  fees?: FeeFields | ((fiatAmount: number) => number);
}
