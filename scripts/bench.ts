// npm run bench: a benchmark, not a test. In one run it starts a ceiling server (plain
// node:http answering a prebuilt buffer of the home page's own bytes), the sandbox upstream in
// a process of its own and the compiled edge pointed at it (UPSTREAM_URL), so the edge's CPU
// is the edge's alone, then loads, interleaved in rounds so a busy moment of this
// shared machine weighs on every target alike: the home page (plain and br), a legal
// page, the price quote with a real flow cookie (beside React rendering the same page with
// no upstream call, plainly and as a naive Fastify stream, scripts/bench-plain-react.tsx,
// and beside a control that makes the quote's upstream call and answers its bytes, with no
// render and no check, scripts/bench-plain-proxy.ts), and the /api proxy against the
// sandbox answering the same call directly. For each it prints requests per second, the ratio to
// the ceiling (or, for the proxy, to the sandbox) in the same round, CPU ms per request,
// p50/p99 latency, the upstream's own CPU ms per request where a row calls it, and the
// edge's RSS at the end, then whether each bar (docs/performance.md) is met; it writes
// bench-report/results.json and bench-report/index.html (a table and an SVG chart).
// BENCH_BASELINE=path/to/results.json shows an earlier run's figures beside these;
// BENCH_ONLY=name,name runs only those rows.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import autocannon from 'autocannon';
import { request } from 'undici';
import { flowCookieSchema } from '../checkout/flow-cookie.ts';
import { API_OF_TXN_TYPE } from '../checkout/wire.ts';
import { freePort } from '../test/helpers/http.ts';
import { containerNodeOptions } from './container.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const HOST = 'maple.localhost';
const OUT = 'bench-report';
/** Clock ticks per second of /proc/<pid>/stat on Linux. */
const TICKS_PER_S = 100;

interface Target {
  name: string;
  /** Whose CPU the run costs: the edge, the sandbox, the ceiling or the plain React server. */
  pid: () => number;
  /** The upstream the row calls through the edge, whose CPU is reported beside. */
  upstreamPid?: () => number;
  url: () => string;
  headers: Record<string, string>;
  /** Compared with this target of the same round. */
  against: string;
  /** The bars for this row (docs/performance.md): its rate at least `atLeast` times that target's, in the same round. */
  bars?: Bar[];
}

interface Bar {
  against: string;
  atLeast: number;
}

/** The bar on the edge's RSS after the run, with the demo merchants (docs/performance.md). */
const RSS_BAR_MIB = 150;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  cpuMsPerRequest: number;
  upstreamCpuMsPerRequest?: number;
  errors: number;
}

function cpuTicks(pid: number): number {
  // Fields 14 and 15 (utime, stime) after the parenthesised command name.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Math.round(Number(kb) / 1024);
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

async function load(target: Target): Promise<Measured> {
  const pid = target.pid();
  const upstreamPid = target.upstreamPid?.();
  const before = cpuTicks(pid);
  const upstreamBefore = upstreamPid === undefined ? 0 : cpuTicks(upstreamPid);
  const result = await autocannon({ url: target.url(), connections: CONNECTIONS, duration: DURATION_S, headers: target.headers });
  const msPerRequest = (ticks: number) => (ticks * (1000 / TICKS_PER_S)) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: msPerRequest(cpuTicks(pid) - before),
    ...(upstreamPid === undefined ? {} : { upstreamCpuMsPerRequest: msPerRequest(cpuTicks(upstreamPid) - upstreamBefore) }),
    errors: result.errors + result.timeouts + (result.non2xx ?? 0),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Judged extends Bar {
  ratio: number;
  met: boolean;
}

/** A row against one of its bars: the median of its rate over the bar target's, round by round. */
function judge(row: Measured[], against: Measured[], bar: Bar): Judged {
  const ratio = Number(median(row.map((m, round) => m.rps / against[round]!.rps)).toFixed(3));
  return { ...bar, ratio, met: ratio >= bar.atLeast };
}

const barLine = (target: string, bar: Judged) =>
  `${target}: at least ${bar.atLeast.toFixed(2)}x ${bar.against}: ${bar.ratio.toFixed(2)}x, ${bar.met ? 'met' : 'NOT met'}`;

if (!existsSync('dist/server/main.js')) throw new Error('No compiled server: run "npm run build" first.');
const edgePort = await freePort();
const sandboxPort = await freePort();
const ceilingPort = await freePort();
const plainReactPort = await freePort();
const naiveReactPort = await freePort();
const plainProxyPort = await freePort();
const edgeUrl = `http://127.0.0.1:${edgePort}`;
let edge: ChildProcess | undefined;
let sandbox: ChildProcess | undefined;
let ceiling: ChildProcess | undefined;
let plainReact: ChildProcess | undefined;
let naiveReact: ChildProcess | undefined;
let plainProxy: ChildProcess | undefined;

/** The ceiling: node:http answering a prebuilt buffer, brotli-compressed when asked. */
const CEILING = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const page = readFileSync(process.env.PAGE);
const pageBr = readFileSync(process.env.PAGE + '.br');
createServer((request, response) => {
  const br = /\\bbr\\b/.test(String(request.headers['accept-encoding'] ?? ''));
  const body = br ? pageBr : page;
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length, ...(br ? { 'content-encoding': 'br' } : {}) });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

try {
  // The upstream in a process of its own (npm run sandbox), logging as it does by default
  // (to nowhere): what the edge's calls cost it is not the edge's CPU.
  sandbox = spawn(process.execPath, ['--import=tsx', 'server/sandbox/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', SANDBOX_PORT: String(sandboxPort), SANDBOX_QUOTE_TTL_S: '86400' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${sandboxPort}/pubapi/ticker/merchant`);

  // The edge as the container runs it (its NODE_OPTIONS included) against that upstream,
  // logging at the default level (to nowhere).
  // BENCH_CPU_PROF=dir: the edge writes a V8 CPU profile of the whole run there when it exits.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  edge = spawn(process.execPath, [...profile, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_OPTIONS: containerNodeOptions(),
      NODE_ENV: 'production',
      PORT: String(edgePort),
      // The probe worker runs as in the container, on a free port.
      HEALTH_PORT: '0',
      UPSTREAM_URL: `http://127.0.0.1:${sandboxPort}`,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      LOG_LEVEL: 'info',
      // One address asking thousands of times a second, the loop saturated, is a flood: the
      // rate limits refuse it, the connection guard bounds its connections, and while the
      // loop is saturated its share bounds what it is given and each answer closes its
      // connection. The bench measures a request's path, so it turns those off.
      RATE_LIMITS: 'off',
      MAX_CONNECTIONS_PER_CLIENT: 'off',
      SATURATED_FAIR_SHARE: 'off',
      SATURATED_KEEP_ALIVE: 'keep',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`${edgeUrl}/readyz`);

  // The ceiling answers the home page's own bytes, plain and brotli-compressed.
  // undici's request, not fetch: fetch does not send a Host header of our choosing.
  const page = Buffer.from(await (await request(`${edgeUrl}/`, { headers: { host: HOST } })).body.arrayBuffer());
  const pageBr = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  // In a process of its own, so its CPU is not autocannon's.
  mkdirSync(OUT, { recursive: true });
  writeFileSync(`${OUT}/page.html`, page);
  writeFileSync(`${OUT}/page.html.br`, pageBr);
  ceiling = spawn(process.execPath, ['--input-type=module', '-e', CEILING], {
    env: { ...process.env, PAGE: `${OUT}/page.html`, PORT: String(ceilingPort) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${ceilingPort}/`);

  // A real flow for the price quote: the home form, as a browser posts it.
  const quote = await request(`${edgeUrl}/`, {
    method: 'POST',
    headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'txnType=BUY&fiatAmount=100&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER',
  });
  await quote.body.dump();
  const cookie = String([quote.headers['set-cookie']].flat()[0] ?? '').split(';')[0]!;
  if (!cookie.startsWith('flow=')) throw new Error(`no flow cookie from the quote (${quote.statusCode})`);

  // React rendering the same quote for every request, plainly and as a naive Fastify
  // stream, each in a process of its own.
  const flow = Buffer.from(cookie.slice('flow='.length).split('.')[0]!, 'base64url').toString('utf8');
  const reactServer = (mode: string, port: number) =>
    spawn(process.execPath, ['--import=tsx', 'scripts/bench-plain-react.tsx'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        MODE: mode,
        FLOW: flow,
        UPSTREAM: `http://127.0.0.1:${sandboxPort}`,
        MERCHANT: HOST,
        PORT: String(port),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  plainReact = reactServer('plain', plainReactPort);
  naiveReact = reactServer('naive-stream', naiveReactPort);
  await waitFor(`http://127.0.0.1:${plainReactPort}/`);
  await waitFor(`http://127.0.0.1:${naiveReactPort}/`);

  // The quote page's own bytes, for the control to answer.
  const quotePage = await request(`${edgeUrl}/price-quote`, { headers: { host: HOST, cookie } });
  if (quotePage.statusCode !== 200) throw new Error(`the price quote answered ${quotePage.statusCode}`);
  writeFileSync(`${OUT}/quote.html`, Buffer.from(await quotePage.body.arrayBuffer()));
  const { refId, txnType, merchant } = flowCookieSchema.parse(JSON.parse(flow));

  // The controls: node:http and an undici Pool forwarding the ticker, or making the quote's
  // upstream call and answering its bytes, with no checks (scripts/bench-plain-proxy.ts):
  // the most any proxy of the sandbox, or any edge showing that quote, reaches here.
  plainProxy = spawn(process.execPath, ['--import=tsx', 'scripts/bench-plain-proxy.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      UPSTREAM: `http://127.0.0.1:${sandboxPort}`,
      PORT: String(plainProxyPort),
      QUOTE_PAGE: `${OUT}/quote.html`,
      QUOTE_PATH: `/${API_OF_TXN_TYPE[txnType]}/flowstate/${refId}`,
      MERCHANT_ID: merchant,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${plainProxyPort}/api/pubapi/ticker/merchant`);

  const edgePid = () => edge!.pid!;
  const sandboxPid = () => sandbox!.pid!;
  const br = { 'accept-encoding': 'br' };
  const allTargets: Target[] = [
    { name: 'ceiling', pid: () => ceiling!.pid!, url: () => `http://127.0.0.1:${ceilingPort}/`, headers: {}, against: 'ceiling' },
    {
      name: 'ceiling br',
      pid: () => ceiling!.pid!,
      url: () => `http://127.0.0.1:${ceilingPort}/`,
      headers: br,
      against: 'ceiling br',
    },
    {
      name: 'home',
      pid: edgePid,
      url: () => `${edgeUrl}/`,
      headers: { host: HOST },
      against: 'ceiling',
      bars: [{ against: 'ceiling', atLeast: 0.5 }],
    },
    {
      name: 'home br',
      pid: edgePid,
      url: () => `${edgeUrl}/`,
      headers: { host: HOST, ...br },
      against: 'ceiling br',
      bars: [{ against: 'ceiling br', atLeast: 0.5 }],
    },
    {
      name: 'legal page',
      pid: edgePid,
      url: () => `${edgeUrl}/terms-of-service`,
      headers: { host: HOST },
      against: 'ceiling',
      bars: [{ against: 'ceiling', atLeast: 0.5 }],
    },
    {
      name: 'price quote',
      pid: edgePid,
      upstreamPid: sandboxPid,
      url: () => `${edgeUrl}/price-quote`,
      headers: { host: HOST, cookie },
      against: 'ceiling',
      bars: [
        { against: 'ceiling', atLeast: 0.1 },
        { against: 'plain React quote', atLeast: 1 },
      ],
    },
    {
      name: 'plain React quote',
      pid: () => plainReact!.pid!,
      url: () => `http://127.0.0.1:${plainReactPort}/`,
      headers: {},
      against: 'ceiling',
    },
    {
      name: 'naive React quote',
      pid: () => naiveReact!.pid!,
      url: () => `http://127.0.0.1:${naiveReactPort}/`,
      headers: {},
      against: 'ceiling',
    },
    {
      name: 'control quote',
      pid: () => plainProxy!.pid!,
      upstreamPid: sandboxPid,
      url: () => `http://127.0.0.1:${plainProxyPort}/price-quote`,
      headers: {},
      against: 'ceiling',
    },
    {
      name: 'sandbox ticker',
      pid: sandboxPid,
      url: () => `http://127.0.0.1:${sandboxPort}/pubapi/ticker/merchant`,
      headers: {},
      against: 'sandbox ticker',
    },
    {
      name: '/api ticker',
      pid: edgePid,
      upstreamPid: sandboxPid,
      url: () => `${edgeUrl}/api/pubapi/ticker/merchant`,
      headers: { host: HOST },
      against: 'sandbox ticker',
      bars: [{ against: 'sandbox ticker', atLeast: 0.7 }],
    },
    {
      name: 'control proxy',
      pid: () => plainProxy!.pid!,
      upstreamPid: sandboxPid,
      url: () => `http://127.0.0.1:${plainProxyPort}/api/pubapi/ticker/merchant`,
      headers: {},
      against: 'sandbox ticker',
    },
  ];
  // BENCH_ONLY="price quote,/api ticker": those rows and what they are compared with or judged against.
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
  const unknown = only?.filter((name) => !allTargets.some((t) => t.name === name)) ?? [];
  if (unknown.length)
    throw new Error(
      `BENCH_ONLY names no row called ${unknown.join(', ')}; the rows: ${allTargets.map((t) => t.name).join(', ')}`,
    );
  const wanted = only
    ? new Set(
        allTargets
          .filter((t) => only.includes(t.name))
          .flatMap((t) => [t.name, t.against, ...(t.bars ?? []).map((b) => b.against)]),
      )
    : undefined;
  const targets = wanted ? allTargets.filter((t) => wanted.has(t.name)) : allTargets;

  console.log(`${ROUNDS} rounds, ${DURATION_S} s per target, ${CONNECTIONS} connections; home page ${page.length} bytes\n`);
  const runs = new Map<string, Measured[]>(targets.map((t) => [t.name, []]));
  const ratios = new Map<string, number[]>(targets.map((t) => [t.name, []]));
  for (let round = 1; round <= ROUNDS; round++) {
    const thisRound = new Map<string, Measured>();
    for (const target of targets) {
      const measured = await load(target);
      thisRound.set(target.name, measured);
      runs.get(target.name)!.push(measured);
      process.stdout.write(`round ${round}: ${target.name.padEnd(18)} ${Math.round(measured.rps)} req/s\n`);
    }
    for (const target of targets)
      ratios.get(target.name)!.push(thisRound.get(target.name)!.rps / thisRound.get(target.against)!.rps);
  }

  const results = targets.map((t) => {
    const r = runs.get(t.name)!;
    const upstream = r.flatMap((x) => (x.upstreamCpuMsPerRequest === undefined ? [] : [x.upstreamCpuMsPerRequest]));
    return {
      target: t.name,
      against: t.against,
      rps: Math.round(median(r.map((x) => x.rps))),
      ratio: Number(median(ratios.get(t.name)!).toFixed(3)),
      cpuMsPerRequest: Number(median(r.map((x) => x.cpuMsPerRequest)).toFixed(3)),
      ...(upstream.length ? { upstreamCpuMsPerRequest: Number(median(upstream).toFixed(3)) } : {}),
      p50: median(r.map((x) => x.p50)),
      p99: median(r.map((x) => x.p99)),
      errors: r.reduce((sum, x) => sum + x.errors, 0),
      ...(t.bars ? { bars: t.bars.map((bar) => judge(r, runs.get(bar.against)!, bar)) } : {}),
    };
  });
  const rss = rssMiB(edgePid());
  const baseline = process.env.BENCH_BASELINE
    ? (JSON.parse(readFileSync(process.env.BENCH_BASELINE, 'utf8')) as { results: typeof results; rssMiB: number })
    : undefined;
  const before = (name: string) => baseline?.results.find((r) => r.target === name);

  const header = `${'target'.padEnd(19)}${'req/s'.padStart(8)}${'ratio'.padStart(8)}${'vs'.padStart(16)}${'CPU ms/req'.padStart(12)}${'upstream'.padStart(10)}${'p50'.padStart(6)}${'p99'.padStart(6)}${'errors'.padStart(8)}${baseline ? '   before: ratio, CPU ms/req' : ''}`;
  console.log(`\n${header}`);
  for (const r of results) {
    const was = before(r.target);
    console.log(
      `${r.target.padEnd(19)}${String(r.rps).padStart(8)}${r.ratio.toFixed(2).padStart(8)}${r.against.padStart(16)}` +
        `${r.cpuMsPerRequest.toFixed(3).padStart(12)}${(r.upstreamCpuMsPerRequest?.toFixed(3) ?? '-').padStart(10)}${String(r.p50).padStart(6)}${String(r.p99).padStart(6)}${String(r.errors).padStart(8)}` +
        (was ? `   ${was.ratio.toFixed(2)}, ${was.cpuMsPerRequest.toFixed(3)}` : ''),
    );
  }
  console.log(`\nedge RSS after the benchmark: ${rss} MiB${baseline ? ` (before: ${baseline.rssMiB} MiB)` : ''}`);
  const barLines = results.flatMap((r) => (r.bars ?? []).map((bar) => barLine(r.target, bar)));
  // The RSS bar is on the edge after the whole benchmark, so a partial run does not judge it.
  if (!only) barLines.push(`edge RSS at most ${RSS_BAR_MIB} MiB: ${rss} MiB, ${rss <= RSS_BAR_MIB ? 'met' : 'NOT met'}`);
  if (barLines.length)
    console.log(`\nthe bars (median of the rounds' ratios):\n${barLines.map((line) => `  ${line}`).join('\n')}`);

  mkdirSync(OUT, { recursive: true });
  const report = {
    date: new Date().toISOString(),
    rounds: ROUNDS,
    durationS: DURATION_S,
    connections: CONNECTIONS,
    rssMiB: rss,
    results,
  };
  writeFileSync(`${OUT}/results.json`, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(`${OUT}/index.html`, reportPage(report, baseline));
  console.log(`report: ${OUT}/index.html`);
} finally {
  edge?.kill('SIGTERM');
  sandbox?.kill('SIGTERM');
  ceiling?.kill('SIGTERM');
  plainReact?.kill('SIGTERM');
  naiveReact?.kill('SIGTERM');
  plainProxy?.kill('SIGTERM');
}

/** The results as a page a person can open: a bar per target (its ratio), the table below. */
function reportPage(
  report: {
    date: string;
    rssMiB: number;
    results: {
      target: string;
      against: string;
      ratio: number;
      rps: number;
      cpuMsPerRequest: number;
      upstreamCpuMsPerRequest?: number;
      p50: number;
      p99: number;
      bars?: Judged[];
    }[];
  },
  baseline?: { results: { target: string; ratio: number }[] },
): string {
  const rows = report.results.filter((r) => r.target !== r.against);
  const width = 640;
  const bar = 22;
  const scale = (ratio: number) => Math.max(1, Math.round(Math.min(ratio, 1.2) * (width - 200)));
  const bars = rows
    .map((r, i) => {
      const y = 10 + i * (bar * 2 + 8);
      const was = baseline?.results.find((b) => b.target === r.target);
      return (
        `<text x="0" y="${y + 15}" font-size="13">${r.target} (vs ${r.against})</text>` +
        `<rect x="180" y="${y}" width="${scale(r.ratio)}" height="${bar}" fill="#2b6cb0"/><text x="${185 + scale(r.ratio)}" y="${y + 15}" font-size="12">${r.ratio.toFixed(2)}</text>` +
        (was
          ? `<rect x="180" y="${y + bar}" width="${scale(was.ratio)}" height="${bar - 8}" fill="#a0aec0"/><text x="${185 + scale(was.ratio)}" y="${y + bar + 11}" font-size="11">before ${was.ratio.toFixed(2)}</text>`
          : '')
      );
    })
    .join('');
  const table = report.results
    .map(
      (r) =>
        `<tr><td>${r.target}</td><td>${r.rps}</td><td>${r.ratio.toFixed(2)} × ${r.against}</td><td>${r.cpuMsPerRequest.toFixed(3)}</td><td>${r.upstreamCpuMsPerRequest?.toFixed(3) ?? '-'}</td><td>${r.p50}</td><td>${r.p99}</td><td>${(r.bars ?? []).map((bar) => barLine('', bar).slice(2)).join('<br>')}</td></tr>`,
    )
    .join('');
  const height = 20 + rows.length * (bar * 2 + 8);
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Edge benchmark ${report.date}</title></head><body style="font-family:system-ui,sans-serif;margin:2rem">
<h1>Edge benchmark</h1><p>${report.date}. Ratio of requests per second to the comparison target in the same round (median of rounds); the edge's RSS after the run: ${report.rssMiB} MiB (bar: at most ${RSS_BAR_MIB}).</p>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" role="img" aria-label="Ratios to the ceiling">${bars}</svg>
<table border="1" cellpadding="6" style="border-collapse:collapse;margin-top:1rem"><tr><th>target</th><th>req/s</th><th>ratio</th><th>CPU ms/request</th><th>the upstream's CPU ms/request</th><th>p50 ms</th><th>p99 ms</th><th>bars</th></tr>${table}</table>
</body></html>
`;
}
