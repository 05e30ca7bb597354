// npm run many-merchants [-- count [runs]]: how a fleet of `count` merchants (default
// 10,000) starts. Writes them into a temporary folder (or FLEET_DIR, a new folder kept for
// the next run), spawns the compiled edge on it (production mode, embedded sandbox, the
// Dockerfile's NODE_OPTIONS, MERCHANTS_WATCH as the environment says or the default), and
// reports the time from spawning `node` to the first /readyz 200, the CPU it used until
// then, and the process's resident memory then and after one home page per merchant
// template. A benchmark, not a test; `writeFleet` is also what the fleet test loads.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

async function once(dir: string, count: number): Promise<Run> {
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
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    let readyMs: number;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`exited with ${child.exitCode ?? child.signalCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) {
        readyMs = performance.now() - started;
        break;
      }
      if (performance.now() - started > 120_000) throw new Error('not ready after 120 s');
      await new Promise((r) => setTimeout(r, 10));
    }
    const [cpu, rssReadyMiB] = [await cpuMs(child.pid!), await rssMiB(child.pid!)];
    for (let i = 0; i < Math.min(count, BRANDS.length); i++) {
      const page = await getPage(port, '/', fleetHost(i));
      if (page.status !== 200) throw new Error(`${fleetHost(i)}: ${page.status}`);
    }
    return { readyMs, cpuMs: cpu, rssReadyMiB, rssServedMiB: await rssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once('exit', r) : r(undefined)));
  }
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 10_000);
  const runs = Number(process.argv[3] ?? 3);
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
  } finally {
    if (kept === undefined) await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
