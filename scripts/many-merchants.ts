// npm run many-merchants [-- count [runs]]: how a fleet of `count` merchants (default
// 10,000) starts. Writes them into a temporary folder (or FLEET_DIR, a new folder kept for
// the next run), spawns the compiled edge on it (production mode, embedded sandbox, the
// Dockerfile's NODE_OPTIONS, MERCHANTS_WATCH as the environment says or the default), and
// reports the time from spawning `node` to the first /readyz 200, the CPU it used until
// then, and the process's resident memory then and after one home page per merchant
// template. `--visit` (`--visit=N`: of the first N merchants) then visits every page rendered for everyone (home, its tabs, the
// legal pages, in each of the merchant's languages) of every merchant, under the
// container's memory settings (the manifest's SHED_RSS_MB, the Dockerfile's heap limits),
// polling /readyz meanwhile: it fails if the edge went not ready or refused a request for
// memory, if a page was neither a 200 nor a 503 of shedding for load, or if RSS reached the
// threshold. `--reload` reloads the fleet (SIGHUP) under a steady
// trickle of visitors, polling /readyz: it fails unless the edge stayed ready and every
// visitor was answered. `writeFleet` is also what the fleet test loads.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Agent, request } from 'undici';
import { FLOW_KINDS } from '../checkout/domain.ts';
import { LEGAL_PAGES } from '../checkout/legal.ts';
import { homeTab, ROUTES } from '../checkout/routes.ts';
import { freePort, getPage } from '../test/helpers/http.ts';
import { containerNodeOptions } from './container.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The template: a production merchant with every file a merchant folder may hold. */
const TEMPLATE = path.join(ROOT, 'merchants', 'maple');
/** A fleet is a few looks, not one per merchant: style sheets cycle through these brands. */
const BRANDS = ['#c8102e', '#0b5cad', '#1b7f3b', '#6b2fa3', '#b3541e', '#00707a', '#8a1c52', '#3d4a5c'];

export const fleetId = (i: number) => `m${String(i).padStart(5, '0')}`;
export const fleetHost = (i: number) => `${fleetId(i)}.fleet.localhost`;
export const fleetBrand = (i: number) => BRANDS[i % BRANDS.length]!;

/** `count` merchants copied from the template into `dir` (created), each with its own id, host, name and URLs. */
export async function writeFleet(dir: string, count: number): Promise<void> {
  const config = JSON.parse(await readFile(path.join(TEMPLATE, 'merchant.json'), 'utf8')) as Record<string, unknown>;
  const style = await readFile(path.join(TEMPLATE, 'style.css'), 'utf8');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'tenancy.json'), JSON.stringify({ fallback: fleetId(0) }));
  for (let i = 0; i < count; i++) {
    const id = fleetId(i);
    const folder = path.join(dir, id);
    await cp(TEMPLATE, folder, { recursive: true });
    const site = `https://${id}.example`;
    const own = {
      ...config,
      hosts: [fleetHost(i)],
      merchant: id,
      merchantName: `Merchant ${id}`,
      title: `Merchant ${id}`,
      siteUrl: site,
      errorUrl: `${site}/error`,
      successUrl: `${site}/thanks`,
    };
    await writeFile(path.join(folder, 'merchant.json'), JSON.stringify(own, null, 2));
    await writeFile(path.join(folder, 'style.css'), style.replace(/--brand: #[0-9a-f]{6}/, `--brand: ${fleetBrand(i)}`));
  }
}

interface Run {
  readyMs: number;
  /** CPU the process used until ready: what the start costs on an idle machine. */
  cpuMs: number;
  rssReadyMiB: number;
  rssServedMiB: number;
}

/** utime + stime of the process, from /proc (clock ticks of 10 ms on Linux). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMiB(pid: number): Promise<number> {
  return readFile(`/proc/${pid}/status`, 'utf8').then((s) => Number(/VmRSS:\s+(\d+)/.exec(s)![1]) / 1024);
}

/** The manifest's threshold (deploy/kubernetes/base/edge.yaml): a 512 Mi container sheds above it. */
const MANIFEST_SHED_RSS_MB = 435;
/** The manifest's too: merchants past it share one latency series. */
const MANIFEST_METRICS_MERCHANTS = '20';
const METRICS_TOKEN = 'many-merchants-metrics-token';

/** The edge, compiled, on the fleet in `dir`, as the container runs it; ready when this resolves. */
async function startEdge(dir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(ROOT, 'dist/server/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PORT: String(port),
      HEALTH_PORT: '0',
      SANDBOX_PORT: '0',
      LOG_LEVEL: 'warn',
      MERCHANTS_DIR: dir,
      // The container's heap limits: the fleet must start within them.
      NODE_OPTIONS: containerNodeOptions(),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once('exit', r) : r(undefined)));
  };
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`exited with ${child.exitCode ?? child.signalCode}`);
      if ((await readiness(port)) === 'ready') break;
      if (performance.now() - started > 120_000) throw new Error('not ready after 120 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, port, readyMs: performance.now() - started, stop };
}

/** What /readyz says: `ready`, or why not. */
function readiness(port: number): Promise<string> {
  return fetch(`http://127.0.0.1:${port}/readyz`).then(
    async (r) => ((await r.json()) as { status: string }).status,
    () => 'no answer',
  );
}

async function once(dir: string, count: number): Promise<Run> {
  const { child, port, readyMs, stop } = await startEdge(dir);
  try {
    const [cpu, rssReadyMiB] = [await cpuMs(child.pid!), await rssMiB(child.pid!)];
    for (let i = 0; i < Math.min(count, BRANDS.length); i++) {
      const page = await getPage(port, '/', fleetHost(i));
      if (page.status !== 200) throw new Error(`${fleetHost(i)}: ${page.status}`);
    }
    return { readyMs, cpuMs: cpu, rssReadyMiB, rssServedMiB: await rssMiB(child.pid!) };
  } finally {
    await stop();
  }
}

/** Every URL answered with a page rendered for everyone: the home page, its tabs, the legal pages. */
const SHARED_PAGE_URLS = [ROUTES.home.path, ...FLOW_KINDS.map(homeTab), ...LEGAL_PAGES.map(({ route }) => route.path)];
/** The fleet's languages (the template's). */
const FLEET_LANGUAGES = ['en', 'fr-CA'];

/** Readiness and RSS, sampled every `everyMs` until stopped. */
function watchEdge(port: number, pid: number, everyMs: number) {
  const samples: { status: string; rssMiB: number }[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      samples.push({ status: await readiness(port), rssMiB: await rssMiB(pid) });
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await done;
      return samples;
    },
  };
}

/** The heap and what the caches hold, from /metrics. */
async function memoryFigures(port: number): Promise<string> {
  const text = await scrape(port);
  const value = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((sum, m) => sum + Number(m[1]), 0) / 2 ** 20;
  return (
    `heap used ${value(/^nodejs_heap_size_used_bytes (\d+)/gm).toFixed(0)} MiB, ` +
    `caches ${value(/^edge_cache_bytes\{[^}]*\} (\d+)/gm).toFixed(0)} MiB`
  );
}

/** What /readyz and the shedding say when memory is short (http/health.ts, ops/admission.ts). */
const MEMORY_READINESS = new Set(['rss', 'heap']);
const MEMORY_SHEDDING = new Set(['rssBytes', 'heapUsedBytes']);

/** Requests refused to protect the process, by reason (edge_shed_total). */
async function shedFigures(port: number): Promise<Map<string, number>> {
  const text = await scrape(port);
  return new Map([...text.matchAll(/^edge_shed_total\{reason="([^"]+)"\} (\d+)/gm)].map((m) => [m[1]!, Number(m[2])]));
}

const scrape = (port: number) =>
  fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then((r) => r.text());

/** Byte-bounded caches' figures from /metrics (ops/byte-cache.ts), as `name=bytes` pairs. */
async function cacheFigures(port: number): Promise<string> {
  const text = await scrape(port);
  const of = (metric: string) =>
    [...text.matchAll(new RegExp(`^${metric}\\{cache="([^"]+)"\\} (\\d+)`, 'gm'))].map((m) => [m[1]!, Number(m[2])] as const);
  const evictions = new Map(of('edge_cache_evictions_total'));
  return of('edge_cache_bytes')
    .map(([name, bytes]) => `${name} ${(bytes / 2 ** 20).toFixed(1)} MiB (${evictions.get(name) ?? 0} evicted)`)
    .join(', ');
}

/** `requests` run `concurrency` at a time over one keep-alive pool; each answer's status and time. */
async function visit(
  port: number,
  requests: Iterable<{ host: string; url: string; language: string }>,
  concurrency: number,
  onAnswer: (status: number, ms: number) => void,
): Promise<void> {
  const dispatcher = new Agent({ connections: concurrency, pipelining: 1 });
  const queue = requests[Symbol.iterator]();
  const worker = async () => {
    for (let next = queue.next(); !next.done; next = queue.next()) {
      const { host, url, language } = next.value;
      const started = performance.now();
      const answer = await request(`http://127.0.0.1:${port}${url}`, {
        dispatcher,
        headers: { host, 'accept-language': language, 'accept-encoding': 'br' },
      });
      await answer.body.dump();
      onAnswer(answer.statusCode, performance.now() - started);
    }
  };
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    await dispatcher.close();
  }
}

function* everyPage(count: number) {
  for (let i = 0; i < count; i++) {
    for (const language of FLEET_LANGUAGES) for (const url of SHARED_PAGE_URLS) yield { host: fleetHost(i), url, language };
  }
}

const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

/** Every page of every merchant, under the manifest's memory settings: the edge stays ready and under its threshold. */
async function visitEveryPage(dir: string, count: number): Promise<boolean> {
  const { child, port, stop } = await startEdge(dir, {
    SHED_RSS_MB: String(MANIFEST_SHED_RSS_MB),
    METRICS_MERCHANTS: MANIFEST_METRICS_MERCHANTS,
    METRICS_TOKEN,
  });
  try {
    const watch = watchEdge(port, child.pid!, 500);
    const statuses = new Map<number, number>();
    const progress = async (pages: number) =>
      console.log(`  ${pages} pages: RSS ${(await rssMiB(child.pid!)).toFixed(0)} MiB, ${await memoryFigures(port)}`);
    const started = performance.now();
    const cpuStarted = await cpuMs(child.pid!);
    let answered = 0;
    await visit(port, everyPage(count), 2, (status) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (++answered % 10_000 === 0) void progress(answered);
    });
    const seconds = (performance.now() - started) / 1000;
    const cpuPerPage = ((await cpuMs(child.pid!)) - cpuStarted) / answered;
    const samples = await watch.stop();
    const notReady = samples.filter((s) => s.status !== 'ready');
    const peak = Math.max(...samples.map((s) => s.rssMiB));
    const rssEnd = await rssMiB(child.pid!);
    console.log(
      `visited ${answered} pages (${SHARED_PAGE_URLS.length} URLs × ${FLEET_LANGUAGES.length} languages × ${count} merchants) in ${seconds.toFixed(0)} s ` +
        `(${cpuPerPage.toFixed(1)} ms of the edge's CPU a page, rendered and compressed on its first request): ` +
        `${[...statuses].map(([status, n]) => `${n} × ${status}`).join(', ')}; RSS ${rssEnd.toFixed(0)} MiB at the end, ` +
        `at most ${peak.toFixed(0)} MiB (threshold ${MANIFEST_SHED_RSS_MB}); /readyz not ready in ${notReady.length} of ${samples.length} samples` +
        (notReady.length ? ` (${[...new Set(notReady.map((s) => s.status))].join(', ')})` : ''),
    );
    const shed = await shedFigures(port);
    console.log(
      `${await memoryFigures(port)}; caches: ${await cacheFigures(port)}; ` +
        `refused to protect the process: ${[...shed].map(([reason, n]) => `${n} for ${reason}`).join(', ') || 'none'}`,
    );
    // Busy rendering pages for the first time, the loop may say so, and on a machine short of
    // CPU the edge may refuse a few requests for its loop's delay; for memory, never.
    const memory = notReady.filter((s) => MEMORY_READINESS.has(s.status));
    const shedForMemory = [...shed].filter(([reason]) => MEMORY_SHEDDING.has(reason)).reduce((sum, [, n]) => sum + n, 0);
    const shedForLoad = [...shed].reduce((sum, [, n]) => sum + n, 0) - shedForMemory;
    const refused = statuses.get(503) ?? 0;
    const onlyServedOrShed = [...statuses.keys()].every((status) => status === 200 || status === 503);
    return (
      onlyServedOrShed && refused <= shedForLoad && shedForMemory === 0 && memory.length === 0 && peak < MANIFEST_SHED_RSS_MB
    );
  } finally {
    await stop();
  }
}

const TRICKLE_MERCHANTS = 50;

/** A reload of the whole fleet (SIGHUP) while visitors keep coming: the edge stays ready and answers them in their usual time. */
async function reloadUnderTraffic(dir: string, count: number): Promise<boolean> {
  const { child, port, stop } = await startEdge(dir, { METRICS_TOKEN, MERCHANTS_WATCH: 'off' });
  try {
    const reloads = async () => {
      const text = await scrape(port);
      return Number(/^edge_merchant_reloads_total\{outcome="reloaded"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    // A steady trickle: one home page every 10 ms, across a few merchants (rendered once, then cached).
    const trickle = (ms: number[], statuses: number[], until: () => boolean) =>
      (async () => {
        for (let i = 0; !until(); i++) {
          const started = performance.now();
          const answer = await getPage(port, '/', fleetHost(i % Math.min(count, TRICKLE_MERCHANTS))).catch(() => ({ status: 0 }));
          statuses.push(answer.status);
          ms.push(performance.now() - started);
          await new Promise((r) => setTimeout(r, 10));
        }
      })();
    // Their pages rendered once, so both windows measure visitors served from the cache.
    for (let i = 0; i < Math.min(count, TRICKLE_MERCHANTS); i++) await getPage(port, '/', fleetHost(i));
    const before: number[] = [];
    const beforeStatuses: number[] = [];
    const warm = performance.now();
    await trickle(before, beforeStatuses, () => performance.now() - warm > 3_000);
    const during: number[] = [];
    const statuses: number[] = [];
    const watch = watchEdge(port, child.pid!, 250);
    const started = performance.now();
    let reloaded = false;
    const traffic = trickle(during, statuses, () => reloaded);
    child.kill('SIGHUP');
    while (!reloaded) {
      await new Promise((r) => setTimeout(r, 100));
      reloaded = (await reloads()) >= 1;
      if (performance.now() - started > 120_000) throw new Error('no reload after 120 s');
    }
    const seconds = (performance.now() - started) / 1000;
    await traffic;
    const samples = await watch.stop();
    const notReady = samples.filter((s) => s.status !== 'ready');
    const failed = statuses.filter((s) => s !== 200).length;
    const figures = (xs: number[]) =>
      `median ${percentile(xs, 0.5).toFixed(1)} ms, 99th percentile ${percentile(xs, 0.99).toFixed(1)} ms, slowest ${Math.max(...xs).toFixed(1)} ms`;
    console.log(
      `reload of ${count} merchants under traffic: ${seconds.toFixed(1)} s; /readyz not ready in ${notReady.length} of ${samples.length} samples` +
        (notReady.length ? ` (${[...new Set(notReady.map((s) => s.status))].join(', ')})` : '') +
        `; ${statuses.length} visitors, ${failed} not answered 200\n  before: ${figures(before)}\n  during: ${figures(during)}`,
    );
    return notReady.length === 0 && failed === 0;
  } finally {
    await stop();
  }
}

async function main(): Promise<void> {
  const flags = new Set(
    process.argv
      .slice(2)
      .filter((arg) => arg.startsWith('--'))
      .map((arg) => arg.replace(/=.*/, '')),
  );
  // --visit=N: the pages of the first N merchants only.
  const visitArg = process.argv.find((arg) => arg.startsWith('--visit='));
  const visitCount = visitArg === undefined ? undefined : Number(visitArg.slice('--visit='.length));
  const [countArg, runsArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const count = Number(countArg ?? 10_000);
  const runs = Number(runsArg ?? 3);
  console.log(`load average before: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
  // A folder given (FLEET_DIR) is written once and kept: writing 10,000 takes longer than starting them.
  const kept = process.env.FLEET_DIR;
  const dir = kept ?? (await mkdtemp(path.join(tmpdir(), 'fleet-')));
  try {
    if (kept !== undefined && existsSync(dir)) {
      if (!existsSync(path.join(dir, fleetId(count - 1))) || existsSync(path.join(dir, fleetId(count)))) {
        throw new Error(`${dir} holds no fleet of ${count}: give a new folder`);
      }
      console.log(`${count} merchants already in ${dir}`);
    } else {
      const wrote = performance.now();
      await writeFleet(dir, count);
      console.log(`${count} merchants written to ${dir} in ${Math.round(performance.now() - wrote)} ms`);
    }
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) {
      const r = await once(dir, count);
      results.push(r);
      console.log(
        `run ${i + 1}: /readyz 200 after ${Math.round(r.readyMs)} ms (${r.cpuMs} ms of CPU), RSS ${r.rssReadyMiB.toFixed(0)} MiB ready, ` +
          `${r.rssServedMiB.toFixed(0)} MiB after ${Math.min(count, BRANDS.length)} home pages`,
      );
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `median of ${runs}: ${Math.round(median(results.map((r) => r.readyMs)))} ms to ready ` +
        `(${median(results.map((r) => r.cpuMs))} ms of CPU), ` +
        `${median(results.map((r) => r.rssReadyMiB)).toFixed(0)} MiB RSS ready, ` +
        `${median(results.map((r) => r.rssServedMiB)).toFixed(0)} MiB after serving`,
    );
    let ok = true;
    if (flags.has('--reload')) ok = (await reloadUnderTraffic(dir, count)) && ok;
    if (flags.has('--visit')) ok = (await visitEveryPage(dir, visitCount ?? count)) && ok;
    console.log(`load average after: ${(await readFile('/proc/loadavg', 'utf8')).split(' ').slice(0, 3).join(' ')}`);
    if (!ok) process.exitCode = 1;
  } finally {
    if (kept === undefined) await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
