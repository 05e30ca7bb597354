// Protecting the process. Under pressure (event-loop delay, heap, RSS: @fastify/under-pressure)
// requests get a 503 with Retry-After, and readiness goes down earlier, at a share of those
// thresholds, so the load balancer sends traffic elsewhere before anything is refused. The
// probes are never shed. And one connection may have only so many requests unanswered:
// Node hands every pipelined request of a packet to the app at once, so a client that
// pipelines hundreds without reading would make us render them all; at the bound the
// socket stops being read, and a request beyond it is refused and the connection closed.
import type { Socket } from 'node:net';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { EdgeError } from '../http/errors.ts';

export interface PressureOptions {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes?: number;
  maxRssBytes?: number;
  /** Readiness goes down at this share (0-1) of each threshold. */
  readyRatio: number;
  /** Unanswered requests one connection may have. */
  maxPipelined: number;
  /** How often the process is measured; tests shorten it. */
  sampleIntervalMs?: number;
}

/** Seconds a shed client is asked to wait. */
const RETRY_AFTER_S = 5;

const kInFlight = Symbol('edge.inFlight');
const kPausedHere = Symbol('edge.pausedHere');

/** Node's own flow control on a server socket (lib/_http_server.js): the same fields it uses. */
type ServerSocket = Socket & {
  [kInFlight]?: number;
  [kPausedHere]?: boolean;
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

export const pressurePlugin = fp<PressureOptions>(
  async (app, options) => {
    const { maxPipelined } = options;
    app.addHook('onRequest', async (request, reply) => {
      const socket = request.raw.socket as ServerSocket;
      const inFlight = (socket[kInFlight] ?? 0) + 1;
      socket[kInFlight] = inFlight;
      if (inFlight >= maxPipelined) pauseReading(socket);
      if (inFlight > maxPipelined) {
        app.metrics.shed('pipelining');
        reply.header('connection', 'close').header('retry-after', String(RETRY_AFTER_S));
        throw new EdgeError.overloaded();
      }
    });
    app.addHook('onResponse', async (request) => {
      const socket = request.raw.socket as ServerSocket;
      const inFlight = (socket[kInFlight] ?? 1) - 1;
      socket[kInFlight] = inFlight;
      if (inFlight < maxPipelined) resumeReading(socket);
    });

    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      maxHeapUsedBytes: options.maxHeapUsedBytes,
      maxRssBytes: options.maxRssBytes,
      sampleInterval: options.sampleIntervalMs ?? 500,
      pressureHandler: async (request, reply, type) => {
        if (request.routeOptions.config.whileDraining) return;
        app.metrics.shed(type);
        reply.header('retry-after', String(RETRY_AFTER_S));
        throw new EdgeError.overloaded();
      },
    });

    const { readyRatio } = options;
    const above = (value: number, max: number | undefined) => max !== undefined && value > max * readyRatio;
    app.readinessChecks.push(() => {
      const usage = app.memoryUsage();
      if (above(usage.eventLoopDelay, options.maxEventLoopDelayMs)) return 'event-loop-delay';
      if (above(usage.heapUsed, options.maxHeapUsedBytes)) return 'heap';
      if (above(usage.rssBytes, options.maxRssBytes)) return 'rss';
      return undefined;
    });
  },
  { name: 'edge-pressure', fastify: '5.x', dependencies: ['edge-errors', 'edge-ops', 'edge-metrics'] },
);
