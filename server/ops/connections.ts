// The HTTP server and what one connection, and one client address, may ask of it, before
// Fastify sees a request.
//
// - Pipelining: Node hands every pipelined request of a packet to the app at once, so a
//   client that pipelines hundreds without reading would have us route, render and log
//   them all, and starve everyone else (health probes included). At the bound the socket
//   stops being read, the first request beyond it gets a short 503 that closes the
//   connection, and the others beyond it nothing (Node parses a whole packet, whatever we
//   do). Browsers never pipeline, so no visitor meets this.
// - Slow readers: an answer whose bytes wait in the process because the client does not
//   read them (the kernel's buffers full) for longer than `slowReadMs` ends the connection,
//   so a client cannot hold a connection and its memory by reading a byte at a time.
// - Connections per client address: beyond `maxPerClient` a new connection from the same
//   address waits, accepted but not read, until one of the address's others closes (then
//   it is read, in the order they came). Closing it instead would have the client
//   reconnect at once, again and again: the kernel's accept queue would fill with the
//   reconnections and every other visitor's connection would wait behind them. Beyond
//   WAITING_PER_SERVED times the bound waiting, a new one is closed before anything is
//   read. A trusted proxy's connections carry many clients and are not counted here;
//   behind one, admission.ts counts each forwarded address's requests instead.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TrustProxy } from '../http/client-address.ts';
import { EdgeError, RETRY_AFTER_S } from '../http/errors.ts';
import { answeringThrown, type OutsideAnswerDeps, refusal, refuseOutside } from '../http/outside-answers.ts';
import type { EdgeMetrics } from './metrics.ts';

export interface ConnectionSettings {
  keepAliveTimeoutMs: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  connectionTimeoutMs: number;
  /** Unanswered requests one connection may have. */
  maxPipelined: number;
  /** How long an answer may wait unread in the process before its connection is closed. */
  slowReadMs: number;
  /** Connections one client address may hold at once (undefined: no bound). */
  maxPerClient: number | undefined;
  /** The proxies whose connections carry many clients (TRUST_PROXY). */
  trust: TrustProxy;
}

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

/** What the guard reports to, once the app is ready. */
export type GuardDeps = OutsideAnswerDeps & { metrics: Pick<EdgeMetrics, 'shed'> };

export interface ConnectionGuard {
  /** For Fastify's `serverFactory`. */
  serverFactory(handler: RequestListener): Server;
  /** Where refusals are logged and counted; until then they are only made. */
  start(deps: GuardDeps): void;
}

const OVERLOADED = refusal(new EdgeError.overloaded());
/**
 * Connections one address may have waiting, as a multiple of those it is served on: room
 * for a load generator's few hundred (wrk -c400), so that it has nothing to reconnect.
 * A waiting connection costs a socket and no reading; Node counts it as a request whose
 * headers have not arrived, so the headers timeout ends it (408).
 */
export const WAITING_PER_SERVED = 8;
const kStalledSince = Symbol('edge.stalledSince');
type WatchedSocket = Socket & { [kStalledSince]?: number };

export function connectionGuard(settings: ConnectionSettings): ConnectionGuard {
  const quiet: GuardDeps = { log: { info() {}, error() {} }, metrics: { request() {}, shed() {} } };
  let deps = quiet;
  const sockets = new Set<WatchedSocket>();
  const perClient = new Map<string, number>();

  const waiting = new Map<string, Set<Socket>>();

  /** Reads the socket from now on, counted against its address until it closes; then the next waiting one is read. */
  const serve = (socket: Socket, address: string) => {
    perClient.set(address, (perClient.get(address) ?? 0) + 1);
    socket.once('close', () => {
      const left = (perClient.get(address) ?? 1) - 1;
      if (left > 0) perClient.set(address, left);
      else perClient.delete(address);
      const queue = waiting.get(address);
      const next = queue?.values().next().value;
      if (next === undefined) return;
      queue!.delete(next);
      if (queue!.size === 0) waiting.delete(address);
      serve(next, address);
    });
    socket.resume();
  };

  /** A new connection (accepted paused): read now, left waiting its turn, or closed (false). */
  const admitConnection = (socket: Socket): boolean => {
    const address = socket.remoteAddress;
    const counted =
      settings.maxPerClient !== undefined && address !== undefined && !(settings.trust !== false && settings.trust(address, 0));
    if (!counted) {
      socket.resume();
      return true;
    }
    if ((perClient.get(address) ?? 0) < settings.maxPerClient!) {
      serve(socket, address);
      return true;
    }
    let queue = waiting.get(address);
    if ((queue?.size ?? 0) >= settings.maxPerClient! * WAITING_PER_SERVED) return false;
    if (queue === undefined) waiting.set(address, (queue = new Set()));
    queue.add(socket);
    socket.once('close', () => {
      if (!queue.delete(socket) || queue.size > 0) return;
      if (waiting.get(address) === queue) waiting.delete(address);
    });
    return true;
  };

  /** Closes connections whose answers have waited unread longer than allowed. */
  const cutSlowReaders = () => {
    const now = performance.now();
    for (const socket of sockets) {
      if (socket.writableLength === 0) {
        socket[kStalledSince] = undefined;
        continue;
      }
      const since = (socket[kStalledSince] ??= now);
      if (now - since < settings.slowReadMs) continue;
      deps.metrics.shed('slowReader');
      socket.destroy();
    }
  };

  return {
    start(ready) {
      deps = ready;
    },
    serverFactory(handler) {
      const server = createServer(
        {
          requestTimeout: settings.requestTimeoutMs,
          headersTimeout: settings.headersTimeoutMs,
          keepAliveTimeout: settings.keepAliveTimeoutMs,
          connectionsCheckingInterval: TIMEOUT_CHECK_MS,
          // A request without Host gets the edge's own 400 (tenancy), not Node's bare one.
          requireHostHeader: false,
        },
        // Whatever the guard and the listeners behind it throw is answered, never the process's end.
        answeringThrown(
          () => deps,
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
            deps.metrics.shed('pipelining');
            // One refusal closes the connection; the rest of the packet is not worth an answer.
            if (socket[kRefused]) return;
            socket[kRefused] = true;
            response.shouldKeepAlive = false;
            refuseOutside(deps, request, response, OVERLOADED, {
              'retry-after': String(RETRY_AFTER_S),
              connection: 'close',
            });
          },
        ),
      );
      // Every connection starts unread: admitConnection decides when it is read.
      (server as Server & { pauseOnConnect: boolean }).pauseOnConnect = true;
      server.on('connection', (socket: WatchedSocket) => {
        if (!admitConnection(socket)) {
          deps.metrics.shed('clientConnections');
          socket.destroy();
          return;
        }
        sockets.add(socket);
        socket.once('close', () => sockets.delete(socket));
      });
      const sweep = setInterval(cutSlowReaders, TIMEOUT_CHECK_MS).unref();
      server.once('close', () => clearInterval(sweep));
      server.setTimeout(settings.connectionTimeoutMs);
      return server;
    },
  };
}
