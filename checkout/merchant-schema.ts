// The merchant configuration of docs/spec.md section 3, with the spec's defaults. Strict: an
// unknown field is a typo in a merchant file and must stop the server at start-up.
import { z } from 'zod';
import { COINS, FIAT_CURRENCIES, FLOW_KINDS } from './domain.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from './i18n/languages.ts';
import { ORDER_EVENT_TYPES } from './order-events.ts';
import type { MethodTable } from './payment-method.ts';

const money = z.number().finite().nonnegative();
/** Links end up in href/src attributes and redirects: only http(s), never javascript: or data:. */
const webUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });

/**
 * A demo merchant's site, success and error URLs lead to the merchant site the embedded
 * sandbox serves, whose address is known only once it listens: `{sandbox}/shop/maple`
 * becomes the sandbox's public URL followed by `/shop/maple`. Without a running sandbox
 * it becomes SANDBOX_STAND_IN (reserved, never resolves): such an edge has no demo to end.
 */
export const SANDBOX_PLACEHOLDER = '{sandbox}';
export const SANDBOX_STAND_IN = 'https://sandbox.invalid';

export interface MerchantLinks {
  /** The embedded sandbox's public URL, when it runs. */
  sandboxUrl?: string | undefined;
}

/** What a merchant file is checked against: its links and the payment methods the checkout knows. */
export interface MerchantSchemaOptions extends MerchantLinks {
  methods: MethodTable;
}

function siteLink(links: MerchantLinks) {
  const base = (links.sandboxUrl ?? SANDBOX_STAND_IN).replace(/\/+$/, '');
  return z
    .string()
    .transform((s) => (s.startsWith(SANDBOX_PLACEHOLDER) ? base + s.slice(SANDBOX_PLACEHOLDER.length) : s))
    .pipe(webUrl);
}

/** A loopback host, where a receiver on the same machine may take plain http. */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * Where a merchant's order events are delivered: https, or http to a loopback address (a
 * receiver on the same machine). `{sandbox}` at its start is the embedded sandbox, whose
 * receiver lists what it got (`sandbox` says so: without a running sandbox it is off).
 */
function webhookUrl(links: MerchantLinks) {
  const base = (links.sandboxUrl ?? SANDBOX_STAND_IN).replace(/\/+$/, '');
  return z
    .string()
    .transform((written) => ({
      written,
      url: written.startsWith(SANDBOX_PLACEHOLDER) ? base + written.slice(SANDBOX_PLACEHOLDER.length) : written,
      sandbox: written.startsWith(SANDBOX_PLACEHOLDER),
    }))
    .refine(({ url }) => {
      if (!URL.canParse(url)) return false;
      const { protocol, hostname, username, password } = new URL(url);
      if (username || password) return false;
      return protocol === 'https:' || (protocol === 'http:' && LOOPBACK_HOST.test(hostname));
    }, 'expected an https URL (http only to a loopback address), without credentials');
}

/** The name of the environment variable holding an endpoint's secrets: never the secret itself. */
const SECRET_ENV = /^[A-Z][A-Z0-9_]{0,63}$/;

function webhookSchema(links: MerchantLinks) {
  return z.strictObject({
    url: webhookUrl(links),
    secretEnv: z.string().regex(SECRET_ENV, 'the name of an environment variable (upper-case letters, digits and _)'),
    /** The event types it receives; every type but order.step when left out. */
    events: z.array(z.enum(ORDER_EVENT_TYPES)).min(1).optional(),
  });
}

/** default/min/max for one currency (fiat for buy and spend, coin for sell). */
export const amountOverrideSchema = z.strictObject({
  default: money.optional(),
  min: money.optional(),
  max: money.optional(),
});

export const inputFormSchema = z.strictObject({
  defaultBuy: money.default(20),
  defaultSell: money.default(0.0015),
  min: money.default(0),
  max: money.default(500),
  /** Keyed by fiat currency (buy, gift-card sell) or by coin (sell). */
  overrides: z.record(z.string(), amountOverrideSchema).default({}),
});

/** Per-payment-method limits; anything left out falls back to inputForm. */
export const methodAmountsSchema = z.strictObject({
  min: money.optional(),
  max: money.optional(),
  overrides: z.record(z.string(), amountOverrideSchema).default({}),
});

export const paymentMethodSchema = z.strictObject({
  /** One of the checkout's payment methods (server/methods/); checked by merchantSchemaFor. */
  name: z.string().min(1),
  type: z.enum(FLOW_KINDS),
  label: z.string().min(1),
  /** Fiat currencies this method serves; all the merchant's when left out. */
  fiatCurrencies: z.array(z.enum(FIAT_CURRENCIES)).optional(),
  amounts: methodAmountsSchema.optional(),
  action: z.string().optional(),
  url: webUrl.optional(),
});

export const paymentMethodSubtypeSchema = z.strictObject({
  name: z.string().min(1),
  label: z.string().min(1),
  /** The method the subtype belongs to; the spend (eGift card) method when left out (merchantSchemaFor). */
  paymentMethod: z.string().min(1).optional(),
  /** Preset amounts (fiat) the visitor may pick for this subtype. */
  amounts: z.array(money.positive()).default([]),
  website: webUrl.optional(),
  faqURL: webUrl.optional(),
  termsURL: webUrl.optional(),
  termsCopy: z.string().optional(),
});

export const coinSchema = z.strictObject({
  id: z.enum(COINS),
  name: z.string().min(1),
  action: z.string().optional(),
  url: webUrl.optional(),
});

export const fiatCurrencySchema = z.strictObject({
  id: z.enum(FIAT_CURRENCIES),
  symbol: z.string().min(1),
});

export const cardWidgetSchema = z.strictObject({
  apiKey: z.string().optional(),
  colorCode: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default('#9bcb6c'),
  /** Falls back to the card provider's staging URL (docs/spec.md section 8). */
  baseUrl: webUrl.optional(),
});

/** The merchant's own words (its title, notice, payment method and gift card labels) in one of its other languages. */
export const merchantWordsSchema = z.strictObject({
  title: z.string().min(1).optional(),
  psa: z.string().min(1).optional(),
  /** Payment method labels, by the method's name. */
  paymentMethods: z.record(z.string(), z.string().min(1)).default({}),
  /** Gift card labels and terms, by the subtype's name. */
  paymentMethodSubtypes: z
    .record(z.string(), z.strictObject({ label: z.string().min(1).optional(), termsCopy: z.string().min(1).optional() }))
    .default({}),
});
export type MerchantWordsInput = z.output<typeof merchantWordsSchema>;

const merchantFields = z.strictObject({
  /** Host names this merchant answers on (normalised: lower case, no port). */
  hosts: z.array(z.string().min(1)).default([]),
  env: z.enum(['DEV', 'TEST', 'PROD']),
  merchant: z.string().regex(/^[a-z0-9-]+$/),
  merchantName: z.string().min(1),
  title: z.string().min(1),
  /** The languages the checkout speaks to this merchant's visitors, its default first. */
  languages: z.array(z.enum(LANGUAGES)).min(1).default([DEFAULT_LANGUAGE]),
  /** The merchant's words in its other languages; what is left out shows in its default language. */
  translations: z.partialRecord(z.enum(LANGUAGES), merchantWordsSchema).default({}),
  /**
   * What the merchant lets show in its default language on its other languages' pages: a
   * text named as `npm run check:merchants` lists it (`legal/fr-CA/privacy-policy.html`,
   * `translations.fr-CA.psa`), or a language, for all of its texts (`fil`). Anything else
   * left untranslated refuses a production publication.
   */
  untranslated: z.array(z.string().min(1)).default([]),
  etransferEmail: z.string().email().optional(),
  audioTollFreeNumber: z.string().optional(),
  inputAllowed: z.boolean().default(false),
  inputBuyAllowed: z.boolean().default(false),
  inputSellAllowed: z.boolean().default(false),
  inputSpendAllowed: z.boolean().default(false),
  isPromo: z.boolean().default(false),
  siteUrl: webUrl,
  errorUrl: webUrl,
  successUrl: webUrl,
  /** Google Tag Manager container id; analytics only when set. */
  gtm: z
    .string()
    .regex(/^GTM-[A-Z0-9]+$/)
    .optional(),
  paymentMethods: z.array(paymentMethodSchema).default([]),
  paymentMethodSubtypes: z.array(paymentMethodSubtypeSchema).default([]),
  supportedCoins: z
    .array(coinSchema)
    .min(1)
    .default([{ id: 'BTC', name: 'Bitcoin' }]),
  supportedFiatCurrencies: z
    .array(fiatCurrencySchema)
    .min(1)
    .default([{ id: 'CAD', symbol: '$' }]),
  recommendedWallet: z.strictObject({ name: z.string().min(1), url: webUrl }).optional(),
  inputForm: inputFormSchema.default({ defaultBuy: 20, defaultSell: 0.0015, min: 0, max: 500, overrides: {} }),
  showTicker: z.boolean().default(false),
  /** Public service announcement shown above the form. */
  psa: z.string().optional(),
  cardWidget: cardWidgetSchema.default({ colorCode: '#9bcb6c' }),
  /**
   * Hosts the upstream may send this merchant's visitors to for a payment (a bank's
   * redirectUrl, an htmlDoc's form target): exact, lower-case host names without port or
   * trailing dot. Anything else is refused (checkout/payment-url.ts).
   */
  paymentHosts: z
    .array(
      z
        .string()
        .regex(
          /^(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9])$/,
          'a lower-case host name without scheme, port, path or trailing dot',
        ),
    )
    .default([]),
  /** Mobile area codes refused at buyer info (the Quebec blacklist); empty by default. */
  blockedAreaCodes: z.array(z.string().regex(/^\d{3}$/)).default([]),
  /** Where the merchant's order events are delivered, signed (docs/merchants.md#order-events). */
  webhooks: z.array(webhookSchema({})).max(8).default([]),
});

/**
 * The merchant schema with `{sandbox}` links resolved to `sandboxUrl`, the payment methods
 * the checkout knows, and each method's fee fields (amounts, 0 when left out).
 */
export function merchantSchemaFor(options: MerchantSchemaOptions): MerchantSchema {
  const names = options.methods.list.map((m) => m.name);
  const method = z.enum(names as [string, ...string[]]);
  const spend = options.methods.list.find((m) => m.flow === 'SPEND')?.name;
  const subtypeMethod = spend ? method.default(spend) : method;
  const feeFields = options.methods.list.flatMap((m) => (m.fees ? Object.values(m.fees) : []));
  const shape = merchantFields.extend({
    siteUrl: siteLink(options),
    errorUrl: siteLink(options),
    successUrl: siteLink(options),
    webhooks: z.array(webhookSchema(options)).max(8).default([]),
    paymentMethods: z.array(paymentMethodSchema.extend({ name: method })).default([]),
    paymentMethodSubtypes: z.array(paymentMethodSubtypeSchema.extend({ paymentMethod: subtypeMethod })).default([]),
    ...Object.fromEntries(feeFields.map((field) => [field, money.default(0)])),
  });
  // The fee fields vary with the methods: the type keeps the fixed fields, and fees are read by name (checkout/fees.ts).
  return shape as unknown as MerchantSchema;
}

type MerchantSchema = typeof merchantFields;

export type MerchantConfig = z.output<typeof merchantFields>;
export type MerchantConfigInput = z.input<typeof merchantFields>;

/** merchants/tenancy.json: the rules that span merchants. */
export const tenancySchema = z.strictObject({
  /** Merchant id that serves unknown hosts (unless UNKNOWN_HOSTS=reject). */
  fallback: z.string().min(1),
  /** Merchant id of the main brand: its legal pages redirect to its siteUrl. */
  mainBrand: z.string().min(1).optional(),
  /** merchantName values whose home/error/success URLs get /au (AUD) or /ph (PHP). */
  regionalUrlSuffix: z.array(z.string().min(1)).default([]),
});
export type TenancyRules = z.output<typeof tenancySchema>;
