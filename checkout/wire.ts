// The words the checkout speaks on the wire, in one place: the upstream API of each
// transaction type, the /api paths islands call (the proxy's allowlist is generated from
// the same list), the URL check for anything the upstream asks the browser to open, and
// the form fields each screen reads. Pure and isomorphic: islands import it too.
import type { TxnType } from './domain.ts';

/** docs/spec.md section 4: a buy lives under /txnbuy, a sell (and a spend) under /txnsell. */
export const API_OF_TXN_TYPE = { BUY: 'txnbuy', SELL: 'txnsell' } as const satisfies Record<TxnType, string>;

/** Where islands reach the upstream through the edge. */
export const API_PREFIX = '/api';
/**
 * Every call an island may make through /api, as router patterns relative to API_PREFIX.
 * `:api` is txnbuy or txnsell (the visitor's own), `:refId` the visitor's own refId.
 * server/upstream/proxy-rules.ts builds the proxy's allowlist from this list and nothing else.
 */
export const ISLAND_CALLS = [
  /** WalletStatus polls the deposit; PaymentPopup asks whether the payment arrived. */
  { method: 'GET', pattern: '/:api/status/:refId' },
  /** QuoteTimer: a new quote when the hold ends, and Accept. */
  { method: 'POST', pattern: '/:api/requote' },
  { method: 'POST', pattern: '/:api/confirmednewquote' },
  // No file goes through here: the camera and the uploaders post to their screens' own
  // routes, which check every file's bytes before anything reaches the upstream.
  { method: 'GET', pattern: '/pubapi/ticker/merchant', public: true },
] as const satisfies readonly IslandCall[];

export interface IslandCall {
  method: 'GET' | 'POST';
  pattern: string;
  /** Concerns no transaction: no flow needed. */
  public?: boolean;
}

/** A call's concrete paths under API_PREFIX, `:api` spelled out; `:refId` stays a parameter. */
export function islandCallPaths(call: IslandCall): string[] {
  const apis = call.pattern.includes(':api') ? Object.values(API_OF_TXN_TYPE) : [''];
  return apis.map((api) => call.pattern.replace(':api', api));
}

/** The browser's URLs for those calls. */
export const ISLAND_API = {
  status: (txnType: TxnType, refId: string) => `${API_PREFIX}/${API_OF_TXN_TYPE[txnType]}/status/${encodeURIComponent(refId)}`,
  requote: (txnType: TxnType) => `${API_PREFIX}/${API_OF_TXN_TYPE[txnType]}/requote`,
  confirmNewQuote: (txnType: TxnType) => `${API_PREFIX}/${API_OF_TXN_TYPE[txnType]}/confirmednewquote`,
  ticker: `${API_PREFIX}/pubapi/ticker/merchant`,
} as const;

/** Anything but printable ASCII: a URL with one is refused, never repaired by a parser. */
export const NOT_URL_SAFE = /[^\x21-\x7e]/;

/**
 * A URL the upstream hands over for the browser (a payment page, a bank's redirect): only
 * http(s), so a javascript: or data: URL never becomes a link or a redirect. A CR, LF,
 * space or non-ASCII character refuses it (a URL parser would drop or encode them and
 * follow something else); the parsed, normalised form is returned.
 */
export function webUrl(value: string | null | undefined): string | undefined {
  if (!value || NOT_URL_SAFE.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The form fields each screen reads; anything else in a body is ignored. */
export const FORM_FIELDS = {
  amount: ['txnType', 'fiatAmount', 'cryptoAmount', 'fiatCurrency', 'cryptoCurrency', 'paymentMethod', 'paymentMethodSubtype'],
  /** Sent by the amount form's island: the screen size the upstream asks for. */
  browserResolution: ['browserResolution'],
  cryptoAddress: ['cryptoAddress'],
  emtEmail: ['emtEmail'],
  buyerInfo: [
    'firstName',
    'lastName',
    'emailAddress',
    'mobileCountry',
    'mobile',
    'month',
    'day',
    'year',
    'addressLine1',
    'cityTown',
    'stateProv',
    'postalCode',
  ],
  verificationCode: ['verificationCode'],
  voucherNumber: ['voucherNumber'],
  /** Yes to the new-quote offer: the voucher again and the amount offered. */
  voucherRequote: ['voucherNumber', 'fiatAmount'],
  selectedBank: ['selectedBank'],
  /** The card quote's residency confirmation (a checkbox). */
  cardResidency: ['canadianResident'],
  /** The gift-card amount picker. */
  spendAmount: ['fiatAmount'],
  /** Accept after the hold ran out on a step: the new quote is confirmed before the form goes on. */
  acceptQuote: ['acceptQuote'],
} as const;
export type FormFieldsOf<K extends keyof typeof FORM_FIELDS> = (typeof FORM_FIELDS)[K][number];
