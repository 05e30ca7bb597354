// One upstream exchange for one visitor request: send through the shared dispatcher with
// the ids and an Idempotency-Key, read the whole answer, and turn it into a typed result
// or a failure. Knows HTTP and the contract's error shapes, not the calls themselves.
import { randomUUID } from 'node:crypto';
import type { Dispatcher } from 'undici';
import type { z } from 'zod';
import { UPSTREAM_BODY_MAX_BYTES } from '../checkout/limits.ts';
import { errorBodyFailure, statusFailure, transportFailure, type UpstreamFailure, type UpstreamResult } from './errors.ts';
import type { Logger } from './log-interceptor.ts';

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

/**
 * An answer's whole body, or undefined when it is longer than `max` bytes: reading stops
 * there and the rest is never received (the connection is dropped), so a huge or endless
 * body costs at most `max` bytes of memory. A declared length over the cap stops it at once.
 */
export async function readCapped(response: Dispatcher.ResponseData, max: number): Promise<Buffer | undefined> {
  const declared = Number(response.headers['content-length']);
  if (declared > max) {
    discard(response);
    return undefined;
  }
  // undici stops a body that runs past its declared length.
  if (declared >= 0) return Buffer.from(await response.body.arrayBuffer());
  const chunks: Buffer[] = [];
  let size = 0;
  // Leaving the loop early destroys the body.
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
}

/** Drop an answer's body unread: the connection is closed rather than drained. */
export function discard(response: Dispatcher.ResponseData): void {
  response.body.dump({ limit: 1 }).catch(() => undefined);
}

export interface Image {
  bytes: Buffer;
  contentType: string;
}

export interface Exchange {
  json<T>(call: string, target: Target, schema: z.ZodType<T>, body?: string): Promise<UpstreamResult<T>>;
  image(call: string, target: Target): Promise<UpstreamResult<Image>>;
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
  log: Logger;
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
    log.warn({ ...(logHasRequestId ? {} : { reqId: requestId }), upstream: { call, status, issues } }, 'upstream response breaks the contract');
    return { ok: false, failure: { kind: 'invalid-response', status } };
  }

  /** A POST when there is a body, a GET otherwise. */
  async #send(call: string, target: Target, accept: string, body?: string): Promise<Sent> {
    const headers: Record<string, string> = {
      'x-request-id': this.#context.requestId,
      'x-merchant': this.#context.merchantId,
      accept,
    };
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      // One key per logical call: the dispatcher's retries resend these same headers.
      headers['idempotency-key'] = randomUUID();
    }
    try {
      const response = await this.#context.dispatcher.request({ ...target, method: body === undefined ? 'GET' : 'POST', headers, body });
      const bytes = await readCapped(response, this.#context.maxBodyBytes ?? UPSTREAM_BODY_MAX_BYTES);
      if (!bytes) return this.#invalid(call, response.statusCode, ['body over the size cap']);
      const contentType = String(response.headers['content-type'] ?? '');
      return { ok: true, response: { status: response.statusCode, contentType, bytes } };
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
    const sent = await this.#send(call, target, 'application/json', body);
    if (!sent.ok) return sent;
    const json = parseJson(sent.response.bytes);
    const failure = this.#failureOf(call, sent.response, json);
    if (failure) return failure;
    const parsed = schema.safeParse(json);
    if (!parsed.success) return this.#invalid(call, sent.response.status, issuePaths(parsed.error));
    return { ok: true, value: parsed.data };
  }

  async image(call: string, target: Target): Promise<UpstreamResult<Image>> {
    const sent = await this.#send(call, target, 'image/png, application/json');
    if (!sent.ok) return sent;
    const { response } = sent;
    const failure = this.#failureOf(call, response, parseJson(response.bytes));
    if (failure) return failure;
    if (!response.contentType.startsWith('image/')) return this.#invalid(call, response.status, ['content-type']);
    return { ok: true, value: { bytes: response.bytes, contentType: response.contentType } };
  }
}

export function createExchange(context: ExchangeContext): Exchange {
  return new RequestExchange(context);
}
