// Card payments, charged in USD by the card provider (docs/spec.md sections 1 and 5):
// CUSTOMER_PAYMENT leads to the card quote, which asks the provider what the order buys and
// costs, then to the provider's frame. The quote shows the current price with no countdown.
import type { Texts } from '../../checkout/messages.ts';
import { go } from '../../checkout/next-step.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { cardProviderQuote, creditCardQuoteScreen, creditCardScreen } from '../screens/credit-card.ts';
import { defineMethod } from './method.ts';

export const creditCard = defineMethod({
  name: 'CREDITCARD',
  flow: 'BUY',
  next: { CUSTOMER_PAYMENT: () => go(ROUTES.creditCardQuote.path) },
  rateHold: 'current-price',
  requotes: 'fiat',
  quoteNotice: (texts: Texts) => texts.QUOTE_TEXT.chargedInUsd,
  screens: [creditCardQuoteScreen, creditCardScreen],
  providerQuote: cardProviderQuote,
  receipt: {
    afterApproval: (order, texts) => texts.RECEIPT_TEXT.afterApproval.coinsSent({ coin: order.cryptoCurrency }),
    delivery: (order, texts) => texts.RECEIPT_TEXT.delivery.coins({ coin: order.cryptoCurrency }),
  },
});
