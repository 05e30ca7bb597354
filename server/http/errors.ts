// Every error the edge answers with, in one place. The edge's own refusals are typed
// errors (@fastify/error) carrying a public code, a status and a text written for the
// visitor; hooks and handlers throw them and this one error handler answers:
//
// - JSON, always `{ "error": { "code": "...", "msg": "..." } }`, on routes that declare
//   `config: { errorFormat: 'json' }` (/api, probes) and for clients that do not accept HTML;
// - a small HTML page with a way back for visitors.
//
// Anything else (Fastify's own errors, a bug, a failed render) gets a generic text for its
// status: never a stack trace, an internal URL or an upstream's words.
import createError from '@fastify/error';
import fp from 'fastify-plugin';
import type { FastifyBaseLogger, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { BACK_TO_START, FAILURE_TEXT } from '../../checkout/messages.ts';

const UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a moment.';

export const EdgeError = {
  hostInvalid: createError('HOST.INVALID', 'The Host header is not valid.', 400),
  hostUnknown: createError('HOST.UNKNOWN', 'There is no checkout at this address.', 404),
  crossSite: createError('REQUEST.CROSS_SITE', 'This form must be sent from the checkout page itself.', 403),
  notFound: createError('REQUEST.NOT_FOUND', 'Not found.', 404),
  draining: createError('SERVICE.DRAINING', 'Shutting down, please retry.', 503),
  upstreamUnavailable: createError('UPSTREAM.UNAVAILABLE', UNAVAILABLE, 502),
  upstreamTimeout: createError('UPSTREAM.TIMEOUT', UNAVAILABLE, 504),
  /** The upstream said it is overloaded: the island may try again after Retry-After. */
  upstreamBusy: createError('UPSTREAM.UNAVAILABLE', UNAVAILABLE, 503),
  /** The text says when to try again (RATE_LIMIT_TEXT). */
  rateLimited: createError('REQUEST.RATE_LIMITED', '%s', 429),
  overloaded: createError('SERVICE.OVERLOADED', UNAVAILABLE, 503),
} as const;

/** The codes above: only these errors' own code and text reach the client. */
const PUBLIC_CODES = new Set<string>(Object.values(EdgeError).map((E) => new E().code));

/** Errors of another origin (Fastify's, a plugin's, a bug): a code and text per status. */
const BY_STATUS: Record<number, { code: string; msg: string }> = {
  400: { code: 'REQUEST.INVALID', msg: 'The request could not be understood.' },
  403: { code: 'REQUEST.FORBIDDEN', msg: 'This request is not allowed.' },
  404: { code: 'REQUEST.NOT_FOUND', msg: 'Not found.' },
  413: { code: 'REQUEST.TOO_LARGE', msg: 'What you sent is too large.' },
  415: { code: 'REQUEST.UNSUPPORTED', msg: 'This kind of content is not accepted.' },
  503: { code: 'SERVICE.UNAVAILABLE', msg: UNAVAILABLE },
};
const SERVER_ERROR = { code: 'SERVER.ERROR', msg: FAILURE_TEXT.generic };

/** The body every JSON error has. */
interface ErrorBody {
  error: { code: string; msg: string };
}

function publicError(error: FastifyError): { status: number; body: ErrorBody } {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  if (PUBLIC_CODES.has(error.code)) return { status, body: { error: { code: error.code, msg: error.message } } };
  return { status, body: { error: BY_STATUS[status] ?? (status < 500 ? BY_STATUS[400]! : SERVER_ERROR) } };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function errorPage(status: number, msg: string): string {
  const title = status >= 500 ? 'Something went wrong' : 'Sorry';
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${escapeHtml(msg)}</p><p><a href="/">${BACK_TO_START}</a></p></main></body></html>`;
}

function wantsJson(request: FastifyRequest): boolean {
  const format = request.routeOptions.config.errorFormat;
  if (format) return format === 'json';
  return !String(request.headers.accept ?? '').includes('text/html');
}

/** A bug is logged with its stack; a refusal of the edge's with its public code. */
function logError(log: Pick<FastifyBaseLogger, 'error' | 'info'>, error: FastifyError, status: number, body: ErrorBody): void {
  if (status >= 500 && !PUBLIC_CODES.has(error.code)) log.error({ err: error }, 'request failed');
  else log.info({ code: body.error.code, status }, 'request refused');
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: FastifyError): FastifyReply {
  const { status, body } = publicError(error);
  logError(request.log, error, status, body);
  reply.code(status);
  if (wantsJson(request)) return reply.type('application/json; charset=utf-8').send(body);
  return reply.type('text/html; charset=utf-8').send(errorPage(status, body.error.msg));
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
