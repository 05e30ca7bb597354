// An undici interceptor that applies retry-policy.ts. Written here rather than using
// undici's RetryHandler because that one also resumes half-read bodies with Range
// requests (wrong for POSTs and for an API) and its retry callback cannot tell whether
// the caller already has the response. Here a retry happens only before the caller has
// seen anything, and only for bodies that can be sent again (strings and buffers).
import type { Dispatcher } from 'undici';
import { backoffMs, retriesError, retriesStatus, type RetryPolicy } from './retry-policy.ts';

export interface AttemptCounter {
  count: number;
}

/**
 * Where this interceptor reports its attempt count to the interceptors outside it (the log
 * line, the metrics): by the call's options, which every interceptor passes on as they
 * came, and which the edge's callers make anew for every call. (Carried in a copy of the
 * options instead, the copy cost undici several µs a call.)
 */
const attemptCounters = new WeakMap<Dispatcher.DispatchOptions, AttemptCounter>();

/** A counter of this call's attempts, kept up to date by the retry interceptor inside. */
export function countAttempts(opts: Dispatcher.DispatchOptions): AttemptCounter {
  const counter = { count: 0 };
  attemptCounters.set(opts, counter);
  return counter;
}

/** The attempts made for this call so far (0: none, as when a breaker refused it). */
export function attemptsOf(opts: Dispatcher.DispatchOptions): number {
  return attemptCounters.get(opts)?.count ?? 0;
}

type Controller = Dispatcher.DispatchController;
type Handler = Dispatcher.DispatchHandler;
type Dispatch = Dispatcher.Dispatch;
type ResponseHeaders = Parameters<NonNullable<Handler['onResponseStart']>>[2];

export function retryInterceptor(policy: RetryPolicy): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (opts, handler) => new RetryingHandler(dispatch, opts, handler, policy).dispatchAttempt();
}

function isReplayable(body: Dispatcher.DispatchOptions['body']): boolean {
  return body == null || typeof body === 'string' || body instanceof Uint8Array;
}

/**
 * The controller the caller holds for the whole request. Every attempt has its own
 * undici controller; this one forwards to the current attempt and remembers a pause or
 * an abort that arrives while no attempt is running.
 */
class RequestController implements Controller {
  #attempt: Controller | null = null;
  #paused = false;
  #reason: Error | null = null;
  readonly #onAbortBetweenAttempts: (reason: Error) => void;

  constructor(onAbortBetweenAttempts: (reason: Error) => void) {
    this.#onAbortBetweenAttempts = onAbortBetweenAttempts;
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
    else this.#onAbortBetweenAttempts(reason);
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

class RetryingHandler implements Handler {
  readonly #controller = new RequestController((reason) => this.#abortBetweenAttempts(reason));
  readonly #dispatch: Dispatch;
  readonly #opts: Dispatcher.DispatchOptions;
  readonly #counter: AttemptCounter | undefined;
  readonly #handler: Handler;
  readonly #policy: RetryPolicy;
  #attempts = 0;
  /** The caller has had onRequestStart (once, whatever the number of attempts). */
  #started = false;
  /** The caller has a response: from here on nothing is retried. */
  #forwarded = false;
  /** This attempt's response is a retryable status, drained and dropped. */
  #discarding = false;
  /** The caller has had its last event; late events of an aborted attempt are ignored. */
  #settled = false;
  #timer: NodeJS.Timeout | undefined;

  constructor(dispatch: Dispatch, opts: Dispatcher.DispatchOptions, handler: Handler, policy: RetryPolicy) {
    this.#dispatch = dispatch;
    this.#opts = opts;
    this.#counter = attemptCounters.get(opts);
    this.#handler = handler;
    this.#policy = policy;
  }

  dispatchAttempt(): boolean {
    this.#attempts += 1;
    if (this.#counter) this.#counter.count = this.#attempts;
    this.#discarding = false;
    return this.#dispatch(this.#opts, this);
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
    this.#handler.onResponseEnd?.(this.#controller, trailers);
  }

  onResponseError(_controller: Controller, error: Error): void {
    if (this.#settled) return;
    const retry =
      !this.#controller.aborted && !this.#forwarded && this.#mayRetry() && (this.#discarding || retriesError(error));
    if (retry) this.#retryLater();
    else this.#fail(error);
  }

  #mayRetry(): boolean {
    return this.#attempts <= this.#policy.maxRetries && isReplayable(this.#opts.body);
  }

  #retryLater(): void {
    this.#controller.attempt = null;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      try {
        this.dispatchAttempt();
      } catch (error) {
        this.#fail(error as Error);
      }
    }, backoffMs(this.#attempts, this.#policy));
  }

  #abortBetweenAttempts(reason: Error): void {
    clearTimeout(this.#timer);
    this.#fail(reason);
  }

  #fail(error: Error): void {
    this.#settled = true;
    this.#handler.onResponseError?.(this.#controller, error);
  }
}
