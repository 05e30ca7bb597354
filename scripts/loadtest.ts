// Benchmark (not a test): autocannon against the home page of every demo host, one Host
// header per run, then the /api proxy against the sandbox directly to show its overhead.
// Starts its own server (production mode, embedded sandbox) unless LOADTEST_URL is given.
import { type ChildProcess, spawn } from 'node:child_process';
import autocannon from 'autocannon';

const HOSTS = ['maple.localhost', 'roo.localhost', 'manila.localhost', 'checkout.localhost', 'test.localhost', 'dev.localhost'];
const DURATION_S = Number(process.env.LOADTEST_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.LOADTEST_CONNECTIONS ?? 50);
const PORT = 3999;
const SANDBOX_PORT = 3998;

async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

function run(title: string, url: string, host?: string): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: DURATION_S, headers: host ? { host } : {} },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
    autocannon.track(instance, { renderProgressBar: process.stdout.isTTY, renderResultsTable: false, renderLatencyTable: false });
    process.stdout.write(process.stdout.isTTY ? '' : `running ${title}...\n`);
  });
}

function row(title: string, r: autocannon.Result): string {
  const errors = r.errors + r.timeouts + (r.non2xx ?? 0);
  return `${title.padEnd(34)} ${String(Math.round(r.requests.average)).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${errors}`;
}

let server: ChildProcess | undefined;
const base = process.env.LOADTEST_URL ?? `http://127.0.0.1:${PORT}`;
try {
  if (!process.env.LOADTEST_URL) {
    server = spawn(process.execPath, ['--import=tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SANDBOX: 'on',
        PORT: String(PORT),
        HEALTH_PORT: '0',
        SANDBOX_PORT: String(SANDBOX_PORT),
        LOG_LEVEL: 'warn',
        // One address saturating the loop is a flood to the edge; this measures the pages.
        RATE_LIMITS: 'off',
        MAX_CONNECTIONS_PER_CLIENT: 'off',
        SATURATED_FAIR_SHARE: 'off',
        SATURATED_KEEP_ALIVE: 'keep',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(`${base}/healthz`);
  }
  console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, against ${base}\n`);
  const lines: string[] = [];
  for (const host of HOSTS) {
    const r = await run(host, `${base}/`, host);
    lines.push(row(`GET / on ${host}`, r));
    console.log(lines.at(-1));
  }
  if (!process.env.LOADTEST_URL) {
    const viaEdge = await run('proxy', `${base}/api/pubapi/ticker/merchant`, 'maple.localhost');
    console.log(row('GET /api/pubapi/ticker via edge', viaEdge));
    const direct = await run('sandbox', `http://127.0.0.1:${SANDBOX_PORT}/pubapi/ticker/merchant`);
    console.log(row('GET /pubapi/ticker on sandbox', direct));
    console.log(
      `proxy throughput ratio (edge / direct): ${(viaEdge.requests.average / direct.requests.average).toFixed(2)}, ` +
        `p50 latency added: ${viaEdge.latency.p50 - direct.latency.p50} ms`,
    );
  }
} finally {
  server?.kill('SIGTERM');
}
