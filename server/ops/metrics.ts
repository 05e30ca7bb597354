// Prometheus metrics: requests by merchant and route pattern (bounded: never the URL),
// upstream calls, breakers, rate limiting, shedding, the event loop. The edge is public,
// so /metrics answers only a scraper that presents METRICS_TOKEN as a bearer token; without
// a token configured it does not exist. Each app has its own registry (tests run several).
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { EdgeError } from '../http/errors.ts';
import { unknownHostRequests } from '../http/tenancy.ts';
import type { BreakerState } from '../upstream/breaker.ts';
import { pathWords, SHARED_CALLS, type UpstreamCall } from '../upstream/calls.ts';
import type { UpstreamCallReport } from '../upstream/upstream-call.ts';
import { type CacheStats, cacheStats } from './byte-cache.ts';

/**
 * Why a request or a connection was refused, as edge_shed_total counts it: admission's
 * reasons (ops/admission.ts) and the connection guard's (ops/connections.ts).
 */
export type ShedReason =
  | 'inFlight'
  | 'queueWait'
  | 'eventLoopDelay'
  | 'heapUsedBytes'
  | 'rssBytes'
  | 'clientRequests'
  | 'clientShare'
  | 'slowReader'
  | 'pipelining'
  | 'clientConnections'
  | 'connections';

/** What the connection guard reports at each scrape (connections.ts, keep-alive.ts). */
export interface ConnectionReport {
  /** Connections served now. */
  served: number;
  /** Client addresses holding as many connections as one may. */
  clientsAtBound: number;
  /** Whether answers close their connections now (the event loop saturated). */
  keepAliveClosing: boolean;
}

/** What the order events' outbox reports at each scrape (server/events/). */
export interface OutboxReport {
  depth: number;
  /** Seconds since the oldest waiting delivery's event. */
  oldestSeconds: number;
  followed: number;
  failing: number;
  /** 1 while the outbox is at its bound and refuses new deliveries. */
  full: boolean;
}

/** What became of a delivery: delivered, failed (tried again), gave up, dropped (endpoint gone or failing), refused (outbox full). */
export type DeliveryOutcomeLabel = 'delivered' | 'failed' | 'gave_up' | 'dropped' | 'refused';

const BREAKER_VALUE: Record<BreakerState, number> = { closed: 0, 'half-open': 1, open: 2 };

/** The public calls' folder: it names no call, even when only one call is in it (the ticker). */
const NAMESPACE = 'pubapi';

/**
 * A path's call label, among these calls (server/upstream/calls.ts and the methods' own):
 * the words that name them are each call's first path word that no other call's path
 * holds, and a path's label is the first of them it holds, so refIds and procids never
 * become label values.
 */
export function callLabeller(calls: readonly UpstreamCall[]): (path: string) => string {
  const words = calls.map((call) => pathWords(call).filter((word) => word !== NAMESPACE));
  const count = (word: string) => words.filter((each) => each.includes(word)).length;
  const naming: ReadonlySet<string> = new Set(words.flatMap((each) => each.find((word) => count(word) === 1) ?? []));
  return (path) => {
    for (const segment of path.split('/')) {
      const word = segment.toLowerCase();
      if (naming.has(word)) return word;
    }
    return 'other';
  };
}

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The merchant label of requests no merchant answers (probes, /metrics). */
const NO_MERCHANT = '-';
/** The merchant label shared by the merchants past METRICS_MERCHANTS: no merchant id starts with `_`. */
export const OTHER_MERCHANTS = '_other';

export interface EdgeMetricsOptions {
  /** The upstream breakers' states, read at each scrape. */
  breakerStates: () => Iterable<[string, BreakerState]>;
  /** How many merchants get latency series of their own (METRICS_MERCHANTS); Infinity: all. */
  merchantSeries: number;
  /** The upstream calls the edge makes, the methods' own included; the shared table's by default. */
  calls?: readonly UpstreamCall[];
}

export class EdgeMetrics {
  readonly registry = new Registry();
  readonly #callOf: (path: string) => string;
  readonly #requests: Histogram<'merchant' | 'route' | 'method' | 'status'>;
  /** Children by label values: prom-client would hash the labels on every observation. */
  readonly #requestChildren = new Map<string, { observe(value: number): void }>();
  readonly #upstream: Counter<'call' | 'status' | 'attempts'>;
  /** Children by call, outcome and attempts, for the same reason. */
  readonly #upstreamChildren = new Map<string, { inc(value?: number): void }>();
  readonly #retries: Counter<'call'>;
  readonly #rateLimited: Counter<'limit' | 'key'>;
  readonly #rateLimitStoreUp: Gauge;
  readonly #shed: Counter<'reason'>;
  readonly #reloads: Counter<'outcome'>;
  readonly #reloadRefused: Gauge;
  readonly #deliveries: Counter<'outcome'>;
  readonly #attemptSeconds: Histogram;
  readonly #orderEvents: Counter<'type'>;
  readonly #eventsLost: Counter;
  readonly #followChecks: Counter<'outcome'>;
  readonly #funnelReached: Counter<'step'>;
  readonly #funnelStopped: Counter<'step'>;
  #outbox: (() => Promise<OutboxReport>) | undefined;
  #connections: (() => ConnectionReport) | undefined;
  /** The merchants with series of their own: the first ones asked for, up to the cap. */
  readonly #merchantsWithSeries = new Set<string>();
  readonly #merchantSeries: number;

  constructor({ breakerStates, merchantSeries, calls = SHARED_CALLS }: EdgeMetricsOptions) {
    this.#merchantSeries = merchantSeries;
    this.#callOf = callLabeller(calls);
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: 10 });
    this.#requests = new Histogram({
      name: 'edge_http_request_duration_seconds',
      help: 'Requests answered, by merchant, route pattern, method and status class (errors are 4xx/5xx)',
      labelNames: ['merchant', 'route', 'method', 'status'],
      buckets: [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    });
    this.#upstream = new Counter({
      name: 'edge_upstream_calls_total',
      help: 'Upstream calls by call, final status (or error code) and attempts made',
      labelNames: ['call', 'status', 'attempts'],
      registers,
    });
    this.#retries = new Counter({
      name: 'edge_upstream_retries_total',
      help: 'Upstream attempts after the first, by call',
      labelNames: ['call'],
      registers,
    });
    this.#rateLimited = new Counter({
      name: 'edge_rate_limited_total',
      help: 'Requests refused with 429, by limit and by what was counted (address or refId)',
      labelNames: ['limit', 'key'],
      registers,
    });
    this.#rateLimitStoreUp = new Gauge({
      name: 'edge_rate_limit_store_up',
      help: '1 while the rate-limit counters answer (always, when they live in this process); 0: Redis is away and requests are not limited',
      registers,
    });
    this.#rateLimitStoreUp.set(1);
    this.#shed = new Counter({
      name: 'edge_shed_total',
      help: 'Requests refused with 503 to protect the process, by reason',
      labelNames: ['reason'],
      registers,
    });
    this.#reloads = new Counter({
      name: 'edge_merchant_reloads_total',
      help: 'Merchant reloads (a change under MERCHANTS_DIR, or SIGHUP) by outcome: reloaded, or refused (the old set keeps serving)',
      labelNames: ['outcome'],
      registers,
    });
    this.#reloadRefused = new Gauge({
      name: 'edge_merchant_reload_refused',
      help: '1 while the last merchant reload was refused: the merchants on disk are not the ones serving',
      registers,
    });
    this.#reloadRefused.set(0);
    // Counted by the tenancy hook, where the outcome (fallback, rejected, invalid) is known.
    this.registry.registerMetric(unknownHostRequests);
    new Gauge({
      name: 'edge_upstream_breaker_state',
      help: 'Circuit breaker per upstream origin: 0 closed, 1 half-open, 2 open',
      labelNames: ['origin'],
      registers,
      collect() {
        this.reset();
        for (const [origin, state] of breakerStates()) this.set({ origin }, BREAKER_VALUE[state]);
      },
    });
    this.#cacheMetrics();
    this.#deliveries = new Counter({
      name: 'edge_webhook_deliveries_total',
      help: 'Order event deliveries by outcome: delivered, failed (tried again), gave_up (the retry window over), dropped (the endpoint removed, unsigned or failing), refused (the outbox full)',
      labelNames: ['outcome'],
      registers,
    });
    this.#attemptSeconds = new Histogram({
      name: 'edge_webhook_attempt_duration_seconds',
      help: 'How long a receiver took to answer an order event, whatever it answered',
      buckets: [0.05, 0.25, 1, 5, 15],
      registers,
    });
    this.#orderEvents = new Counter({
      name: 'edge_order_events_total',
      help: 'Order events recorded, by type',
      labelNames: ['type'],
      registers,
    });
    this.#eventsLost = new Counter({
      name: 'edge_order_events_lost_total',
      help: 'Order observations the outbox could not record (Redis away): their events are lost',
      registers,
    });
    this.#followChecks = new Counter({
      name: 'edge_order_follow_checks_total',
      help: "The follower's status calls about open orders, by outcome: answered or failed",
      labelNames: ['outcome'],
      registers,
    });
    this.#funnelReached = new Counter({
      name: 'edge_funnel_orders_total',
      help: 'Orders that reached each step of the checkout (each order counted once per step), all merchants together',
      labelNames: ['step'],
      registers,
    });
    this.#funnelStopped = new Counter({
      name: 'edge_funnel_stopped_total',
      help: 'Orders whose follower let them go unfinished, by the last step they reached, all merchants together',
      labelNames: ['step'],
      registers,
    });
    /** A gauge set at each scrape from a report read then; with no report it keeps its value. */
    const reportGauge =
      <R>(read: () => R | undefined | Promise<R | undefined>) =>
      (name: string, help: string, value: (report: R) => number) =>
        new Gauge({
          name,
          help,
          registers,
          async collect() {
            const report = await read();
            if (report !== undefined) this.set(value(report));
          },
        });
    const outboxGauge = reportGauge(() => this.#outbox?.().catch(() => undefined));
    outboxGauge('edge_webhook_queue_depth', 'Order event deliveries waiting in the outbox, due or not', (r) => r.depth);
    outboxGauge(
      'edge_webhook_oldest_pending_seconds',
      "Age of the oldest waiting delivery's event (0: none waits)",
      (r) => r.oldestSeconds,
    );
    outboxGauge('edge_webhook_outbox_full', '1 while the outbox is at EVENTS_OUTBOX_MAX and refuses new deliveries', (r) =>
      r.full ? 1 : 0,
    );
    outboxGauge(
      'edge_webhook_endpoints_failing',
      'Endpoints marked failing after a whole retry window: they get nothing until turned back on',
      (r) => r.failing,
    );
    outboxGauge('edge_orders_followed', 'Open orders the follower asks the upstream about', (r) => r.followed);
    const connectionGauge = reportGauge(() => this.#connections?.());
    connectionGauge('edge_connections', 'Connections served now (MAX_CONNECTIONS bounds them)', (r) => r.served);
    connectionGauge(
      'edge_clients_at_connection_bound',
      'Client addresses holding MAX_CONNECTIONS_PER_CLIENT connections now: a proxy missing from TRUST_PROXY stays here',
      (r) => r.clientsAtBound,
    );
    connectionGauge(
      'edge_keep_alive_closing',
      '1 while answers close their connections (the event loop saturated), else 0',
      (r) => (r.keepAliveClosing ? 1 : 0),
    );
  }

  /** The connection guard's counts, read at each scrape. */
  watchConnections(report: () => ConnectionReport): void {
    this.#connections = report;
  }

  /** The order events' outbox, read at each scrape. */
  watchOutbox(report: () => Promise<OutboxReport>): void {
    this.#outbox = report;
  }

  webhookDelivery(outcome: 'delivered' | 'retry' | 'gave-up' | 'dropped' | 'refused', count = 1): void {
    const label: DeliveryOutcomeLabel = outcome === 'retry' ? 'failed' : outcome === 'gave-up' ? 'gave_up' : outcome;
    this.#deliveries.inc({ outcome: label }, count);
  }

  webhookAttempt(seconds: number): void {
    this.#attemptSeconds.observe(seconds);
  }

  orderEvent(type: string): void {
    this.#orderEvents.inc({ type });
  }

  orderEventsLost(): void {
    this.#eventsLost.inc();
  }

  followCheck(outcome: 'answered' | 'failed'): void {
    this.#followChecks.inc({ outcome });
  }

  funnelReached(step: string): void {
    this.#funnelReached.inc({ step });
  }

  funnelStopped(step: string): void {
    this.#funnelStopped.inc({ step });
  }

  /** Each byte-bounded cache (ops/byte-cache.ts): what it holds, its bound, what it let go. */
  #cacheMetrics(): void {
    const registers = [this.registry];
    const cacheGauge = (name: string, help: string, value: (stats: CacheStats) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['cache'],
        registers,
        collect() {
          for (const stats of cacheStats()) this.set({ cache: stats.name }, value(stats));
        },
      });
    cacheGauge('edge_cache_bytes', 'Bytes a cache holds (CACHE_MB bounds them all)', (s) => s.bytes);
    cacheGauge('edge_cache_max_bytes', "A cache's bound in bytes, its share of CACHE_MB", (s) => s.maxBytes);
    cacheGauge('edge_cache_entries', 'Entries a cache holds', (s) => s.entries);
    // The caches count their evictions; the counter moves on by what they counted since the last scrape.
    const counted = new Map<string, number>();
    new Counter({
      name: 'edge_cache_evictions_total',
      help: 'Entries a cache let go to stay within its bound, least recently used first',
      labelNames: ['cache'],
      registers,
      collect() {
        for (const { name, evictions } of cacheStats()) {
          this.inc({ cache: name }, evictions - (counted.get(name) ?? 0));
          counted.set(name, evictions);
        }
      },
    });
  }

  /** The merchant's own label while the cap allows one, else the shared one. */
  #merchantLabel(merchant: string): string {
    if (merchant === NO_MERCHANT || this.#merchantsWithSeries.has(merchant)) return merchant;
    if (this.#merchantsWithSeries.size >= this.#merchantSeries) return OTHER_MERCHANTS;
    this.#merchantsWithSeries.add(merchant);
    return merchant;
  }

  request(merchant: string, route: string, method: string, status: number, seconds: number): void {
    const klass = statusClass(status);
    const label = this.#merchantLabel(merchant);
    const key = `${label}\n${route}\n${method}\n${klass}`;
    let child = this.#requestChildren.get(key);
    if (!child) {
      child = this.#requests.labels(label, route, method, klass);
      this.#requestChildren.set(key, child);
    }
    child.observe(seconds);
  }

  upstreamCall(report: UpstreamCallReport): void {
    const call = this.#callOf(report.path);
    const status = report.error ?? String(report.status ?? 'none');
    const key = `${call}\n${status}\n${report.attempts}`;
    let child = this.#upstreamChildren.get(key);
    if (!child) {
      child = this.#upstream.labels(call, status, String(report.attempts));
      this.#upstreamChildren.set(key, child);
    }
    child.inc();
    if (report.attempts > 1) this.#retries.inc({ call }, report.attempts - 1);
  }

  rateLimited(limit: string, key: 'address' | 'refId'): void {
    this.#rateLimited.inc({ limit, key });
  }

  rateLimitStore(up: boolean): void {
    this.#rateLimitStoreUp.set(up ? 1 : 0);
  }

  shed(reason: ShedReason): void {
    this.#shed.inc({ reason });
  }

  merchantReload(outcome: 'reloaded' | 'refused'): void {
    this.#reloads.inc({ outcome });
    this.#reloadRefused.set(outcome === 'refused' ? 1 : 0);
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries METRICS_TOKEN as a bearer token: /metrics and the ops routes of the order events. */
export function bearerCheck(token: string): (header: string | undefined) => boolean {
  const expected = digest(token);
  return (header) => authorised(header, expected);
}

/** Whether the request carries the token, compared in constant time. */
function authorised(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

export const metricsPlugin = fp<{ token?: string; merchantSeries: number; calls: readonly UpstreamCall[] }>(
  async (app, { token, merchantSeries, calls }) => {
    const metrics = new EdgeMetrics({
      breakerStates: () => (app.hasDecorator('upstreamBreakers') ? app.upstreamBreakers.states() : []),
      merchantSeries,
      calls,
    });
    app.decorate('metrics', metrics);

    app.addHook('onResponse', async (request, reply) => {
      const { config, url } = request.routeOptions;
      const tenancy = config.tenancy !== false;
      const merchant = tenancy ? (request.merchant?.id ?? NO_MERCHANT) : NO_MERCHANT;
      metrics.request(merchant, url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    });

    if (!token) return;
    const expected = digest(token);
    app.get(
      '/metrics',
      { config: { tenancy: false, csp: false, errorFormat: 'json', whileDraining: true } },
      async (request, reply) => {
        if (!authorised(request.headers.authorization, expected)) throw new EdgeError.notFound();
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
  },
  { name: 'edge-metrics', fastify: '5.x', dependencies: ['edge-errors'] },
);
