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
// - Connections per client address and in all (as NGINX's limit_conn): a new connection
//   from an address that already holds `maxPerClient`, or beyond `maxConnections` in all,
//   has its first request answered at once, a 429 (the address's) or a 503 (the
//   process's) with Retry-After, and closed: a neighbour behind a busy address is refused
//   or served, never kept waiting. A trusted proxy's connections carry many clients and are
//   not counted per address; behind one, admission.ts counts each forwarded address's
//   requests instead.
// - Keep-alive under pressure (as Envoy's overload manager turns it off): libuv accepts one
//   connection per turn of the event loop, and each turn serves every kept-alive connection
//   that has a request ready. While the loop is saturated, each turn is long and a new
//   visitor waits in the kernel's accept queue behind all of them, one accept per turn: the
//   flood's kept-alive connections are served ahead of the visitor again and again. So
//   while it is saturated (keep-alive.ts), every answer closes its connection: a flood's
//   connection queues again beside the visitor, turns stay short, the accept queue drains
//   in order.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { TrustProxy } from '../http/client-address.ts';
import { EdgeError, RETRY_AFTER_S, tooManyRequests } from '../http/errors.ts';
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
  /** Connections served at once, all addresses together (undefined: no bound). */
  maxConnections: number | undefined;
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
const kOverBound = Symbol('edge.overBound');

/** Node's own flow control on a server socket (lib/_http_server.js): the fields it uses. */
type ServerSocket = Socket & {
  [kInFlight]?: number;
  [kPausedHere]?: boolean;
  [kRefused]?: boolean;
  /** The bound this connection came over, which its first request is answered with. */
  [kOverBound]?: OverBound;
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
export type GuardDeps = OutsideAnswerDeps & {
  metrics: Pick<EdgeMetrics, 'shed'>;
  /** Whether answers close their connections now (keep-alive.ts). */
  closingKeptAlive(): boolean;
};

export interface ConnectionGuard {
  /** For Fastify's `serverFactory`. */
  serverFactory(handler: RequestListener): Server;
  /** Where refusals are logged and counted; until then they are only made. */
  start(deps: GuardDeps): void;
  /** Connections served now, and the client addresses holding as many as one may. */
  counts(): { served: number; clientsAtBound: number };
}

const OVERLOADED = refusal(new EdgeError.overloaded());
const CLIENT_BUSY = refusal(tooManyRequests(RETRY_AFTER_S));
const CLOSE_AFTER = { 'retry-after': String(RETRY_AFTER_S), connection: 'close' };

type OverBound = 'clientConnections' | 'connections';
const OVER_BOUND_ANSWERS = { clientConnections: CLIENT_BUSY, connections: OVERLOADED } as const;

const kStalledSince = Symbol('edge.stalledSince');
type WatchedSocket = Socket & { [kStalledSince]?: number };

export function connectionGuard(settings: ConnectionSettings): ConnectionGuard {
  const quiet: GuardDeps = {
    log: { info() {}, error() {} },
    metrics: { request() {}, shed() {} },
    closingKeptAlive: () => false,
  };
  let deps = quiet;
  const sockets = new Set<WatchedSocket>();
  const perClient = new Map<string, number>();
  let served = 0;

  /** A new connection: served, counted against its address and all until it closes; or over a bound. */
  const admitConnection = (socket: ServerSocket): void => {
    const address = socket.remoteAddress;
    const counted =
      settings.maxPerClient !== undefined && address !== undefined && !(settings.trust !== false && settings.trust(address, 0));
    if (settings.maxConnections !== undefined && served >= settings.maxConnections) {
      socket[kOverBound] = 'connections';
      return;
    }
    if (counted && (perClient.get(address) ?? 0) >= settings.maxPerClient!) {
      socket[kOverBound] = 'clientConnections';
      return;
    }
    served += 1;
    if (counted) perClient.set(address, (perClient.get(address) ?? 0) + 1);
    socket.once('close', () => {
      served -= 1;
      if (!counted) return;
      const left = (perClient.get(address) ?? 1) - 1;
      if (left > 0) perClient.set(address, left);
      else perClient.delete(address);
    });
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
    counts() {
      let clientsAtBound = 0;
      for (const held of perClient.values()) if (held >= settings.maxPerClient!) clientsAtBound += 1;
      return { served, clientsAtBound };
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
            const over = socket[kOverBound];
            if (over !== undefined) {
              // Its first request is answered at once; nothing more is read from it.
              response.shouldKeepAlive = false;
              if (socket[kRefused]) return;
              socket[kRefused] = true;
              pauseReading(socket);
              deps.metrics.shed(over);
              return refuseOutside(deps, request, response, OVER_BOUND_ANSWERS[over], CLOSE_AFTER);
            }
            if (deps.closingKeptAlive()) response.shouldKeepAlive = false;
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
            refuseOutside(deps, request, response, OVERLOADED, CLOSE_AFTER);
          },
        ),
      );
      server.on('connection', (socket: WatchedSocket) => {
        admitConnection(socket);
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
