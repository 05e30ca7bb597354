// What a request may send as a body, judged at its headers, before a byte of the body is
// read: a body refused this way costs its headers and one answer made in advance.
//
// - Over its limit: a Content-Length past what the body's kind may weigh (a form, an
//   upload) is answered 413 at once and the connection closes, so the body is never read.
//   A client that asked `Expect: 100-continue` is refused before it is told to send.
//   A chunked body has no length to judge: the form parser cuts it at the same limit
//   (Fastify's bodyLimit), the upload watch (uploads/pace.ts) at the upload limit.
// - `Expect`: only `100-continue` means anything to HTTP/1.1; any other expectation gets
//   the edge's 417 (Node's own would be a bare one), and `100-continue` keeps working.
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { statusError } from './errors.ts';
import { type OutsideAnswerDeps, refusal, refuseOutside } from './outside-answers.ts';

export interface BodyLimits {
  /** The largest form (or JSON) body, in bytes. */
  formBytes: number;
  /** The largest upload (multipart) body, in bytes. */
  uploadBytes: number;
}

const TOO_LARGE = refusal(statusError(413));
const EXPECTATION_FAILED = refusal(statusError(417));
const CLOSE = { connection: 'close' };

/** An upload is the one multipart body the checkout takes; every other body is a form's size. */
export function bodyLimitOf(limits: BodyLimits, contentType: string | undefined): number {
  return contentType?.trimStart().toLowerCase().startsWith('multipart/') ? limits.uploadBytes : limits.formBytes;
}

/** The Content-Length a request announces over its kind's limit; a missing or chunked one is never over. */
export function announcedTooLarge(limits: BodyLimits, request: IncomingMessage): boolean {
  const declared = request.headers['content-length'];
  if (declared === undefined) return false;
  return Number(declared) > bodyLimitOf(limits, request.headers['content-type']);
}

export interface BodyGuard {
  /** In front of the listener: refuses a body announced over its limit. */
  front(handler: RequestListener): RequestListener;
  /** Takes over Node's answers to `Expect` on `server`: the edge's 417, 413 before a 100. */
  attach(server: Server): Server;
  /** Where refusals are logged and counted; until then they are only made. */
  start(deps: OutsideAnswerDeps): void;
}

export function bodyGuard(limits: BodyLimits): BodyGuard {
  let deps: OutsideAnswerDeps = { log: { info() {}, error() {} }, metrics: { request() {} } };
  const refuse = (request: IncomingMessage, response: ServerResponse, answer: typeof TOO_LARGE) => {
    // What the client sends next is this request's unread body: the connection ends with the answer.
    response.shouldKeepAlive = false;
    refuseOutside(deps, request, response, answer, CLOSE);
  };
  return {
    start(ready) {
      deps = ready;
    },
    front(handler) {
      return (request, response) => {
        if (announcedTooLarge(limits, request)) return refuse(request, response, TOO_LARGE);
        handler(request, response);
      };
    },
    attach(server) {
      server.on('checkExpectation', (request: IncomingMessage, response: ServerResponse) =>
        refuse(request, response, EXPECTATION_FAILED),
      );
      server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
        if (announcedTooLarge(limits, request)) return refuse(request, response, TOO_LARGE);
        response.writeContinue();
        server.emit('request', request, response);
      });
      return server;
    },
  };
}
