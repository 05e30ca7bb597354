// Every error the edge answers with, in one place. The edge's own refusals are typed
// errors (@fastify/error) carrying a public code, a status and words for the visitor, said
// in the visitor's language (English before the Host named a merchant); hooks and handlers
// throw them and this one error handler answers:
//
// - JSON, always `{ "error": { "code": "...", "msg": "..." } }`, on routes that declare
//   `config: { errorFormat: 'json' }` (/api, probes) and for clients that ask for JSON
//   rather than HTML (the islands' calls);
// - a page with a way back for visitors: in the merchant's brand once the Host named one
//   (render/plugin.ts draws it), else a small page of the edge's own.
//
// Either way with the edge's security headers and a policy that runs no script, whatever
// the route (an asset's 404 too). Anything else (Fastify's own errors, a bug, a failed
// render) gets a generic text for its status: never a stack trace, an internal URL, the
// request's path or an upstream's words. Answers written before Fastify sees a request
// (outside-answers.ts) take their shape from here too.
import createError from '@fastify/error';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_LANGUAGE, type PageLanguage } from '../../checkout/i18n/languages.ts';
import { DEFAULT_TEXTS, type Texts, textsFor } from '../../checkout/messages.ts';
import { cspTemplate } from '../security/csp.ts';
import { escapeHtml } from './html-escape.ts';

const { RATE_LIMIT_TEXT } = DEFAULT_TEXTS;

/** Seconds a client refused for load or draining is asked to wait (Retry-After). */
export const RETRY_AFTER_S = 5;

/** What one of the edge's errors says, in the language of the texts given. */
type Words = (texts: Texts, error: FastifyError) => string;

/** Each of the edge's errors' words, by its constructor. */
const WORDS = new Map<unknown, Words>();

function edgeError(code: string, status: number, words: Words) {
  const E = createError(code, words(DEFAULT_TEXTS, {} as FastifyError), status);
  WORDS.set(E, words);
  return E;
}

/** A refusal for too many requests remembers when the client may try again, to say so in any language. */
interface RateLimitedError extends FastifyError {
  retryAfterS: number;
}

export const EdgeError = {
  hostInvalid: edgeError('HOST.INVALID', 400, (t) => t.ERROR_TEXT.hostInvalid),
  hostUnknown: edgeError('HOST.UNKNOWN', 404, (t) => t.ERROR_TEXT.hostUnknown),
  crossSite: edgeError('REQUEST.CROSS_SITE', 403, (t) => t.ERROR_TEXT.crossSite),
  notFound: edgeError('REQUEST.NOT_FOUND', 404, (t) => t.ERROR_TEXT.notFound),
  draining: edgeError('SERVICE.DRAINING', 503, (t) => t.ERROR_TEXT.draining),
  upstreamUnavailable: edgeError('UPSTREAM.UNAVAILABLE', 502, (t) => t.ERROR_TEXT.unavailable),
  upstreamTimeout: edgeError('UPSTREAM.TIMEOUT', 504, (t) => t.ERROR_TEXT.unavailable),
  /** The upstream said it is overloaded: the island may try again after Retry-After. */
  upstreamBusy: edgeError('UPSTREAM.UNAVAILABLE', 503, (t) => t.ERROR_TEXT.unavailable),
  /** The upstream's breaker is open: no call goes until a probe may (Retry-After says when). */
  upstreamPaused: edgeError('UPSTREAM.UNAVAILABLE', 503, (t) => t.FAILURE_TEXT.unavailable),
  /** Made by tooManyRequests(), which gives it the seconds its text names. */
  rateLimited: edgeError('REQUEST.RATE_LIMITED', 429, (t, e) =>
    t.RATE_LIMIT_TEXT.tryAgainIn((e as Partial<RateLimitedError>).retryAfterS ?? RETRY_AFTER_S),
  ),
  overloaded: edgeError('SERVICE.OVERLOADED', 503, (t) => t.ERROR_TEXT.unavailable),
} as const;

/** Too many requests: the client may try again after `seconds` (its Retry-After). */
export function tooManyRequests(seconds: number): FastifyError {
  const error = new EdgeError.rateLimited() as RateLimitedError;
  error.retryAfterS = seconds;
  error.message = RATE_LIMIT_TEXT.tryAgainIn(seconds);
  return error;
}

/** An error known only by its status (Node's parser refusals, a failure): answered with the words of its status. */
export function statusError(status: number): FastifyError {
  return { statusCode: status, code: '' } as FastifyError;
}

/** The codes above: only these errors' own code and text reach the client. */
const PUBLIC_CODES = new Set<string>(Object.values(EdgeError).map((E) => new E().code));

/** Errors of another origin (Fastify's, a plugin's, a bug): a code and text per status. */
const BY_STATUS: Record<number, { code: string; words: (texts: Texts) => string }> = {
  400: { code: 'REQUEST.INVALID', words: (t) => t.ERROR_TEXT.invalid },
  403: { code: 'REQUEST.FORBIDDEN', words: (t) => t.ERROR_TEXT.forbidden },
  404: { code: 'REQUEST.NOT_FOUND', words: (t) => t.ERROR_TEXT.notFound },
  408: { code: 'REQUEST.TIMEOUT', words: (t) => t.ERROR_TEXT.timeout },
  413: { code: 'REQUEST.TOO_LARGE', words: (t) => t.ERROR_TEXT.tooLarge },
  415: { code: 'REQUEST.UNSUPPORTED', words: (t) => t.ERROR_TEXT.unsupported },
  417: { code: 'REQUEST.EXPECTATION_FAILED', words: (t) => t.ERROR_TEXT.expectationFailed },
  431: { code: 'REQUEST.HEADERS_TOO_LARGE', words: (t) => t.ERROR_TEXT.headersTooLarge },
  503: { code: 'SERVICE.UNAVAILABLE', words: (t) => t.ERROR_TEXT.unavailable },
};
const SERVER_ERROR = { code: 'SERVER.ERROR', words: (t: Texts) => t.FAILURE_TEXT.generic };

/** The body every JSON error has. */
export interface ErrorBody {
  error: { code: string; msg: string };
}

/** What the client is told of an error: a status, and a public code and text for it in the language of `texts`. */
export function publicError(error: FastifyError, texts: Texts = DEFAULT_TEXTS): { status: number; body: ErrorBody } {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (PUBLIC_CODES.has(error.code)) {
    const words = WORDS.get(error.constructor);
    return { status, body: { error: { code: error.code, msg: words ? words(texts, error) : error.message } } };
  }
  const generic = BY_STATUS[status] ?? (status < 500 ? BY_STATUS[400]! : SERVER_ERROR);
  return { status, body: { error: { code: generic.code, msg: generic.words(texts) } } };
}

/** The policy of an error answer no merchant is known for: it runs nothing, loads only the edge's own files. */
export const ERROR_ANSWER_CSP = cspTemplate({ frames: [], formActions: [], images: [] }).noScript;

export const errorTitle = (status: number, texts: Texts = DEFAULT_TEXTS) =>
  status >= 500 ? texts.ERROR_TEXT.failedTitle : texts.ERROR_TEXT.refusedTitle;

/** The edge's own page, for an answer no merchant's brand can be given to, in the visitor's language. */
export function errorPage(status: number, msg: string, language: PageLanguage = DEFAULT_LANGUAGE): string {
  const texts = textsFor(language);
  const title = errorTitle(status, texts);
  return `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(msg)}</p><p><a href="/">${texts.ERROR_TEXT.backToStart}</a></p></main></body></html>`;
}

/** Paths whose answers are JSON whatever the client accepts: the island calls and the probes. */
const JSON_PATHS = /^\/(?:api\/|(?:healthz|readyz|metrics)(?:\?|$))/;

/**
 * How an error is answered where no route says: JSON for the island calls and the probes,
 * and for a client that asks for JSON rather than HTML (an island's fetch); a page otherwise
 * (a browser's form post says it accepts anything).
 */
export function errorFormatOf(path: string, accept: string | undefined): 'json' | 'html' {
  if (JSON_PATHS.test(path)) return 'json';
  const wanted = accept ?? '';
  return wanted.includes('application/json') && !wanted.includes('text/html') ? 'json' : 'html';
}

function errorFormat(request: FastifyRequest): 'json' | 'html' {
  return request.routeOptions.config.errorFormat ?? errorFormatOf(request.url, request.headers.accept);
}

/** A bug is logged with its stack; a refusal of the edge's with its public code. */
export function logError(
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  error: FastifyError,
  status: number,
  body: ErrorBody,
): void {
  if (status >= 500 && !PUBLIC_CODES.has(error.code)) log.error({ err: error }, 'request failed');
  else log.info({ code: body.error.code, status }, 'request refused');
}

/** An error page runs no script, on every route (an asset's too): the merchant's policy, else the edge's. */
function errorPolicy(request: FastifyRequest): string {
  const { merchant, server } = request;
  return merchant && server.hasDecorator('contentSecurity') ? server.contentSecurity.noScript(merchant) : ERROR_ANSWER_CSP;
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: FastifyError,
): FastifyReply | Promise<FastifyReply> {
  // Before the Host named a merchant, the request's language is the edge's default.
  const { merchant, server } = request;
  const language = request.language ?? merchant?.config.languages[0] ?? DEFAULT_LANGUAGE;
  const { status, body } = publicError(error, textsFor(language));
  logError(request.log, error, status, body);
  reply.code(status).header('cache-control', 'no-store').header('content-security-policy', errorPolicy(request));
  if (errorFormat(request) === 'json') return reply.type('application/json; charset=utf-8').send(body);
  // A known merchant's visitor gets its brand; before the Host was looked up, the edge's page.
  const page =
    merchant && server.hasDecorator('errorPageHtml')
      ? server.errorPageHtml(merchant, status, body.error.msg, language)
      : errorPage(status, body.error.msg, language);
  return reply.type('text/html; charset=utf-8').send(page);
}

/** The one error handler; register it first so every later context inherits it. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, error));
  },
  { name: 'edge-errors', fastify: '5.x' },
);

/** The JSON body of one of the edge's errors, for answers written outside Fastify. */
export function errorJson(error: FastifyError): string {
  return JSON.stringify(publicError(error).body);
}

/** An error answered in JSON outside Fastify, in the visitor's language: its status and body, logged as the error handler logs it. */
export function jsonErrorAnswer(
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  error: FastifyError,
  language: PageLanguage = DEFAULT_LANGUAGE,
): { status: number; body: string } {
  const { status, body } = publicError(error, textsFor(language));
  logError(log, error, status, body);
  return { status, body: JSON.stringify(body) };
}
