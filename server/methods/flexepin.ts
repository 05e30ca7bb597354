// Flexepin vouchers: INPUT_VOUCHERNUMBER leads to the voucher page, where a 16-digit voucher
// is redeemed while the rate hold pauses. A redeemed voucher is reviewed and its coins are
// delivered within the spec's 12 hours. Voucher numbers can be guessed, so they are counted
// per address and per order; the audio step is skipped (docs/spec.md section 4).
import { VOUCHER_DELIVERY_MAX_MS } from '../../checkout/limits.ts';
import { go } from '../../checkout/next-step.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { paymentFlexepinScreen, voucherNumber } from '../screens/payment-flexepin.ts';
import { defineMethod } from './method.ts';

const MINUTE = 60_000;

export const flexepin = defineMethod({
  name: 'FLEXEPIN',
  flow: 'BUY',
  next: { INPUT_VOUCHERNUMBER: () => go(ROUTES.paymentFlexepin.path) },
  rateHold: 'countdown',
  requotes: 'fiat',
  voiceClipScreen: ROUTES.audioInputSkip.path,
  fees: { regular: 'flexepinFee', promo: 'flexepinFeePromo' },
  screens: [paymentFlexepinScreen],
  calls: [voucherNumber],
  limits: { voucher: { address: { max: 60, windowMs: MINUTE }, refId: { max: 10, windowMs: MINUTE } } },
  receipt: {
    afterApproval: (order, texts) =>
      texts.RECEIPT_TEXT.afterApproval.coinsWithin({
        coin: order.cryptoCurrency,
        within: texts.TIME.hours(VOUCHER_DELIVERY_MAX_MS),
      }),
    delivery: (order, texts) =>
      texts.RECEIPT_TEXT.delivery.coinsWithin({
        coin: order.cryptoCurrency,
        within: texts.TIME.hours(VOUCHER_DELIVERY_MAX_MS),
      }),
  },
});
