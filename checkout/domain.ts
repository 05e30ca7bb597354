// The vocabulary of the checkout (docs/spec.md sections 1, 3 and 4). Pure data: the server,
// the views and the islands all import it, so it must stay free of node: imports.

export const FIAT_CURRENCIES = ['CAD', 'AUD', 'PHP', 'IDR'] as const;
export type FiatCurrency = (typeof FIAT_CURRENCIES)[number];

export const COUNTRY_BY_CURRENCY: Record<FiatCurrency, Country> = {
  CAD: 'CA',
  AUD: 'AU',
  PHP: 'PH',
  IDR: 'ID',
};
export type Country = 'CA' | 'AU' | 'PH' | 'ID';

const COUNTRIES: readonly string[] = Object.values(COUNTRY_BY_CURRENCY);

/** The country's forms and texts apply to `code`: a country the checkout serves, else the default currency's. */
export function servedCountry(code: string): Country {
  return COUNTRIES.includes(code) ? (code as Country) : COUNTRY_BY_CURRENCY[DEFAULT_FIAT];
}

/** The country whose money `currency` is: the default currency's for one the checkout does not serve. */
export function countryOfCurrency(currency: string): Country {
  return Object.hasOwn(COUNTRY_BY_CURRENCY, currency)
    ? COUNTRY_BY_CURRENCY[currency as FiatCurrency]
    : COUNTRY_BY_CURRENCY[DEFAULT_FIAT];
}

export const COINS = ['BTC', 'BCH', 'LTC', 'ETH', 'LTCT'] as const;
export type Coin = (typeof COINS)[number];
/** The test litecoin exists only outside production. */
export const TEST_COIN: Coin = 'LTCT';

export const DEFAULT_FIAT: FiatCurrency = 'CAD';
export const DEFAULT_COIN: Coin = 'BTC';

/** What the visitor chooses on the home page; SPEND (an eGift card) travels upstream as a SELL. */
export const FLOW_KINDS = ['BUY', 'SELL', 'SPEND'] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

/** What the upstream knows: SPEND travels as SELL. */
/**
 * A method's fees in the merchant file: field names whose values are amounts in the quote's
 * currency. The edge's method declares them; the sandbox's exchange charges them.
 */
export interface FeeFields {
  regular: string;
  /** Charged instead of `regular` while the merchant runs a promotion (isPromo), except to Pro visitors. */
  promo?: string;
  /** Charged to Pro visitors; a method with a Pro fee is the one the Pro page offers. */
  pro?: string;
}

export const TXN_TYPES = ['BUY', 'SELL'] as const;
export type TxnType = (typeof TXN_TYPES)[number];

export function txnTypeOf(kind: FlowKind): TxnType {
  return kind === 'BUY' ? 'BUY' : 'SELL';
}

/**
 * The next actions every payment method shares (docs/spec.md section 4). The others
 * (INITIATE_…, INPUT_VOUCHERNUMBER, INPUT_EMTEMAIL) belong to a method and are named in its
 * module (server/methods/); an action nobody knows leaves the visitor where they are.
 */
export const SHARED_NEXT_ACTIONS = [
  'INPUT_CRYPTOADDRESS',
  'INPUT_BUYERINFO',
  'VERIFY_MOBILE',
  'SUBMIT_SELFIEDOC',
  'ADMIN_REVIEW',
  'CUSTOMER_PAYMENT',
  'DONE_COMPLETED',
  'DONE_CANCELLED',
] as const;
/** A flow state's nextAction: one of the shared ones or a method's own. */
export type NextAction = string;

export const TXN_STATUSES = ['PENDING', 'PROCESSED', 'COMPLETED', 'CANCELLED', 'REVIEW'] as const;
export type TxnStatus = (typeof TXN_STATUSES)[number];

export const DOCUMENT_TYPES = [
  'DRIVERSLICENSE',
  'PASSPORT',
  'GOVERNMENTID',
  'BANKSTATEMENT',
  'BILLPAYMENT',
  'SELFIE',
  'OTHER',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const IMAGE_SOURCES = ['WEBCAM', 'UPLOAD'] as const;

/** Each allowed upload extension and the one type its bytes must have (magic numbers, as file-type names them). */
export const MAGIC_TYPE_OF_EXTENSION = {
  jpeg: 'image/jpeg',
  jpe: 'image/jpeg',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
  pdf: 'application/pdf',
} as const;
export type UploadExtension = keyof typeof MAGIC_TYPE_OF_EXTENSION;
export type ImageSource = (typeof IMAGE_SOURCES)[number];

/** Error codes of docs/spec.md section 8 that the edge acts on or words in the visitor's language. */
export const ERROR_CODES = {
  system: 'SYSTEM',
  dailyLimit: 'TRANSACTION.DAILYLIMIT.REACHED',
  weeklyLimit: 'TRANSACTION.WEEKLYLIMIT.REACHED',
  monthlyLimit: 'TRANSACTION.MONTLYLIMIT.REACHED',
  notFound: 'TRANSACTION.NOTFOUND',
  invalid: 'TRANSACTION.INVALID',
  voiceClipMissing: 'VOICECLIP.MISSING',
  selfieMissing: 'SELFIEIMG.MISSING',
  mobileAttempts: 'MOBILE.INVALIDATTEMPT.REACHED',
  invalidCode: 'MOBILE.INVALIDCODE',
  txnStatusInvalid: 'TXNSTATUS.INVALID',
  flowActionInvalid: 'FLOWACTION.INVALID',
  amountMismatch: 'TRANSACTION.AMOUNT.MISMATCH',
  voucherUsed: 'VOUCHER.USED',
  /** A step sent after the rate hold: the visitor is offered a new quote (docs/spec.md section 4). */
  quoteExpired: 'QUOTE.EXPIRED',
  buyerNameInvalid: 'BUYER.NAME.INVALID',
  buyerAddressRequired: 'BUYER.ADDRESS.REQUIRED',
} as const;
export const LIMIT_ERROR_CODES: readonly string[] = [ERROR_CODES.dailyLimit, ERROR_CODES.weeklyLimit, ERROR_CODES.monthlyLimit];

/** Wrong codes the upstream takes: the last one cancels the order, so the visitor is told how many are left. */
export const VERIFICATION_CODE_ATTEMPTS = 3;

/** The networks a merchant trades on: production hosts mainnet, TEST and DEV hosts the test networks. */
export type Network = 'prod' | 'testnet';
