// An undici handler that passes every event through unchanged and learns, once, how the
// call ended: the status it answered with, or the transport error's code. The log line and
// the metrics both wait for that one moment.
import type { Dispatcher } from 'undici';

type Controller = Dispatcher.DispatchController;
type Handler = Dispatcher.DispatchHandler;
type ResponseHeaders = Parameters<NonNullable<Handler['onResponseStart']>>[2];

export abstract class SettledHandler implements Handler {
  readonly #handler: Handler;
  /** When the call started, for its duration. */
  protected readonly startedAt = performance.now();
  /** The answer's status, once it has one. */
  protected status: number | undefined;

  constructor(handler: Handler) {
    this.#handler = handler;
  }

  /** The call is over: answered (no error) or failed with this error code. */
  protected abstract settled(error?: string): void;

  onRequestStart(controller: Controller, context: unknown): void {
    this.#handler.onRequestStart?.(controller, context);
  }

  onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders, statusMessage?: string): void {
    this.status = statusCode;
    this.#handler.onResponseStart?.(controller, statusCode, headers, statusMessage);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    this.#handler.onResponseData?.(controller, chunk);
  }

  onResponseEnd(controller: Controller, trailers: ResponseHeaders): void {
    this.settled();
    this.#handler.onResponseEnd?.(controller, trailers);
  }

  onResponseError(controller: Controller, error: Error): void {
    this.settled((error as { code?: string }).code ?? error.name);
    this.#handler.onResponseError?.(controller, error);
  }
}
