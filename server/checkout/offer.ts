// What a merchant offers on the amount screen: which tabs, coins, currencies, methods
// and gift cards. Pure, so the server's rules and the amount-form island agree.
import type { MerchantConfig, PaymentMethodConfig } from '../tenancy/schema.ts';
import { TEST_COIN, type FlowKind } from './domain.ts';

export const TAB_LABELS: Record<FlowKind, string> = {
  BUY: 'Buy Bitcoin',
  SELL: 'Sell Bitcoin',
  SPEND: 'Buy eGift Cards',
};

/** The merchant flag that allows each flow (besides the general inputAllowed). */
export const KIND_FLAGS = {
  BUY: 'inputBuyAllowed',
  SELL: 'inputSellAllowed',
  SPEND: 'inputSpendAllowed',
} as const satisfies Record<FlowKind, keyof MerchantConfig>;

export function methodsFor(config: MerchantConfig, kind: FlowKind, fiatCurrency?: string): PaymentMethodConfig[] {
  return config.paymentMethods.filter(
    (m) => m.type === kind && (!fiatCurrency || !m.fiatCurrencies || m.fiatCurrencies.includes(fiatCurrency as never)),
  );
}

/** Kinds the merchant allows (general flag and the kind's own) and has a method for. */
export function allowedKinds(config: MerchantConfig): FlowKind[] {
  if (!config.inputAllowed) return [];
  return (['BUY', 'SELL', 'SPEND'] as const).filter((k) => config[KIND_FLAGS[k]] && methodsFor(config, k).length > 0);
}

/** The test coin exists only outside production. */
export function coinsFor(config: MerchantConfig) {
  return config.supportedCoins.filter((c) => c.id !== TEST_COIN || config.env !== 'PROD');
}

export function giftCardsFor(config: MerchantConfig) {
  return config.paymentMethodSubtypes.filter((s) => s.paymentMethod === 'GIFTCARD');
}
