// The connection flood of `npm run faulttest`: hundreds of kept-alive connections asking
// for the home page as fast as they are answered (as `wrk -c400` does), and meanwhile new
// visitors arriving one by one on connections of their own, and the probe port asked on a
// schedule. Each from a thread of its own (flood-worker.mjs, prober.ts), so one's work
// never times another's. The figures say what a new visitor met: served or told to retry
// (503 with Retry-After) within a second, or kept waiting.
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { type ProbeRecord, startProber } from './prober.ts';

export interface FloodPlan {
  port: number;
  /** The probe port (HEALTH_PORT). */
  healthPort: number;
  host: string;
  connections: number;
  durationS: number;
  /** A new visitor this often. */
  visitorEveryMs?: number;
  /** The flood comes from this many local addresses (127.0.1.x), the visitors from 127.0.0.2. */
  floodAddresses?: number;
  /** What the flood asks for (default the home page) and its Accept. */
  path?: string;
  accept?: string;
  /** Each flood connection asks this often instead of again at once. */
  everyMs?: number;
  /** Each flood request carries a fresh Accept-Language of about this many bytes. */
  acceptLanguageBytes?: number;
  /** The kind of the flood's connections: a role of flood-worker.mjs (default `flood`, GETs as wrk sends them). */
  role?: string;
}

export interface Visit {
  status: number;
  retryAfter?: string | null;
  error?: string;
  ms: number;
  /** Until the connection was made (the kernel's part: the process has not seen it yet). */
  connectedMs?: number;
  /** Until the answer's head arrived. */
  firstByteMs?: number;
}

export interface FloodFigures {
  visitors: number;
  /** Served (2xx/3xx) or refused with 503 and Retry-After within a second. */
  answeredWithin1s: number;
  shareWithin1s: number;
  waited5s: number;
  visitorMs: Spread;
  connectMs: Spread;
  visitorStatuses: Record<string, number>;
  flood: {
    answered: number;
    slowOver2s: number;
    statuses: Record<string, number>;
    closed: number;
    errors: Record<string, number>;
  };
  probes: { count: number; p90Ms: number; maxMs: number; answers: Record<string, number> };
  /** /readyz answers on the probe port that said not ready. */
  notReady: number;
  /**
   * Connections waiting in the kernel to be accepted, sampled while the visitors arrive: the
   * most seen (NaN where the kernel does not say). The flood's own opening burst, queued once
   * before any visitor comes, is not counted: what is asked is whether the flood keeps coming back.
   */
  acceptQueueMax: number;
}

/** A visitor's wait counted as dealt with: an answer, or a refusal that says when to come back. */
export const SERVED_WITHIN_MS = 1_000;
export const NEVER_WAIT_MS = 5_000;
/** The flood's connections are shared among this many threads, as wrk's among its own (`-t2`). */
const FLOOD_THREADS = 2;
/** A visitor still without an answer after this is given up on (and counted as waiting). */
const GIVE_UP_MS = 15_000;
/** wrk's default timeout: a flood request slower than this counts as timed out. */
const FLOOD_SLOW_MS = 2_000;
const PROBE_EVERY_MS = 100;

/** What `worker` (this folder's flood-worker.mjs by default) answers to `data`, from a thread of its own. */
export function inThread<T>(data: object, worker = 'flood-worker.mjs'): Promise<T> {
  const thread = new Worker(new URL(`./${worker}`, import.meta.url), { workerData: data });
  return new Promise((resolve, reject) => {
    thread.once('message', (result: T) => {
      resolve(result);
      void thread.terminate();
    });
    thread.once('error', reject);
  });
}

const percentile = (sorted: number[], share: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? Number.NaN);

/** A median, 90th percentile and slowest, in ms. */
export interface Spread {
  median: number;
  p90: number;
  max: number;
}

export function spread(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), max: percentile(sorted, 1) };
}

export function dealtWith(visit: Visit): boolean {
  if (visit.ms >= SERVED_WITHIN_MS) return false;
  if (visit.status >= 200 && visit.status < 400) return true;
  return visit.status === 503 && Boolean(visit.retryAfter);
}

/** The flood threads' tallies as one. */
function sumTallies<T extends { [key: string]: number | Record<string, number> }>(tallies: T[]): T {
  const sum: { [key: string]: number | Record<string, number> } = {};
  for (const one of tallies) {
    for (const [key, value] of Object.entries(one)) {
      if (typeof value === 'number') sum[key] = ((sum[key] as number | undefined) ?? 0) + value;
      else {
        const counts = (sum[key] ??= {}) as Record<string, number>;
        for (const [k, n] of Object.entries(value)) counts[k] = (counts[k] ?? 0) + n;
      }
    }
  }
  return sum as T;
}

function tally<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/**
 * How many connections wait to be accepted on the listening socket of `port`: Linux shows it
 * as the receive queue of a socket in LISTEN (state 0A) in /proc/net/tcp and tcp6.
 */
async function acceptQueue(port: number): Promise<number> {
  const hexPort = `:${port.toString(16).toUpperCase().padStart(4, '0')} `;
  let waiting = Number.NaN;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'latin1').catch(() => '');
    for (const line of text.split('\n')) {
      const fields = line.trim().split(/\s+/);
      if (fields[3] !== '0A' || !`${fields[1]} `.endsWith(hexPort)) continue;
      waiting = (Number.isNaN(waiting) ? 0 : waiting) + Number.parseInt(fields[4]!.split(':')[1]!, 16);
    }
  }
  return waiting;
}

/**
 * The deepest the accept queue of `port` gets, sampled every `everyMs` until stopped. One
 * sample at a time, and the last one awaited: after a flood of closed connections the
 * tables hold tens of thousands of them, and a read can take longer than the interval.
 */
export function watchAcceptQueue(port: number, everyMs: number): () => Promise<number> {
  let max = Number.NaN;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let sampling: Promise<void> = Promise.resolve();
  const sample = () => {
    sampling = acceptQueue(port).then((n) => {
      if (n > max || Number.isNaN(max)) max = n;
      if (!stopped) timer = setTimeout(sample, everyMs);
    });
  };
  timer = setTimeout(sample, everyMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await sampling;
    return max;
  };
}

export async function flood(plan: FloodPlan): Promise<FloodFigures> {
  const durationMs = plan.durationS * 1000;
  const addresses = Array.from({ length: plan.floodAddresses ?? 8 }, (_, i) => `127.0.1.${i + 1}`);
  type FloodTally = FloodFigures['flood'] & { slow: number };
  const floodThread = (connections: number) =>
    inThread<FloodTally>({
      role: plan.role ?? 'flood',
      port: plan.port,
      host: plan.host,
      path: plan.path ?? '/',
      accept: plan.accept ?? 'text/html',
      everyMs: plan.everyMs,
      acceptLanguageBytes: plan.acceptLanguageBytes,
      connections,
      addresses,
      // The visitors start once the flood is up; it lasts until they are done arriving.
      durationMs: durationMs + 1_000,
      slowMs: FLOOD_SLOW_MS,
    });
  const threads = Math.min(FLOOD_THREADS, plan.connections);
  const flooding = Promise.all(
    Array.from({ length: threads }, (_, i) => floodThread(Math.floor((plan.connections + i) / threads))),
  ).then(sumTallies);
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const stopWatching = watchAcceptQueue(plan.port, PROBE_EVERY_MS);
  const prober = await startProber({
    port: plan.healthPort,
    paths: ['/readyz', '/healthz'],
    everyMs: PROBE_EVERY_MS,
    rounds: Math.floor(durationMs / PROBE_EVERY_MS),
  });
  const probing = prober.go();
  const visits = await inThread<Visit[]>({
    role: 'visitors',
    port: plan.port,
    host: plan.host,
    path: '/',
    everyMs: plan.visitorEveryMs ?? 100,
    durationMs,
    giveUpMs: GIVE_UP_MS,
    localAddress: '127.0.0.2',
  });
  const floodTally = await flooding;
  const acceptQueueMax = await stopWatching();
  const probes: ProbeRecord[] = await probing.catch(() => []);
  await prober.close();

  const probeMs = probes.map((p) => p.ms).sort((a, b) => a - b);
  const answeredWithin1s = visits.filter(dealtWith).length;
  return {
    visitors: visits.length,
    answeredWithin1s,
    shareWithin1s: visits.length ? answeredWithin1s / visits.length : 0,
    waited5s: visits.filter((v) => v.ms >= NEVER_WAIT_MS).length,
    visitorMs: spread(visits.map((v) => v.ms)),
    connectMs: spread(visits.map((v) => v.connectedMs ?? Number.NaN)),
    visitorStatuses: tally(visits, (v) => (v.error ? `error:${v.error}` : String(v.status))),
    flood: {
      answered: floodTally.answered,
      slowOver2s: floodTally.slow,
      statuses: floodTally.statuses,
      closed: floodTally.closed,
      errors: floodTally.errors,
    },
    probes: {
      count: probes.length,
      p90Ms: percentile(probeMs, 0.9),
      maxMs: percentile(probeMs, 1),
      answers: tally(probes, (p) => `${p.path} ${p.status} ${(JSON.parse(p.body) as { status: string }).status}`),
    },
    notReady: probes.filter((p) => p.path === '/readyz' && p.status !== 200).length,
    acceptQueueMax,
  };
}
