// The one undici dispatcher for every upstream call, from the typed client and from the
// /api proxy alike, so there is exactly one retry layer. Interceptors run outside-in in
// the reverse order of compose(): the log line wraps all attempts of the retry layer.
import { Agent, type Dispatcher } from 'undici';
import { retryInterceptor } from './retry-interceptor.ts';
import { logInterceptor, type Logger } from './log-interceptor.ts';

export interface UpstreamDispatcherOptions {
  connectTimeoutMs: number;
  /** A never-answering upstream costs exactly one of these: a headers timeout is not retried. */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  logger: Logger;
  /** SPEC.md section 7: up to 3 retries. */
  maxRetries?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
}

export function createUpstreamDispatcher(options: UpstreamDispatcherOptions): Dispatcher {
  const { maxRetries = 3, minDelayMs = 200, maxDelayMs = 2_000 } = options;
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
  });
  return agent.compose(retryInterceptor({ maxRetries, minDelayMs, maxDelayMs }), logInterceptor(options.logger));
}
