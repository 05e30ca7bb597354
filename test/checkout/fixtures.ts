// Test merchants, built through the real schema so its defaults apply.

import { type MerchantConfig, type MerchantConfigInput, merchantSchemaFor } from '../../checkout/merchant-schema.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';

/** The merchant file's schema with the checkout's payment methods and their fee fields. */
export const merchantSchema = merchantSchemaFor({ methods: PAYMENT_METHODS });

/** A merchant file's fields, fee fields (etransferFee, …) included. */
export type MerchantInput = Partial<MerchantConfigInput> & { [fee: `${string}Fee${string}`]: number };

const BASE = {
  env: 'PROD',
  merchant: 'maple',
  merchantName: 'Maple Coin',
  title: 'Maple Coin',
  siteUrl: 'https://maple.example',
  errorUrl: 'https://maple.example/error',
  successUrl: 'https://maple.example/thanks',
} as const satisfies MerchantConfigInput;

export function merchant(over: MerchantInput = {}): MerchantConfig {
  return merchantSchema.parse({ ...BASE, ...over });
}

/** Every flow allowed, limits at every level of the lookup. */
export function fullMerchant(over: MerchantInput = {}): MerchantConfig {
  return merchant({
    inputAllowed: true,
    inputBuyAllowed: true,
    inputSellAllowed: true,
    inputSpendAllowed: true,
    supportedCoins: [
      { id: 'BTC', name: 'Bitcoin' },
      { id: 'ETH', name: 'Ether' },
      { id: 'LTCT', name: 'Litecoin Testnet' },
    ],
    supportedFiatCurrencies: [
      { id: 'CAD', symbol: '$' },
      { id: 'AUD', symbol: '$' },
    ],
    paymentMethods: [
      {
        name: 'ETRANSFER',
        type: 'BUY',
        label: 'Interac e-Transfer',
        amounts: { min: 30, max: 3000, overrides: { AUD: { min: 50, max: 1000 } } },
      },
      { name: 'FLEXEPIN', type: 'BUY', label: 'Flexepin' },
      { name: 'CREDITCARD', type: 'BUY', label: 'Credit card', fiatCurrencies: ['CAD'] },
      {
        name: 'ETRANSFEROUT',
        type: 'SELL',
        label: 'Interac e-Transfer',
        amounts: { overrides: { BTC: { min: 0.001, max: 0.05 } } },
      },
      { name: 'GIFTCARD', type: 'SPEND', label: 'eGift card', amounts: { overrides: { CAD: { max: 200 } } } },
    ],
    paymentMethodSubtypes: [
      { name: 'AMAZON', label: 'Amazon', amounts: [25, 50, 100, 500] },
      { name: 'EMPTY', label: 'No presets' },
    ],
    inputForm: {
      defaultBuy: 25,
      defaultSell: 0.0015,
      min: 10,
      max: 2000,
      overrides: { ETH: { min: 0.01, max: 2, default: 0.1 } },
    },
    ...over,
  });
}
