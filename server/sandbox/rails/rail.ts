// A payment rail of the sandbox: what the exchange does for one payment method, as the real
// one does (README: journeys and test values). One file per method in this folder, listed
// in index.ts: the shared steps (flow.ts) ask the rail where a transaction goes after the
// identity checks, the API serves its init call and its own steps, and the pages its
// provider's page. What it charges is the merchant's fee fields the edge's method names
// (fees.ts).
import type { z } from 'zod';
import type { Clock } from '../steps.ts';
import type { Api, Txn, TxnRail } from '../store.ts';

/** What a rail's call is given beside the transaction and its body. */
export interface RailCallContext {
  clock: Clock;
  /** Where the visitor's browser reaches the sandbox's pages (a provider page's address). */
  baseUrl: string;
}

export interface Rail extends TxnRail {
  /** The method's name on the wire. */
  name: string;
  /** The API its transactions live on: /txnbuy or /txnsell. */
  api: Api;
  /** Its quote is held until txnValidUntil; a card quote is the current price, never held. */
  holdsRate: boolean;
  /** Pro quotes (a vipTag) use this rail. */
  pro?: boolean;
  /**
   * Its init call on the API's root (POST /{path}), answered with the flow state: `refId`
   * names the transaction, the rest of the body is what `init` takes.
   */
  init?: RailCall;
  /** Its own steps on its API (POST /txnbuy/{path} or /txnsell/{path}), answered with the flow state. */
  steps?: readonly RailCall[];
  /**
   * Its provider's page, opened by the visitor's browser at /pay/{slug}/{refId}: Pay or
   * Cancel settles the transaction. A page that `returns` sends the browser back to the
   * returnUrl it was given, as a bank does; the others end on the sandbox's result page.
   */
  page?: { slug: string; returns: boolean; render(txn: Txn, returnUrl: string | null): string };
}

/** The rails one sandbox takes, by name. */
export type Rails = ReadonlyMap<string, Rail>;

export const railsOf = (rails: readonly Rail[]): Rails => new Map(rails.map((rail) => [rail.name, rail]));

/** A call of a rail's own: the contract's request schema for its body, and what it does to the transaction. */
export interface RailCall<Body extends { refId: string } = { refId: string }> {
  path: string;
  request: z.ZodType<Body>;
  run(txn: Txn, body: Body, call: RailCallContext): void;
}

/** Types a rail's call by its request schema. */
export const railCall = <Body extends { refId: string }>(call: RailCall<Body>): RailCall => call as unknown as RailCall;
