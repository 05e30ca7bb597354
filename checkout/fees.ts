// The fee a quote includes, per payment method (docs/spec.md section 3: e-transfer normal, promo
// and Pro; flexepin normal and promo; OTC; spend). Pure: the quote, spend and cash pages
// show it. Amounts are in the quote's fiat currency.
import type { MerchantConfig } from '../server/tenancy/schema.ts';

/** The fee of a method for this visitor, or null when the merchant configures none for it. */
export function quoteFee(config: MerchantConfig, paymentMethod: string, pro: boolean): number | null {
  const promo = config.isPromo && !pro;
  switch (paymentMethod) {
    case 'ETRANSFER':
      if (pro) return config.etransferFeePro;
      return promo ? config.etransferFeePromo : config.etransferFee;
    case 'FLEXEPIN':
      return promo ? config.flexepinFeePromo : config.flexepinFee;
    case 'OTC':
      return config.otcFee;
    case 'GIFTCARD':
      return config.spendFee;
    default:
      return null;
  }
}
