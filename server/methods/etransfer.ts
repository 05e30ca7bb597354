// Interac e-Transfer, the buy rail: INITIATE_ETRANSFER and CUSTOMER_PAYMENT lead to the
// payment page, which initiates the payment once and opens the provider's page. The method
// the Pro flow offers (it has a Pro fee).
import { PAYMENT_DEADLINE_MS, PAYMENT_EMAIL_MAX_MS } from '../../checkout/limits.ts';
import { go } from '../../checkout/next-step.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { etransferInit, paymentEtransferScreen } from '../screens/payment-etransfer.ts';
import { defineMethod } from './method.ts';

const paymentPage = () => go(ROUTES.paymentEtransferInstructions.path);

export const etransfer = defineMethod({
  name: 'ETRANSFER',
  flow: 'BUY',
  next: { INITIATE_ETRANSFER: paymentPage, CUSTOMER_PAYMENT: paymentPage },
  rateHold: 'countdown',
  requotes: 'fiat',
  fees: { regular: 'etransferFee', promo: 'etransferFeePromo', pro: 'etransferFeePro' },
  screens: [paymentEtransferScreen],
  calls: [etransferInit],
  receipt: {
    afterApproval: (_order, texts) =>
      texts.RECEIPT_TEXT.afterApproval.paymentInstructions({
        emailWithin: texts.TIME.hours(PAYMENT_EMAIL_MAX_MS),
        payWithin: texts.TIME.hours(PAYMENT_DEADLINE_MS),
      }),
    delivery: (order, texts) => texts.RECEIPT_TEXT.delivery.coins({ coin: order.cryptoCurrency }),
  },
});
