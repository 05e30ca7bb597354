// The HTTP server and what one connection may ask of it. Node hands every pipelined
// request of a packet to the app at once, so a client that pipelines hundreds without
// reading would have us route, render and log them all, and starve everyone else (health
// probes included). Here, before Fastify sees a request: at the bound the socket stops
// being read, the first request beyond it gets a short 503 that closes the connection,
// and the others beyond it nothing (Node parses a whole packet, whatever we do).
// Browsers never pipeline, so no visitor meets this.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { EdgeError, errorJson } from '../http/errors.ts';

export interface ConnectionSettings {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  /** Unanswered requests one connection may have. */
  maxPipelined: number;
}

/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_S = 5;

/**
 * How often Node looks for requests past the headers or request timeout: the timeouts are
 * enforced only this often (Node's default, 30 s, would let a client that trickles its
 * headers hold a socket three times the 10 s allowed). Only connections with a request
 * in progress are looked at, so this costs next to nothing.
 */
export const TIMEOUT_CHECK_MS = 1_000;

const kInFlight = Symbol('edge.inFlight');
const kPausedHere = Symbol('edge.pausedHere');
const kRefused = Symbol('edge.refused');

/** Node's own flow control on a server socket (lib/_http_server.js): the fields it uses. */
type ServerSocket = Socket & {
  [kInFlight]?: number;
  [kPausedHere]?: boolean;
  [kRefused]?: boolean;
  _paused?: boolean;
  parser?: { pause(): void; resume(): void } | null;
};

/** Stops reading the socket; Node pauses its parser once the packet at hand is parsed. */
function pauseReading(socket: ServerSocket): void {
  if (socket._paused) return;
  socket._paused = true;
  socket[kPausedHere] = true;
  socket.pause();
}

function resumeReading(socket: ServerSocket): void {
  if (!socket[kPausedHere]) return;
  socket[kPausedHere] = false;
  if (!socket._paused) return;
  socket._paused = false;
  socket.parser?.resume();
  socket.resume();
}

const refusal = errorJson(new EdgeError.overloaded());

export interface ConnectionGuard {
  /** For Fastify's `serverFactory`. */
  serverFactory(handler: RequestListener): Server;
  /** Told of each request refused here (the metrics). */
  onRefused: () => void;
}

export function connectionGuard(settings: ConnectionSettings): ConnectionGuard {
  const guard: ConnectionGuard = {
    onRefused: () => {},
    serverFactory(handler) {
      const server = createServer(
        {
          requestTimeout: settings.requestTimeoutMs,
          headersTimeout: settings.headersTimeoutMs,
          keepAliveTimeout: settings.keepAliveTimeoutMs,
          connectionsCheckingInterval: TIMEOUT_CHECK_MS,
        },
        (request: IncomingMessage, response: ServerResponse) => {
          const socket = request.socket as ServerSocket;
          const inFlight = (socket[kInFlight] ?? 0) + 1;
          socket[kInFlight] = inFlight;
          response.once('close', () => {
            const left = (socket[kInFlight] ?? 1) - 1;
            socket[kInFlight] = left;
            if (left < settings.maxPipelined) resumeReading(socket);
          });
          if (inFlight >= settings.maxPipelined) pauseReading(socket);
          if (inFlight <= settings.maxPipelined) return handler(request, response);
          guard.onRefused();
          // One refusal closes the connection; the rest of the packet is not worth an answer.
          if (socket[kRefused]) return;
          socket[kRefused] = true;
          response.shouldKeepAlive = false;
          response.writeHead(503, {
            'content-type': 'application/json; charset=utf-8',
            'retry-after': String(RETRY_AFTER_S),
            'x-content-type-options': 'nosniff',
            'cache-control': 'no-store',
            connection: 'close',
          });
          response.end(refusal);
        },
      );
      server.setTimeout(settings.connectionTimeoutMs);
      return server;
    },
  };
  return guard;
}
