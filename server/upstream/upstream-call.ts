// Everything the edge does around one upstream call, as one undici interceptor with one
// handler object per call: the breaker's admission and its one outcome per call (outside
// the retries), the retries (retry-policy.ts), and, at the one moment the call is over,
// its metrics report and its log line. One interceptor, not four: each would have a handler
// of its own per call, its own clock readings and its own walk of the headers.
//
// Written here rather than using undici's RetryHandler because that one also resumes
// half-read bodies with Range requests (wrong for POSTs and for an API) and its retry
// callback cannot tell whether the caller already has the response. Here a retry happens
// only before the caller has seen anything, and only for bodies that can be sent again
// (strings and buffers).
//
// The log line: method, path without its query (a card-quote key travels there), status,
// attempts, duration, request id and merchant; never a body or a header value that could
// name a visitor. A caller whose request line speaks for the call (the /api proxy: one line
// per request) takes a call that went well as a summary instead; a failed call is always
// its own warning. Either way, every call is told on exactly one line.
import type { Dispatcher } from 'undici';
import type { UpstreamSummary } from '../http/lifecycle.ts';
import type { LineLogger } from '../logging.ts';
import {
  type Admission,
  type CircuitBreaker,
  type CircuitBreakers,
  CircuitOpenError,
  type Outcome,
  outcomeOfStatus,
} from './breaker.ts';
import { backoffMs, type RetryPolicy, retriesError, retriesStatus } from './retry-policy.ts';

/** What the metrics are told about every call once it is over. */
export interface UpstreamCallReport {
  origin: string;
  /** Without the query. */
  path: string;
  status?: number;
  /** The transport error's code when there was no response. */
  error?: string;
  /** 0 when the breaker refused the call. */
  attempts: number;
  durationMs: number;
}

/** A handler that logs the call on its own request's line: given a call that went well as a summary instead of its line. */
export interface UpstreamSummaryTaker {
  takeUpstreamSummary(summary: UpstreamSummary): void;
}

export interface UpstreamCallOptions {
  retry: RetryPolicy;
  /** A breaker per origin around the retries; none: every call is made. */
  breakers?: CircuitBreakers;
  /** Told about every call when it is over (the metrics). */
  observe?: (call: UpstreamCallReport) => void;
  logger: LineLogger;
}

type Controller = Dispatcher.DispatchController;
type Handler = Dispatcher.DispatchHandler;
type Dispatch = Dispatcher.Dispatch;
type DispatchOptions = Dispatcher.DispatchOptions;
type ResponseHeaders = Parameters<NonNullable<Handler['onResponseStart']>>[2];

export function upstreamCallInterceptor(options: UpstreamCallOptions): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => {
    const call = new UpstreamCall(dispatch, opts, handler, options);
    const admission = call.admission;
    if (admission === 'reject') {
      call.refuse();
      return true;
    }
    return call.dispatchAttempt();
  };
}

function isReplayable(body: DispatchOptions['body']): boolean {
  return body == null || typeof body === 'string' || body instanceof Uint8Array;
}

/** The path without its query. */
function pathOnly(path: string): string {
  const query = path.indexOf('?');
  return query === -1 ? path : path.slice(0, query);
}

/**
 * One request header's value. The edge's callers pass a plain object (read directly);
 * the other shapes undici accepts are walked.
 */
function headerValue(headers: DispatchOptions['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  if (!Array.isArray(headers) && !(Symbol.iterator in headers)) {
    const value = (headers as Record<string, unknown>)[name];
    return value == null ? undefined : String(value);
  }
  const list = headers as unknown[];
  if (typeof list[0] === 'string') {
    // The flat form: [name, value, name, value, ...].
    for (let i = 0; i + 1 < list.length; i += 2) {
      if (String(list[i]).toLowerCase() === name && list[i + 1] != null) return String(list[i + 1]);
    }
    return undefined;
  }
  for (const [key, value] of headers as Iterable<[unknown, unknown]>) {
    if (String(key).toLowerCase() === name && value != null) return String(value);
  }
  return undefined;
}

/**
 * The controller the caller holds for the whole call. Every attempt has its own undici
 * controller; this one forwards to the current attempt and remembers a pause or an abort
 * that arrives while no attempt is running (during a back-off, or when the breaker
 * refused the call).
 */
class CallController implements Controller {
  #attempt: Controller | null = null;
  #paused = false;
  #reason: Error | null = null;
  readonly #call: UpstreamCall;

  constructor(call: UpstreamCall) {
    this.#call = call;
  }

  set attempt(controller: Controller | null) {
    this.#attempt = controller;
    if (this.#reason) controller?.abort(this.#reason);
    else if (this.#paused) controller?.pause();
  }

  get aborted(): boolean {
    return this.#reason !== null;
  }
  get paused(): boolean {
    return this.#paused;
  }
  get reason(): Error | null {
    return this.#reason;
  }

  abort(reason: Error): void {
    if (this.#reason) return;
    this.#reason = reason;
    if (this.#attempt) this.#attempt.abort(reason);
    else this.#call.abortBetweenAttempts(reason);
  }
  pause(): void {
    this.#paused = true;
    this.#attempt?.pause();
  }
  resume(): void {
    this.#paused = false;
    this.#attempt?.resume();
  }
}

class UpstreamCall implements Handler {
  readonly #controller = new CallController(this);
  readonly #dispatch: Dispatch;
  readonly #opts: DispatchOptions;
  readonly #handler: Handler;
  readonly #options: UpstreamCallOptions;
  readonly #origin: string;
  readonly #breaker: CircuitBreaker | undefined;
  readonly admission: Admission;
  readonly #startedAt = performance.now();
  #attempts = 0;
  /** The status the caller was given, once it has one. */
  #status: number | undefined;
  /** The caller has had onRequestStart (once, whatever the number of attempts). */
  #started = false;
  /** The caller has a response: from here on nothing is retried. */
  #forwarded = false;
  /** This attempt's response is a retryable status, drained and dropped. */
  #discarding = false;
  /** The caller has had its last event; late events of an aborted attempt are ignored. */
  #settled = false;
  /** The breaker has this call's outcome. */
  #recorded = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(dispatch: Dispatch, opts: DispatchOptions, handler: Handler, options: UpstreamCallOptions) {
    this.#dispatch = dispatch;
    this.#opts = opts;
    this.#handler = handler;
    this.#options = options;
    this.#origin = String(opts.origin ?? '');
    this.#breaker = options.breakers?.for(this.#origin);
    this.admission = this.#breaker?.admit() ?? 'allow';
  }

  dispatchAttempt(): boolean {
    this.#attempts += 1;
    this.#discarding = false;
    return this.#dispatch(this.#opts, this);
  }

  /** A call the breaker refused never leaves: started and failed, as a refused connection would be. */
  refuse(): void {
    queueMicrotask(() => {
      this.#handler.onRequestStart?.(this.#controller, {});
      if (!this.#settled) this.#fail(new CircuitOpenError(this.#origin, this.#breaker?.retryAfterS() ?? 1));
    });
  }

  onRequestStart(controller: Controller, context: unknown): void {
    this.#controller.attempt = controller; // aborts it at once if the caller already gave up
    if (this.#started || this.#settled) return;
    this.#started = true;
    this.#handler.onRequestStart?.(this.#controller, context);
  }

  onResponseStart(_controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string): void {
    if (this.#settled) return;
    if (!this.#forwarded && this.#mayRetry() && retriesStatus(this.#opts.method, statusCode)) {
      this.#discarding = true;
      return;
    }
    this.#forwarded = true;
    this.#status = statusCode;
    this.#record(outcomeOfStatus(statusCode));
    this.#handler.onResponseStart?.(this.#controller, statusCode, headers, statusMessage);
  }

  onResponseData(_controller: Controller, chunk: Buffer): void {
    if (this.#settled || this.#discarding) return;
    this.#handler.onResponseData?.(this.#controller, chunk);
  }

  onResponseEnd(_controller: Controller, trailers: ResponseHeaders): void {
    if (this.#settled) return;
    if (this.#discarding) {
      this.#retryLater();
      return;
    }
    this.#settled = true;
    this.#over(undefined);
    this.#handler.onResponseEnd?.(this.#controller, trailers);
  }

  onResponseError(_controller: Controller, error: Error): void {
    if (this.#settled) return;
    const retry = !this.#controller.aborted && !this.#forwarded && this.#mayRetry() && (this.#discarding || retriesError(error));
    if (retry) this.#retryLater();
    else this.#fail(error);
  }

  abortBetweenAttempts(reason: Error): void {
    clearTimeout(this.#timer);
    if (!this.#settled) this.#fail(reason);
  }

  #mayRetry(): boolean {
    return this.#attempts <= this.#options.retry.maxRetries && isReplayable(this.#opts.body);
  }

  #retryLater(): void {
    this.#controller.attempt = null;
    this.#timer = setTimeout(
      () => {
        this.#timer = undefined;
        try {
          this.dispatchAttempt();
        } catch (error) {
          this.#fail(error as Error);
        }
      },
      backoffMs(this.#attempts, this.#options.retry),
    );
  }

  #fail(error: Error): void {
    this.#settled = true;
    // The visitor gave up (or we did): that says nothing about the host.
    this.#record(this.#controller.aborted ? 'neutral' : 'failure');
    this.#over((error as { code?: string }).code ?? error.name);
    this.#handler.onResponseError?.(this.#controller, error);
  }

  /** One outcome per call for the breaker, whatever the number of attempts. */
  #record(outcome: Outcome): void {
    if (this.#recorded || this.admission === 'reject') return;
    this.#recorded = true;
    this.#breaker?.record(outcome, this.admission);
  }

  /** The call is over: answered (no error) or failed with this error code. Its report and its log line. */
  #over(error: string | undefined): void {
    const durationMs = performance.now() - this.#startedAt;
    const path = pathOnly(this.#opts.path);
    const status = this.#status;
    const { observe, logger } = this.#options;
    if (observe) {
      const report: UpstreamCallReport = { origin: this.#origin, path, attempts: this.#attempts, durationMs };
      if (status !== undefined) report.status = status;
      if (error) report.error = error;
      observe(report);
    }
    const upstream: UpstreamSummary = {
      method: this.#opts.method,
      path,
      status,
      attempts: this.#attempts,
      durationMs: Math.round(durationMs),
    };
    if (error) upstream.error = error;
    const failed = Boolean(error) || (status ?? 0) >= 500;
    const taker = this.#handler as Handler & Partial<UpstreamSummaryTaker>;
    if (!failed && taker.takeUpstreamSummary) {
      taker.takeUpstreamSummary(upstream);
      return;
    }
    const headers = this.#opts.headers;
    const line = { reqId: headerValue(headers, 'x-request-id'), merchant: headerValue(headers, 'x-merchant'), upstream };
    if (failed) logger.warn(line, 'upstream request failed');
    else logger.info(line, 'upstream request');
  }
}
