// The probe server, in a worker thread of its own on its own port: /healthz and /readyz
// answered from the state the main thread publishes (health.ts), so a probe never waits
// behind the visitors' requests. Started by probes.ts; ends with the process.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { HealthState, liveness, type ProbeLimits, readiness } from '../http/health.ts';

export interface ProbeWorkerData {
  buffer: SharedArrayBuffer;
  port: number;
  host: string;
  limits: ProbeLimits;
  /** Every answer's headers (security headers, JSON, no-store). */
  headers: Record<string, string>;
  /** The body of any other request: the edge's not-found error. */
  notFound: string;
  /** The body of an answer that threw: the edge's server error. */
  failed: string;
  /** What a request Node's parser refuses gets, by the parser's error code ('' for any other). */
  refused: Record<string, { status: number; body: string }>;
}

export type ProbeWorkerMessage =
  | { listening: number }
  | { failed: string }
  /** A probe's answer threw: what the main thread logs. */
  | { threw: { reqId: string; message: string; stack: string | undefined } };

const data = workerData as ProbeWorkerData;
const state = new HealthState(data.buffer);
const post = (message: ProbeWorkerMessage) => parentPort!.postMessage(message);

/** A probe's answer: the state's, or the edge's not-found for any other request. */
function answerProbe(request: IncomingMessage, response: ServerResponse): void {
  const path = (request.url ?? '').split('?')[0];
  const probe = path === '/healthz' ? liveness : path === '/readyz' ? readiness : undefined;
  const answer =
    probe && (request.method === 'GET' || request.method === 'HEAD') ? probe(state.inputs(), data.limits) : undefined;
  const body = answer ? JSON.stringify(answer.body) : data.notFound;
  response.writeHead(answer?.status ?? 404, { ...data.headers, 'content-length': Buffer.byteLength(body) });
  response.end(body);
}

// A probe is one small request: whoever is slower than this is not a probe. One without
// Host is answered too (a prober need not name one).
const server = createServer(
  { headersTimeout: 2_000, requestTimeout: 5_000, keepAliveTimeout: 5_000, requireHostHeader: false },
  (request, response) => {
    try {
      answerProbe(request, response);
    } catch (error) {
      // A bug, never the prober's doing: the edge's 500, and the main thread logs it.
      const reqId = randomUUID();
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      post({ threw: { reqId, message, stack } });
      if (response.headersSent) return void response.destroy();
      response.writeHead(500, {
        ...data.headers,
        'x-request-id': reqId,
        connection: 'close',
        'content-length': Buffer.byteLength(data.failed),
      });
      response.end(data.failed);
    }
  },
);
// What Node's parser refuses (headers over its limit, a malformed request) gets the edge's
// headers too, then the connection closes.
server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
  const { status, body } = data.refused[error.code ?? ''] ?? data.refused['']!;
  const headers = { ...data.headers, connection: 'close', 'content-length': Buffer.byteLength(body) };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
});
server.once('error', (error) => post({ failed: error.message }));
server.listen(data.port, data.host, () => post({ listening: (server.address() as { port: number }).port }));
