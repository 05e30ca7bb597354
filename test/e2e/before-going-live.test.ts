// `npm run preview` as a merchant's designer runs it: maple copied into a merchants folder
// of its own and spoiled one way at a time, each spoil named and the run exiting 1 (on the
// one screen and width that shows it, to keep the file short); maple as shipped exits 0
// with every page of the preview in both its languages, at the three widths, light and
// dark; and against another version, the pages that changed come first.
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import t from 'tap';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { loadMerchants } from '../../server/tenancy/load.ts';
import { Shop } from '../helpers/screen-tour.ts';
import { edit, mapleAlone, SPOILS, unspoil } from '../helpers/spoiled-merchants.ts';
import { previewStops } from '../helpers/tour-states.ts';
import { repoRoot } from '../tenancy/fixtures.ts';

const run = promisify(execFile);
// A browser run over every page in two languages at three widths: minutes on a busy machine.
t.setTimeout(30 * 60_000);

interface Preview {
  code: number;
  stdout: string;
  shots: { page: string; language: string; viewport: string }[];
}

const out = await mkdtemp(path.join(tmpdir(), 'preview-out-'));
const { dir, maple, remove } = await mapleAlone();
t.teardown(async () => {
  await remove();
  await rm(out, { recursive: true, force: true });
});

async function preview(folder: string, ...flags: string[]): Promise<Preview> {
  let result: { code: number; stdout: string };
  try {
    const { stdout } = await run(process.execPath, ['--import=tsx', 'scripts/preview.ts', folder, `--out=${out}`, ...flags], {
      cwd: repoRoot,
      maxBuffer: 64 * 1024 * 1024,
    });
    result = { code: 0, stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    if (typeof e.code !== 'number') throw err;
    result = { code: e.code, stdout: `${e.stdout}\n${e.stderr}` };
  }
  const shots = await readFile(path.join(out, 'maple', 'shots.json'), 'utf8').then(JSON.parse, () => []);
  return { ...result, shots };
}

for (const spoiled of SPOILS) {
  t.test(`${spoiled.name}: named, and the run exits 1`, async (t) => {
    await spoiled.spoil(maple);
    t.teardown(() => unspoil(maple));
    const { code, stdout } = await preview(
      maple,
      `--only=${spoiled.screen}`,
      `--width=${spoiled.width}`,
      `--lang=${spoiled.language}`,
    );
    t.equal(code, 1, 'blocking');
    const lines = stdout.split('\n');
    t.ok(
      lines.some((line) => spoiled.preview.test(line)),
      `a line names it:\n${lines.filter((l) => /^(blocking|listed)/.test(l)).join('\n')}`,
    );
  });
}

t.test('maple as shipped: every page in both languages at three widths, light and dark; exit 0', async (t) => {
  const started = Date.now();
  const { code, stdout, shots } = await preview(maple);
  t.equal(
    code,
    0,
    `nothing blocks going live:\n${stdout
      .split('\n')
      .filter((l) => l.startsWith('blocking'))
      .join('\n')}`,
  );
  t.comment(`the whole preview of maple in ${Math.round((Date.now() - started) / 1000)} s`);
  const registry = await loadMerchants(dir, { methods: PAYMENT_METHODS });
  const merchant = registry.byId.get('maple')!;
  const stops = previewStops(new Shop(merchant.config, [...merchant.legal.keys()]));
  t.ok(stops.length > 40, `${stops.length} pages`);
  const taken = new Set(shots.map((s) => `${s.page} | ${s.language} | ${s.viewport}`));
  const missing = stops.flatMap((stop) =>
    ['en', 'fr-CA'].flatMap((language) =>
      (stop.print ? ['print'] : ['1280', '1280 dark', '390', '390 dark', '320', '320 dark']).flatMap((viewport) => {
        const name = `${stop.name} | ${language} | ${viewport}`;
        return taken.has(name) ? [] : [name];
      }),
    ),
  );
  t.same(missing, [], 'every page, language, width and scheme has its picture');
  t.match(stdout, /^listed {2}.*shown in en: legal\/fr-CA\/privacy-policy\.html is not translated \(listed in untranslated\)/m);
  const report = await readFile(path.join(out, 'maple', 'index.html'), 'utf8');
  t.match(report, 'Nothing blocks going live.');
});

t.test('against the published version: the changed pages first, an unchanged page one line', async (t) => {
  const published = path.join(await mkdtemp(path.join(tmpdir(), 'published-')), 'maple');
  t.teardown(() => rm(path.dirname(published), { recursive: true, force: true }));
  await unspoil(published);
  await edit(path.join(maple, 'legal', 'refund-policy.html'), (html) =>
    html.replace(/<p>/, '<p>Refunds are now made within five business days, to the card or account that paid. '),
  );
  t.teardown(() => unspoil(maple));
  const { code } = await preview(maple, '--against', published, '--only=policy', '--width=1280', '--lang=en');
  t.equal(code, 0);
  const report = await readFile(path.join(out, 'maple', 'index.html'), 'utf8');
  const changed = [...report.matchAll(/<h3>([^<]+): ([\d.]+) % of the pixels moved<\/h3>/g)].map((m) => m[1]);
  t.ok(changed.length > 0, `pages changed: ${changed.join(', ')}`);
  t.same(
    changed.sort(),
    ['refund-policy · en · 1280', 'refund-policy · en · 1280 dark'],
    'the page that changed, light and dark',
  );
  t.match(report, /<p class="unchanged">unchanged: privacy-policy · en · 1280<\/p>/, 'an unchanged page is one line');
  t.ok(report.indexOf('pixels moved') < report.indexOf('unchanged: '), 'changed pages first');
});
