// Spending crypto on an eGift card (travels upstream as a SELL): the card's amount is picked
// on the spend quote, buyer details come after it is confirmed, then the deposit page where
// the visitor sends the coins; the card is emailed once they arrive.
import { formatHours } from '../../checkout/format.ts';
import { PAYMENT_EMAIL_MAX_MS } from '../../checkout/limits.ts';
import { RECEIPT_TEXT } from '../../checkout/messages.ts';
import { go } from '../../checkout/next-step.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { spendQuoteScreen } from '../screens/spend-quote.ts';
import { defineMethod } from './method.ts';

export const giftCard = defineMethod({
  name: 'GIFTCARD',
  flow: 'SPEND',
  next: { CUSTOMER_PAYMENT: () => go(ROUTES.paymentSpend.path) },
  detailsAfterQuote: true,
  quoteScreen: ROUTES.spendQuote.path,
  rateHold: 'countdown',
  requotes: 'fiat',
  fees: { regular: 'spendFee' },
  screens: [spendQuoteScreen],
  receipt: {
    afterApproval: (order) => RECEIPT_TEXT.afterApproval.depositAddress(order.cryptoCurrency, formatHours(PAYMENT_EMAIL_MAX_MS)),
    delivery: () => RECEIPT_TEXT.delivery.giftCard,
    onDeposit: RECEIPT_TEXT.onDeposit.giftCard,
    youGet: ({ amount, card }) => RECEIPT_TEXT.youGet.giftCard(amount, formatHours(PAYMENT_EMAIL_MAX_MS), card),
  },
});
