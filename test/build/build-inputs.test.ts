// `npm start` rebuilds a step only when something it read changed (scripts/build-inputs.ts):
// an edited file, a file added to a folder the step lists, a file gone. And the style
// sheets the build writes are minified.

import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { BuildRecord, listed } from '../../scripts/build-inputs.ts';
import { startStack } from '../helpers/stack.ts';
import { repoRoot } from '../tenancy/fixtures.ts';

t.test('a step is up to date until one of its inputs changes', async (t) => {
  const root = t.testdir({ src: { 'a.ts': 'a', 'b.css': 'b' } });
  const record = new BuildRecord(root, path.join(root, 'record.json'));
  const inputs = ['src/a.ts', 'src/b.css', listed('src')];
  const fresh = async () => {
    const again = new BuildRecord(root, path.join(root, 'record.json'));
    await again.load();
    return again.upToDate('step');
  };
  t.notOk(await record.upToDate('step'), 'never ran');
  await record.remember('step', inputs);
  t.ok(await fresh(), 'ran, nothing changed since');

  const later = new Date(Date.now() + 60_000);
  await utimes(path.join(root, 'src/a.ts'), later, later);
  t.notOk(await fresh(), 'a file touched');
  await record.remember('step', inputs);
  await writeFile(path.join(root, 'src/b.css'), 'bb');
  t.notOk(await fresh(), 'a file edited');
  await record.remember('step', inputs);
  await writeFile(path.join(root, 'src/c.css'), 'c');
  t.notOk(await fresh(), 'a file added to a listed folder');
  await record.remember('step', [...inputs, 'src/c.css']);
  await rm(path.join(root, 'src/c.css'));
  t.notOk(await fresh(), 'a file removed');

  await record.remember('step', inputs);
  await record.forget('step');
  t.notOk(await fresh(), 'forgotten while it runs: a step stopped half-way runs again');
});

t.test('the style sheets are served minified', async (t) => {
  const stack = await startStack({ listen: false });
  t.teardown(() => stack.close());
  for (const name of ['app.css', 'leaflet.css']) {
    const url = stack.app.assetManifest.styles[name]!;
    const res = await stack.app.inject({ url, headers: { host: 'maple.localhost' } });
    t.equal(res.statusCode, 200);
    t.notMatch(res.body, /\n\s|\/\*/, `${name}: no indentation, no comments`);
  }
  const source = await readFile(path.join(repoRoot, 'static/css/app.css'), 'utf8');
  t.match(source, /\n {2}/, 'the source stays readable');
});
