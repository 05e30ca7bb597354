// Merchant configuration reloads without a restart: the new set is checked whole and
// swapped in at once, a bad set leaves the old one serving, pages rendered once per
// merchant follow the swap, and requests in flight during reloads all succeed.

import { cp, mkdir, mkdtemp, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { Agent, request } from 'undici';
import type { ReloadOutcome } from '../../server/tenancy/plugin.ts';
import { freePort, getPage } from '../helpers/http.ts';
import { watchProcess } from '../helpers/process.ts';
import { type Stack, startStack } from '../helpers/stack.ts';
import { repoRoot, shippedDir } from '../tenancy/fixtures.ts';

// A load test and a spawned process: more than the default minute on a busy machine.
t.setTimeout(180_000);

async function merchantsCopy(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'merchants-'));
  await cp(shippedDir, dir, { recursive: true });
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

async function edit(dir: string, file: string, change: (text: string) => string): Promise<void> {
  const at = path.join(dir, file);
  await writeFile(at, change(await readFile(at, 'utf8')));
}

const setPsa = (psa: string) => (json: string) => JSON.stringify({ ...JSON.parse(json), psa }, null, 2);

async function home(stack: Stack, host = 'maple.localhost') {
  return stack.app.inject({ method: 'GET', url: '/', headers: { host } });
}

async function reload(_t: Test, stack: Stack): Promise<Extract<ReloadOutcome, { ok: true }>> {
  const outcome = await stack.app.reloadMerchants();
  if (!outcome.ok) throw new Error(outcome.problems.join('\n'));
  return outcome;
}

t.test("a changed merchant's pages change: its home page (rendered once for everyone) and its style sheet", async (t) => {
  const dir = await merchantsCopy(t);
  const stack = await startStack({ listen: false, env: { MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off' } });
  t.teardown(() => stack.close());
  const before = await home(stack);
  t.equal(before.statusCode, 200);
  const oldStyle = /href="(\/assets\/m\/maple\/style\.[0-9a-f]+\.css)"/.exec(before.body)?.[1];
  t.ok(oldStyle, 'the page links its style sheet');

  await edit(dir, 'maple/merchant.json', setPsa('Reloaded: orders ship from the new warehouse.'));
  await edit(dir, 'maple/style.css', (css) => css.replace('--brand: #c8102e', '--brand: #a00d25'));
  const outcome = await reload(t, stack);
  t.match(outcome, { merchants: 6, added: [], removed: [] });

  const after = await home(stack);
  t.match(after.body, 'Reloaded: orders ship from the new warehouse.', 'the new notice shows');
  t.notMatch(after.body, 'processed the next morning', 'the old one is gone');
  const newStyle = /href="(\/assets\/m\/maple\/style\.[0-9a-f]+\.css)"/.exec(after.body)?.[1];
  t.not(newStyle, oldStyle, 'a new style sheet is a new URL');
  const css = await stack.app.inject({ method: 'GET', url: newStyle!, headers: { host: 'maple.localhost' } });
  t.match(css.body, '--brand: #a00d25');
  const stale = await stack.app.inject({ method: 'GET', url: oldStyle!, headers: { host: 'maple.localhost' } });
  t.equal(stale.statusCode, 200, 'a page rendered just before the reload still gets its style sheet');

  const roo = await home(stack, 'roo.localhost');
  t.equal(roo.statusCode, 200, 'the other merchants serve on');
});

const METRICS_TOKEN = 'metrics-token-0123456789';

/** The reload metrics of a scrape. */
async function reloadMetrics(stack: Stack): Promise<string[]> {
  const scrape = await stack.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return scrape.body.split('\n').filter((line) => line.startsWith('edge_merchant_reload'));
}

t.test('a bad file keeps the old set serving and says what is wrong, in the log and the metrics', async (t) => {
  const dir = await merchantsCopy(t);
  const stack = await startStack({ listen: false, env: { MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off', METRICS_TOKEN } });
  t.teardown(() => stack.close());
  await edit(dir, 'maple/merchant.json', setPsa('Never shown: this set is refused.'));
  await edit(dir, 'roo/merchant.json', (json) => JSON.stringify({ ...JSON.parse(json), env: 'LIVE' }));
  await writeFile(path.join(dir, 'test', 'merchant.json'), '{ "hosts": [');

  const outcome = await stack.app.reloadMerchants();
  t.equal(outcome.ok, false);
  const problems = outcome.ok ? [] : outcome.problems;
  t.match(problems.join('\n'), /roo\/merchant\.json: env: /, 'the bad field, with its file');
  t.match(problems.join('\n'), /test\/merchant\.json: invalid JSON at line 1/, 'every problem, not the first');
  const logged = stack.logs.find((l) => l.msg === 'merchant reload refused: the current merchants keep serving');
  t.ok(logged, 'logged as an error');
  t.equal(logged?.level, 50);

  const page = await home(stack);
  t.notMatch(page.body, 'Never shown', 'nothing of the refused set is served, not even its good files');
  t.match(page.body, 'processed the next morning');
  t.equal((await home(stack, 'test.localhost')).statusCode, 200);

  t.same(
    await reloadMetrics(stack),
    ['edge_merchant_reloads_total{outcome="refused"} 1', 'edge_merchant_reload_refused 1'],
    'a refused reload is counted, and flagged until one goes through',
  );
  await edit(dir, 'roo/merchant.json', (json) => JSON.stringify({ ...JSON.parse(json), env: 'TEST' }));
  await rm(path.join(dir, 'test', 'merchant.json'));
  await cp(path.join(shippedDir, 'test', 'merchant.json'), path.join(dir, 'test', 'merchant.json'));
  await reload(t, stack);
  t.same(await reloadMetrics(stack), [
    'edge_merchant_reloads_total{outcome="refused"} 1',
    'edge_merchant_reloads_total{outcome="reloaded"} 1',
    'edge_merchant_reload_refused 0',
  ]);
});

t.test('merchants added and removed: their hosts come and go', async (t) => {
  const dir = await merchantsCopy(t);
  const stack = await startStack({ listen: false, env: { MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off' } });
  t.teardown(() => stack.close());
  await cp(path.join(dir, 'maple'), path.join(dir, 'birch'), { recursive: true });
  await edit(dir, 'birch/merchant.json', (json) =>
    JSON.stringify({ ...JSON.parse(json), merchant: 'birch', hosts: ['birch.localhost'], title: 'Birch Coin' }),
  );
  await rm(path.join(dir, 'manila'), { recursive: true });
  await edit(dir, 'tenancy.json', (json) => JSON.stringify({ ...JSON.parse(json), regionalUrlSuffix: ['Roo Crypto'] }));
  t.match(await reload(t, stack), { merchants: 6, added: ['birch'], removed: ['manila'] });

  const birch = await home(stack, 'birch.localhost');
  t.match(birch.body, '| Birch Coin</title>');
  const manila = stack.app.merchants.resolve('manila.localhost');
  t.equal(manila.kind, 'unknown', 'a removed merchant is an unknown host');
});

t.test('a change on disk reloads by itself, once the writes settle', async (t) => {
  const dir = await merchantsCopy(t);
  const stack = await startStack({ env: { MERCHANTS_DIR: dir } });
  t.teardown(() => stack.close());
  await edit(dir, 'maple/merchant.json', setPsa('Seen by the watcher.'));
  await stack.logged((l) => l.msg === 'merchants reloaded');
  t.match((await home(stack)).body, 'Seen by the watcher.');
  t.equal(stack.logs.filter((l) => l.msg === 'merchants reloaded').length, 1, 'one reload for the burst of events');
});

t.test('the tree watch sees legal pages, and folders added after start-up', async (t) => {
  const dir = await merchantsCopy(t);
  const stack = await startStack({ env: { MERCHANTS_DIR: dir } });
  t.teardown(() => stack.close());
  const settled = async (count: number) => {
    await stack.logged(
      (l) => l.msg === 'merchants reloaded' || l.msg === 'merchant reload refused: the current merchants keep serving',
      count,
    );
    // The watch set is synced as the reload's promise settles, in the same turn.
    await nextTurn();
  };
  const terms = () => stack.app.inject({ method: 'GET', url: '/terms-of-service', headers: { host: 'maple.localhost' } });

  await edit(dir, 'maple/legal/terms-of-service.html', (html) => html.replace('</p>', ' Edited on disk.</p>'));
  await settled(1);
  t.match((await terms()).body, 'Edited on disk.', 'a legal page edited in place');

  await edit(dir, 'maple/legal/fr-CA/terms-of-service.html', (html) => html.replace('</p>', ' Modifié sur le disque.</p>'));
  await settled(2);
  const french = await stack.app.inject({
    method: 'GET',
    url: '/terms-of-service',
    headers: { host: 'maple.localhost', cookie: 'lang=fr-CA' },
  });
  t.match(french.body, 'Modifié sur le disque.', "and in another of the merchant's languages");

  // A new folder: the first reload is refused (no merchant.json yet), the folder watched anyway.
  await cp(path.join(dir, 'maple'), path.join(dir, '.birch'), { recursive: true });
  await edit(dir, '.birch/merchant.json', (json) =>
    JSON.stringify({ ...JSON.parse(json), merchant: 'birch', hosts: ['birch.localhost'], title: 'Birch Coin' }),
  );
  await mkdir(path.join(dir, 'birch'));
  await settled(3);
  t.equal(stack.app.merchants.resolve('birch.localhost').kind, 'unknown', 'an empty folder is refused');
  for (const name of ['merchant.json', 'style.css', 'footer.html', 'footer.fr-CA.html', 'favicon.svg', 'legal']) {
    await rename(path.join(dir, '.birch', name), path.join(dir, 'birch', name));
  }
  await settled(4);
  t.match((await home(stack, 'birch.localhost')).body, '| Birch Coin</title>', 'files moved into the new folder reload it');
});

/**
 * What git-sync does on each sync (`--root=ROOT --link=current`, deploy/kubernetes): the new
 * commit checked out in a worktree of its own, a new link renamed over the old one at
 * once, the old worktree removed.
 */
async function gitSyncPublish(root: string, version: string, notice: string): Promise<void> {
  const worktree = path.join('.worktrees', version);
  await cp(shippedDir, path.join(root, worktree, 'merchants'), { recursive: true });
  await edit(path.join(root, worktree, 'merchants'), 'maple/merchant.json', setPsa(notice));
  const previous = await readlink(path.join(root, 'current')).catch(() => undefined);
  await symlink(worktree, path.join(root, 'current.tmp'));
  await rename(path.join(root, 'current.tmp'), path.join(root, 'current'));
  if (previous) await rm(path.join(root, previous), { recursive: true });
}

for (const mode of ['root', 'tree'] as const) {
  t.test(`MERCHANTS_WATCH=${mode} reloads each git-sync publication: the link swapped, one version after another`, async (t) => {
    const root = await mkdtemp(path.join(tmpdir(), 'git-sync-'));
    t.teardown(() => rm(root, { recursive: true, force: true }));
    await gitSyncPublish(root, 'v1', 'Published 1.');
    const stack = await startStack({ env: { MERCHANTS_DIR: path.join(root, 'current', 'merchants'), MERCHANTS_WATCH: mode } });
    t.teardown(() => stack.close());
    t.match((await home(stack)).body, 'Published 1.');
    for (const version of [2, 3, 4]) {
      await gitSyncPublish(root, `v${version}`, `Published ${version}.`);
      let body = '';
      for (let i = 0; i < 200 && !body.includes(`Published ${version}.`); i++) {
        await new Promise((r) => setTimeout(r, 50));
        body = (await home(stack)).body;
      }
      t.match(body, `Published ${version}.`, `version ${version} serves`);
    }
    t.notOk(
      stack.logs.some((l) => l.msg === 'merchant reload refused: the current merchants keep serving'),
      'no publication was refused',
    );
  });
}

t.test('reloads under load drop nothing: every request of many concurrent clients succeeds', async (t) => {
  const dir = await merchantsCopy(t);
  const stack = await startStack({ env: { MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off', LOG_LEVEL: 'warn' } });
  t.teardown(() => stack.close());
  const agent = new Agent({ connections: 32 });
  t.teardown(() => agent.close());
  const hosts = ['maple.localhost', 'roo.localhost', 'test.localhost', 'manila.localhost'];
  const statuses = new Map<string, number>();
  const count = (what: string) => statuses.set(what, (statuses.get(what) ?? 0) + 1);
  let reloading = true;

  const get = async (host: string, p: string) => {
    const res = await request(`http://127.0.0.1:${stack.port}${p}`, { dispatcher: agent, headers: { host } });
    const body = await res.body.text();
    count(String(res.statusCode));
    return body;
  };
  const client = async (n: number) => {
    for (let i = 0; reloading; i++) {
      const host = hosts[(n + i) % hosts.length]!;
      const page = await get(host, '/');
      const style = /href="(\/assets\/m\/[^"]+\.css)"/.exec(page)?.[1];
      if (style) await get(host, style);
      await get(host, '/terms-of-service');
    }
  };
  const clients = Array.from({ length: 16 }, (_, n) => client(n).catch((err: Error) => count(`error ${err.message}`)));

  const outcomes: ReloadOutcome[] = [];
  for (let i = 0; i < 10; i++) {
    await edit(dir, 'maple/merchant.json', setPsa(`Notice number ${i}.`));
    await edit(dir, 'roo/style.css', (css) => `${css}\n/* ${i} */\n`);
    outcomes.push(await stack.app.reloadMerchants());
  }
  reloading = false;
  await Promise.all(clients);

  t.ok(
    outcomes.every((o) => o.ok),
    'every reload went through',
  );
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  t.ok(total > 200, `a real load (${total} requests)`);
  t.same([...statuses.keys()], ['200'], `nothing but 200s: ${JSON.stringify(Object.fromEntries(statuses))}`);
  t.match((await home(stack)).body, 'Notice number 9.');
});

t.test('SIGHUP reloads the running process', async (t) => {
  const dir = await merchantsCopy(t);
  const port = await freePort();
  const proc = watchProcess(['--import=tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', PORT: String(port), MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off' },
  });
  t.teardown(async () => {
    proc.child.kill('SIGTERM');
    await proc.exited;
  });
  t.ok(await proc.printed(/maple\.localhost/), 'started');
  await edit(dir, 'maple/merchant.json', setPsa('Reloaded on SIGHUP.'));
  t.notMatch((await getPage(port, '/', 'maple.localhost')).body, 'Reloaded on SIGHUP.', 'no watcher: nothing yet');
  proc.child.kill('SIGHUP');
  await proc.printed(/merchants reloaded/);
  t.match((await getPage(port, '/', 'maple.localhost')).body, 'Reloaded on SIGHUP.');
  t.equal(proc.child.exitCode, null, 'still running');
});
