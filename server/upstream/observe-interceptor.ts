// Reports every upstream call once it is over (status or error code, attempts, duration)
// to whoever counts them, the metrics: inside the log interceptor, whose attempt counter
// it reads, and outside the breaker, so calls the breaker refused are reported too.
import type { Dispatcher } from 'undici';
import { kAttempts, type CountedDispatchOptions } from './retry-interceptor.ts';

export interface UpstreamCallReport {
  origin: string;
  /** Without the query. */
  path: string;
  status?: number;
  /** The transport error's code when there was no response. */
  error?: string;
  attempts: number;
  durationMs: number;
}

type Controller = Dispatcher.DispatchController;
type Handler = Dispatcher.DispatchHandler;
type ResponseHeaders = Parameters<NonNullable<Handler['onResponseStart']>>[2];

export function observeInterceptor(report: (call: UpstreamCallReport) => void): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => dispatch(opts, new ObservingHandler(handler, opts, report));
}

class ObservingHandler implements Handler {
  readonly #handler: Handler;
  readonly #opts: CountedDispatchOptions;
  readonly #report: (call: UpstreamCallReport) => void;
  readonly #startedAt = performance.now();
  #status: number | undefined;

  constructor(handler: Handler, opts: CountedDispatchOptions, report: (call: UpstreamCallReport) => void) {
    this.#handler = handler;
    this.#opts = opts;
    this.#report = report;
  }

  onRequestStart(controller: Controller, context: unknown): void {
    this.#handler.onRequestStart?.(controller, context);
  }

  onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string): void {
    this.#status = statusCode;
    this.#handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.#handler.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Controller, trailers: ResponseHeaders): void {
    this.#done();
    this.#handler.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    this.#done((error as { code?: string }).code ?? error.name);
    this.#handler.onResponseError?.(controller, error);
  }

  #done(error?: string): void {
    this.#report({
      origin: String(this.#opts.origin ?? ''),
      path: this.#opts.path.split('?', 1)[0] ?? '',
      ...(this.#status === undefined ? {} : { status: this.#status }),
      ...(error ? { error } : {}),
      // Refused by the breaker: no attempt was made.
      attempts: this.#opts[kAttempts]?.count ?? 0,
      durationMs: performance.now() - this.#startedAt,
    });
  }
}
