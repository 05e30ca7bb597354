// The process as ops run it: refuses to start on a broken merchant file or without an
// upstream in production, prints one line per demo host, runs the embedded sandbox only
// when it may, drains on SIGTERM (in-flight requests finish, new ones get 503), and logs
// an uncaught exception at fatal level before it exits.

import { cp, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { freePort, getPage } from '../helpers/http.ts';
import { watchProcess } from '../helpers/process.ts';

// Six processes, each compiling the server as it starts: on a busy machine that alone can
// take a minute.
t.setTimeout(180_000);

function start(env: Record<string, string>, imports: string[] = []) {
  // An empty value unsets a variable the test runner may have.
  // No test here is about shedding: a start-up slowed by a busy machine must not shed.
  const quiet = { LOG_LEVEL: 'warn', NODE_ENV: 'test', SHED_EVENT_LOOP_DELAY_MS: '600000' };
  const merged = Object.entries({ ...process.env, ...quiet, ...env }).filter(([, v]) => v !== '');
  const args = ['--import=tsx', ...imports.map((module) => `--import=${module}`), 'server/main.ts'];
  return watchProcess(args, { env: Object.fromEntries(merged) });
}

t.test('a broken merchant file stops the server with the file and field named', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'merchants-'));
  await cp('merchants', dir, { recursive: true });
  const file = join(dir, 'maple', 'merchant.json');
  const config = JSON.parse(await (await import('node:fs/promises')).readFile(file, 'utf8'));
  config.inputForm = { max: 'lots' };
  await writeFile(file, JSON.stringify(config));
  const proc = start({ MERCHANTS_DIR: dir, PORT: '0' });
  t.not(await proc.exited, 0, 'exits non-zero');
  t.match(proc.err(), /maple\/merchant\.json: inputForm\.max/);
  t.notMatch(proc.err(), /\n\s+at /, 'a message, not a stack trace');
});

t.test('a bad environment value stops the server with the variable named', async (t) => {
  const proc = start({ TRUST_PROXY: 'true', PORT: '0' });
  t.not(await proc.exited, 0);
  t.match(proc.err(), /TRUST_PROXY/);
});

t.test('starts, lists every demo host, and drains on SIGTERM', async (t) => {
  const port = await freePort();
  const proc = start({ PORT: String(port) });
  t.teardown(() => proc.child.kill('SIGKILL'));
  await proc.printed(/test\.localhost/);
  for (const host of ['maple', 'roo', 'manila', 'checkout', 'test', 'dev']) {
    t.match(proc.out(), new RegExp(`http://${host}\\.localhost:${port}/`));
  }
  const home = await getPage(port, '/', 'maple.localhost');
  t.equal(home.status, 200);
  t.match(home.body, /Maple Coin/);
  proc.child.kill('SIGTERM');
  t.equal(await proc.exited, 0, 'exits cleanly');
});

t.test('an uncaught exception is logged at fatal level before the process exits', async (t) => {
  // A bug planted for the test: SIGUSR2 throws where nothing catches it.
  const bug = `data:text/javascript,process.on('SIGUSR2', () => { throw new Error('a planted bug'); });`;
  const proc = start({ PORT: String(await freePort()) }, [bug]);
  t.teardown(() => proc.child.kill('SIGKILL'));
  await proc.printed(/test\.localhost/);
  proc.child.kill('SIGUSR2');
  t.equal(await proc.exited, 1, 'the process ends as Node ends it');
  const fatal = proc
    .out()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { level: number; msg: string; err?: { message: string } })
    .filter((line) => line.level === 60);
  t.match(fatal, [{ msg: 'the process exits', err: { message: 'a planted bug' } }], 'its line, at fatal level');
  t.match(proc.err(), /a planted bug/, "and Node's own report on stderr");
});

t.test('production without UPSTREAM_URL refuses to start unless SANDBOX=on, in one line', async (t) => {
  const proc = start({ NODE_ENV: 'production', PORT: '0', SANDBOX: '' });
  t.equal(await proc.exited, 1);
  const lines = proc.err().trim().split('\n');
  t.equal(lines.length, 1, 'one line');
  t.match(lines[0], /UPSTREAM_URL.*SANDBOX=on/);
  t.equal(proc.out(), '', 'nothing listened, no sandbox started');
});

t.test('a real upstream always wins: no sandbox, and missing third parties only switch features off', async (t) => {
  const port = await freePort();
  // Only what an ops person must set (the order events' folder among it: a volume, or a
  // restart loses what waits); nothing listens at the upstream and nothing is asked of it.
  const proc = start({
    NODE_ENV: 'production',
    SANDBOX: 'on',
    UPSTREAM_URL: 'http://127.0.0.1:9',
    SESSION_SECRET: 's'.repeat(32),
    EVENTS_DIR: await mkdtemp(join(tmpdir(), 'events-')),
    PORT: String(port),
    HEALTH_PORT: '0',
    LOG_LEVEL: 'info',
  });
  t.teardown(() => proc.child.kill('SIGKILL'));
  await proc.printed(/test\.localhost/);
  t.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200);
  // manila shows no ticker: its home page makes no upstream call.
  const home = await getPage(port, '/', 'manila.localhost');
  t.equal(home.status, 200);
  t.match(home.body, /Manila Crypto/, "the merchant's home page, with no upstream call to wait for");
  proc.child.kill('SIGTERM');
  t.equal(await proc.exited, 0);
  const logs = proc
    .out()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { level: number; msg: string; component?: string });
  t.notOk(
    logs.some((l) => l.component === 'sandbox' || /sandbox/i.test(l.msg)),
    'no sandbox started',
  );
  const warnings = logs.filter((l) => l.level === 40);
  t.equal(warnings.length, 1, 'one warning');
  t.match(warnings[0]?.msg, /features are off: card payments .*USER_AGENT_LOG_URL/);
});

t.test('HEALTH_PORT: the probe worker answers beside the server, and SIGTERM takes readiness down at once', async (t) => {
  const port = await freePort();
  // A drain long enough to ask the probe port during it.
  const proc = start({ PORT: String(port), HEALTH_PORT: '0', DRAIN_DELAY_MS: '3000', LOG_LEVEL: 'info' });
  t.teardown(() => proc.child.kill('SIGKILL'));
  const [, healthPort] = await proc.printed(/probes +http:\/\/127\.0\.0\.1:(\d+)\//);
  const probe = async (path: string) => {
    const res = await fetch(`http://127.0.0.1:${healthPort}${path}`);
    return [res.status, await res.json()];
  };
  t.same(await probe('/readyz'), [200, { status: 'ready' }]);
  proc.child.kill('SIGTERM');
  // The drain is published as the signal is handled, before its log line: nothing waits for a heartbeat.
  await proc.printed(/shutting down: finishing in-flight requests/);
  t.same(await probe('/readyz'), [503, { status: 'draining' }], 'readiness down while draining');
  t.same(await probe('/healthz'), [200, { status: 'ok' }], 'liveness up: in-flight requests are finishing');
  const page = await getPage(port, '/', 'maple.localhost');
  t.equal(page.status, 503, 'the main port refuses new requests meanwhile');
  t.match(page.body, /Shutting down, please retry\./);
  t.equal(await proc.exited, 0, 'and the process exits, the worker with it');
});
