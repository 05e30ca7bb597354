// Environment -> typed settings, validated once at boot. A bad value stops the process
// with a message naming the variable; nothing downstream reads process.env.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { UPSTREAM_BODY_MAX_BYTES } from '../checkout/limits.ts';
import { type MemoryLimit, memoryLimit } from './ops/memory-limit.ts';
import { type RateLimitChanges, parseRateLimits as readRateLimits } from './ops/rate-limit-settings.ts';
import { PROJECT_ROOT } from './root.ts';
import { DEFAULT_RETRY_POLICY, longestCallMs } from './upstream/retry-policy.ts';

/** Node refuses a headers timeout above this (http.createServer). */
export const REQUEST_TIMEOUT_MS = 30_000;

const url = z
  .string()
  .url()
  .transform((s) => s.replace(/\/+$/, ''));

/** An address or CIDR (v4 or v6). Booleans and hop counts are refused on purpose. */
const proxyAddress = z.string().refine((entry) => {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}, 'must be an IP address or CIDR (e.g. 10.0.0.0/8), not a boolean or hop count');

const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  MERCHANTS_DIR: z
    .string()
    .min(1)
    .default(fileURLToPath(new URL('merchants', PROJECT_ROOT))),
  UPSTREAM_URL: url.optional(),
  UPLOAD_URL: url.optional(),
  /** Comma-separated: the first signs, every one verifies (rotation: prepend, later remove the old). */
  SESSION_SECRET: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().min(32, 'each secret must be at least 32 characters')).min(1, 'must name at least one secret'))
    .optional(),
  TRUST_PROXY: z
    .string()
    .default('')
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    )
    .pipe(z.array(proxyAddress)),
  /** Default: reject with a real upstream (UPSTREAM_URL), the fallback merchant with the sandbox. */
  UNKNOWN_HOSTS: z.enum(['fallback', 'reject']).optional(),
  /** Whether the fallback merchant offers the test coin on unknown hosts; default: only with the sandbox. */
  UNKNOWN_HOSTS_TEST_COIN: z.enum(['on', 'off']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_VERSION: z.string().max(64).default(packageVersion()),
  // Third parties; unset = the embedded sandbox's pages when it runs, else that feature is off.
  CARD_QUOTE_URL: url.optional(),
  CARD_WIDGET_URL: url.optional(),
  IDENTITY_URL: url.optional(),
  FORM_SERVICE_URL: url.optional(),
  USER_AGENT_LOG_URL: url.optional(),
  /** The cash-in map's tile server, a Leaflet URL template; unset = the packaged outline only. */
  MAP_TILE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s"'<>]+$/, 'must be an http(s) URL template')
    .refine((v) => ['{z}', '{x}', '{y}'].every((p) => v.includes(p)), 'must contain {z}, {x} and {y}')
    .optional(),
  // Timeouts for upstream calls.
  UPSTREAM_CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  UPSTREAM_HEADERS_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  UPSTREAM_BODY_TIMEOUT_MS: z.coerce.number().int().positive().default(10000),
  // Embedded sandbox, only when UPSTREAM_URL is unset. In production it must be asked for.
  SANDBOX: z.enum(['on', 'off']).optional(),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  SANDBOX_QUOTE_TTL_S: z.coerce.number().int().positive().optional(),
  SANDBOX_FAULTS: z.string().optional(),
  /** How browsers reach the embedded sandbox's pages, e.g. from outside a container. */
  SANDBOX_PUBLIC_URL: url.optional(),
  /** The largest upstream body read, for pages and /api alike. */
  API_BODY_MAX_BYTES: z.coerce.number().int().min(1024).default(UPSTREAM_BODY_MAX_BYTES),
  /** Idle keep-alive: above a load balancer's (60 s on most), so the balancer closes first. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().positive().default(65_000),
  /**
   * From a request's first byte to its last header. Node counts it per request, not across
   * the idle time before it (test/ops/pressure.test.ts shows it), so it stays short against slow clients.
   */
  HEADERS_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .positive()
    .max(REQUEST_TIMEOUT_MS, 'must not exceed the request timeout (30 s)')
    .default(10_000),
  /** Requests one connection may have unanswered at once (HTTP/1.1 pipelining). */
  MAX_PIPELINED_REQUESTS: z.coerce.number().int().positive().default(8),
  /** How long an answer may wait unread (the client not reading) before its connection is closed. */
  SLOW_READ_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Connections one client address may hold (behind TRUST_PROXY: requests in flight per forwarded address); `off`: no bound. */
  MAX_CONNECTIONS_PER_CLIENT: z.literal('off').or(z.coerce.number().int().positive()).default(64),
  /** Connections served at once, all addresses together; beyond, a new one's request is refused (503) at once; `off`: no bound. */
  MAX_CONNECTIONS: z.literal('off').or(z.coerce.number().int().positive()).default(4_096),
  /** Connections the kernel holds for the process to accept (the listen backlog; the kernel caps it at net.core.somaxconn). */
  LISTEN_BACKLOG: z.coerce.number().int().positive().default(511),
  /** While the event loop is saturated, answers close their connections (`close`) or keep them alive as ever (`keep`). */
  SATURATED_KEEP_ALIVE: z.enum(['close', 'keep']).default('close'),
  /** While the event loop is saturated, each client address gets its share of the requests taken on (`on`), or nobody is held to one (`off`). */
  SATURATED_FAIR_SHARE: z.enum(['on', 'off']).default('on'),
  /** After SIGTERM, how long the process keeps listening (answering 503, closing connections) before it closes. */
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  /** Rate limits over the defaults, e.g. `quote=30/60,code.refId=5/60`, or `off`. */
  RATE_LIMITS: z.string().default(''),
  /** Where the rate-limit counters live when several replicas share them; unset = in memory. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  // Load shedding: 503 above these; readiness goes down at READY_PRESSURE_RATIO of the memory ones.
  /** Requests answered at once. */
  MAX_IN_FLIGHT: z.coerce.number().int().positive().default(256),
  /** How long a request may have waited for the event loop before its handler runs. */
  SHED_QUEUE_WAIT_MS: z.coerce.number().int().positive().default(500),
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().positive().default(1_000),
  SHED_HEAP_USED_MB: z.coerce.number().int().positive().optional(),
  /** Default: RSS_SHARE_OF_LIMIT of the memory limit (the container's cgroup, else the machine's); `off`: none. */
  SHED_RSS_MB: z.literal('off').or(z.coerce.number().int().positive()).optional(),
  /** What the caches of rendered pages and compressed files may hold, all together. Default: CACHE_SHARE_OF_RSS of the RSS threshold. */
  CACHE_MB: z.coerce.number().int().positive().optional(),
  READY_PRESSURE_RATIO: z.coerce.number().gt(0).max(1).default(0.7),
  /** Bearer token that reads /metrics; unset = /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /**
   * Merchants with latency series of their own: how many (the first asked for; the rest share
   * one), or `all`. Bounded by default: each merchant's series stay in the heap for good.
   */
  METRICS_MERCHANTS: z.literal('all').or(z.coerce.number().int().min(0)).default(20),
  /** What change under MERCHANTS_DIR reloads the merchants (SIGHUP always does). */
  MERCHANTS_WATCH: z.enum(['tree', 'root', 'off']).default('tree'),
  /** The probe worker's port (0: any free one); `off`: probes on PORT only. Default: 9090 in production, else off. */
  HEALTH_PORT: z.literal('off').or(z.coerce.number().int().min(0).max(65535)).optional(),
  /** The folder of the order events' outbox without REDIS_URL; unset: a folder of this run's own, removed at exit. */
  EVENTS_DIR: z.string().min(1).optional(),
  /** Deliveries the outbox holds at most; past it new ones are refused (and counted). */
  EVENTS_OUTBOX_MAX: z.coerce.number().int().positive().default(50_000),
  /** Deliveries one endpoint may have waiting: one receiver that is down never fills the outbox for the others. */
  EVENTS_ENDPOINT_MAX: z.coerce.number().int().positive().default(10_000),
  /** How long delivered events are kept to list, resend and replay. */
  EVENTS_RETENTION_H: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(168),
  /** Open orders followed at most (the upstream's status call), and the calls a second it may make. */
  EVENTS_FOLLOW_MAX: z.coerce.number().int().min(0).default(20_000),
  EVENTS_FOLLOW_RATE: z.coerce.number().positive().max(1000).default(5),
  /** With Redis: a delivery a replica took and never settled (it went away) is claimed by another after this. */
  EVENTS_CLAIM_IDLE_S: z.coerce.number().int().min(1).max(3600).default(60),
});

/** A Standard Webhooks secret: `whsec_` and the base64 of 24 to 64 random bytes. */
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/**
 * The webhook secrets in the environment, by variable: every variable whose value starts
 * with `whsec_` holds one or more, space-separated (a rotation signs with each). A merchant's
 * `webhooks[].secretEnv` names the variable; the secret never lives in its folder.
 */
function webhookSecretsOf(env: Record<string, string | undefined>): Map<string, string[]> {
  const secrets = new Map<string, string[]>();
  const bad: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value?.startsWith('whsec_')) continue;
    const each = value.split(/\s+/).filter(Boolean);
    if (each.every((secret) => WEBHOOK_SECRET.test(secret))) secrets.set(name, each);
    else bad.push(`  ${name}: each space-separated secret must be whsec_ and its base64 (24 to 64 bytes)`);
  }
  if (bad.length) throw new ConfigError(`Invalid environment:\n${bad.join('\n')}`);
  return secrets;
}

/** Where the orchestrator probes a production edge (deploy/kubernetes, Dockerfile). */
const DEFAULT_HEALTH_PORT = 9090;

/** The version in package.json: npm sets npm_package_version, but a container runs node itself. */
function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(new URL('package.json', PROJECT_ROOT), 'utf8')) as { version: string }).version;
  } catch {
    return 'dev';
  }
}

/**
 * Without UPSTREAM_URL the process may run the embedded sandbox: by default in development
 * and tests, only with SANDBOX=on in production (a container never pretends to take money).
 */
function sandboxWanted(sandbox: 'on' | 'off' | undefined, nodeEnv: string | undefined): boolean {
  return sandbox ? sandbox === 'on' : nodeEnv !== 'production';
}

export type AppConfig = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Without SHED_RSS_MB, requests are shed above this share of the memory limit: room for a collection before the kernel's kill. */
export const RSS_SHARE_OF_LIMIT = 0.85;

/**
 * Without CACHE_MB, the caches may hold this share of the RSS threshold (of the memory
 * limit's share when shedding is off): room beside them for the merchants, the code, the
 * requests in flight and the allocator's own slack.
 */
export const CACHE_SHARE_OF_RSS = 0.25;

export function parseConfig(env: Record<string, string | undefined>, limit: MemoryLimit = memoryLimit()) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.UPSTREAM_URL && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid environment:\n  SESSION_SECRET: required when UPSTREAM_URL is set');
  }
  if (!e.UPSTREAM_URL && !sandboxWanted(e.SANDBOX, e.NODE_ENV)) {
    throw new ConfigError(
      'UPSTREAM_URL is not set and SANDBOX is not on: set UPSTREAM_URL to the exchange API, or SANDBOX=on to run the embedded sandbox (test money only)',
    );
  }
  const healthPort =
    e.HEALTH_PORT === 'off' ? undefined : (e.HEALTH_PORT ?? (e.NODE_ENV === 'production' ? DEFAULT_HEALTH_PORT : undefined));
  if (healthPort !== undefined && healthPort !== 0 && healthPort === e.PORT) {
    throw new ConfigError('Invalid environment:\n  HEALTH_PORT: must differ from PORT');
  }
  const sessionSecrets = e.SESSION_SECRET ?? [randomBytes(32).toString('base64url')];
  const maxRssBytes = rssThreshold(e.SHED_RSS_MB, limit);
  const upstreamTimeouts = {
    connectMs: e.UPSTREAM_CONNECT_TIMEOUT_MS,
    headersMs: e.UPSTREAM_HEADERS_TIMEOUT_MS,
    bodyMs: e.UPSTREAM_BODY_TIMEOUT_MS,
  };
  return {
    port: e.PORT,
    host: e.HOST,
    merchantsDir: e.MERCHANTS_DIR,
    upstreamUrl: e.UPSTREAM_URL,
    uploadUrl: e.UPLOAD_URL,
    sessionSecret: sessionSecrets[0]!,
    /** The first signs; all verify, so cookies signed before a rotation still read. */
    sessionSecrets,
    /** True when no secret was given: cookies do not survive a restart. */
    sessionSecretGenerated: !e.SESSION_SECRET,
    trustProxy: e.TRUST_PROXY,
    unknownHosts: e.UNKNOWN_HOSTS ?? (e.UPSTREAM_URL ? 'reject' : 'fallback'),
    /** A production upstream never sees test-coin quotes from a host nobody configured. */
    unknownHostsTestCoin: e.UNKNOWN_HOSTS_TEST_COIN ? e.UNKNOWN_HOSTS_TEST_COIN === 'on' : !e.UPSTREAM_URL,
    logLevel: e.LOG_LEVEL,
    appVersion: e.APP_VERSION,
    /** The pseudo-language (every text wrapped and accented) may be chosen outside production only. */
    pseudoLanguage: e.NODE_ENV !== 'production',
    mapTileUrl: e.MAP_TILE_URL,
    thirdParty: {
      cardQuoteUrl: e.CARD_QUOTE_URL,
      cardWidgetUrl: e.CARD_WIDGET_URL,
      identityUrl: e.IDENTITY_URL,
      formServiceUrl: e.FORM_SERVICE_URL,
      userAgentLogUrl: e.USER_AGENT_LOG_URL,
    },
    upstreamTimeouts,
    /**
     * How long in-flight requests may take to finish after SIGTERM: one upstream call at
     * its longest, so a request waiting on a slow upstream is not cut (deploy/kubernetes agrees).
     */
    shutdownGraceMs: longestCallMs(DEFAULT_RETRY_POLICY, upstreamTimeouts),
    sandbox: {
      /** Start the embedded sandbox beside the edge: never when UPSTREAM_URL is set. */
      enabled: !e.UPSTREAM_URL,
      port: e.SANDBOX_PORT,
      quoteTtlS: e.SANDBOX_QUOTE_TTL_S,
      faults: e.SANDBOX_FAULTS,
      publicUrl: e.SANDBOX_PUBLIC_URL,
    },
    apiBodyMaxBytes: e.API_BODY_MAX_BYTES,
    connections: {
      keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
      maxPipelined: e.MAX_PIPELINED_REQUESTS,
      drainDelayMs: e.DRAIN_DELAY_MS,
      slowReadMs: e.SLOW_READ_TIMEOUT_MS,
      maxPerClient: e.MAX_CONNECTIONS_PER_CLIENT === 'off' ? undefined : e.MAX_CONNECTIONS_PER_CLIENT,
      maxConnections: e.MAX_CONNECTIONS === 'off' ? undefined : e.MAX_CONNECTIONS,
      listenBacklog: e.LISTEN_BACKLOG,
      /** Answers close their connections while the event loop is saturated (ops/keep-alive.ts). */
      closeWhenSaturated: e.SATURATED_KEEP_ALIVE === 'close',
    },
    rateLimits: parseRateLimits(e.RATE_LIMITS),
    redisUrl: e.REDIS_URL,
    pressure: {
      maxEventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
      maxHeapUsedBytes: e.SHED_HEAP_USED_MB === undefined ? undefined : e.SHED_HEAP_USED_MB * 2 ** 20,
      maxRssBytes,
      readyRatio: e.READY_PRESSURE_RATIO,
    },
    admission: {
      maxInFlight: e.MAX_IN_FLIGHT,
      maxQueueWaitMs: e.SHED_QUEUE_WAIT_MS,
      maxPerClient: e.MAX_CONNECTIONS_PER_CLIENT === 'off' ? undefined : e.MAX_CONNECTIONS_PER_CLIENT,
      fairShare: e.SATURATED_FAIR_SHARE === 'on',
    },
    /** What the byte-bounded caches hold at most, all together (ops/byte-cache.ts). */
    cacheBytes:
      e.CACHE_MB === undefined
        ? Math.floor((maxRssBytes ?? limit.bytes * RSS_SHARE_OF_LIMIT) * CACHE_SHARE_OF_RSS)
        : e.CACHE_MB * 2 ** 20,
    metricsToken: e.METRICS_TOKEN,
    metricsMerchants: e.METRICS_MERCHANTS === 'all' ? Number.POSITIVE_INFINITY : e.METRICS_MERCHANTS,
    merchantsWatch: e.MERCHANTS_WATCH,
    /** The probe worker's port; undefined: no probe worker. */
    healthPort,
    events: {
      dir: e.EVENTS_DIR,
      outboxMax: e.EVENTS_OUTBOX_MAX,
      endpointMax: e.EVENTS_ENDPOINT_MAX,
      retentionMs: e.EVENTS_RETENTION_H * 3_600_000,
      followMax: e.EVENTS_FOLLOW_MAX,
      followRate: e.EVENTS_FOLLOW_RATE,
      claimIdleMs: e.EVENTS_CLAIM_IDLE_S * 1000,
      /** By environment variable: the secrets a merchant's endpoint is signed with. */
      secrets: webhookSecretsOf(env),
      /**
       * Signs the endpoints at `{sandbox}` whose variable is unset, for this run: the process
       * hands it to the embedded sandbox's receiver (server/main.ts).
       */
      sandboxSecret: `whsec_${randomBytes(32).toString('base64')}`,
    },
  };
}

function rssThreshold(setting: number | 'off' | undefined, limit: MemoryLimit): number | undefined {
  if (setting === 'off') return undefined;
  return setting === undefined ? Math.floor(limit.bytes * RSS_SHARE_OF_LIMIT) : setting * 2 ** 20;
}

function parseRateLimits(spec: string): RateLimitChanges {
  try {
    return readRateLimits(spec);
  } catch (error) {
    throw new ConfigError(`Invalid environment:\n  RATE_LIMITS: ${(error as Error).message}`);
  }
}
