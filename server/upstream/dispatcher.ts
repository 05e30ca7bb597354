// The one undici dispatcher for every upstream call, from the typed client and from the
// /api proxy alike, so there is exactly one retry layer: an Agent under the one interceptor
// that applies the breaker, the retries, the metrics and the log line (upstream-call.ts).
import fp from 'fastify-plugin';
import { Agent, type Dispatcher } from 'undici';
import type { LineLogger } from '../logging.ts';
import { type BreakerPolicy, CircuitBreakers } from './breaker.ts';
import { createUpstream } from './client.ts';
import { DEFAULT_RETRY_POLICY } from './retry-policy.ts';
import { type UpstreamCallReport, upstreamCallInterceptor } from './upstream-call.ts';

export interface UpstreamDispatcherOptions {
  connectTimeoutMs: number;
  /** A never-answering upstream costs exactly one of these: a headers timeout is not retried. */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  logger: LineLogger;
  /** Default: DEFAULT_RETRY_POLICY (docs/spec.md section 7). */
  maxRetries?: number;
  minDelayMs?: number;
  maxDelayMs?: number;
  /** A breaker per host around the retries (outside them: one outcome per call). */
  breakers?: CircuitBreakers;
  /** Told about every call when it is over (the metrics). */
  observe?: (call: UpstreamCallReport) => void;
}

export function createUpstreamDispatcher(options: UpstreamDispatcherOptions): Dispatcher {
  const {
    maxRetries = DEFAULT_RETRY_POLICY.maxRetries,
    minDelayMs = DEFAULT_RETRY_POLICY.minDelayMs,
    maxDelayMs = DEFAULT_RETRY_POLICY.maxDelayMs,
  } = options;
  const agent = new Agent({
    connect: { timeout: options.connectTimeoutMs },
    headersTimeout: options.headersTimeoutMs,
    bodyTimeout: options.bodyTimeoutMs,
  });
  return agent.compose(
    upstreamCallInterceptor({
      retry: { maxRetries, minDelayMs, maxDelayMs },
      breakers: options.breakers,
      observe: options.observe,
      logger: options.logger,
    }),
  );
}

export interface UpstreamPluginOptions {
  /** The exchange API root. */
  baseUrl: string;
  uploadUrl: string;
  cardQuoteUrl?: string;
  timeouts: { connectMs: number; headersMs: number; bodyMs: number };
  /** Back-off bounds; tests shorten them. */
  retry?: Pick<UpstreamDispatcherOptions, 'maxRetries' | 'minDelayMs' | 'maxDelayMs'>;
  /** Where the upstream log lines go; default the app's logger. */
  logger?: LineLogger;
  /** The largest upstream body the typed client reads (default UPSTREAM_BODY_MAX_BYTES). */
  maxBodyBytes?: number;
  /** The breakers' thresholds; tests shorten them. */
  breaker?: Partial<BreakerPolicy>;
  /** What time it is for the breakers (default Date.now); tests set it. */
  clock?: () => number;
  observe?: (call: UpstreamCallReport) => void;
}

/**
 * Decorates `app.upstreamDispatcher` (the one retry layer, for the client and the /api
 * proxy alike) and `app.upstream` (the typed client over it); closes it with the app.
 */
export const upstreamPlugin = fp<UpstreamPluginOptions>(
  async (app, options) => {
    const logger = options.logger ?? app.log;
    const breakers = new CircuitBreakers({ policy: options.breaker, clock: options.clock ?? Date.now, logger });
    const dispatcher = createUpstreamDispatcher({
      breakers,
      observe: options.observe,
      connectTimeoutMs: options.timeouts.connectMs,
      headersTimeoutMs: options.timeouts.headersMs,
      bodyTimeoutMs: options.timeouts.bodyMs,
      logger,
      ...options.retry,
    });
    app.decorate('upstreamDispatcher', dispatcher);
    app.decorate('upstreamBreakers', breakers);
    // Every page's flow goes through the exchange API: while its breaker is open, every call
    // fails at once here, and a replica whose breaker is closed serves better.
    const api = breakers.for(new URL(options.baseUrl).origin);
    if (app.hasDecorator('readinessChecks')) app.readinessChecks.push(() => (api.state === 'open' ? 'upstream' : undefined));
    app.decorate(
      'upstream',
      createUpstream({
        baseUrl: options.baseUrl,
        uploadUrl: options.uploadUrl,
        cardQuoteUrl: options.cardQuoteUrl,
        dispatcher,
        logger,
        maxBodyBytes: options.maxBodyBytes,
      }),
    );
    app.addHook('onClose', async () => dispatcher.close());
  },
  { name: 'edge-upstream', fastify: '5.x' },
);
