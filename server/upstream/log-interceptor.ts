// One log line per upstream request, written when the caller has its answer, however many
// attempts the retry interceptor inside this one needed. Method, path without its query
// (a card-quote key travels there), status, attempts, duration, request id and merchant:
// never a body or a header value that could name a visitor.
import type { BaseLogger } from 'pino';
import type { Dispatcher } from 'undici';
import { countAttempts, type AttemptCounter } from './retry-interceptor.ts';
import { SettledHandler } from './settled-handler.ts';

/** What the upstream code logs with: a pino logger, Fastify's included. */
export type Logger = Pick<BaseLogger, 'info' | 'warn'>;

type Handler = Dispatcher.DispatchHandler;

export function logInterceptor(logger: Logger): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const attempts = countAttempts(opts);
    return dispatch(opts, new LoggingHandler(handler, logger, opts, attempts));
  };
}

/** Reads one header from any of the shapes undici accepts. */
function headerValue(headers: Dispatcher.DispatchOptions['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  for (const [key, value] of headerEntries(headers)) {
    if (String(key).toLowerCase() === name && value != null) return String(value);
  }
  return undefined;
}

function headerEntries(headers: NonNullable<Dispatcher.DispatchOptions['headers']>): Iterable<[unknown, unknown]> {
  if (Array.isArray(headers) && typeof headers[0] === 'string') {
    // The flat form: [name, value, name, value, ...].
    const pairs: [unknown, unknown][] = [];
    for (let i = 0; i + 1 < headers.length; i += 2) pairs.push([headers[i], headers[i + 1]]);
    return pairs;
  }
  return Symbol.iterator in headers ? (headers as Iterable<[unknown, unknown]>) : Object.entries(headers);
}

class LoggingHandler extends SettledHandler {
  readonly #logger: Logger;
  readonly #request: { reqId?: string; merchant?: string };
  readonly #call: { method: string; path: string };
  readonly #attempts: AttemptCounter;

  constructor(handler: Handler, logger: Logger, opts: Dispatcher.DispatchOptions, attempts: AttemptCounter) {
    super(handler);
    this.#logger = logger;
    this.#attempts = attempts;
    this.#request = { reqId: headerValue(opts.headers, 'x-request-id'), merchant: headerValue(opts.headers, 'x-merchant') };
    this.#call = { method: opts.method, path: opts.path.split('?', 1)[0] ?? '' };
  }

  protected settled(error?: string): void {
    const line = {
      ...this.#request,
      upstream: {
        ...this.#call,
        status: this.status,
        attempts: this.#attempts.count,
        durationMs: Math.round(performance.now() - this.startedAt),
        ...(error ? { error } : {}),
      },
    };
    if (error || (this.status ?? 0) >= 500) this.#logger.warn(line, 'upstream request failed');
    else this.#logger.info(line, 'upstream request');
  }
}
