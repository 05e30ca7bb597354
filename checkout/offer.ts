// What a merchant offers on the amount screen: which tabs, coins, currencies, methods
// and gift cards. Pure, so the server's rules and the amount-form island agree.

import { DEFAULT_FIAT, type FlowKind, TEST_COIN } from './domain.ts';
import type { MerchantConfig } from './merchant-schema.ts';

/** The merchant flag that allows each flow (besides the general inputAllowed). */
export const KIND_FLAGS = {
  BUY: 'inputBuyAllowed',
  SELL: 'inputSellAllowed',
  SPEND: 'inputSpendAllowed',
} as const satisfies Record<FlowKind, keyof MerchantConfig>;

/** The part of a payment method that decides where it is offered. */
export interface OfferedMethod {
  type: FlowKind;
  /** Only these currencies; every currency when absent. */
  fiatCurrencies?: readonly string[] | undefined;
}

/**
 * The methods of a kind that serve `fiatCurrency` (every currency when none is given).
 * The amount-form island filters its list with this too, so the form never offers a
 * method the server's check refuses.
 */
export function methodsFor<M extends OfferedMethod>(methods: readonly M[], kind: FlowKind, fiatCurrency?: string): M[] {
  return methods.filter(
    (m) => m.type === kind && (!fiatCurrency || !m.fiatCurrencies || m.fiatCurrencies.includes(fiatCurrency)),
  );
}

/** Kinds the merchant allows (general flag and the kind's own) and has a method for. */
export function allowedKinds(config: MerchantConfig): FlowKind[] {
  if (!config.inputAllowed) return [];
  return (['BUY', 'SELL', 'SPEND'] as const).filter(
    (k) => config[KIND_FLAGS[k]] && methodsFor(config.paymentMethods, k).length > 0,
  );
}

/** The test coin exists only outside production. */
export function coinsFor(config: MerchantConfig) {
  return config.supportedCoins.filter((c) => c.id !== TEST_COIN || config.env !== 'PROD');
}

/** The eGift cards on offer: the subtypes of the merchant's spend method. */
export function giftCardsFor(config: MerchantConfig) {
  const spend = new Set(methodsFor(config.paymentMethods, 'SPEND').map((m) => m.name));
  return config.paymentMethodSubtypes.filter((s) => s.paymentMethod !== undefined && spend.has(s.paymentMethod));
}

/** The currency of a form that does not name one: CAD when offered (docs/spec.md section 4), else the first. */
export function defaultFiat<C extends { id: string }>(currencies: readonly C[]): string | undefined {
  return (currencies.find((c) => c.id === DEFAULT_FIAT) ?? currencies[0])?.id;
}

/** The action that makes a method or coin link out to its `url` instead of quoting. */
export const LINK_OUT_ACTION = 'redirect';

/** Every address the merchant's methods and coins link out to: where the home form may lead. */
export function linkOutUrls(config: Pick<MerchantConfig, 'paymentMethods' | 'supportedCoins'>): string[] {
  return [...config.paymentMethods, ...config.supportedCoins].flatMap((offer) =>
    offer.action === LINK_OUT_ACTION && offer.url ? [offer.url] : [],
  );
}

/**
 * Where a quote for this method and coin goes instead of the upstream (docs/spec.md section 3:
 * "Payment method objects and coins may carry action and url"): the method's url, else the
 * coin's, when its action is LINK_OUT_ACTION. Undefined: quote as usual.
 */
export function linkOutUrl(
  config: MerchantConfig,
  q: { paymentMethod: string; cryptoCurrency: string; kind: FlowKind },
): string | undefined {
  const method = config.paymentMethods.find((m) => m.name === q.paymentMethod && m.type === q.kind);
  if (method?.action === LINK_OUT_ACTION && method.url) return method.url;
  const coin = config.supportedCoins.find((c) => c.id === q.cryptoCurrency);
  if (coin?.action === LINK_OUT_ACTION && coin.url) return coin.url;
  return undefined;
}
