// A production merchant's spoiled folder, published to a running edge by SIGHUP, is
// refused: the version that was serving goes on serving, an error line names what is
// wrong, and the reload is counted as refused (the alert's metric stays 1) until a good
// folder reloads.
import { get } from 'node:http';
import t from 'tap';
import { freePort } from '../helpers/http.ts';
import { watchProcess } from '../helpers/process.ts';
import { mapleAlone, SPOILS, unspoil } from '../helpers/spoiled-merchants.ts';
import { repoRoot } from '../tenancy/fixtures.ts';

// A spawned process and a reload per spoil: more than the default minute on a busy machine.
t.setTimeout(180_000);

const METRICS_TOKEN = 'metrics-token-0123456789';
const MAPLE = 'maple.localhost';

function scrape(port: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const headers = { host: MAPLE, authorization: `Bearer ${METRICS_TOKEN}` };
    get({ host: '127.0.0.1', port, path: '/metrics', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve(body.split('\n').filter((line) => line.startsWith('edge_merchant_reload'))));
    }).on('error', reject);
  });
}

/** The home page in a language (by its cookie). */
function home(port: number, language = 'en'): Promise<string> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: '/', headers: { host: MAPLE, cookie: `lang=${language}` } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

/** What a visitor sees of maple's version: its style sheet, its title, its footer and its French notice. */
async function version(port: number): Promise<string[]> {
  const page = await home(port);
  const french = await home(port, 'fr-CA');
  return [
    /href="(\/assets\/m\/maple\/style\.[0-9a-f]+\.css)"/.exec(page)?.[1] ?? 'no style sheet',
    /<title>([^<]*)<\/title>/.exec(page)?.[1] ?? 'no title',
    page.includes('href="https://maple.example/blog"') ? 'the footer as shipped' : 'another footer',
    french.includes('traitées le lendemain matin') ? 'the French notice' : 'no French notice',
  ];
}

t.test('spoiled folders published by SIGHUP keep the old version serving, with the log line and the metric', async (t) => {
  const { dir, maple, remove } = await mapleAlone();
  const port = await freePort();
  const proc = watchProcess(['--import=tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HEALTH_PORT: '0',
      MERCHANTS_DIR: dir,
      MERCHANTS_WATCH: 'off',
      METRICS_TOKEN,
    },
  });
  t.teardown(async () => {
    proc.child.kill('SIGTERM');
    await proc.exited;
    await remove();
  });
  t.ok(await proc.printed(/maple\.localhost/), 'started');
  const serving = await version(port);
  t.same(serving.slice(1), ['Buy and sell crypto | Maple Coin', 'the footer as shipped', 'the French notice']);

  let refusals = 0;
  for (const spoiled of SPOILS) {
    await spoiled.spoil(maple);
    proc.child.kill('SIGHUP');
    refusals++;
    await proc.printed(new RegExp(`(?:[\\s\\S]*?merchant reload refused){${refusals}}`));
    const line = proc
      .out()
      .split('\n')
      .filter((l) => l.includes('merchant reload refused'))
      .at(-1)!;
    const logged = JSON.parse(line) as { level: number; problems: string[] };
    t.equal(logged.level, 50, `${spoiled.name}: logged as an error`);
    t.ok(
      logged.problems.some((p) => spoiled.atLoad.test(p)),
      `${spoiled.name}: the line names it: ${logged.problems.join(' | ')}`,
    );
    t.same(await version(port), serving, `${spoiled.name}: the old version serves`);
    t.same(
      await scrape(port),
      [`edge_merchant_reloads_total{outcome="refused"} ${refusals}`, 'edge_merchant_reload_refused 1'],
      `${spoiled.name}: counted as refused`,
    );
    await unspoil(maple);
  }

  proc.child.kill('SIGHUP');
  await proc.printed(/merchants reloaded/);
  t.same(
    await scrape(port),
    [
      `edge_merchant_reloads_total{outcome="refused"} ${refusals}`,
      'edge_merchant_reloads_total{outcome="reloaded"} 1',
      'edge_merchant_reload_refused 0',
    ],
    'a good folder reloads and clears the flag',
  );
  t.equal(proc.child.exitCode, null, 'still running');
});
