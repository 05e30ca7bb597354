// The promo box of the quote screen (docs/spec.md sections 2 and 4): only when the merchant runs
// a promotion and the visitor is not Pro, for a method with a promo fee, and only when
// there is something to show (savings, or a fee of 0). Fees are amounts in the quote's
// fiat currency.
import { type FeeSource, feeAmount } from './fees.ts';
import type { MethodRules } from './payment-method.ts';

export interface QuotePromo {
  /** Regular fee minus promo fee, in the quote's fiat currency. */
  savings: number;
  /** The promo fee is 0. */
  noProcessingFees: boolean;
}

export function quotePromo(config: FeeSource, method: MethodRules | undefined, pro: boolean): QuotePromo | null {
  const fields = method?.fees;
  if (!config.isPromo || pro || !fields?.promo) return null;
  const regular = feeAmount(config, fields.regular);
  const promo = feeAmount(config, fields.promo);
  const savings = Math.max(0, Math.round((regular - promo) * 100) / 100);
  if (savings === 0 && promo > 0) return null;
  return { savings, noProcessingFees: promo === 0 };
}
