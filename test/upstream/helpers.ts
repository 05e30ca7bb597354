// Small real-socket fixtures for the upstream tests: a scripted node:http upstream that
// records what it saw, a pino logger writing into an array, and a raw HTTP client that
// sends a path byte for byte (no URL normalisation on the way).
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { type LogLines, logLines } from '../helpers/logs.ts';

export interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the fake upstream does with one request. */
export type Step =
  | number // that status with a JSON error body for >= 400, `{}` otherwise
  | 'reset' // destroy the socket before answering
  | 'hang' // never answer
  | { status: number; body?: unknown; headers?: Record<string, string | string[]> }
  | ((seen: Seen, res: ServerResponse) => void);

export interface FakeUpstream {
  url: string;
  port: number;
  seen: Seen[];
  /** Resolves once the upstream has seen `count` requests. */
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * Answers request n with steps[n] (the last step repeats), or with `route(seen)` when a
 * function is given instead of a list.
 */
export async function startUpstream(steps: Step[] | ((seen: Seen) => Step)): Promise<FakeUpstream> {
  const seen: Seen[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const entry: Seen = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const step = Array.isArray(steps) ? (steps[seen.length - 1] ?? steps.at(-1)!) : steps(entry);
      play(step, entry, req, res);
      for (const w of waiting.filter((w) => seen.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    arrived: (count) =>
      seen.length >= count ? Promise.resolve() : new Promise((resolve) => void waiting.push({ count, resolve })),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function play(step: Step, seen: Seen, req: IncomingMessage, res: ServerResponse): void {
  if (step === 'reset') {
    req.socket.destroy();
    return;
  }
  if (step === 'hang') return;
  if (typeof step === 'function') {
    step(seen, res);
    return;
  }
  const { status, body, headers } =
    typeof step === 'number'
      ? { status: step, body: step >= 400 ? { error: { code: `HTTP.${step}`, msg: '' } } : {}, headers: undefined }
      : step;
  const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body ?? {});
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(payload);
}

/** A free port nobody listens on: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export function captureLogger(): { logger: pino.Logger; lines: Record<string, unknown>[]; logged: LogLines['logged'] } {
  const logs = logLines();
  return { logger: pino({ level: 'debug' }, logs), lines: logs.lines, logged: logs.logged };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends `path` exactly as given (node:http does not normalise it). */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The part of a tap test the fixtures need. */
export interface Cleanup {
  teardown(fn: () => unknown): void;
}
