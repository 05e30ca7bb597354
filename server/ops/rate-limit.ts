// Rate limits (rate-limit-settings.ts) on what costs the upstream a quote or lets a script guess: quote
// submissions, verification codes, vouchers, refId look-ups and the islands' /api calls.
// Counted per client address (request.ip: the proxy's X-Forwarded-For only when it comes
// from TRUST_PROXY) and per refId where the request names one (the order page: only a link
// whose signature holds). Counters live in this process, or in Redis (REDIS_URL) so that
// every replica counts against the same limit.
// Redis trouble lets requests through (a limit is not worth an outage) but shows: an error
// line when the counters go away, and edge_rate_limit_store_up at 0 while they are.

import rateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { API_PREFIX } from '../../checkout/wire.ts';
import { tooManyRequests } from '../http/errors.ts';
import { readFlow } from '../security/flow-cookie.ts';
import type { Limit, LimitName, RateLimitSettings } from './rate-limit-settings.ts';

/** The limit a route counts against; a page GET with `?refId=` is a look-up too. */
function limitOf(request: FastifyRequest): LimitName | undefined {
  const { config, url } = request.routeOptions;
  if (config.screen) {
    // Declared by the screen (defineScreen's rateLimit).
    if (config.rateLimitName) return config.rateLimitName;
  } else if (url !== undefined && (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`))) {
    return 'api';
  }
  if (request.method === 'GET' && config.screen && hasRefIdQuery(request)) return 'lookup';
  return undefined;
}

function hasRefIdQuery(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.refId === 'string' && query.refId !== '';
}

/** Limits whose requests name their transaction in the path or the query, not in the flow. */
const NAMING_LIMITS: ReadonlySet<LimitName> = new Set(['lookup']);

/**
 * The transaction a request is about: the one its screen says (the order page: only a link
 * this edge signed, so wrong signatures never count against the order they name); for a
 * look-up the one it names (path or query); for every other request the visitor's flow,
 * whatever the URL says, so that adding `?refId=…` to a code guess does not make a fresh count.
 */
function refIdOf(request: FastifyRequest, name: LimitName): string | undefined {
  const said = request.routeOptions.config.rateLimitRefId;
  if (said) return said(request);
  if (!NAMING_LIMITS.has(name)) return readFlow(request)?.refId;
  const params = request.params as Record<string, unknown> | undefined;
  if (typeof params?.refId === 'string' && params.refId) return params.refId;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.refId === 'string' && query.refId ? query.refId : undefined;
}

/** Clients (or refIds) remembered per limit; the least recent are forgotten first. */
const COUNTERS_KEPT = 20_000;

/** What a request counts as: its client address and, where it names one, its transaction. */
export interface Counted {
  ip: string;
  refId: string | undefined;
}

/** A limit passed: when to try again (the 429's Retry-After and the seconds its text names). */
export interface Refusal {
  seconds: number;
}

/**
 * Counts one request against a limit (per address, and per refId when it has one): the
 * same counters whichever path answers the request (this plugin's hook for Fastify's
 * routes, front/api-fast-path.ts in front of Fastify).
 */
export type RateLimitCheck = (name: LimitName, counted: Counted) => Promise<Refusal | undefined>;

/** The limiter reads a route's group id off what it counts; these counts belong to no route's group. */
const NO_ROUTE = { config: {} };

type Check = (
  counted: Counted & { routeOptions: typeof NO_ROUTE },
) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

export interface RateLimitOptions {
  settings: RateLimitSettings;
  redisUrl?: string;
}

export const rateLimitPlugin = fp<RateLimitOptions>(
  async (app, { settings, redisUrl }) => {
    if (!settings.enabled) {
      app.decorate('rateLimitCheck', null);
      app.decorate('sharedRedis', undefined);
      return;
    }
    const health = new StoreHealth(app.log, (up) => app.metrics.rateLimitStore(up));
    const redis = redisUrl ? await connectRedis(redisUrl, health) : undefined;
    // What else the replicas share lives beside their counters (refusal-store.ts).
    app.decorate('sharedRedis', redis);
    if (redis) {
      app.addHook('onClose', async () => {
        redis.removeAllListeners('close');
        await redis.quit().catch(() => redis.disconnect());
      });
    }
    await app.register(rateLimit, {
      global: false,
      // Redis unreachable or slow: let the request through rather than fail it.
      skipOnError: true,
      ...(redis ? { store: redisCounters(redis, health) } : {}),
    });

    const limiter = (limit: Limit, key: (counted: Counted) => string): Check => {
      // `cache` reaches the in-memory store (LocalStore.child), though the types leave it out.
      const options: Parameters<typeof app.createRateLimit>[0] & { cache: number } = {
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: key as unknown as (request: FastifyRequest) => string,
        cache: COUNTERS_KEPT,
      };
      return app.createRateLimit(options) as unknown as Check;
    };
    const checks = new Map<LimitName, { address: Check; refId?: Check }>();
    for (const [name, pair] of Object.entries(settings.limits)) {
      checks.set(name, {
        address: limiter(pair.address, (counted) => `${name}:a:${counted.ip}`),
        ...(pair.refId ? { refId: limiter(pair.refId, (counted) => `${name}:r:${counted.refId}`) } : {}),
      });
    }

    // A screen that counts against a limit nobody declares is a mistake in the code: stop at start-up.
    app.addHook('onRoute', (route) => {
      const name = route.config?.rateLimitName;
      if (name !== undefined && !checks.has(name)) throw new Error(`route ${route.url}: no rate limit "${name}"`);
    });

    const check: RateLimitCheck = async (name, counted) => {
      const limits = checks.get(name)!;
      const subject = { ...counted, routeOptions: NO_ROUTE };
      const byAddress = await limits.address(subject);
      const byRefId = limits.refId && counted.refId ? await limits.refId(subject) : undefined;
      const exceeded = [byAddress.isExceeded ? 'address' : undefined, byRefId?.isExceeded ? 'refId' : undefined].filter(
        (k): k is 'address' | 'refId' => k !== undefined,
      );
      if (!exceeded.length) return undefined;
      const seconds = Math.max(
        byAddress.isExceeded ? byAddress.ttlInSeconds! : 0,
        byRefId?.isExceeded ? byRefId.ttlInSeconds! : 0,
        1,
      );
      for (const key of exceeded) app.metrics.rateLimited(name, key);
      // No error made here: a refusal in front of Fastify is written from bytes made once.
      return { seconds };
    };
    app.decorate('rateLimitCheck', check);

    app.addHook('onRequest', async (request, reply) => {
      const name = limitOf(request);
      if (!name) return;
      const refusal = await check(name, { ip: request.ip, refId: refIdOf(request, name) });
      if (!refusal) return;
      reply.header('retry-after', String(refusal.seconds));
      throw tooManyRequests(refusal.seconds);
    });
  },
  { name: 'edge-rate-limit', fastify: '5.x', dependencies: ['edge-errors', 'edge-metrics', 'edge-tenancy', '@fastify/cookie'] },
);

/**
 * Whether the counters in Redis answer, told once per change (an error line when they go,
 * an info line when they are back), not once per request.
 */
class StoreHealth {
  #up = true;
  readonly #log: FastifyBaseLogger;
  readonly #report: (up: boolean) => void;

  constructor(log: FastifyBaseLogger, report: (up: boolean) => void) {
    this.#log = log;
    this.#report = report;
  }

  down(reason: string): void {
    if (!this.#up) return;
    this.#up = false;
    this.#report(false);
    this.#log.error({ reason }, 'rate-limit counters in Redis unreachable: requests are not limited');
  }

  up(): void {
    if (this.#up) return;
    this.#up = true;
    this.#report(true);
    this.#log.info('rate-limit counters in Redis reachable again');
  }
}

/** Where the counters live in Redis: every key is `edge-rate:` and what the limiter counts. */
const REDIS_PREFIX = 'edge-rate:';

/**
 * @fastify/rate-limit's Redis store, with the keys our limiters make and their outcomes
 * told to the health. Its own child() prefixes each limiter's keys with a route's method
 * and URL, which a limiter made by createRateLimit does not have (`undefinedundefined-`);
 * ours name their limit already.
 */
function redisCounters(redis: Redis, health: StoreHealth): FastifyRateLimitStoreCtor {
  const store = new RedisStore(false, false, redis, REDIS_PREFIX);
  // The plugin passes the window and the maximum after the callback; its types leave them out.
  const incr = store.incr.bind(store) as (
    key: string,
    cb: Parameters<FastifyRateLimitStore['incr']>[1],
    ...window: unknown[]
  ) => void;
  return class RedisCounters implements FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], ...window: unknown[]): void {
      incr(
        key,
        (error, result) => {
          if (error) health.down(error.message);
          else health.up();
          callback(error, result);
        },
        ...window,
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** Connected, or failing fast: commands never queue while Redis is away. */
async function connectRedis(url: string, health: StoreHealth) {
  // Loaded only when counters live in Redis: a tenth of a second of every other start.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
  });
  // A wrong password never gets to `ready`: every attempt ends in an error and a close.
  redis.on('error', (err: Error) => health.down(err.message));
  redis.on('close', () => health.down('connection closed'));
  redis.on('ready', () => health.up());
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      if (redis.status !== 'ready') health.down(`not ready after 2 s (${redis.status})`);
      done();
    }, 2_000);
    redis.once('ready', done);
  });
  return redis;
}
