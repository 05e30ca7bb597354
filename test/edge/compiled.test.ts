// Production runs the compiled server with plain `node`: build dist/server/ (only that
// folder, so the other tests' dist/public stays put; its npm packages bundled in but for
// the few that must stay in node_modules), start it from another working
// directory with no TypeScript loader, and serve a merchant's page, its island and its
// assets, with the embedded sandbox on as `npm start` has it.

import { readdir, readFile } from 'node:fs/promises';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { request } from 'undici';
import { buildServer, SERVER_EXTERNAL } from '../../scripts/build.ts';
import { freePort, getPage } from '../helpers/http.ts';
import { watchProcess } from '../helpers/process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../dist/server/main.js', import.meta.url));

/**
 * The npm packages the compiled server asks Node for at run time (static imports, dynamic
 * imports and CommonJS requires), Node's built-ins aside: a package loaded from
 * node_modules costs the start a file per module.
 */
async function packagesLoaded(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.js'));
  const found = new Set<string>();
  for (const file of files) {
    const code = await readFile(path.join(dir, file), 'utf8');
    for (const m of code.matchAll(/^import [^;]*?from "([^"]+)";$|\bimport\("([^"]+)"\)|__require\("([^"]+)"\)/gm)) {
      const specifier = m[1] ?? m[2] ?? m[3]!;
      // node: names Node 20 does not have yet (node:sqlite) are built-ins too.
      if (!specifier.startsWith('.') && !specifier.startsWith('node:') && !isBuiltin(specifier)) found.add(specifier);
    }
  }
  return [...found].sort();
}

t.test('node dist/server/main.js serves a merchant with the embedded sandbox', async (t) => {
  await buildServer();
  const main = await readFile(MAIN, 'utf8');
  t.notMatch(main, /from ["']\.\.?\/[^"']+\.tsx?["']/, 'imports no TypeScript file');
  const loaded = await packagesLoaded(path.dirname(MAIN));
  t.ok(loaded.includes('pino'), 'the walk sees what is left out');
  t.same(
    loaded.filter((p) => !SERVER_EXTERNAL.includes(p)),
    [],
    'npm packages are bundled in but for the few left out',
  );

  const port = await freePort();
  const healthPort = await freePort();
  // Only what the process needs: no NODE_OPTIONS (a loader), no MERCHANTS_DIR from the runner.
  const { NODE_OPTIONS: _loader, MERCHANTS_DIR: _dir, ...env } = process.env;
  const proc = watchProcess([MAIN], {
    cwd: tmpdir(), // paths come from the bundle's own place, not the working directory
    env: {
      ...env,
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PORT: String(port),
      HEALTH_PORT: String(healthPort),
      SANDBOX_PORT: '0',
      LOG_LEVEL: 'warn',
      // Not a test of shedding: a start-up slowed by a busy machine must not shed.
      SHED_EVENT_LOOP_DELAY_MS: '600000',
    },
  });
  t.teardown(() => void (proc.child.exitCode === null && proc.child.kill('SIGKILL')));
  // Printed once both ports listen.
  await proc.printed(/probes +http:/);
  t.equal((await fetch(`http://127.0.0.1:${port}/readyz`)).status, 200, 'ready');

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

  // A flow through the bundle: the home form sets the flow cookie and leads to the quote.
  const posted = await request(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers: { host: 'maple.localhost', origin: 'http://maple.localhost', 'content-type': 'application/x-www-form-urlencoded' },
    body: 'txnType=BUY&fiatAmount=100&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER',
  });
  await posted.body.dump();
  t.equal(posted.statusCode, 303, 'the home form is taken');
  t.equal(posted.headers.location, '/price-quote');
  const flow = String([posted.headers['set-cookie']].flat()[0] ?? '').split(';')[0]!;
  t.match(flow, /^flow=./, 'the flow cookie is set');
  const quote = await request(`http://127.0.0.1:${port}/price-quote`, { headers: { host: 'maple.localhost', cookie: flow } });
  t.equal(quote.statusCode, 200, 'the quote page of that flow');
  t.match(await quote.body.text(), '0.00105263', "the quote's figures");

  proc.child.kill('SIGTERM');
  t.equal(await proc.exited, 0, 'stops cleanly');
  t.notMatch(proc.err(), /Error/);
});
