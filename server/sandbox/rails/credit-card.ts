// Card payments: after the checks the transaction waits for the card (CUSTOMER_PAYMENT); the
// card provider's widget (the sandbox's third-party page) settles it. A card quote is the
// current price, so it never expires here.
import type { Coin } from '../../../checkout/domain.ts';
import { type PriceCurrency, priceOf, roundTo } from '../prices.ts';
import { goTo } from '../steps.ts';
import type { Rail } from './rail.ts';

/** The card provider's fees: a share of the amount, and a fixed network fee, both in the amount's currency. */
export const CARD_FEE_RATE = 0.035;
export const CARD_EXTRA_FEE = 0.3;

export function cardFees(amount: number): { feeAmount: number; extraFeeAmount: number } {
  return { feeAmount: roundTo(amount * CARD_FEE_RATE, 2), extraFeeAmount: CARD_EXTRA_FEE };
}

/** What a card is charged in USD for an amount in another currency: the same coin's price in both. */
export function usdOf(amount: number, coin: Coin, currency: PriceCurrency): number {
  return roundTo((amount * priceOf(coin, 'USD')) / priceOf(coin, currency), 2);
}

export const creditCardRail: Rail = {
  name: 'CREDITCARD',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'CUSTOMER_PAYMENT'),
  holdsRate: false,
  feeIn: 'included',
  // The provider's fees, as its quote gives them: the exchange prices a card order with them.
  providerFee: (amount) => {
    const { feeAmount, extraFeeAmount } = cardFees(amount);
    return roundTo(feeAmount + extraFeeAmount, 2);
  },
};
