// Protecting the process. Under pressure (event-loop delay, heap, RSS: @fastify/under-pressure)
// requests get a 503 with Retry-After, and readiness goes down earlier, at a share of those
// thresholds, so the load balancer sends traffic elsewhere before anything is refused. The
// probes are never shed.
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { EdgeError } from '../http/errors.ts';
import { RETRY_AFTER_S, type ConnectionGuard } from './connections.ts';

export interface PressureOptions {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes?: number;
  maxRssBytes?: number;
  /** Readiness goes down at this share (0-1) of each threshold. */
  readyRatio: number;
  /** The server's bound on pipelined requests (connections.ts), whose refusals are counted here. */
  connections?: ConnectionGuard;
  /** How often the process is measured; tests shorten it. */
  sampleIntervalMs?: number;
}

export const pressurePlugin = fp<PressureOptions>(
  async (app, options) => {
    if (options.connections) options.connections.onRefused = () => app.metrics.shed('pipelining');

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
