// Protecting the process. @fastify/under-pressure samples the event loop (delay and
// utilisation), the heap and RSS; admission.ts refuses new work in front of Fastify past
// its bounds and these thresholds (a request that reached Fastify anyway meets the same
// thresholds in under-pressure's hook). Readiness goes down earlier, at a share of each
// bound, and when the event loop is busy nearly all the time, so the load balancer sends
// traffic elsewhere before anything is refused. Readiness judges memory the caches cannot
// give back (RSS less what they hold: they make room by themselves), and a loop kept busy
// by the process's own work (a merchant reload, which yields to requests between files)
// is not the visitors' load. The probes are never shed.
import { type EventLoopUtilization, performance } from 'node:perf_hooks';
import underPressure from '@fastify/under-pressure';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { clientAddress, type TrustProxy } from '../http/client-address.ts';
import { EdgeError, RETRY_AFTER_S } from '../http/errors.ts';
import type { PressureReason } from '../http/health.ts';
import { refusalLanguage } from '../http/tenancy.ts';
import type { Admission, AdmissionReason } from './admission.ts';
import { cachedBytes } from './byte-cache.ts';
import type { ConnectionGuard } from './connections.ts';

/** What under-pressure samples, by its names. */
type Sampled = Extract<AdmissionReason, 'eventLoopDelay' | 'heapUsedBytes' | 'rssBytes'>;

export interface PressureOptions {
  maxEventLoopDelayMs: number;
  maxHeapUsedBytes?: number;
  maxRssBytes?: number;
  /** Readiness goes down at this share (0-1) of each bound. */
  readyRatio: number;
  /** Readiness goes down when the event loop is busy more than this share (0-1) of the time. */
  readyEventLoopUtilization: number;
  /** The bounds in front of Fastify, started here once the app is ready. */
  admission?: Admission;
  /** The server's bounds per connection and client address, whose refusals are counted here. */
  connections?: ConnectionGuard;
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

    /**
     * Which sampled measure is over its threshold (times `ratio`), under-pressure's name for
     * it; `evictable` bytes of RSS are not counted.
     */
    const over = (ratio: number, evictable = 0): Sampled | undefined => {
      const usage = app.memoryUsage();
      const above = (value: number, max: number | undefined) => max !== undefined && value > max * ratio;
      if (above(usage.eventLoopDelay, options.maxEventLoopDelayMs)) return 'eventLoopDelay';
      if (above(usage.heapUsed, options.maxHeapUsedBytes)) return 'heapUsedBytes';
      if (above(usage.rssBytes - evictable, options.maxRssBytes)) return 'rssBytes';
      return undefined;
    };

    const { admission, readyRatio } = options;
    const READY_REASON: Record<Sampled, PressureReason> = {
      eventLoopDelay: 'event-loop-delay',
      heapUsedBytes: 'heap',
      rssBytes: 'rss',
    };
    app.readinessChecks.push(() => {
      const sampled = over(readyRatio, cachedBytes());
      if (sampled) return READY_REASON[sampled];
      if (admission && admission.inFlight > admission.settings.maxInFlight * readyRatio) return 'in-flight';
      if (!ownWork.busy() && busy.utilization() > options.readyEventLoopUtilization) return 'event-loop-utilization';
      return undefined;
    });

    const sampleMs = options.sampleIntervalMs ?? 500;
    const busy = loopUtilization(sampleMs);
    const ownWork = new OwnWork(UTILIZATION_SAMPLES * sampleMs);
    app.decorate('ownWork', ownWork);
    app.addHook('onListen', async () => busy.start());
    app.addHook('onClose', async () => busy.stop());

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
      options.connections?.start(deps);
      const trust = options.trust ?? false;
      admission?.start({
        ...deps,
        pressure: () => over(1),
        // Only a trusted proxy's requests name their client; a direct one is the connection's (connections.ts).
        forwardedClient: (request) =>
          trust !== false && trust(request.socket.remoteAddress ?? '', 0) ? clientAddress(request, trust) : undefined,
      });
    });
    app.addHook('onClose', async () => admission?.stop());
  },
  { name: 'edge-pressure', fastify: '5.x', dependencies: ['edge-errors', 'edge-ops', 'edge-metrics'] },
);

/** The event loop's utilisation is judged over this many samples. */
const UTILIZATION_SAMPLES = 2;

/**
 * Work the process gives itself (a merchant reload): while any runs, and for one
 * utilisation window after (its samples still hold it), a busy loop is not taken for load.
 */
export class OwnWork {
  #running = 0;
  #endedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly windowMs: number) {}

  /** Starts a piece of work; call what it returns when it ends. */
  begin(): () => void {
    this.#running++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#running--;
      this.#endedAt = performance.now();
    };
  }

  busy(): boolean {
    return this.#running > 0 || performance.now() - this.#endedAt < this.windowMs;
  }
}

/**
 * How busy the event loop has been over the last samples, from the moment the server
 * listens: neither the start-up's work nor one busy moment takes readiness down.
 */
function loopUtilization(sampleMs: number) {
  let snapshots: EventLoopUtilization[] = [];
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      snapshots = [performance.eventLoopUtilization()];
      timer = setInterval(() => {
        snapshots.push(performance.eventLoopUtilization());
        if (snapshots.length > UTILIZATION_SAMPLES + 1) snapshots.shift();
      }, sampleMs).unref();
    },
    stop: () => clearInterval(timer),
    utilization(): number {
      if (snapshots.length < 2) return 0;
      return performance.eventLoopUtilization(snapshots.at(-1), snapshots[0]).utilization;
    },
  };
}
