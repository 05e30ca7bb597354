// Production runs the compiled server with plain `node`: build dist/server/ (only that
// folder, so the other tests' dist/public stays put), start it from another working
// directory with no TypeScript loader, and serve a merchant's page, its island and its
// assets, with the embedded sandbox on as `npm start` has it.
import t from 'tap';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../../scripts/build.ts';
import { freePort, getPage } from '../helpers/http.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

t.test('node dist/server/main.js serves a merchant with the embedded sandbox', async (t) => {
  await buildServer();
  const main = await readFile(MAIN, 'utf8');
  t.notMatch(main, /from ["']\.\.?\/[^"']+\.tsx?["']/, 'imports no TypeScript file');

  const port = await freePort();
  const healthPort = await freePort();
  // Only what the process needs: no NODE_OPTIONS (a loader), no MERCHANTS_DIR from the runner.
  const { NODE_OPTIONS: _loader, MERCHANTS_DIR: _dir, ...env } = process.env;
  const child = spawn(process.execPath, [MAIN], {
    cwd: tmpdir(), // paths come from the bundle's own place, not the working directory
    env: { ...env, NODE_ENV: 'production', SANDBOX: 'on', PORT: String(port), HEALTH_PORT: String(healthPort), SANDBOX_PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  t.teardown(() => void (child.exitCode === null && child.kill('SIGKILL')));

  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}: ${stderr}`);
    const ready = await fetch(`${base}/readyz`).then((r) => r.status === 200, () => false);
    if (ready) break;
    if (Date.now() > until) throw new Error(`not ready after 30 s: ${stderr}`);
    await new Promise((r) => setTimeout(r, 50));
  }

  const probe = await fetch(`http://127.0.0.1:${healthPort}/readyz`);
  t.same([probe.status, await probe.json()], [200, { status: 'ready' }], 'the compiled probe worker answers on HEALTH_PORT');
  const home = await getPage(port, '/', 'maple.localhost');
  t.equal(home.status, 200);
  t.match(home.body, /Maple Coin/, "the merchant's page");
  t.match(home.body, /data-island="AmountForm"/, 'an island rendered on the server from the bundle');
  const boot = /src="(\/assets\/js\/boot-[^"]+\.js)"/.exec(home.body)?.[1];
  t.ok(boot, 'the boot script of the build');
  t.equal((await getPage(port, boot!, 'maple.localhost')).status, 200, 'served from dist/public');
  const style = /href="(\/assets\/m\/maple\/style\.[0-9a-f]{12}\.css)"/.exec(home.body)?.[1];
  t.equal((await getPage(port, style!, 'maple.localhost')).status, 200, "the merchant's own files");
  const { version } = JSON.parse(await readFile(`${ROOT}package.json`, 'utf8')) as { version: string };
  t.match((await getPage(port, '/', 'test.localhost')).body, `v${version}`, 'the version from package.json');

  child.kill('SIGTERM');
  t.equal(await exited, 0, 'stops cleanly');
  t.notMatch(stderr, /Error/);
});
