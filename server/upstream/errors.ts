// What an upstream call can come back with besides success. Upstream trouble is data (the
// flow decides what the visitor sees, docs/spec.md section 8); only a request the edge itself
// built wrong is thrown, because that is a bug on our side, not the upstream's.
import { errorBodySchema } from '../../checkout/contract.ts';
import { CircuitOpenError } from './breaker.ts';

export type UpstreamFailure =
  /** `{ error: { code, msg, errorParams } }`; msg is the upstream's own text, shown to the visitor. */
  | { kind: 'error'; status: number; code: string; msg: string; errorParams?: { amount?: number } }
  /** Buyer-info validation: a list of `{ errorCode, errorMsg }`. */
  | { kind: 'errors'; status: number; items: { errorCode: string; errorMsg: string }[] }
  /**
   * No usable answer: 502/503/504, another 5xx without a message, a timeout, a network
   * failure, or a third party this deployment has no URL for.
   */
  | {
      kind: 'unavailable';
      status?: number;
      reason: 'status-503' | 'status-5xx' | 'timeout' | 'network' | 'not-configured' | 'circuit-open';
      /** The breaker is open: seconds until a probe may go (the visitor's Retry-After). */
      retryAfterS?: number;
    }
  /** An answer that breaks the contract; logged with the request id, the visitor gets a generic message. */
  | { kind: 'invalid-response'; status: number };

export type UpstreamResult<T> = { ok: true; value: T } | { ok: false; failure: UpstreamFailure };

/** The edge was about to send a request that breaks the contract. Names fields, never values. */
export class UpstreamRequestError extends Error {
  override name = 'UpstreamRequestError';
  constructor(
    readonly call: string,
    readonly fields: string[],
  ) {
    super(`upstream ${call}: request breaks the contract at ${fields.join(', ') || '(root)'}`);
  }
}

/**
 * Statuses a gateway or load balancer in front of the exchange answers with: whatever
 * their body says, it is not the exchange talking to the visitor.
 */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** The upstream's error body as a failure, or undefined when the body is not one. */
export function errorBodyFailure(status: number, body: unknown): UpstreamFailure | undefined {
  if (GATEWAY_STATUSES.has(status)) return undefined;
  // Nearly every answer is a success without an `error` field: no schema run (and no
  // failed parse's issues built) to learn that.
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'error')) return undefined;
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) return undefined;
  const { error } = parsed.data;
  if (Array.isArray(error)) return { kind: 'errors', status, items: error };
  // docs/spec.md section 8 treats a failure without a message as "no answer" (retry, then home).
  if (status >= 500 && !error.msg) return undefined;
  const amount = error.errorParams?.amount;
  return {
    kind: 'error',
    status,
    code: error.code,
    msg: error.msg,
    ...(amount === undefined ? {} : { errorParams: { amount } }),
  };
}

/** A non-2xx status whose body said nothing usable. */
export function statusFailure(status: number): UpstreamFailure {
  if (status === 503) return { kind: 'unavailable', status, reason: 'status-503' };
  if (status >= 500) return { kind: 'unavailable', status, reason: 'status-5xx' };
  return { kind: 'invalid-response', status };
}

const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

/**
 * A transport error (after the dispatcher's retries) as a failure. Undefined for errors
 * that are not transport trouble (no code, or undici refusing our arguments): the caller
 * rethrows those.
 */
export function transportFailure(error: unknown): UpstreamFailure | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || code === 'UND_ERR_INVALID_ARG') return undefined;
  if (error instanceof CircuitOpenError) return { kind: 'unavailable', reason: 'circuit-open', retryAfterS: error.retryAfterS };
  return { kind: 'unavailable', reason: TIMEOUT_CODES.has(code) ? 'timeout' : 'network' };
}
