// Every error the edge answers with, in one place. The edge's own refusals are typed
// errors (@fastify/error) carrying a public code, a status and a text written for the
// visitor; hooks and handlers throw them and this one error handler answers:
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
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_TEXTS, ERROR_TEXT, FAILURE_TEXT, type Texts, textsFor } from '../../checkout/messages.ts';
import { DEFAULT_LANGUAGE } from '../../checkout/i18n/languages.ts';
import { cspTemplate } from '../security/csp.ts';

export const EdgeError = {
  hostInvalid: createError('HOST.INVALID', ERROR_TEXT.hostInvalid, 400),
  hostUnknown: createError('HOST.UNKNOWN', ERROR_TEXT.hostUnknown, 404),
  crossSite: createError('REQUEST.CROSS_SITE', ERROR_TEXT.crossSite, 403),
  notFound: createError('REQUEST.NOT_FOUND', ERROR_TEXT.notFound, 404),
  draining: createError('SERVICE.DRAINING', ERROR_TEXT.draining, 503),
  upstreamUnavailable: createError('UPSTREAM.UNAVAILABLE', ERROR_TEXT.unavailable, 502),
  upstreamTimeout: createError('UPSTREAM.TIMEOUT', ERROR_TEXT.unavailable, 504),
  /** The upstream said it is overloaded: the island may try again after Retry-After. */
  upstreamBusy: createError('UPSTREAM.UNAVAILABLE', ERROR_TEXT.unavailable, 503),
  /** The upstream's breaker is open: no call goes until a probe may (Retry-After says when). */
  upstreamPaused: createError('UPSTREAM.UNAVAILABLE', FAILURE_TEXT.unavailable, 503),
  /** The text says when to try again (RATE_LIMIT_TEXT). */
  rateLimited: createError('REQUEST.RATE_LIMITED', '%s', 429),
  overloaded: createError('SERVICE.OVERLOADED', ERROR_TEXT.unavailable, 503),
} as const;

/** Seconds a client refused for load or draining is asked to wait (Retry-After). */
export const RETRY_AFTER_S = 5;

/** The codes above: only these errors' own code and text reach the client. */
const PUBLIC_CODES = new Set<string>(Object.values(EdgeError).map((E) => new E().code));

/** Errors of another origin (Fastify's, a plugin's, a bug): a code and text per status. */
const BY_STATUS: Record<number, { code: string; msg: string }> = {
  400: { code: 'REQUEST.INVALID', msg: ERROR_TEXT.invalid },
  403: { code: 'REQUEST.FORBIDDEN', msg: ERROR_TEXT.forbidden },
  404: { code: 'REQUEST.NOT_FOUND', msg: ERROR_TEXT.notFound },
  408: { code: 'REQUEST.TIMEOUT', msg: ERROR_TEXT.timeout },
  413: { code: 'REQUEST.TOO_LARGE', msg: ERROR_TEXT.tooLarge },
  415: { code: 'REQUEST.UNSUPPORTED', msg: ERROR_TEXT.unsupported },
  431: { code: 'REQUEST.HEADERS_TOO_LARGE', msg: ERROR_TEXT.headersTooLarge },
  503: { code: 'SERVICE.UNAVAILABLE', msg: ERROR_TEXT.unavailable },
};
const SERVER_ERROR = { code: 'SERVER.ERROR', msg: FAILURE_TEXT.generic };

/** The body every JSON error has. */
export interface ErrorBody {
  error: { code: string; msg: string };
}

/** What the client is told of an error: a status, and a public code and text for it. */
export function publicError(error: FastifyError): { status: number; body: ErrorBody } {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (PUBLIC_CODES.has(error.code)) return { status, body: { error: { code: error.code, msg: error.message } } };
  return { status, body: { error: BY_STATUS[status] ?? (status < 500 ? BY_STATUS[400]! : SERVER_ERROR) } };
}

/** The policy of an error answer no merchant is known for: it runs nothing, loads only the edge's own files. */
export const ERROR_ANSWER_CSP = cspTemplate({ frames: [], formActions: [], images: [] }).noScript;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const errorTitle = (status: number, texts: Texts = DEFAULT_TEXTS) =>
  status >= 500 ? texts.ERROR_TEXT.failedTitle : texts.ERROR_TEXT.refusedTitle;

/** The public codes whose text a visitor's page shows in the visitor's language (the JSON keeps the default's). */
const PAGE_TEXTS: Readonly<Record<string, keyof Texts['ERROR_TEXT']>> = {
  'HOST.UNKNOWN': 'hostUnknown',
  'REQUEST.CROSS_SITE': 'crossSite',
  'REQUEST.NOT_FOUND': 'notFound',
  'SERVICE.DRAINING': 'draining',
  'UPSTREAM.UNAVAILABLE': 'unavailable',
  'UPSTREAM.TIMEOUT': 'unavailable',
  'SERVICE.OVERLOADED': 'unavailable',
  'SERVICE.UNAVAILABLE': 'unavailable',
  'REQUEST.INVALID': 'invalid',
  'REQUEST.FORBIDDEN': 'forbidden',
  'REQUEST.TIMEOUT': 'timeout',
  'REQUEST.TOO_LARGE': 'tooLarge',
  'REQUEST.UNSUPPORTED': 'unsupported',
  'REQUEST.HEADERS_TOO_LARGE': 'headersTooLarge',
};

/** The edge's own page, for an answer no merchant's brand can be given to. */
export function errorPage(status: number, msg: string): string {
  const title = errorTitle(status);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(msg)}</p><p><a href="/">${ERROR_TEXT.backToStart}</a></p></main></body></html>`;
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
  const { status, body } = publicError(error);
  logError(request.log, error, status, body);
  reply.code(status).header('cache-control', 'no-store').header('content-security-policy', errorPolicy(request));
  if (errorFormat(request) === 'json') return reply.type('application/json; charset=utf-8').send(body);
  // A known merchant's visitor gets its brand; before the Host was looked up, the edge's page.
  const { merchant, server } = request;
  const language = request.language ?? merchant?.config.languages[0] ?? DEFAULT_LANGUAGE;
  const key = PAGE_TEXTS[body.error.code];
  const message = key ? textsFor(language).ERROR_TEXT[key] : body.error.msg;
  const page =
    merchant && server.hasDecorator('errorPageHtml')
      ? server.errorPageHtml(merchant, status, message, language)
      : errorPage(status, body.error.msg);
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

/** An error answered in JSON outside Fastify: its status and body, logged as the error handler logs it. */
export function jsonErrorAnswer(
  log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  error: FastifyError,
): { status: number; body: string } {
  const { status, body } = publicError(error);
  logError(log, error, status, body);
  return { status, body: JSON.stringify(body) };
}
