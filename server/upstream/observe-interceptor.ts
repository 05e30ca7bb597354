// Reports every upstream call once it is over (status or error code, attempts, duration)
// to whoever counts them, the metrics: inside the log interceptor, whose attempt counter
// it reads, and outside the breaker, so calls the breaker refused are reported too.
import type { Dispatcher } from 'undici';
import { attemptsOf } from './retry-interceptor.ts';
import { SettledHandler } from './settled-handler.ts';

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

type Handler = Dispatcher.DispatchHandler;

export function observeInterceptor(report: (call: UpstreamCallReport) => void): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => dispatch(opts, new ObservingHandler(handler, opts, report));
}

class ObservingHandler extends SettledHandler {
  readonly #opts: Dispatcher.DispatchOptions;
  readonly #report: (call: UpstreamCallReport) => void;

  constructor(handler: Handler, opts: Dispatcher.DispatchOptions, report: (call: UpstreamCallReport) => void) {
    super(handler);
    this.#opts = opts;
    this.#report = report;
  }

  protected settled(error?: string): void {
    this.#report({
      origin: String(this.#opts.origin ?? ''),
      path: this.#opts.path.split('?', 1)[0] ?? '',
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(error ? { error } : {}),
      // Refused by the breaker: no attempt was made.
      attempts: attemptsOf(this.#opts),
      durationMs: performance.now() - this.startedAt,
    });
  }
}
