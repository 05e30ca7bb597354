// Answers the edge writes where Fastify's route pipeline does not run: the framework's own
// refusals (a malformed URL, a route parameter over its length), Node's parser refusals (a
// malformed or smuggled request, headers over the limit, a request too slow to arrive), and
// the fast refusals in front of Fastify (ops/admission.ts, ops/connections.ts). Each in the
// edge's shape (errors.ts): JSON or a page by path and Accept, the security headers and a
// policy that runs nothing, a request id, a log line and the request metric; never the
// framework's code nor the request's path.
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type RequestListener, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type PageLanguage } from '../../checkout/i18n/languages.ts';
import { textsFor } from '../../checkout/messages.ts';
import { languageOfHeaders } from '../i18n/negotiate.ts';
import { loggedPath } from '../logged-path.ts';
import { SECURITY_HEADERS } from '../security/headers.ts';
import { EdgeError, ERROR_ANSWER_CSP, errorFormatOf, errorPage, publicError, sendError, statusError } from './errors.ts';
import { logRequest } from './lifecycle.ts';
import { originForm } from './request-target.ts';
import { resolveHost } from './tenancy.ts';

/** The headers of every answer written here, but its type, length and request id. */
const ANSWER_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'content-security-policy': ERROR_ANSWER_CSP,
  'cache-control': 'no-store',
};

/** One error's answer in one format, built once: its status, its head (flat) and its body. */
interface Prepared {
  status: number;
  code: string;
  head: string[];
  body: Buffer;
}

function prepare(error: FastifyError, format: 'json' | 'html', language: PageLanguage): Prepared {
  const { status, body } = publicError(error, textsFor(language));
  const bytes = Buffer.from(format === 'json' ? JSON.stringify(body) : errorPage(status, body.error.msg, language));
  const type = format === 'json' ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8';
  const head = Object.entries({ ...ANSWER_HEADERS, 'content-type': type, 'content-length': String(bytes.length) }).flat();
  if (format === 'html') head.push('content-language', language);
  return { status, code: body.error.code, head, body: bytes };
}

/** An error's answers in both formats, made once per language: what a refusal under load sends. */
export type Refusal = (language: PageLanguage) => Readonly<Record<'json' | 'html', Prepared>>;

/** The edge's answer for a status alone. */
const statusRefusal = (status: number) => refusal(statusError(status));

export function refusal(error: FastifyError): Refusal {
  const made = new Map<PageLanguage, Readonly<Record<'json' | 'html', Prepared>>>();
  return (language) => {
    let answers = made.get(language);
    if (!answers)
      made.set(language, (answers = { json: prepare(error, 'json', language), html: prepare(error, 'html', language) }));
    return answers;
  };
}

export interface OutsideAnswerDeps {
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Counts the answer: the metrics (ops/metrics.ts) hand themselves in, so http/ imports nothing of ops/. */
  metrics: { request(merchant: string, route: string, method: string, status: number, seconds: number): void };
  /** The language a request is answered in (its merchant's, negotiated); without it, the default. */
  languageOf?(request: IncomingMessage): PageLanguage;
}

/**
 * Answers `request` with one of the edge's errors, before Fastify sees it: as cheap as an
 * answer can be, for refusals under load.
 */
export function refuseOutside(
  deps: OutsideAnswerDeps,
  request: IncomingMessage,
  response: ServerResponse,
  refused: Refusal,
  headers: Record<string, string> = {},
): void {
  const started = performance.now();
  const language = deps.languageOf?.(request) ?? DEFAULT_LANGUAGE;
  writeAnswer(deps, request, response, refused(language), randomUUID(), headers, started);
}

function writeAnswer(
  deps: OutsideAnswerDeps,
  request: IncomingMessage,
  response: ServerResponse,
  answers: Readonly<Record<'json' | 'html', Prepared>>,
  reqId: string,
  headers: Record<string, string>,
  started: number,
): void {
  const url = request.url ?? '/';
  const answer = answers[errorFormatOf(url, request.headers.accept)];
  const head = answer.head.concat('x-request-id', reqId);
  for (const name in headers) head.push(name, headers[name]!);
  response.writeHead(answer.status, head);
  response.end(answer.body);
  const ms = performance.now() - started;
  deps.metrics.request('-', 'unmatched', request.method ?? '-', answer.status, ms / 1000);
  // Before routing, the target is as the client sent it: the absolute form loses its host first.
  const path = loggedPath(originForm(url));
  logRequest(deps.log, { reqId, method: request.method ?? '-', path, status: answer.status, ms });
}

const FAILED = statusRefusal(500);

/**
 * A request whose answer in front of Fastify threw (a bug, never the visitor's doing):
 * logged at error level with the id its answer carries, and answered with the edge's 500
 * in the default language (the merchant's may be what failed), closing the connection; an
 * answer already under way is cut instead, as it cannot be replaced.
 */
export function answerThrown(deps: OutsideAnswerDeps, error: unknown, request: IncomingMessage, response: ServerResponse): void {
  const started = performance.now();
  const reqId = randomUUID();
  deps.log.error({ err: error, reqId }, 'answering a request in front of the app failed');
  if (response.headersSent) {
    response.destroy();
    return;
  }
  try {
    // Nothing the failed listener set goes out with the edge's answer.
    for (const name of response.getHeaderNames()) response.removeHeader(name);
    response.shouldKeepAlive = false;
    writeAnswer(deps, request, response, FAILED(DEFAULT_LANGUAGE), reqId, { connection: 'close' }, started);
  } catch {
    // The catch-all must not throw in turn: the connection is cut instead.
    response.destroy();
  }
}

/**
 * The server's listener, answering whatever it throws with answerThrown: no request can end
 * the process. `deps` is read when a request fails (the app's logger once it is ready).
 */
export function answeringThrown(deps: () => OutsideAnswerDeps, listener: RequestListener): RequestListener {
  return (request, response) => {
    try {
      listener(request, response);
    } catch (error) {
      answerThrown(deps(), error, request, response);
    }
  };
}

/** Fastify's own refusals as the edge's: what each means to a visitor. */
const FRAMEWORK_ERRORS: Readonly<Record<string, () => FastifyError>> = {
  // A route parameter that long names nothing the checkout has.
  FST_ERR_MAX_PARAM_LENGTH: () => new EdgeError.notFound(),
};

/**
 * Fastify's `frameworkErrors`: no hook has run, so this gives the request what the hooks
 * would have (the security headers, its id, its merchant for the brand and its language) and, as it ends,
 * its log line and metric; the answer itself is the error handler's.
 */
export function answerFrameworkError(
  app: FastifyInstance,
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | Promise<FastifyReply> {
  reply.headers(SECURITY_HEADERS).header('x-request-id', request.id);
  const found = resolveHost(app.merchants, request.raw);
  const merchant = found.kind === 'known' ? found.merchant : undefined;
  if (merchant) {
    request.merchant = merchant;
    request.language = languageOfHeaders(merchant.config.languages, request.headers, app.appConfig.pseudoLanguage);
  }
  // Fastify gives such a request a logger of its own options, not the app's.
  request.log = app.log.child({ reqId: request.id, ...(merchant ? { merchant: merchant.id } : {}) });
  reply.raw.once('finish', () => {
    const status = reply.statusCode;
    app.metrics.request(merchant?.id ?? '-', 'unmatched', request.method, status, reply.elapsedTime / 1000);
    logRequest(request.log, { method: request.method, path: '-', status, ms: reply.elapsedTime });
  });
  return sendError(request, reply, FRAMEWORK_ERRORS[error.code]?.() ?? error);
}

/** Node's refusals by the parser's error code; anything else it cannot parse is a 400 (the probe worker's too). */
export const CLIENT_ERROR_STATUS: Readonly<Record<string, number>> = {
  ERR_HTTP_REQUEST_TIMEOUT: 408,
  HPE_HEADER_OVERFLOW: 431,
};

const CLIENT_ERROR_ANSWERS: Readonly<Record<number, Refusal>> = Object.fromEntries(
  [400, 408, 431].map((status) => [status, statusRefusal(status)]),
);

/** A socket as Node's server holds it: the response in progress on it, if any. */
type ServerSocket = Socket & { _httpMessage?: { _headerSent?: boolean } | null };

/**
 * Node's `clientError`: a request the parser refused (malformed, smuggled, headers over
 * the limit, too slow to arrive). Answered in the edge's shape when no answer is under way
 * on the connection (one would be corrupted), then the connection is closed: what follows
 * on it cannot be trusted to be a request. The format is read from what arrived.
 */
export function answerClientError(
  deps: OutsideAnswerDeps,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  const arrived = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1', 0, 8192) : '';
  const path = /^[A-Z]{1,16} (\/\S*)/.exec(arrived)?.[1] ?? '/';
  const accept = /\r\naccept:([^\r\n]*)/i.exec(arrived)?.[1];
  // What the parser could not read names no merchant: the default language.
  const answer = CLIENT_ERROR_ANSWERS[status]!(DEFAULT_LANGUAGE)[errorFormatOf(path, accept)];
  const reqId = randomUUID();
  const inProgress = (socket as ServerSocket)._httpMessage;
  if (socket.writable && !inProgress?._headerSent) {
    const head = [...answer.head, 'x-request-id', reqId, 'connection', 'close'];
    let text = `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\n`;
    for (let i = 0; i < head.length; i += 2) text += `${head[i]}: ${head[i + 1]}\r\n`;
    socket.write(Buffer.concat([Buffer.from(`${text}\r\n`, 'latin1'), answer.body]));
  }
  socket.destroy();
  deps.log.info({ reqId, code: answer.code, status: answer.status, reason: error.code }, 'request refused');
  deps.metrics.request('-', 'unparsed', '-', answer.status, 0);
  logRequest(deps.log, { reqId, method: '-', path: '-', status: answer.status, ms: 0 });
}
