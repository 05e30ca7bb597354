// Selling crypto for an Interac e-Transfer payout: buyer details come after the quote is
// confirmed, the payout email after verification (INPUT_EMTEMAIL), then the deposit page
// where the visitor sends the coins. A sell is priced by its coin amount, so its requote
// names the coin amount (docs/spec.md section 7).
import { PAYMENT_EMAIL_MAX_MS } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
import { go } from '../../checkout/next-step.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { emailInputScreen, emtEmail } from '../screens/email-input.ts';
import { defineMethod } from './method.ts';

export const etransferOut = defineMethod({
  name: 'ETRANSFEROUT',
  flow: 'SELL',
  next: { INPUT_EMTEMAIL: () => go(ROUTES.emailInput.path), CUSTOMER_PAYMENT: () => go(ROUTES.paymentSpend.path) },
  detailsAfterQuote: true,
  rateHold: 'countdown',
  requotes: 'crypto',
  screens: [emailInputScreen],
  calls: [emtEmail],
  receipt: {
    afterApproval: (order, texts) =>
      texts.RECEIPT_TEXT.afterApproval.depositAddress({
        coin: order.cryptoCurrency,
        within: texts.TIME.hours(PAYMENT_EMAIL_MAX_MS),
      }),
    delivery: (_order, texts) => texts.RECEIPT_TEXT.delivery.payout,
    onDeposit: (texts: Texts) => texts.RECEIPT_TEXT.onDeposit.payout,
    youGet: ({ amount }, texts) => texts.RECEIPT_TEXT.youGet.payout({ amount, within: texts.TIME.hours(PAYMENT_EMAIL_MAX_MS) }),
  },
});
