// The transactions, in memory only: a restart forgets them, like a payment provider's
// test mode that is reset. Each lives 24 h after its last use, and the count is capped.
import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import type { nextActionParamsSchema } from '../../checkout/contract.ts';
import type { Coin, Country, FiatCurrency, NextAction, TxnStatus, TxnType } from '../../checkout/domain.ts';
import { BoundedCache } from './cache.ts';

/** A transaction belongs to the API that created it: /txnbuy or /txnsell. */
export type Api = 'buy' | 'sell';

/** What a transaction asks of its method's rail as it moves on (the whole rail: rails/rail.ts). */
export interface TxnRail {
  /** After the identity checks: its payment step (buys) or its payout step (sells). */
  afterChecks(txn: Txn): void;
  /**
   * How its fee stands in the order: included in what a buyer pays, deducted from a
   * seller's payout, added to an eGift card's value (what the visitor sends pays both).
   */
  feeIn: 'included' | 'deducted' | 'added';
  /** A fee that is a third party's (a card provider's), not the merchant's fee fields. */
  providerFee?: (fiatAmount: number) => number;
}

export interface Quote {
  fiatAmount: number;
  cryptoAmount: number;
  forexRatePublic: number;
  /** Gift cards: the picker may change the card with the amount. */
  paymentMethodSubtype: string | null;
  /** ms since the epoch */
  txnDate: number;
  validUntil: number;
}

/** What the buyer's last name asks for (README: test values); the name itself is not kept. */
export type BuyerOutcome = 'review' | 'cancel' | 'voice' | 'selfie' | null;

/** nextActionParams may carry fields beyond the contract's (responses tolerate extras). */
export type NextActionParams = z.input<typeof nextActionParamsSchema> & { referenceNumber?: string };

export interface Txn {
  refId: string;
  /** The merchant (x-merchant) whose visitor created it: no other merchant can see it. */
  merchant?: string;
  /** Its merchant trades on the test networks: its deposit address is a test-network one. */
  testNetwork?: boolean;
  api: Api;
  /** A sell's payout email, once given. */
  emtEmail?: string;
  txnType: TxnType;
  fiatCurrency: FiatCurrency;
  cryptoCurrency: Coin;
  country: Country;
  paymentMethod: string;
  /** What the exchange does for its method (its rail: rails/rail.ts). */
  rail: TxnRail;
  paymentMethodSubtype: string | null;
  quote: Quote;
  /** A requote waiting for confirmednewquote. */
  pendingQuote: Quote | null;
  cryptoAddress: string | null;
  txnStatus: TxnStatus;
  nextAction: NextAction;
  nextActionParams: NextActionParams;
  addressRequired: boolean;
  buyerOutcome: BuyerOutcome;
  wrongCodes: number;
  /** generatesmscode calls since the last verification attempt. */
  codeRequests: number;
  /** GET status calls since a sell reached CUSTOMER_PAYMENT. */
  statusCalls: number;
  /** When the order went to review (ms since the epoch): the back office approves it a while after. */
  reviewSince?: number;
  etransferInitiated: boolean;
  bankName: string | null;
  /** Its quote expires at validUntil (its rail's word): a card quote never does. */
  holdsRate: boolean;
  /** A Pro quote (a vipTag): the Pro fee applies. */
  pro: boolean;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 'SBX' + 20 base32 characters: 100 random bits, not guessable. */
export function newRefId(): string {
  let id = 'SBX';
  for (let i = 0; i < 20; i++) id += BASE32[randomInt(32)];
  return id;
}

export const TXN_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_TXNS = 10_000;

export class TxnStore {
  readonly #cache: BoundedCache<Txn>;

  constructor(now: () => number) {
    this.#cache = new BoundedCache<Txn>({ maxEntries: MAX_TXNS, ttlMs: TXN_TTL_MS, sliding: true, now });
  }

  add(txn: Txn): void {
    this.#cache.set(txn.refId, txn);
  }

  /** A transaction of any API (root endpoints and pages), or undefined. */
  get(refId: string): Txn | undefined {
    return this.#cache.get(refId);
  }
}
