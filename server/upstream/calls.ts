// The upstream calls of docs/spec.md section 7, one row each: its HTTP method, its path, the
// schema its request must pass before it leaves and the schema its answer must pass when
// it arrives (contract.ts). The typed client (client.ts), the procids kept from other
// calls' paths and the metrics' call labels (ops/metrics.ts) are all read from this table
// and from the rows a payment method brings of its own (PaymentMethod.calls, written with
// postCall and getCall), so a new call is one row.
import type { z } from 'zod';
import {
  buyerInfoRequestSchema,
  cardQuoteQuerySchema,
  cardQuoteResponseSchema,
  cryptoAddressRequestSchema,
  documentUploadRequestSchema,
  flowStateSchema,
  mobileVerificationRequestSchema,
  procQuerySchema,
  procResponseSchema,
  quoteRequestSchema,
  REF_ID_PATTERN,
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
} from '../../checkout/contract.ts';
import { TXN_TYPES, type TxnType } from '../../checkout/domain.ts';
import { API_OF_TXN_TYPE } from '../../checkout/wire.ts';

/** The setting whose URL a call's path is below: the exchange API, the document upload API, the card provider's quote. */
export type CallBase = 'baseUrl' | 'uploadUrl' | 'cardQuoteUrl';

/**
 * A path's parameters, each filled from one of the call's first arguments, in path order:
 * `:api` is txnbuy or txnsell for the call's transaction type (checkout/wire.ts spells
 * island paths the same way), `:refId` a transaction, `:procId` a bank's return page.
 */
export interface PathParameters {
  api: [txnType: TxnType];
  refId: [refId: string];
  procId: [procId: string];
}

/** How each path parameter becomes a segment: undefined when its argument must not be sent (a bug of ours). */
export const PATH_PARAMETERS: {
  [Name in keyof PathParameters]: { argument: string; segment(value: PathParameters[Name][0]): string | undefined };
} = {
  api: { argument: 'txnType', segment: (txnType) => (TXN_TYPES.includes(txnType) ? API_OF_TXN_TYPE[txnType] : undefined) },
  // The contract's pattern admits no '/', '.' or '%': a refId stays one segment.
  refId: { argument: 'refId', segment: (refId) => (REF_ID_PATTERN.test(refId) ? encodeURIComponent(refId) : undefined) },
  procId: { argument: 'procId', segment: (procId) => (isProcId(procId) ? procId : undefined) },
};

interface CallRow {
  /** Below the base, '/'-separated; a `:name` segment is one of PathParameters. Empty: the base itself. */
  path: string;
  base: CallBase;
  /** The request's fields the call takes one by one, in this order, rather than the request whole. */
  fields?: readonly string[];
  /** What the answer must pass. */
  response: z.ZodType;
}

/**
 * One call. Its `request` schema is what a POST's body or a GET's query must pass: the
 * call's argument after the path's (or, with `fields`, its arguments).
 */
export type UpstreamCall = CallRow & ({ method: 'POST'; request: z.ZodType } | { method: 'GET'; request?: z.ZodType });

type Response = CallRow['response'];
type FieldsOf<Request extends z.ZodType> = readonly (keyof z.input<Request> & string)[];

/** A POST of `request`, answered by `response`. */
export function postCall<
  Path extends string,
  Request extends z.ZodType,
  Answer extends Response,
  const Fields extends FieldsOf<Request> | undefined = undefined,
>(path: Path, request: Request, response: Answer, options: { base?: CallBase; fields?: Fields } = {}) {
  return { method: 'POST', path, base: options.base ?? 'baseUrl', request, fields: options.fields as Fields, response } as const;
}

/** A GET answered by `response`. With a `query`, the path is empty: the query goes on the base URL itself. */
export function getCall<Path extends string, Answer extends Response, Query extends z.ZodType | undefined = undefined>(
  path: Path,
  response: Answer,
  options: { base?: CallBase; query?: Query } = {},
) {
  return { method: 'GET', path, base: options.base ?? 'baseUrl', request: options.query as Query, response } as const;
}

/** Each call by its client function's name: postCall(path, request, response) or getCall(path, response), options last. */
export const UPSTREAM_CALLS = {
  quoteRequest: postCall(':api/quoterequest', quoteRequestSchema, flowStateSchema),
  requote: postCall(':api/requote', requoteRequestSchema, requoteResponseSchema),
  confirmNewQuote: postCall(':api/confirmednewquote', refIdRequestSchema, flowStateSchema, { fields: ['refId'] }),
  cryptoAddress: postCall(':api/cryptoaddress', cryptoAddressRequestSchema, flowStateSchema),
  buyerInfo: postCall(':api/buyerinfo', buyerInfoRequestSchema, flowStateSchema),
  mobileVerification: postCall(':api/mobileverification', mobileVerificationRequestSchema, flowStateSchema),
  generateSmsCode: postCall(':api/generatesmscode', refIdRequestSchema, smsCodeResponseSchema, { fields: ['refId'] }),
  selfieImage: postCall(':api/selfieimage', selfieImageRequestSchema, flowStateSchema),
  status: getCall(':api/status/:refId', statusResponseSchema),
  flowState: getCall(':api/flowstate/:refId', flowStateSchema),
  vipCheck: postCall('vipcheck', vipCheckRequestSchema, vipCheckResponseSchema, { fields: ['vipTag'] }),
  proc: postCall(':procId', procQuerySchema, procResponseSchema),
  ticker: getCall('pubapi/ticker/merchant', tickerResponseSchema),
  uploadDocument: postCall('', documentUploadRequestSchema, uploadResponseSchema, { base: 'uploadUrl' }),
  cardQuote: getCall('', cardQuoteResponseSchema, { base: 'cardQuoteUrl', query: cardQuoteQuerySchema }),
} as const satisfies Record<string, UpstreamCall>;

export type UpstreamCalls = typeof UPSTREAM_CALLS;

type SegmentArgs<Segment extends string> = Segment extends `:${infer Name extends keyof PathParameters}`
  ? PathParameters[Name]
  : [];
type PathArgs<Path extends string> = Path extends `${infer Head}/${infer Rest}`
  ? [...SegmentArgs<Head>, ...PathArgs<Rest>]
  : SegmentArgs<Path>;
type RequestArgs<Call> = Call extends { request: infer Request extends z.ZodType }
  ? Call extends { fields: infer Fields extends readonly (keyof z.input<Request>)[] }
    ? { -readonly [I in keyof Fields]: z.input<Request>[Fields[I]] }
    : Call extends { method: 'GET' }
      ? [query: z.input<Request>]
      : [body: z.input<Request>]
  : [];

/** A call's arguments: its path's parameters, then its request (whole, or its `fields`). */
export type CallArgs<Call extends UpstreamCall> = [...PathArgs<Call['path']>, ...RequestArgs<Call>];
/** What a call that went well gives. */
export type CallValue<Call extends UpstreamCall> = z.output<Call['response']>;

/** A path's fixed words: its segments without the parameters. */
export const pathWords = (call: UpstreamCall): string[] =>
  call.path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':'));

/** The shared calls: the table's rows. */
export const SHARED_CALLS: readonly UpstreamCall[] = Object.values(UPSTREAM_CALLS);

/** The first segments of the exchange calls' paths: a procid must never reach them. */
function reservedProcIds(calls: readonly UpstreamCall[]): ReadonlySet<string> {
  return new Set(
    calls
      .filter((call) => call.base === 'baseUrl')
      .flatMap((call) => {
        const first = call.path.split('/', 1)[0]!;
        if (first === ':api') return Object.values(API_OF_TXN_TYPE);
        return first.startsWith(':') ? [] : [first];
      }),
  );
}

const reserved = new WeakMap<readonly UpstreamCall[], ReadonlySet<string>>();

/**
 * Whether a /proc/{procid} value may be posted upstream, beside these calls (the shared
 * ones, and the methods' own where the caller knows them); callers 404 the others.
 */
export function isProcId(value: string, calls: readonly UpstreamCall[] = SHARED_CALLS): boolean {
  let words = reserved.get(calls);
  if (!words) reserved.set(calls, (words = reservedProcIds(calls)));
  return /^[A-Za-z0-9_-]{1,64}$/.test(value) && !words.has(value.toLowerCase());
}
