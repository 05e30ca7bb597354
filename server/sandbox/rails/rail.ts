// A payment rail of the sandbox: what the exchange does for one payment method, as the real
// one does (README: journeys and test values). One file per method in this folder, listed
// in index.ts; the shared steps (flow.ts) ask the rail where a transaction goes after the
// identity checks.
import type { Api, Txn } from '../store.ts';

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
}
