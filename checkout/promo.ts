// The promo box of the quote screen (docs/spec.md sections 2 and 4): only when the merchant runs
// a promotion and the visitor is not Pro, for a method with a promo fee, and only when
// there is something to show (savings, or a fee of 0). Fees are amounts in the quote's
// fiat currency.
import type { MerchantConfig } from '../server/tenancy/schema.ts';

/** The fees a promotion lowers, per payment method (regular, promo). */
const PROMO_FEES = {
  ETRANSFER: ['etransferFee', 'etransferFeePromo'],
  FLEXEPIN: ['flexepinFee', 'flexepinFeePromo'],
} as const satisfies Record<string, readonly [keyof MerchantConfig, keyof MerchantConfig]>;

export interface QuotePromo {
  /** Regular fee minus promo fee, in the quote's fiat currency. */
  savings: number;
  /** The promo fee is 0. */
  noProcessingFees: boolean;
}

export function quotePromo(config: MerchantConfig, paymentMethod: string, pro: boolean): QuotePromo | null {
  if (!config.isPromo || pro || !Object.hasOwn(PROMO_FEES, paymentMethod)) return null;
  const [regularKey, promoKey] = PROMO_FEES[paymentMethod as keyof typeof PROMO_FEES];
  const regular = config[regularKey];
  const promo = config[promoKey];
  const savings = Math.max(0, Math.round((regular - promo) * 100) / 100);
  if (savings === 0 && promo > 0) return null;
  return { savings, noProcessingFees: promo === 0 };
}
