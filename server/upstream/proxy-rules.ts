// The /api proxy's rules, in one place for the two paths that answer /api: the Fastify
// routes (proxy.ts) and the server's request listener in front of Fastify
// (front/api-fast-path.ts). Which calls pass (checkout/wire.ts ISLAND_CALLS), whose
// transaction a call may touch, how the upstream request is built from checked parts, and
// how its answer is rebuilt: the status, a checked body no larger than the cap, and three
// headers. An upstream redirect, a non-JSON body, a 5xx or a body over the cap becomes the
// edge's own error; an upstream error msg reaches the visitor only when the failure table
// says it is meant for them.
import { randomUUID } from 'node:crypto';
import type { FastifyError } from 'fastify';
import type { Dispatcher } from 'undici';
import { REF_ID_PATTERN } from '../../checkout/contract.ts';
import { visitorMessage } from '../../checkout/failures.ts';
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import { type Texts, textsFor } from '../../checkout/messages.ts';
import { API_OF_TXN_TYPE, API_PREFIX, ISLAND_CALLS, type IslandCall, islandCallPaths } from '../../checkout/wire.ts';
import { EdgeError } from '../http/errors.ts';
import type { UpstreamSummary } from '../http/lifecycle.ts';
import { transportFailure, type UpstreamFailure } from './errors.ts';
import { type Answer, send, type Target } from './exchange.ts';

/** A refId path segment (the contract's pattern without its anchors). */
const SEGMENT = REF_ID_PATTERN.source.slice(1, -1);
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every method and path islands may use, matched against the raw request path. Only
 * letters, digits, '_', '-' and single '/' can match, so encoded or literal traversal
 * ('%2e%2e', '%2f', '\\', '..', '//') and absolute URLs never pass.
 */
const ALLOWED = ISLAND_CALLS.flatMap((call: IslandCall) =>
  islandCallPaths(call).map((path) => ({
    call,
    method: call.method,
    path: new RegExp(`^${literal(API_PREFIX + path).replace(':refId', SEGMENT)}$`),
  })),
);

/** The raw URL's path, without its query. */
export const pathOf = (rawUrl: string | undefined): string => (rawUrl ?? '').split('?', 1)[0] ?? '';

/** The island call a request is, or undefined when it is none of them. */
export function allowedCall(method: string | undefined, rawUrl: string | undefined): IslandCall | undefined {
  const path = pathOf(rawUrl);
  return ALLOWED.find((route) => route.method === method && route.path.test(path))?.call;
}

/** Calls anyone may make, by their full path: they concern no transaction. */
export const PUBLIC_PATHS: ReadonlySet<string> = new Set(
  ISLAND_CALLS.filter((c: IslandCall) => c.public).flatMap((c) => islandCallPaths(c).map((p) => API_PREFIX + p)),
);

export interface OwnFlow {
  refId: string;
  txnType: 'BUY' | 'SELL';
}

/**
 * An island may act only on the visitor's own transaction: a refId in the path must be
 * the flow cookie's, and a buy or sell API path must be the flow's. (A refId in a POST
 * body is checked once the body is parsed, see ownsBody.)
 */
export function ownsPath(path: string, flow: OwnFlow): boolean {
  const [, , first, second, third] = path.split('/');
  if (first === API_OF_TXN_TYPE.BUY || first === API_OF_TXN_TYPE.SELL) {
    if (first !== API_OF_TXN_TYPE[flow.txnType]) return false;
    return second === 'status' ? third === flow.refId : true;
  }
  // Every other island call is public (the ticker) and never asks.
  return false;
}

export function ownsBody(body: unknown, flow: { refId: string }): boolean {
  if (!body || typeof body !== 'object' || !('refId' in body)) return true;
  return (body as { refId: unknown }).refId === flow.refId;
}

const JSON_RESPONSE_TYPE = /^application\/json *(?:;|$)/i;
export const JSON_TYPE = 'application/json; charset=utf-8';
/** An upstream error code worth passing on: an identifier, nothing more. */
const ERROR_CODE = /^[A-Z][A-Z0-9_.]{0,63}$/;
/** The upstream headers an island may see, when their value is one plain token list. */
const CACHE_CONTROL = /^[\x21-\x7e](?:[\x20-\x7e]{0,198}[\x21-\x7e])?$/;
const RETRY_AFTER = /^(?:\d{1,9}|[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT)$/;

/** One upstream header as a single string: a repeated or list-valued one is not passed on. */
function single(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Where the proxy's warnings go: the request's logger, which adds its id and merchant. */
export type Warn = (line: object, msg: string) => void;

/** The edge's own error for an answer it will not pass on. */
function unusable(warn: Warn, status: number, reason: string): FastifyError {
  warn({ upstream: { status, reason } }, 'upstream answer not passed to the island');
  if (status === 504) return new EdgeError.upstreamTimeout();
  return status === 503 ? new EdgeError.upstreamBusy() : new EdgeError.upstreamUnavailable();
}

/** Whether a parsed answer speaks of an error (whatever its shape): it is never passed on as it came. */
function hasError(json: unknown): boolean {
  return json !== null && typeof json === 'object' && 'error' in json;
}

/**
 * An upstream error body rebuilt as `{error:{code,msg}}`, its msg replaced by the spec's
 * fallback when it is not meant for visitors; undefined when it is not of that shape.
 */
function errorOf(warn: Warn, status: number, json: unknown, texts: Texts): { error: { code: string; msg: string } } | undefined {
  const { error } = json as { error?: unknown };
  if (!error || typeof error !== 'object' || Array.isArray(error)) return undefined;
  const { code, msg } = error as { code?: unknown; msg?: unknown };
  if (typeof code !== 'string' || !ERROR_CODE.test(code)) return undefined;
  const said = typeof msg === 'string' ? msg : '';
  const shown = visitorMessage({ status, code, msg: said }, texts);
  if (shown === undefined && said) {
    warn({ upstream: { status, code, hidden: [said.slice(0, 300)] } }, 'upstream text replaced for the visitor');
  }
  return { error: { code, msg: shown ?? texts.FAILURE_TEXT.generic } };
}

/** Where island calls go: the shared dispatcher (retries, breaker, timeouts, metrics). */
export interface ProxyTarget {
  dispatcher: Dispatcher;
  base: Target;
  /** The largest upstream body passed on; a longer one is cut off and answered with a 502. */
  maxBodyBytes: number;
  /** Where the public calls' answers are kept a moment (flow/public-answers.ts); without it each call goes upstream. */
  kept?: PublicAnswerKeeper;
}

/** Answers a public call from what it keeps, asking the upstream when it has nothing fresh. */
export interface PublicAnswerKeeper {
  answer(target: ProxyTarget, request: IslandRequest, warn: Warn): Promise<IslandAnswer>;
}

/** One island call, from checked parts only. */
export interface IslandRequest {
  call: IslandCall;
  /** The request path without the query. */
  path: string;
  requestId: string;
  merchantId: string;
  /** The visitor's language, asked only of an answer that is an error (its words may be the edge's). */
  language: () => PageLanguage;
  /** A POST's JSON body as it goes upstream; a GET sends none. */
  body?: string;
}

/**
 * What the visitor gets: an answer to send as it is, or one of the edge's own errors;
 * either way with the upstream headers that pass (`Cache-Control`, `Retry-After`), and,
 * for a call that went well, what its log line would have said, for the request's own line
 * (a failed call is logged as a warning of its own; no call, no summary).
 */
export type IslandAnswer = (
  | { status: number; type: string; body: Buffer | string; headers: Record<string, string> }
  | { refused: FastifyError; headers: Record<string, string> }
) & { upstream?: UpstreamSummary };

/**
 * Sends one island call upstream and rebuilds its answer. A transport failure (after the
 * dispatcher's retries) is the edge's 502 or 504 without detail (the cause is in the
 * upstream warning line); anything else thrown is a bug and is rethrown. A public call's
 * answer may be one kept from a moment ago (flow/public-answers.ts).
 */
export async function forwardIslandCall(target: ProxyTarget, request: IslandRequest, warn: Warn): Promise<IslandAnswer> {
  if (request.call.public && target.kept) return target.kept.answer(target, request, warn);
  let upstream: UpstreamSummary | undefined;
  const exchanged = await exchangeIslandCall(target, request, (summary) => (upstream = summary));
  const answer = rebuiltAnswer(exchanged, request, warn);
  if (upstream) answer.upstream = upstream;
  return answer;
}

/** What one upstream call came to: its answer, or the transport failure after the dispatcher's retries. */
export type Exchanged = { response: Answer; maxBodyBytes: number } | { failure: UpstreamFailure };

/** A 2xx or 4xx in JSON: any other answer is dropped unread. */
function wanted(status: number, headers: Answer['headers']): boolean {
  const type = single(headers['content-type']) ?? '';
  return status >= 200 && status < 500 && (status < 300 || status >= 400) && JSON_RESPONSE_TYPE.test(type);
}

/** The upstream call itself, built from the request's checked parts only. */
export async function exchangeIslandCall(
  target: ProxyTarget,
  request: IslandRequest,
  onSummary: (summary: UpstreamSummary) => void,
): Promise<Exchanged> {
  const { call } = request;
  const post = call.method === 'POST';
  const headers: Record<string, string> = {
    'x-request-id': request.requestId,
    'x-merchant': request.merchantId,
    accept: 'application/json',
  };
  if (post) {
    headers['content-type'] = 'application/json';
    // Generated once per proxied request: the dispatcher's retries resend it unchanged.
    headers['idempotency-key'] = randomUUID();
  }
  try {
    // A string body, which the dispatcher can replay on a retry.
    const options = {
      origin: target.base.origin,
      path: target.base.path + request.path.slice(API_PREFIX.length),
      method: call.method,
      headers,
      body: post ? request.body : undefined,
    };
    return {
      response: await send(target.dispatcher, options, target.maxBodyBytes, wanted, onSummary),
      maxBodyBytes: target.maxBodyBytes,
    };
  } catch (error) {
    const failure = transportFailure(error);
    if (!failure) throw error;
    return { failure };
  }
}

/** The visitor's answer to what the upstream call came to. */
export function rebuiltAnswer(exchanged: Exchanged, request: IslandRequest, warn: Warn): IslandAnswer {
  const passed: Record<string, string> = {};
  if ('failure' in exchanged) {
    const { failure } = exchanged;
    if (failure.kind === 'unavailable' && failure.retryAfterS !== undefined) {
      passed['retry-after'] = String(failure.retryAfterS);
      return { refused: new EdgeError.upstreamPaused(), headers: passed };
    }
    const refused =
      'reason' in failure && failure.reason === 'timeout' ? new EdgeError.upstreamTimeout() : new EdgeError.upstreamUnavailable();
    return { refused, headers: passed };
  }
  const { response } = exchanged;
  const status = response.statusCode;
  const type = single(response.headers['content-type']) ?? '';
  // When to ask again (a 429, a 503) holds for the edge's own answer too.
  const retryAfter = single(response.headers['retry-after']);
  if (retryAfter && RETRY_AFTER.test(retryAfter)) passed['retry-after'] = retryAfter;
  if (!wanted(status, response.headers)) {
    const reason = status >= 300 && status < 500 ? `status ${status} with ${type || 'no content type'}` : `status ${status}`;
    return { refused: unusable(warn, status, reason), headers: passed };
  }
  const bytes = response.bytes;
  if (!bytes) return { refused: unusable(warn, status, `body over ${exchanged.maxBodyBytes} bytes`), headers: passed };

  const cacheControl = single(response.headers['cache-control']);
  if (cacheControl && CACHE_CONTROL.test(cacheControl)) passed['cache-control'] = cacheControl;

  let json: unknown;
  try {
    json = JSON.parse(bytes.toString('utf8'));
  } catch {
    return { refused: unusable(warn, status, 'body is not JSON'), headers: passed };
  }
  if (!hasError(json)) {
    if (status >= 400) return { refused: unusable(warn, status, 'an error without an error body'), headers: passed };
    return { status, type: JSON_TYPE, body: bytes, headers: passed };
  }
  const error = errorOf(warn, status, json, textsFor(request.language()));
  if (!error) return { refused: unusable(warn, status, 'an error body of another shape'), headers: passed };
  return { status, type: JSON_TYPE, body: JSON.stringify(error), headers: passed };
}
