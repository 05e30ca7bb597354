// The fee a quote includes: the method's fee fields in the merchant file (docs/spec.md
// section 3), the promotion's fee while the merchant runs one (isPromo) for visitors who are
// not Pro, and the Pro fee for Pro visitors. Pure: the quote, spend and cash pages show it.
// Amounts are in the quote's fiat currency.
import type { MerchantConfig } from './merchant-schema.ts';
import type { MethodRules } from './payment-method.ts';

/** A merchant file's fields, read by name: which fee fields exist depends on the methods. */
export type FeeSource = Pick<MerchantConfig, 'isPromo'> & Readonly<Record<string, unknown>>;

/** A fee field's amount; 0 when the merchant leaves it out. */
export function feeAmount(config: FeeSource, field: string): number {
  const value = config[field];
  return typeof value === 'number' ? value : 0;
}

/** The fee of a method for this visitor, or null when the method has no fee fields. */
export function quoteFee(config: FeeSource, method: MethodRules | undefined, pro: boolean): number | null {
  const fields = method?.fees;
  if (!fields) return null;
  const field = pro && fields.pro ? fields.pro : config.isPromo && !pro && fields.promo ? fields.promo : fields.regular;
  return feeAmount(config, field);
}
