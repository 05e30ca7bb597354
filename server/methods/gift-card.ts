// Spending crypto on an eGift card (travels upstream as a SELL): the card's amount is picked
// on the spend quote, buyer details come after it is confirmed, then the deposit page where
// the visitor sends the coins; the card is emailed once they arrive.
import { PAYMENT_EMAIL_MAX_MS } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
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
    afterApproval: (order, texts) =>
      texts.RECEIPT_TEXT.afterApproval.depositAddress({
        coin: order.cryptoCurrency,
        within: texts.TIME.hours(PAYMENT_EMAIL_MAX_MS),
      }),
    delivery: (_order, texts) => texts.RECEIPT_TEXT.delivery.giftCard,
    onDeposit: (texts: Texts) => texts.RECEIPT_TEXT.onDeposit.giftCard,
    youGet: ({ amount, card }, texts) =>
      texts.RECEIPT_TEXT.youGet.giftCard({ amount, within: texts.TIME.hours(PAYMENT_EMAIL_MAX_MS), card }),
  },
});
