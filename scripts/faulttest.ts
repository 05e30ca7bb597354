// Fault test: the edge (production mode, embedded sandbox injecting 20% 504s and 5% resets)
// under many connections for a while, several runs in one process, then a SIGTERM in the
// middle of a last run. Prints what clients got, memory after each run, and whether the
// process survived and stopped cleanly, and how fast the probe port answered meanwhile
// (asked from a thread of its own). Then each flood of FLOODS against an edge of its own
// (test/helpers/flood.ts): what new visitors from another address met meanwhile, readiness,
// the accept queue, the probe port.
// `npm run faulttest`; FAULTTEST_DURATION_S, FAULTTEST_CONNECTIONS and FAULTTEST_RUNS
// change the defaults (60 s, 200, 3), FAULTTEST_FLOOD_S and FAULTTEST_FLOOD_CONNECTIONS
// the floods' (30 s, 400); FAULTTEST_FLOODS=pages,control runs only the floods named (`bodies`
// the body floods, test/helpers/body-floods.ts), and
// FAULTTEST_RUNS=0 skips the fault runs. test/ops/faulttest.test.ts and flood.test.ts run a
// few seconds of each in `npm test`.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { bodyFloods } from '../test/helpers/body-floods.ts';
import { type FloodFigures, type FloodPlan, flood, NEVER_WAIT_MS, SERVED_WITHIN_MS } from '../test/helpers/flood.ts';
import { freePort } from '../test/helpers/http.ts';
import { type ProbeRecord, startProber } from '../test/helpers/prober.ts';

const HOST = 'maple.localhost';
const TOKEN = 'faulttest-metrics-token';
export const FAULTS = '504:0.2,reset:0.05,seed:7';

export interface FaultTestOptions {
  durationS: number;
  connections: number;
  runs: number;
  log?: (line: string) => void;
}

export interface RunFigures {
  requests: number;
  /** By status, and `error:<code>` for requests that got no response. */
  outcomes: Record<string, number>;
  /** Answers no visitor should get: other statuses, 5xx that are not the edge's own, no answer. */
  unintended: number;
  rssMiB: number;
  heapMiB: number;
  /** Requests shed to protect the process since it started, by reason. */
  shedSoFar: string;
  /** The probe port during the run: latency of its answers and what they said. */
  probes?: ProbeFigures;
}

export interface ProbeFigures {
  count: number;
  medianMs: number;
  p90Ms: number;
  maxMs: number;
  /** Answers by probe and status, e.g. `/readyz 503 event-loop-delay`. */
  answers: Record<string, number>;
}

/** How often the probe port is asked during a run, from a thread of its own. */
const PROBE_EVERY_MS = 250;

function probeFigures(records: ProbeRecord[]): ProbeFigures {
  const ms = records.map((r) => r.ms).sort((a, b) => a - b);
  const at = (share: number) => Math.round((ms[Math.min(ms.length - 1, Math.floor(ms.length * share))] ?? NaN) * 10) / 10;
  const answers: Record<string, number> = {};
  for (const r of records) {
    const key = `${r.path} ${r.status} ${(JSON.parse(r.body) as { status: string }).status}`;
    answers[key] = (answers[key] ?? 0) + 1;
  }
  return { count: records.length, medianMs: at(0.5), p90Ms: at(0.9), maxMs: at(1), answers };
}

export interface FaultTestResult {
  runs: RunFigures[];
  /** The run with the SIGTERM in its middle. */
  drain: RunFigures & { inFlightLost: number; refusedAfterExit: number; resetUnread: number };
  exitCode: number | null;
  unhandledRejections: number;
}

/** What a request of the mix is and what its intended answers are. */
const MIX = [
  { weight: 6, method: 'GET', path: '/api/pubapi/ticker/merchant' },
  { weight: 2, method: 'POST', path: '/' },
  { weight: 2, method: 'GET', path: '/' },
] as const;
const QUOTE = 'txnType=BUY&fiatAmount=100&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER';

/** The edge's own answers for upstream trouble (UPSTREAM.*) and for load or draining (SERVICE.*). */
function intended(status: number, body: string): boolean {
  if (status < 400) return true;
  if (![502, 503, 504].includes(status)) return false;
  // The edge's own page (server/http/errors.ts) or its JSON error.
  return /"code":"(UPSTREAM|SERVICE)\./.test(body) || body.startsWith('<!DOCTYPE html>');
}

function pick(i: number) {
  const total = MIX.reduce((sum, m) => sum + m.weight, 0);
  let n = i % total;
  for (const m of MIX) {
    if (n < m.weight) return m;
    n -= m.weight;
  }
  return MIX[0];
}

async function load(
  base: string,
  options: { durationS: number; connections: number; onHalf?: () => void },
): Promise<{ requests: number; outcomes: Record<string, number>; unintended: number; errors: string[]; samples: string[] }> {
  const pool = new Pool(base, { connections: options.connections, pipelining: 1 });
  const outcomes: Record<string, number> = {};
  const errors: string[] = [];
  const samples: string[] = [];
  let requests = 0;
  let unintended = 0;
  const until = Date.now() + options.durationS * 1000;
  const half = options.onHalf ? setTimeout(options.onHalf, (options.durationS * 1000) / 2) : undefined;
  let stopped = false;
  const worker = async (w: number) => {
    for (let i = w; Date.now() < until && !stopped; i += options.connections) {
      const m = pick(i);
      requests += 1;
      try {
        const res = await pool.request({
          method: m.method,
          path: m.path,
          headers: {
            host: HOST,
            accept: m.path.startsWith('/api') ? 'application/json' : 'text/html',
            ...(m.method === 'POST' ? { origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          body: m.method === 'POST' ? QUOTE : undefined,
        });
        const body = await res.body.text();
        outcomes[res.statusCode] = (outcomes[res.statusCode] ?? 0) + 1;
        if (!intended(res.statusCode, body)) {
          unintended += 1;
          if (unintended <= 3) samples.push(`${m.method} ${m.path}: ${res.statusCode} ${body.slice(0, 200)}`);
        }
      } catch (error) {
        const code = `${(error as { code?: string }).code ?? (error as Error).name}`;
        outcomes[`error:${code}`] = (outcomes[`error:${code}`] ?? 0) + 1;
        errors.push(code);
        // After the process has gone there is nobody to ask.
        if (code === 'ECONNREFUSED') stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, (_, w) => worker(w)));
  clearTimeout(half);
  await pool.close().catch(() => {});
  return { requests, outcomes, unintended, errors, samples };
}

async function memory(base: string): Promise<{ rssMiB: number; heapMiB: number; shedSoFar: string }> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  const shed = [...text.matchAll(/^edge_shed_total\{reason="(\w+)"\} (\d+)/gm)].map((m) => `${m[1]}:${m[2]}`).join(' ');
  return {
    rssMiB: Math.round(value('process_resident_memory_bytes')),
    heapMiB: Math.round(value('nodejs_heap_size_used_bytes')),
    shedSoFar: shed || 'none',
  };
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

/** A server process on ports of its own, once its `/readyz` answers. */
async function startServer(args: string[], env: Record<string, string>) {
  const port = await freePort();
  const healthPort = await freePort();
  const root = fileURLToPath(new URL('..', import.meta.url));
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, PORT: String(port), HEALTH_PORT: String(healthPort), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/readyz`).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}; its stderr: ${stderr.slice(-2_000)}`);
  });
  return { child, port, healthPort, base, exited, stderr: () => stderr };
}

/** An edge process in production mode with the embedded sandbox. */
const startEdge = (env: Record<string, string>) =>
  startServer(['--import=tsx', 'server/main.ts'], {
    NODE_ENV: 'production',
    SANDBOX: 'on',
    LOG_LEVEL: 'warn',
    METRICS_TOKEN: TOKEN,
    ...env,
  });

export async function faultTest(options: FaultTestOptions): Promise<FaultTestResult> {
  const log = options.log ?? (() => {});
  const { child, healthPort, base, exited, stderr } = await startEdge({
    SANDBOX_FAULTS: FAULTS,
    // Every client here is one address: the limits would answer most of it with 429, or close it.
    RATE_LIMITS: 'off',
    MAX_CONNECTIONS_PER_CLIENT: 'off',
  });
  try {
    const runs: RunFigures[] = [];
    for (let r = 1; r <= options.runs; r++) {
      const prober = await startProber({
        port: healthPort,
        paths: ['/healthz', '/readyz'],
        everyMs: PROBE_EVERY_MS,
        rounds: Math.max(1, Math.floor((options.durationS * 1000) / (PROBE_EVERY_MS + 10))),
      });
      const probing = prober.go();
      const result = await load(base, options);
      const probes = probeFigures(await probing);
      await prober.close();
      // A moment for the process to settle (and collect) before it is measured.
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      const figures = {
        requests: result.requests,
        outcomes: result.outcomes,
        unintended: result.unintended,
        ...(await memory(base)),
        probes,
      };
      runs.push(figures);
      log(`run ${r}: ${JSON.stringify(figures)}`);
      for (const sample of result.samples) log(`  unintended: ${sample}`);
    }
    let signalled = false;
    const drain = await load(base, {
      ...options,
      onHalf: () => {
        signalled = true;
        child.kill('SIGTERM');
      },
    });
    const exitCode = await exited;
    for (const sample of drain.samples) log(`  unintended: ${sample}`);
    // Refused connections come after the listener closed. A reset means the process closed
    // a connection it had read no request from (idle, or still in the accept queue): Fastify's
    // close answers every request it has read, and exit code 0 says it did so in time.
    const refusedAfterExit = drain.errors.filter((code) => code === 'ECONNREFUSED').length;
    const resetUnread = drain.errors.filter((code) => code === 'ECONNRESET' || code === 'UND_ERR_SOCKET').length;
    const inFlightLost = exitCode === 0 ? 0 : drain.errors.length - refusedAfterExit;
    const drainFigures = {
      requests: drain.requests,
      outcomes: drain.outcomes,
      unintended: drain.unintended,
      rssMiB: NaN,
      heapMiB: NaN,
      shedSoFar: '',
      inFlightLost,
      refusedAfterExit,
      resetUnread,
    };
    log(
      `SIGTERM${signalled ? '' : ' (not sent)'} in the middle of a run: ${JSON.stringify(drainFigures)}, exit code ${exitCode}`,
    );
    const unhandledRejections = (stderr().match(/unhandled ?rejection/gi) ?? []).length;
    return { runs, drain: drainFigures, exitCode, unhandledRejections };
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** A flood of `npm run faulttest`: what a visitor from another address must get through. */
export interface FloodDefinition {
  what: string;
  /**
   * How the flood's connections behave (test/helpers/flood.ts); `plan.role` names their
   * kind in flood-worker.mjs, where a flood of another kind adds a role of its own.
   */
  plan: Partial<FloodPlan>;
  /** Flooded against the plain control server, not the edge: its figures are shown, not judged. */
  control?: true;
}

/**
 * The floods, each spread over loopback addresses as a load generator's connections are. A
 * flood of another kind is one more entry, with its own role in flood-worker.mjs.
 */
export const FLOODS = {
  pages: {
    what: 'kept-alive connections from 8 addresses asking for / as fast as answered',
    plan: { floodAddresses: 8 },
  },
  api: {
    what: 'kept-alive connections from 8 addresses asking for the ticker as fast as answered, most past the rate limit (429)',
    plan: { floodAddresses: 8, path: '/api/pubapi/ticker/merchant', accept: 'application/json' },
  },
  freshLanguages: {
    what: 'kept-alive connections from 8 addresses asking for / as fast as answered, each request with a new 1 KB Accept-Language',
    plan: { floodAddresses: 8, acceptLanguageBytes: 1_000 },
  },
  oneAddress: {
    what: 'kept-alive connections from one address asking for / (wrk -c400): most over MAX_CONNECTIONS_PER_CLIENT',
    plan: { floodAddresses: 1 },
  },
  bigAcceptLanguage: {
    what: '4 connections asking for / about 9 times a second in all, each with a fresh 15 KB Accept-Language',
    plan: { floodAddresses: 1, connections: 4, everyMs: 450, acceptLanguageBytes: 15_000 },
  },
  control: {
    what: 'kept-alive connections from 8 addresses asking a plain node:http server (2 ms a request) as fast as answered: the control',
    plan: { floodAddresses: 8 },
    control: true,
  },
} as const satisfies Record<string, FloodDefinition>;
export type FloodName = keyof typeof FLOODS;

export interface FloodTestOptions {
  flood: FloodName;
  durationS: number;
  /** The flood's connections, unless the flood names its own. */
  connections: number;
}

/**
 * What a flood must leave a new visitor with (the bars in docs/operations.md), as checks
 * with their figures. A busy edge stays ready: shedding answers the excess, and readiness
 * that followed load would take every pod out of the Service in a surge.
 */
export function floodVerdicts(figures: FloodFigures): { ok: boolean; line: string }[] {
  return [
    {
      ok: figures.notReady === 0,
      line: `/readyz said not ready ${figures.notReady} times (bar: never, busy is not unready)`,
    },
    {
      ok: figures.shareWithin1s >= 0.9,
      line: `${(figures.shareWithin1s * 100).toFixed(1)}% of ${figures.visitors} new visitors served or told to retry (503 with Retry-After) within ${SERVED_WITHIN_MS / 1000} s (bar: 90%)`,
    },
    { ok: figures.waited5s === 0, line: `${figures.waited5s} waited ${NEVER_WAIT_MS / 1000} s or more (bar: none)` },
    {
      ok: figures.probes.p90Ms < 100,
      line: `probe port: 90th percentile ${figures.probes.p90Ms} ms, slowest ${figures.probes.maxMs} ms (bar: under 100 ms)`,
    },
  ];
}

/** A visitor's wait under a flood, in one line. */
export function visitorLine(figures: FloodFigures): string {
  const { median, p90, max } = figures.visitorMs;
  return `visitors: median ${median} ms, 90th percentile ${p90} ms, slowest ${max} ms, ${(figures.shareWithin1s * 100).toFixed(1)}% within 1 s, ${figures.waited5s} waited 5 s; accept queue at most ${figures.acceptQueueMax}; /readyz not ready ${figures.notReady} times`;
}

/** An edge for floods: production settings, no injected faults. */
export const startFloodEdge = () => startEdge({});
/** The control: a plain node:http server, no defences (test/helpers/control-server.mjs). */
const startControl = () => startServer(['test/helpers/control-server.mjs'], {});
export type Edge = Awaited<ReturnType<typeof startEdge>>;

/** A flood against `edge`, or an edge of its own. */
export async function floodTest(options: FloodTestOptions, edge?: Edge): Promise<FloodFigures> {
  const definition: FloodDefinition = FLOODS[options.flood];
  const target = edge ?? (await (definition.control ? startControl() : startFloodEdge()));
  try {
    return await flood({
      port: target.port,
      healthPort: target.healthPort,
      host: HOST,
      connections: options.connections,
      durationS: options.durationS,
      ...definition.plan,
    });
  } finally {
    if (!edge) target.child.kill('SIGKILL');
  }
}

/** The fault runs and the SIGTERM, printed; whether they held. */
async function faultRuns(options: FaultTestOptions): Promise<boolean> {
  console.log(
    `fault test: ${options.connections} connections, ${options.durationS} s per run, ${options.runs} runs, SANDBOX_FAULTS=${FAULTS}`,
  );
  const result = await faultTest(options);
  const unintended = result.runs.reduce((sum, r) => sum + r.unintended, 0) + result.drain.unintended;
  const first = result.runs[0]!;
  const last = result.runs.at(-1)!;
  console.log(`unintended answers: ${unintended}`);
  console.log(`memory after each run: ${result.runs.map((r) => `RSS ${r.rssMiB} MiB / heap ${r.heapMiB} MiB`).join(', ')}`);
  console.log(`memory growth first to last run: RSS ${last.rssMiB - first.rssMiB} MiB, heap ${last.heapMiB - first.heapMiB} MiB`);
  console.log(`in-flight requests lost at SIGTERM: ${result.drain.inFlightLost}; exit code ${result.exitCode}`);
  console.log(`connections reset at close with a request the process had not read: ${result.drain.resetUnread}`);
  console.log(`unhandled rejections: ${result.unhandledRejections}`);
  for (const [i, r] of result.runs.entries()) {
    const p = r.probes!;
    console.log(
      `probe port during run ${i + 1}: ${p.count} probes, median ${p.medianMs} ms, 90th percentile ${p.p90Ms} ms, slowest ${p.maxMs} ms; ${JSON.stringify(p.answers)}`,
    );
  }
  return unintended === 0 && result.drain.inFlightLost === 0 && result.exitCode === 0 && result.unhandledRejections === 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = {
    durationS: Number(process.env.FAULTTEST_DURATION_S ?? 60),
    connections: Number(process.env.FAULTTEST_CONNECTIONS ?? 200),
    runs: Number(process.env.FAULTTEST_RUNS ?? 3),
    log: (line: string) => console.log(line),
  };
  // With no runs, only the floods.
  let faultsOk = true;
  if (options.runs > 0) faultsOk = await faultRuns(options);
  const floodOptions = {
    durationS: Number(process.env.FAULTTEST_FLOOD_S ?? 30),
    connections: Number(process.env.FAULTTEST_FLOOD_CONNECTIONS ?? 400),
  };
  const verdicts: { ok: boolean; line: string }[] = [];
  const named = process.env.FAULTTEST_FLOODS?.split(',');
  const floods = (Object.entries(FLOODS) as [FloodName, FloodDefinition][]).filter(([name]) => !named || named.includes(name));
  for (const [name, definition] of floods) {
    const connections = definition.plan.connections ?? floodOptions.connections;
    console.log(`flood ${name}: ${connections} ${definition.what}, for ${floodOptions.durationS} s, a new visitor every 100 ms`);
    const figures = await floodTest({ ...floodOptions, flood: name });
    console.log(`flood ${name} figures: ${JSON.stringify(figures)}`);
    console.log(`flood ${name} ${visitorLine(figures)}`);
    for (const verdict of floodVerdicts(figures)) {
      // The control's figures say what the flood does to a server without defences.
      if (!definition.control) verdicts.push(verdict);
      console.log(`flood ${name}: ${definition.control ? '    ' : verdict.ok ? 'ok  ' : 'FAIL'} ${verdict.line}`);
    }
  }
  if (!named || named.includes('bodies')) {
    const bodyEdge = await startFloodEdge();
    verdicts.push(...(await bodyFloods({ port: bodyEdge.port, durationS: floodOptions.durationS, log: console.log })));
    bodyEdge.child.kill('SIGKILL');
  }
  const ok = faultsOk && verdicts.every((v) => v.ok);
  console.log(ok ? 'PASS' : 'FAIL');
  process.exit(ok ? 0 : 1);
}
