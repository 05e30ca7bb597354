// Protecting the process. @fastify/under-pressure samples the event loop's delay, the heap
// and RSS; admission.ts refuses new work in front of Fastify past its bounds and these
// thresholds (a request that reached Fastify anyway meets the same thresholds in
// under-pressure's hook). Busy is not unready: every pod serves every merchant, so a surge
// is every pod's, and readiness that followed load would take them all out of the Service
// at once. Shedding answers the excess (503 with Retry-After) while the pod stays in; only
// memory the caches cannot give back (RSS less what they hold, at a share of its threshold)
// takes readiness down, as another replica would serve better. The probes are never shed.
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { clientAddress, type TrustProxy } from '../http/client-address.ts';
import { EdgeError, RETRY_AFTER_S } from '../http/errors.ts';
import { refusalLanguage } from '../http/tenancy.ts';
import type { Admission, AdmissionReason } from './admission.ts';
import { cachedBytes } from './byte-cache.ts';
import type { ConnectionGuard } from './connections.ts';
import type { KeepAlive } from './keep-alive.ts';

/** What under-pressure samples, by its names. */
type Sampled = Extract<AdmissionReason, 'eventLoopDelay' | 'heapUsedBytes' | 'rssBytes'>;

export interface PressureOptions {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes?: number;
  maxRssBytes?: number;
  /** Readiness goes down at this share (0-1) of the memory thresholds. */
  readyRatio: number;
  /** The bounds in front of Fastify, started here once the app is ready. */
  admission?: Admission;
  /** The server's bounds per connection and client address, whose refusals are counted here. */
  connections?: ConnectionGuard;
  /** Whether the loop is saturated (keep-alive.ts). */
  keepAlive?: KeepAlive;
  /** Whether answers close their connections while it is. */
  closeWhenSaturated?: boolean;
  /** Whose forwarded addresses count as clients (TRUST_PROXY). */
  trust?: TrustProxy;
  /** How often the process is measured; tests shorten it. */
  sampleIntervalMs?: number;
}

export const pressurePlugin = fp<PressureOptions>(
  async (app, options) => {
    await app.register(underPressure, {
      maxEventLoopDelay: options.maxEventLoopDelayMs,
      maxHeapUsedBytes: options.maxHeapUsedBytes,
      maxRssBytes: options.maxRssBytes,
      sampleInterval: options.sampleIntervalMs ?? 500,
      pressureHandler: async (request, reply, type) => {
        if (request.routeOptions.config.whileDraining) return;
        // Only the measures given a threshold above can be over one.
        app.metrics.shed(type as Sampled);
        reply.header('retry-after', String(RETRY_AFTER_S));
        throw new EdgeError.overloaded();
      },
    });

    /** Which sampled measure is over its threshold, under-pressure's name for it. */
    const over = (): Sampled | undefined => {
      const usage = app.memoryUsage();
      const above = (value: number, max: number | undefined) => max !== undefined && value > max;
      if (above(usage.eventLoopDelay, options.maxEventLoopDelayMs)) return 'eventLoopDelay';
      if (above(usage.heapUsed, options.maxHeapUsedBytes)) return 'heapUsedBytes';
      if (above(usage.rssBytes, options.maxRssBytes)) return 'rssBytes';
      return undefined;
    };

    const { admission, readyRatio } = options;
    // Memory the caches cannot give back: they make room by themselves.
    app.readinessChecks.push(() => {
      const usage = app.memoryUsage();
      const above = (value: number, max: number | undefined) => max !== undefined && value > max * readyRatio;
      if (above(usage.heapUsed, options.maxHeapUsedBytes)) return 'heap';
      if (above(usage.rssBytes - cachedBytes(), options.maxRssBytes)) return 'rss';
      return undefined;
    });

    const { connections, keepAlive } = options;
    const closing = () => options.closeWhenSaturated === true && keepAlive?.closing() === true;
    if (connections) {
      app.metrics.watchConnections(() => ({
        ...connections.counts(),
        keepAliveClosing: closing(),
      }));
    }
    if (admission) {
      new Gauge({
        name: 'edge_requests_in_flight',
        help: 'Requests admitted and not yet answered (MAX_IN_FLIGHT bounds them)',
        registers: [app.metrics.registry],
        collect() {
          this.set(admission.inFlight);
        },
      });
    }

    app.addHook('onReady', async () => {
      const languageOf = refusalLanguage(app.merchants, app.appConfig.pseudoLanguage);
      const deps = { log: app.log, metrics: app.metrics, languageOf };
      options.connections?.start({ ...deps, closingKeptAlive: closing });
      const trust = options.trust ?? false;
      admission?.start({
        ...deps,
        pressure: over,
        saturated: () => keepAlive?.closing() === true,
        // Only a trusted proxy's requests name their client; a direct one is the connection's (connections.ts).
        forwardedClient: (request) =>
          trust !== false && trust(request.socket.remoteAddress ?? '', 0) ? clientAddress(request, trust) : undefined,
      });
    });
    app.addHook('onClose', async () => admission?.stop());
  },
  { name: 'edge-pressure', fastify: '5.x', dependencies: ['edge-errors', 'edge-ops', 'edge-metrics'] },
);
