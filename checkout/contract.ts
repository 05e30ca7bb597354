// The upstream exchange API of docs/spec.md section 7 as zod schemas: one home for every request
// and response shape. The typed client parses with these, and the embedded sandbox
// validates its requests with the same schemas, so the two can never drift apart.
// Responses require only what section 7 says the checkout uses and tolerate anything else
// (z.object strips it); requests are strict.
// Every request carries `x-merchant`; the upstream must scope a transaction to the merchant
// that created it (another merchant's refId is TRANSACTION.NOTFOUND). The edge cannot prove
// who owns a refId, so it relies on this for /state/{refId} and ?refId= resumes.
import { z } from 'zod';
import { DOCUMENT_TYPES, IMAGE_SOURCES, TXN_TYPES } from './domain.ts';
import { UPLOAD_MAX_BYTES } from './limits.ts';

const amount = z.number().finite().nonnegative();
/**
 * A refId travels in URL paths and in the flow cookie, so it is letters, digits, '_' and
 * '-' only; an upstream answer with any other refId breaks the contract (a clear error,
 * never a crash further down).
 */
export const REF_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const refIdSchema = z.string().regex(REF_ID_PATTERN);
const refId = refIdSchema;
/**
 * Fiat per coin, shown beside the order: a rate of zero or less (or no number) is no rate
 * at all, and the pages say N/A, as for a missing one.
 */
const rate = z.number().finite().positive().nullish().catch(null);

// ---------------------------------------------------------------- shared shapes

export const bankSchema = z.object({ bankCode: z.string(), bankName: z.string() });

export const nextActionParamsSchema = z.object({
  addressRequired: z.boolean().optional(),
  redirectUrl: z.string().optional(),
  htmlDoc: z.string().optional(),
  cryptoAddress: z.string().optional(),
  availableBanks: z.array(bankSchema).optional(),
  /** Cash payments: the number the payment centre takes (the sandbox gives the refId). */
  referenceNumber: z.string().max(64).optional(),
});

/** Flow state / quote / transaction (docs/spec.md section 3). */
export const flowStateSchema = z.object({
  refId,
  fiatAmount: amount,
  fiatCurrency: z.string(),
  cryptoAmount: amount,
  cryptoCurrency: z.string(),
  cryptoAddress: z.string().nullish(),
  paymentMethod: z.string(),
  paymentMethodSubtype: z.string().nullish(),
  txnType: z.enum(TXN_TYPES),
  txnStatus: z.string(),
  /** ISO 8601; missing means the default 10-minute hold. */
  txnValidUntil: z.string().nullish(),
  forexRatePublic: rate,
  txnDate: z.string().nullish(),
  country: z.string().nullish(),
  /** Kept as a string: an action the edge does not know is logged, never a crash. */
  nextAction: z.string(),
  nextActionParams: nextActionParamsSchema.nullish(),
  /** A sell's payout email once given: shown when someone resumes the order by its refId. */
  emtEmail: z.string().max(254).nullish(),
});
export type FlowState = z.output<typeof flowStateSchema>;

/** `{ error: { code, msg, errorParams } }` (docs/spec.md section 8). */
export const errorObjectSchema = z.object({
  code: z.string(),
  msg: z.string().optional().default(''),
  errorParams: z.object({ amount: z.number().optional() }).passthrough().optional(),
});

/** Buyer-info failures may be a list of `{ errorCode, errorMsg }`. */
export const errorItemSchema = z.object({ errorCode: z.string(), errorMsg: z.string() });
export type UpstreamErrorItem = z.output<typeof errorItemSchema>;

export const errorBodySchema = z.object({
  error: z.union([errorObjectSchema, z.array(errorItemSchema)]),
});

// ---------------------------------------------------------------- requests

export const quoteRequestSchema = z.strictObject({
  fiatAmount: amount,
  fiatCurrency: z.string().min(3).max(3),
  cryptoCurrency: z.string().min(2).max(5),
  paymentMethod: z.string().min(1),
  txnType: z.enum(TXN_TYPES),
  /** `{width}x{height}` of the visitor's screen, empty when unknown. */
  browserResolution: z.string().regex(/^(\d{1,5}x\d{1,5})?$/),
  country: z.string().length(2),
  cryptoAmount: amount,
  paymentMethodSubtype: z.string().min(1).optional(),
  vipTag: z.string().min(1).optional(),
});

export const requoteRequestSchema = z.strictObject({
  refId,
  fiatAmount: amount.optional(),
  cryptoAmount: amount.optional(),
  // The gift-card picker also sends these.
  fiatCurrency: z.string().optional(),
  cryptoCurrency: z.string().optional(),
  paymentMethod: z.string().optional(),
  paymentMethodSubtype: z.string().optional(),
  txnType: z.enum(TXN_TYPES).optional(),
  country: z.string().optional(),
});

export const refIdRequestSchema = z.strictObject({ refId });
export const cryptoAddressRequestSchema = z.strictObject({ refId, cryptoAddress: z.string().min(1).max(128) });
export const emtEmailRequestSchema = z.strictObject({ refId, emtEmail: z.string().min(3).max(254) });

export const buyerInfoRequestSchema = z.strictObject({
  refId,
  firstName: z.string().min(1).max(100),
  lastName: z.string().min(1).max(100),
  emailAddress: z.string().min(3).max(254),
  mobile: z.strictObject({
    countryCode: z.string().regex(/^\d{1,4}$/),
    areaCode: z.string().regex(/^\d{0,5}$/),
    phoneNumber: z.string().regex(/^\d{3,15}$/),
  }),
  dateOfBirth: z.strictObject({
    year: z.string().regex(/^\d{4}$/),
    month: z.string().regex(/^\d{2}$/),
    day: z.string().regex(/^\d{2}$/),
  }),
  address: z
    .strictObject({
      addressLine1: z.string().min(2).max(200),
      cityTown: z.string().min(2).max(100),
      stateProv: z.string().min(2).max(3),
      postalCode: z.string().min(4).max(10),
      country: z.literal('CA'),
    })
    .optional(),
});
export type BuyerInfoRequest = z.input<typeof buyerInfoRequestSchema>;

export const mobileVerificationRequestSchema = z.strictObject({
  refId,
  verificationCode: z.string().regex(/^\d{6}$/),
});
export const voucherNumberRequestSchema = z.strictObject({
  refId,
  voucherNumber: z.string().regex(/^\d{16}$/),
});

// No repeated group: V8's regex engine would recurse on a text as long as an upload. The length check
// and the round trip below do the rest.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Strict base64: the alphabet in groups of four, padding only at the very end, no data:
 * prefix, no whitespace. Node's decoder skips what it does not know, so the result is also
 * encoded back and compared. null when the text is not exactly base64.
 */
export function decodeStrictBase64(text: string): Buffer | null {
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}

/** base64 of at most UPLOAD_MAX_BYTES, without a data: prefix, strict (see decodeStrictBase64). */
export const ENCODED_FILE_MAX_LENGTH = Math.ceil(UPLOAD_MAX_BYTES / 3) * 4;
const encodedFile = z
  .string()
  .min(4)
  .max(ENCODED_FILE_MAX_LENGTH)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/)
  .refine((text) => decodeStrictBase64(text) !== null, 'not strict base64');

export const selfieImageRequestSchema = z.strictObject({
  refId,
  mobileNumber: z.string().optional(),
  documentType: z.enum(DOCUMENT_TYPES),
  mimeType: z.string().min(3).max(100),
  fileName: z.string().min(1).max(255),
  extName: z.string().min(1).max(10),
  encodedFile,
  imageSource: z.enum(IMAGE_SOURCES),
});

export const documentUploadRequestSchema = z.strictObject({
  mobileNumber: z.string().min(5).max(20),
  documentType: z.enum(DOCUMENT_TYPES),
  mimeType: z.string().min(3).max(100),
  fileName: z.string().min(1).max(255),
  extName: z.string().min(1).max(10),
  encodedFile,
});

export const vipCheckRequestSchema = z.strictObject({ vipTag: z.string().min(1).max(128) });
export const bankTransferInitRequestSchema = z.strictObject({ refId, selectedBank: z.string().max(64) });

/** The /proc/{procid} page's query parameters, posted as the body. */
export const procQuerySchema = z.record(z.string().min(1).max(64), z.string().max(2048));
export type ProcQuery = z.input<typeof procQuerySchema>;

/** The card provider's quote query (GET ?key&baseCurrency&amount[&quoteCurrency]). */
export const cardQuoteQuerySchema = z.strictObject({
  key: z.string().min(1).max(256),
  baseCurrency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.number().positive().finite(),
  /** The coin the amount buys; the provider's default (BTC) when left out. */
  quoteCurrency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
});

// ---------------------------------------------------------------- responses

export const requoteResponseSchema = z.object({
  cryptoAmount: amount,
  fiatAmount: amount.optional(),
  txnValidUntil: z.string().nullish(),
  forexRatePublic: rate,
  txnDate: z.string().nullish(),
});

export const smsCodeResponseSchema = z.object({ error: z.string().nullish() });

export const statusResponseSchema = z.object({
  txnStatus: z.string(),
  cryptoAddress: z.string().nullish(),
  cryptoCurrency: z.string(),
  cryptoAmount: amount,
});
export type StatusResponse = z.output<typeof statusResponseSchema>;

/** The upload API's "upload result": nothing of it is read, any 2xx is a success. */
export const uploadResponseSchema = z.unknown();
export const vipCheckResponseSchema = z.boolean();
/** /{procid}: the page says Processing, then Done; nothing of the answer is read, any 2xx will do. */
export const procResponseSchema = z.unknown();

/**
 * etransfer/init: the checkout uses its nextActionParams.redirectUrl. Whatever else of a
 * flow state it carries is read over the state it was asked for.
 */
export const etransferInitResponseSchema = flowStateSchema.partial().extend({
  nextActionParams: nextActionParamsSchema.extend({ redirectUrl: z.string() }),
});
export type EtransferInitResponse = z.output<typeof etransferInitResponseSchema>;

/** banktransfer/init: the checkout uses the next step; the rest is read over the state it was asked for. */
export const bankTransferInitResponseSchema = flowStateSchema.partial().extend({ nextAction: z.string() });
export type BankTransferInitResponse = z.output<typeof bankTransferInitResponseSchema>;

export const tickerEntrySchema = z.object({
  cryptoCurrency: z.string(),
  fiatCurrency: z.string(),
  /** A price: a ticker answer with a zero, negative or absent one is refused whole. */
  fiatAmount: z.number().finite().positive(),
});
export const tickerResponseSchema = z.array(tickerEntrySchema);
export type TickerEntry = z.output<typeof tickerEntrySchema>;

/** The card provider's quote answer. */
export const cardQuoteResponseSchema = z.object({
  quoteCurrencyAmount: amount,
  feeAmount: amount,
  extraFeeAmount: amount,
  /**
   * Not named by the spec, so never required: what the card is charged in the provider's
   * own currency (cards are charged in USD). Used when the provider gives it.
   */
  chargeAmount: amount.optional().catch(undefined),
  chargeCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .optional()
    .catch(undefined),
});
