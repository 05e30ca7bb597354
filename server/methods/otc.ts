// Cash over the counter at a payment centre (the Philippines): CUSTOMER_PAYMENT leads to the
// page with the reference number, the valid IDs and the map of centres; the cash payment
// expires after the spec's 12 hours.
import { cashDeadline, cashDeadlineText } from '../../checkout/cash-receipt.ts';
import { CASH_PAYMENT_EXPIRY_MS } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
import { go } from '../../checkout/next-step.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { cashInLocationsScreen } from '../screens/cash-in-locations.ts';
import { paymentOtcScreen, paymentOtcSuccessScreen } from '../screens/payment-otc.ts';
import { defineMethod } from './method.ts';

export const otc = defineMethod({
  name: 'OTC',
  flow: 'BUY',
  next: { CUSTOMER_PAYMENT: () => go(ROUTES.paymentOtc.path) },
  rateHold: 'countdown',
  requotes: 'fiat',
  fees: { regular: 'otcFee' },
  screens: [paymentOtcScreen, paymentOtcSuccessScreen, cashInLocationsScreen],
  homeLink: { label: (texts: Texts) => texts.CASH_PAGE.mapLink, path: ROUTES.cashInLocations.path },
  receipt: {
    afterApproval: (_order, texts) =>
      texts.RECEIPT_TEXT.afterApproval.cashDetails({ expiry: texts.TIME.hours(CASH_PAYMENT_EXPIRY_MS) }),
    delivery: (order, texts) => texts.RECEIPT_TEXT.delivery.coins({ coin: order.cryptoCurrency }),
    payBy: (state, now) => cashDeadline(state.txnDate, now),
    payByText: cashDeadlineText,
  },
});
