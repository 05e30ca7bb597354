// One upstream exchange for one visitor request: send through the shared dispatcher with
// the ids and an Idempotency-Key, read the whole answer, and turn it into a typed result
// or a failure. Knows HTTP and the contract's error shapes, not the calls themselves.
import { randomUUID } from 'node:crypto';
import { type Dispatcher, errors } from 'undici';
import type { z } from 'zod';
import { UPSTREAM_BODY_MAX_BYTES } from '../../checkout/limits.ts';
import type { UpstreamSummary } from '../http/lifecycle.ts';
import type { LineLogger } from '../logging.ts';
import { errorBodyFailure, statusFailure, transportFailure, type UpstreamFailure, type UpstreamResult } from './errors.ts';

export interface Target {
  origin: string;
  /** Path and query exactly as sent: never re-parsed, so an encoded segment stays one segment. */
  path: string;
}

export function targetOf(url: string): Target {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: parsed.pathname.replace(/\/+$/, '') + parsed.search };
}

export function under(base: Target, ...segments: string[]): Target {
  return { origin: base.origin, path: `${base.path}/${segments.join('/')}` };
}

/** Where a schema failed, as field paths: never the values, which may be personal data. */
export function issuePaths(error: z.ZodError): string[] {
  const paths = error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => [...issue.path, key].join('.'))
      : [issue.path.join('.') || '(root)'],
  );
  return [...new Set(paths)];
}

/** An upstream answer, read whole. */
export interface Answer {
  statusCode: number;
  headers: ResponseHeaders;
  /**
   * The body; undefined when it ran past the cap or `wanted` refused the answer by its
   * head: reading stopped there and the connection was dropped.
   */
  bytes: Buffer | undefined;
}

type Handler = Dispatcher.DispatchHandler;
type Controller = Dispatcher.DispatchController;
type ResponseHeaders = Parameters<NonNullable<Handler['onResponseStart']>>[2];
/** Whether an answer's body is worth reading, judged by its head. */
type Wanted = (status: number, headers: ResponseHeaders) => boolean;

/**
 * Gathers the body straight from the dispatcher's events, with no stream in between;
 * a body longer than the cap (declared or sent) is never received past it, so a huge or
 * endless body costs at most `max` bytes of memory.
 */
class GatheringHandler implements Handler {
  readonly #max: number;
  readonly #wanted: Wanted | undefined;
  readonly #resolve: (answer: Answer) => void;
  readonly #reject: (error: Error) => void;
  #statusCode = 0;
  #headers: ResponseHeaders = {};
  #chunks: Buffer[] = [];
  #size = 0;
  #dropped = false;
  #settled = false;
  /** Present only for a caller that logs the call on its own line (upstream-call.ts). */
  readonly takeUpstreamSummary?: (summary: UpstreamSummary) => void;

  constructor(
    max: number,
    wanted: Wanted | undefined,
    resolve: (answer: Answer) => void,
    reject: (error: Error) => void,
    onSummary?: (summary: UpstreamSummary) => void,
  ) {
    this.#max = max;
    this.#wanted = wanted;
    this.#resolve = resolve;
    this.#reject = reject;
    if (onSummary) this.takeUpstreamSummary = onSummary;
  }

  /** Its presence tells undici this handler speaks the controller API. */
  onRequestStart(): void {}

  onResponseStart(controller: Controller, statusCode: number, headers: ResponseHeaders): void {
    // An informational answer (1xx) is followed by the real one.
    if (statusCode < 200) return;
    this.#statusCode = statusCode;
    this.#headers = headers;
    if (Number(headers['content-length']) > this.#max || (this.#wanted && !this.#wanted(statusCode, headers)))
      this.#drop(controller);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.#dropped) return;
    this.#size += chunk.length;
    if (this.#size > this.#max) this.#drop(controller);
    else this.#chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.#dropped || this.#settled) return;
    this.#settled = true;
    const chunks = this.#chunks;
    const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, this.#size);
    this.#resolve({ statusCode: this.#statusCode, headers: this.#headers, bytes });
  }

  onResponseError(_controller: Controller, error: Error): void {
    if (this.#settled) return;
    this.#settled = true;
    this.#reject(error);
  }

  /** The answer as it stands, without its body; the connection closed rather than drained. */
  #drop(controller: Controller): void {
    this.#dropped = true;
    this.#chunks = [];
    this.#settled = true;
    this.#resolve({ statusCode: this.#statusCode, headers: this.#headers, bytes: undefined });
    controller.abort(new errors.RequestAbortedError());
  }
}

/**
 * One call through the dispatcher, read whole (or dropped, see Answer.bytes); rejects on a
 * transport error. With `onSummary`, a call that went well is summed up there, before the
 * answer, instead of in a log line of its own.
 */
export function send(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  max: number,
  wanted?: Wanted,
  onSummary?: (summary: UpstreamSummary) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    dispatcher.dispatch(options, new GatheringHandler(max, wanted, resolve, reject, onSummary));
  });
}

export interface Exchange {
  json<T>(call: string, target: Target, schema: z.ZodType<T>, body?: string): Promise<UpstreamResult<T>>;
}

interface RawResponse {
  status: number;
  contentType: string;
  bytes: Buffer;
}

type Sent = { ok: true; response: RawResponse } | { ok: false; failure: UpstreamFailure };

function parseJson(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

export interface ExchangeContext {
  dispatcher: Dispatcher;
  requestId: string;
  merchantId: string;
  log: LineLogger;
  /** Whether `log` is already bound to the request id. */
  logHasRequestId: boolean;
  /** The largest body read; a longer one is an invalid response. Default UPSTREAM_BODY_MAX_BYTES. */
  maxBodyBytes?: number;
}

/** One per visitor request: its ids travel on every call. */
class RequestExchange implements Exchange {
  readonly #context: ExchangeContext;

  constructor(context: ExchangeContext) {
    this.#context = context;
  }

  #invalid(call: string, status: number, issues?: string[]): { ok: false; failure: UpstreamFailure } {
    const { log, logHasRequestId, requestId } = this.#context;
    log.warn(
      { ...(logHasRequestId ? {} : { reqId: requestId }), upstream: { call, status, issues } },
      'upstream response breaks the contract',
    );
    return { ok: false, failure: { kind: 'invalid-response', status } };
  }

  /** A POST when there is a body, a GET otherwise. */
  async #send(call: string, target: Target, body?: string): Promise<Sent> {
    const headers: Record<string, string> = {
      'x-request-id': this.#context.requestId,
      'x-merchant': this.#context.merchantId,
      accept: 'application/json',
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      // One key per logical call: the dispatcher's retries resend these same headers.
      headers['idempotency-key'] = randomUUID();
    }
    try {
      const options = {
        origin: target.origin,
        path: target.path,
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body,
      } as const;
      const answer = await send(this.#context.dispatcher, options, this.#context.maxBodyBytes ?? UPSTREAM_BODY_MAX_BYTES);
      if (!answer.bytes) return this.#invalid(call, answer.statusCode, ['body over the size cap']);
      const contentType = String(answer.headers['content-type'] ?? '');
      return { ok: true, response: { status: answer.statusCode, contentType, bytes: answer.bytes } };
    } catch (error) {
      const failure = transportFailure(error);
      if (!failure) throw error;
      return { ok: false, failure };
    }
  }

  /** A non-2xx answer, or a 2xx that carries the upstream's error body. */
  #failureOf(call: string, response: RawResponse, json: unknown): { ok: false; failure: UpstreamFailure } | undefined {
    const fromBody = errorBodyFailure(response.status, json);
    if (fromBody) return { ok: false, failure: fromBody };
    if (response.status >= 200 && response.status < 300) return undefined;
    const failure = statusFailure(response.status);
    return failure.kind === 'invalid-response' ? this.#invalid(call, response.status) : { ok: false, failure };
  }

  async json<T>(call: string, target: Target, schema: z.ZodType<T>, body?: string): Promise<UpstreamResult<T>> {
    const sent = await this.#send(call, target, body);
    if (!sent.ok) return sent;
    const json = parseJson(sent.response.bytes);
    const failure = this.#failureOf(call, sent.response, json);
    if (failure) return failure;
    const parsed = schema.safeParse(json);
    if (!parsed.success) return this.#invalid(call, sent.response.status, issuePaths(parsed.error));
    return { ok: true, value: parsed.data };
  }
}

export function createExchange(context: ExchangeContext): Exchange {
  return new RequestExchange(context);
}
