// How an order's figures follow from each other. A buy's fee is included in what the visitor
// pays (the amount converted is the amount paid less the fee), a sell's is deducted from the
// payout (the coins' value less the fee), a spend's is added to the card's value (the coins
// sent pay for both). Converted at the rate shown, the amount converted gives exactly what
// the visitor receives or sends, to the last digit shown; `workingOf` says so, or that the
// upstream's figures do not add up (shown as given, and logged by the edge). Pure and
// isomorphic: the quote's island shows the working of a new quote too.
import type { FlowKind } from './domain.ts';
import { CRYPTO_DECIMALS, FIAT_DECIMALS } from './limits.ts';

/** How each flow's fee stands in its order. */
export const FEE_IN = { BUY: 'included', SELL: 'deducted', SPEND: 'added' } as const satisfies Record<FlowKind, string>;
export type FeeIn = (typeof FEE_IN)[FlowKind];

/** The figures every quote shows, the island's new quote included. */
export interface QuoteFigures {
  /** A buy's total, a sell's payout, a spend's eGift card value. */
  fiatAmount: number;
  /** What a buy receives, what a sell or a spend sends. */
  cryptoAmount: number;
  /** Fiat per coin. */
  forexRatePublic: number | null;
}

/** Half-up rounding on the decimal value (1.005 -> 1.01), which `Math.round(x * 100) / 100` gets wrong. */
export function roundTo(value: number, decimals: number): number {
  return shift(Math.round(shift(value, decimals)), -decimals);
}

/** `x` times 10 to the `by`, moved in its decimal text so no binary error creeps in. */
function shift(x: number, by: number): number {
  const text = String(x);
  const e = text.indexOf('e');
  return Number(e === -1 ? `${text}e${by}` : `${text.slice(0, e)}e${Number(text.slice(e + 1)) + by}`);
}

export interface Working {
  feeIn: FeeIn;
  fee: number;
  rate: number;
  /**
   * The fiat the rate converts: a buy's total less the fee, a spend's card value plus the
   * fee, a sell's coins' value (its payout plus the fee).
   */
  converted: number;
  /** Converted at the rate, the amount converted gives exactly what the order says, to the digit shown. */
  adds: boolean;
}

/** How the order's figures follow from each other; none without a rate. */
export function workingOf(order: {
  kind: FlowKind;
  fiatAmount: number;
  cryptoAmount: number;
  rate?: number | null | undefined;
  fee?: number | null | undefined;
}): Working | undefined {
  const rate = order.rate;
  if (!rate || rate <= 0) return undefined;
  const fee = order.fee ?? 0;
  const feeIn = FEE_IN[order.kind];
  const fiat = (x: number) => roundTo(x, FIAT_DECIMALS);
  const coins = (x: number) => roundTo(x, CRYPTO_DECIMALS);
  switch (feeIn) {
    case 'included': {
      const converted = fiat(order.fiatAmount - fee);
      return { feeIn, fee, rate, converted, adds: coins(converted / rate) === order.cryptoAmount };
    }
    case 'added': {
      const converted = fiat(order.fiatAmount + fee);
      return { feeIn, fee, rate, converted, adds: coins(converted / rate) === order.cryptoAmount };
    }
    case 'deducted': {
      const converted = fiat(order.cryptoAmount * rate);
      return { feeIn, fee, rate, converted, adds: fiat(converted - fee) === order.fiatAmount };
    }
  }
}

/**
 * A third party's own figures for an order (a card provider's): its fees, which the order's
 * fee is, in the order's currency, and what the visitor's card is charged, when it says.
 */
export interface ProviderQuote {
  /** What the visitor receives, in coins. */
  receives: number;
  fees: readonly { label: string; amount: number }[];
  charge?: { amount: number; currency: string } | undefined;
}

/** The sum of a provider's fees, to the cent. */
export function providerFee(quote: ProviderQuote): number {
  return Math.round(quote.fees.reduce((sum, fee) => sum + fee.amount, 0) * 100) / 100;
}
