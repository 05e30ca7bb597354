// The typed upstream client: one function per call of docs/spec.md section 7. Requests are
// checked against contract.ts before they leave (a bad one is our bug and throws),
// responses after they arrive (a bad one is `invalid-response`). Everything the upstream
// can do wrong comes back as data; retries happen below, in the shared dispatcher.
import type { Dispatcher } from 'undici';
import { z } from 'zod';
import { TXN_TYPES, type TxnType } from '../../checkout/domain.ts';
import { API_OF_TXN_TYPE } from '../../checkout/wire.ts';
import {
  bankTransferInitRequestSchema,
  bankTransferInitResponseSchema,
  buyerInfoRequestSchema,
  cardQuoteResponseSchema,
  cryptoAddressRequestSchema,
  documentUploadRequestSchema,
  emtEmailRequestSchema,
  etransferInitResponseSchema,
  flowStateSchema,
  mobileVerificationRequestSchema,
  procResponseSchema,
  quoteRequestSchema,
  refIdRequestSchema,
  requoteRequestSchema,
  requoteResponseSchema,
  selfieImageRequestSchema,
  smsCodeResponseSchema,
  statusResponseSchema,
  tickerResponseSchema,
  uploadResponseSchema,
  vipCheckRequestSchema,
  vipCheckResponseSchema,
  voucherNumberRequestSchema,
  type BankTransferInitResponse,
  type BuyerInfoRequest,
  type CardQuote,
  type DocumentUploadRequest,
  type EtransferInitResponse,
  type FlowState,
  type QuoteRequest,
  type RequoteRequest,
  type RequoteResponse,
  type SelfieImageRequest,
  type StatusResponse,
  type TickerEntry,
} from './contract.ts';
import { REF_ID_PATTERN } from './contract.ts';
import { UpstreamRequestError, type UpstreamResult } from './errors.ts';
import { createExchange, issuePaths, targetOf, under, type Exchange, type Image, type Target } from './exchange.ts';
import type { LineLogger } from '../logging.ts';

export type { UpstreamFailure, UpstreamResult } from './errors.ts';

export interface UpstreamSettings {
  /** The exchange API root: buy calls live under /txnbuy, sell calls under /txnsell. */
  baseUrl: string;
  uploadUrl: string;
  /** Unset: card payments are off, and cardQuote answers `unavailable` without a call. */
  cardQuoteUrl?: string;
  dispatcher: Dispatcher;
  logger: LineLogger;
  /** The largest upstream body read (default UPSTREAM_BODY_MAX_BYTES). */
  maxBodyBytes?: number;
}

/** Who the calls are made for: both ids travel upstream as headers. */
export interface RequestContext {
  requestId: string;
  merchantId: string;
  /** The visitor request's logger (already bound to its request id). */
  log?: LineLogger;
}

export interface Upstream {
  forRequest(context: RequestContext): UpstreamClient;
}

export type CryptoAddressRequest = z.input<typeof cryptoAddressRequestSchema>;
export type EmtEmailRequest = z.input<typeof emtEmailRequestSchema>;
export type MobileVerificationRequest = z.input<typeof mobileVerificationRequestSchema>;
export type VoucherNumberRequest = z.input<typeof voucherNumberRequestSchema>;
export type SmsCodeResponse = z.output<typeof smsCodeResponseSchema>;
export type UploadResponse = z.output<typeof uploadResponseSchema>;
export type ProcResponse = z.output<typeof procResponseSchema>;
/** The /proc/{procid} page's query parameters, posted as the body. */
export type ProcQuery = Record<string, string>;
export interface CardQuoteQuery {
  key: string;
  baseCurrency: string;
  amount: number;
  /** The coin the amount buys; the provider's default (BTC) when left out. */
  quoteCurrency?: string;
}
/** The QR code PNG of a deposit address. */
export type WalletQr = Image;

type Result<T> = Promise<UpstreamResult<T>>;

export interface UpstreamClient {
  quoteRequest(txnType: TxnType, body: QuoteRequest): Result<FlowState>;
  requote(txnType: TxnType, body: RequoteRequest): Result<RequoteResponse>;
  confirmNewQuote(txnType: TxnType, refId: string): Result<FlowState>;
  cryptoAddress(txnType: TxnType, body: CryptoAddressRequest): Result<FlowState>;
  emtEmail(txnType: TxnType, body: EmtEmailRequest): Result<FlowState>;
  buyerInfo(txnType: TxnType, body: BuyerInfoRequest): Result<FlowState>;
  mobileVerification(txnType: TxnType, body: MobileVerificationRequest): Result<FlowState>;
  generateSmsCode(txnType: TxnType, refId: string): Result<SmsCodeResponse>;
  voucherNumber(txnType: TxnType, body: VoucherNumberRequest): Result<FlowState>;
  selfieImage(txnType: TxnType, body: SelfieImageRequest): Result<FlowState>;
  uploadDocument(body: DocumentUploadRequest): Result<UploadResponse>;
  status(txnType: TxnType, refId: string): Result<StatusResponse>;
  flowState(txnType: TxnType, refId: string): Result<FlowState>;
  vipCheck(vipTag: string): Result<boolean>;
  etransferInit(refId: string): Result<EtransferInitResponse>;
  bankTransferInit(refId: string, selectedBank: string): Result<BankTransferInitResponse>;
  proc(procId: string, query: ProcQuery): Result<ProcResponse>;
  ticker(): Result<TickerEntry[]>;
  walletQr(refId: string): Result<WalletQr>;
  cardQuote(query: CardQuoteQuery): Result<CardQuote>;
}

/** Root paths of other calls: a procid must never reach them. */
const RESERVED_PROC_IDS = new Set(['txnbuy', 'txnsell', 'vipcheck', 'etransfer', 'banktransfer', 'pubapi']);

/** Whether a /proc/{procid} value may be posted upstream; callers 404 the others. */
export function isProcId(value: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) && !RESERVED_PROC_IDS.has(value.toLowerCase());
}

const procQuerySchema = z.record(z.string().min(1).max(64), z.string().max(2048));
const cardQuoteQuerySchema = z.strictObject({
  key: z.string().min(1).max(256),
  baseCurrency: z.string().regex(/^[A-Z]{3}$/),
  amount: z.number().positive().finite(),
  quoteCurrency: z
    .string()
    .regex(/^[A-Z]{3,5}$/)
    .optional(),
});

function encodeBody(call: string, schema: z.ZodType, body: unknown): string {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new UpstreamRequestError(call, issuePaths(parsed.error));
  return JSON.stringify(parsed.data);
}

/** A refId as one path segment: the contract's pattern admits no '/', '.' or '%'. */
function refIdSegment(call: string, refId: string): string {
  if (!REF_ID_PATTERN.test(refId)) {
    throw new UpstreamRequestError(call, ['refId']);
  }
  return encodeURIComponent(refId);
}

function apiSegment(call: string, txnType: TxnType): string {
  if (!TXN_TYPES.includes(txnType)) throw new UpstreamRequestError(call, ['txnType']);
  return API_OF_TXN_TYPE[txnType];
}

/** A client for one visitor request: the calls, shared, and the exchange that carries its ids. */
type RequestClient = UpstreamClient & { readonly exchange: Exchange };

export function createUpstream(settings: UpstreamSettings): Upstream {
  const root = targetOf(settings.baseUrl);
  const upload = targetOf(settings.uploadUrl);

  type Bound = { exchange: Exchange };
  const get = <T>(self: Bound, call: string, target: Target, schema: z.ZodType<T>): Result<T> =>
    self.exchange.json(call, target, schema);
  // Throws (inside the async call functions: a rejection) when the body breaks the contract.
  const post = <T>(
    self: Bound,
    call: string,
    target: Target,
    requestSchema: z.ZodType,
    body: unknown,
    schema: z.ZodType<T>,
  ): Result<T> => self.exchange.json(call, target, schema, encodeBody(call, requestSchema, body));
  const api = (call: string, txnType: TxnType, endpoint: string): Target => under(root, apiSegment(call, txnType), endpoint);

  // The calls are made once; each finds the request it is for (its exchange) on `this`.
  const calls: {
    [K in keyof UpstreamClient]: (this: Bound, ...args: Parameters<UpstreamClient[K]>) => ReturnType<UpstreamClient[K]>;
  } = {
    async quoteRequest(txnType, body) {
      return post(this, 'quoteRequest', api('quoteRequest', txnType, 'quoterequest'), quoteRequestSchema, body, flowStateSchema);
    },
    async requote(txnType, body) {
      return post(this, 'requote', api('requote', txnType, 'requote'), requoteRequestSchema, body, requoteResponseSchema);
    },
    async confirmNewQuote(txnType, refId) {
      return post(
        this,
        'confirmNewQuote',
        api('confirmNewQuote', txnType, 'confirmednewquote'),
        refIdRequestSchema,
        { refId },
        flowStateSchema,
      );
    },
    async cryptoAddress(txnType, body) {
      return post(
        this,
        'cryptoAddress',
        api('cryptoAddress', txnType, 'cryptoaddress'),
        cryptoAddressRequestSchema,
        body,
        flowStateSchema,
      );
    },
    async emtEmail(txnType, body) {
      return post(this, 'emtEmail', api('emtEmail', txnType, 'emtemail'), emtEmailRequestSchema, body, flowStateSchema);
    },
    async buyerInfo(txnType, body) {
      return post(this, 'buyerInfo', api('buyerInfo', txnType, 'buyerinfo'), buyerInfoRequestSchema, body, flowStateSchema);
    },
    async mobileVerification(txnType, body) {
      return post(
        this,
        'mobileVerification',
        api('mobileVerification', txnType, 'mobileverification'),
        mobileVerificationRequestSchema,
        body,
        flowStateSchema,
      );
    },
    async generateSmsCode(txnType, refId) {
      return post(
        this,
        'generateSmsCode',
        api('generateSmsCode', txnType, 'generatesmscode'),
        refIdRequestSchema,
        { refId },
        smsCodeResponseSchema,
      );
    },
    async voucherNumber(txnType, body) {
      return post(
        this,
        'voucherNumber',
        api('voucherNumber', txnType, 'vouchernumber'),
        voucherNumberRequestSchema,
        body,
        flowStateSchema,
      );
    },
    async selfieImage(txnType, body) {
      return post(
        this,
        'selfieImage',
        api('selfieImage', txnType, 'selfieimage'),
        selfieImageRequestSchema,
        body,
        flowStateSchema,
      );
    },
    async uploadDocument(body) {
      return post(this, 'uploadDocument', upload, documentUploadRequestSchema, body, uploadResponseSchema);
    },
    async status(txnType, refId) {
      return get(this, 'status', under(api('status', txnType, 'status'), refIdSegment('status', refId)), statusResponseSchema);
    },
    async flowState(txnType, refId) {
      return get(
        this,
        'flowState',
        under(api('flowState', txnType, 'flowstate'), refIdSegment('flowState', refId)),
        flowStateSchema,
      );
    },
    async vipCheck(vipTag) {
      return post(this, 'vipCheck', under(root, 'vipcheck'), vipCheckRequestSchema, { vipTag }, vipCheckResponseSchema);
    },
    async etransferInit(refId) {
      return post(
        this,
        'etransferInit',
        under(root, 'etransfer', 'init'),
        refIdRequestSchema,
        { refId },
        etransferInitResponseSchema,
      );
    },
    async bankTransferInit(refId, selectedBank) {
      return post(
        this,
        'bankTransferInit',
        under(root, 'banktransfer', 'init'),
        bankTransferInitRequestSchema,
        { refId, selectedBank },
        bankTransferInitResponseSchema,
      );
    },
    async proc(procId, query) {
      if (!isProcId(procId)) throw new UpstreamRequestError('proc', ['procId']);
      return post(this, 'proc', under(root, procId), procQuerySchema, query, procResponseSchema);
    },
    async ticker() {
      return get(this, 'ticker', under(root, 'pubapi', 'ticker', 'merchant'), tickerResponseSchema);
    },
    async walletQr(refId) {
      return this.exchange.image('walletQr', under(root, 'pubapi', 'qrcode', 'walletaddress', refIdSegment('walletQr', refId)));
    },
    async cardQuote(query) {
      const checked = cardQuoteQuerySchema.safeParse(query);
      if (!checked.success) throw new UpstreamRequestError('cardQuote', issuePaths(checked.error));
      if (!settings.cardQuoteUrl) return { ok: false, failure: { kind: 'unavailable', reason: 'not-configured' } };
      const url = new URL(settings.cardQuoteUrl);
      url.searchParams.set('key', checked.data.key);
      url.searchParams.set('baseCurrency', checked.data.baseCurrency);
      url.searchParams.set('amount', String(checked.data.amount));
      if (checked.data.quoteCurrency) url.searchParams.set('quoteCurrency', checked.data.quoteCurrency);
      return get(this, 'cardQuote', { origin: url.origin, path: url.pathname + url.search }, cardQuoteResponseSchema);
    },
  };

  return {
    forRequest: (context): RequestClient => ({
      ...calls,
      exchange: createExchange({
        dispatcher: settings.dispatcher,
        requestId: context.requestId,
        merchantId: context.merchantId,
        log: context.log ?? settings.logger,
        logHasRequestId: context.log !== undefined,
        maxBodyBytes: settings.maxBodyBytes,
      }),
    }),
  };
}
