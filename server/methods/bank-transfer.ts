// Bank transfer: in Australia the bank payment page (/poli) and then the bank's own page at
// the redirectUrl the upstream gives; elsewhere a bank chosen from a list (/bank-select) and
// then the bank's page as the htmlDoc the upstream gives, shown inside the checkout
// (/bank-payment; docs/spec.md section 2). Either address is checked against the merchant's
// payment hosts before the visitor is sent there, and either bank sends the visitor back to
// /bank-payment?returned=1, which follows the order.
import { PAYMENT_DEADLINE_MS, PAYMENT_EMAIL_MAX_MS } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
import { go, type NextScreenState, type NextStep, none } from '../../checkout/next-step.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { bankPaymentScreen, bankSelectScreen, bankTransferInit, poliScreen } from '../screens/bank-transfer.ts';
import { defineMethod } from './method.ts';

/** The bank payment page with a Proceed button serves AUD; other currencies choose a bank. */
const BANK_PAGE_CURRENCY = 'AUD';

function bankPayment(state: NextScreenState): NextStep {
  const params = state.nextActionParams ?? undefined;
  if (state.fiatCurrency === BANK_PAGE_CURRENCY) {
    // Raw: the caller checks it against the merchant's payment hosts (payment-url.ts)
    // and refuses what fails with a page of its own.
    const url = params?.redirectUrl;
    return url
      ? { kind: 'redirect', url, page: ROUTES.bankPayment.path }
      : none(`CUSTOMER_PAYMENT ${state.paymentMethod} AUD without redirectUrl`);
  }
  return params?.htmlDoc ? go(ROUTES.bankPayment.path) : none(`CUSTOMER_PAYMENT ${state.paymentMethod} without htmlDoc`);
}

export const bankTransfer = defineMethod({
  name: 'BANKTRANSFER',
  flow: 'BUY',
  next: {
    INITIATE_BANKTRANSFER: (state) => go(state.fiatCurrency === BANK_PAGE_CURRENCY ? ROUTES.poli.path : ROUTES.bankSelect.path),
    CUSTOMER_PAYMENT: bankPayment,
  },
  rateHold: 'countdown',
  requotes: 'fiat',
  screens: [bankSelectScreen, poliScreen, bankPaymentScreen],
  calls: [bankTransferInit],
  receipt: {
    afterApproval: (_order, texts) =>
      texts.RECEIPT_TEXT.afterApproval.paymentInstructions({
        emailWithin: texts.TIME.hours(PAYMENT_EMAIL_MAX_MS),
        payWithin: texts.TIME.hours(PAYMENT_DEADLINE_MS),
      }),
    delivery: (order, texts) => texts.RECEIPT_TEXT.delivery.coins({ coin: order.cryptoCurrency }),
    // A bank transfer that ends cancelled is a payment the bank did not complete (docs/spec.md section 8).
    cancelled: (texts: Texts) => texts.FAILURE_TEXT.bankPaymentFailed,
  },
});
