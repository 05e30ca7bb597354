// When the edge retries an upstream call (docs/spec.md section 7). Pure, so the rules can be
// read and tested apart from the undici plumbing that applies them.
import { HTTP_MAX_RETRIES } from '../../checkout/limits.ts';

export interface RetryPolicy {
  /** Retries after the first attempt: 3 means at most 4 attempts. */
  maxRetries: number;
  /** Back-off before the first retry; doubles each time up to maxDelayMs. */
  minDelayMs: number;
  maxDelayMs: number;
}

/** docs/spec.md section 7: up to HTTP_MAX_RETRIES retries, with exponential back-off. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: HTTP_MAX_RETRIES, minDelayMs: 200, maxDelayMs: 2_000 };

/** Repeating these cannot change what the upstream stores (RFC 9110 section 9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Failures where the request most likely never reached, or never finished at, the
 * upstream. They are retried for every method: POSTs carry an Idempotency-Key.
 */
const NETWORK_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'EAI_AGAIN',
  'UND_ERR_SOCKET', // socket closed before a response
  'UND_ERR_CONNECT_TIMEOUT',
  // Not UND_ERR_HEADERS_TIMEOUT: the upstream got the request and is slow; retrying would
  // make a visitor wait several timeouts instead of the one that was configured.
]);

export function retriesStatus(method: string, status: number): boolean {
  // 503 is the upstream asking for less traffic: another attempt only adds to it.
  if (status === 503) return false;
  // A gateway timeout is retried for any method, like a network error.
  if (status === 504) return true;
  return status >= 500 && status <= 599 && IDEMPOTENT_METHODS.has(method.toUpperCase());
}

export function retriesError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && NETWORK_ERROR_CODES.has(code);
}

/** Delay before retry number `retry` (1-based): exponential, capped. */
export function backoffMs(retry: number, policy: RetryPolicy): number {
  return Math.min(policy.minDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
}

/** The timeouts of one attempt (UPSTREAM_*_TIMEOUT_MS). */
export interface AttemptTimeouts {
  connectMs: number;
  headersMs: number;
  bodyMs: number;
}

/**
 * The longest one upstream call can take: every attempt spends its whole connect, headers
 * and body timeouts before it fails in a way that is retried (a 504 read to its end, a
 * reset at the body's end), with the back-offs between attempts. How long a process must
 * let its requests run after SIGTERM.
 */
export function longestCallMs(policy: RetryPolicy, timeouts: AttemptTimeouts): number {
  const attempt = timeouts.connectMs + timeouts.headersMs + timeouts.bodyMs;
  let total = attempt;
  for (let retry = 1; retry <= policy.maxRetries; retry++) total += backoffMs(retry, policy) + attempt;
  return total;
}
