// Errors that escape a handler become a clean page or JSON with the right status: 4xx for
// what the visitor sent (body too large, bad content type, malformed body), 500 otherwise.
// Never a stack trace, an upstream body or an internal URL.
import type { FastifyError, FastifyInstance } from 'fastify';
import { FAILURE_TEXT } from '../checkout/messages.ts';

const MESSAGES: Record<number, string> = {
  400: 'The request could not be understood.',
  403: 'This request is not allowed.',
  404: 'Page not found.',
  413: 'What you sent is too large.',
  415: 'This kind of content is not accepted.',
  503: 'The service is temporarily unavailable. Please try again in a moment.',
};

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: error.code, status }, 'request refused');
    const text = MESSAGES[status] ?? (status < 500 ? MESSAGES[400]! : FAILURE_TEXT.generic);
    reply.code(status);
    if (request.url.startsWith('/api/') || !String(request.headers.accept ?? '').includes('text/html')) {
      return reply.type('application/json').send({ error: { code: status >= 500 ? 'SERVER.ERROR' : 'REQUEST.INVALID', msg: text } });
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(`<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error</title></head><body><main><h1>${status === 500 ? 'Something went wrong' : 'Sorry'}</h1><p>${text}</p><p><a href="/">Back to the start</a></p></main></body></html>`);
  });
}
