// npm run preview -- <merchant folder> [--against <folder>] [--only=<screen>] [--width=320] [--lang=fr-CA]
// A merchant's folder as its visitors will see it, before it goes live: the edge and the
// sandbox start on free ports with that folder alone, and every screen and state of the
// checkout (the screen tour's stops, the refused forms, the quote service not answering,
// the order page printed…) is drawn in each of its languages at 1280, 390 and 320 pixels,
// light and dark where its palette has a dark block, into preview/<id>/index.html. The
// checks that need no browser run first (server/tenancy/publication.ts), then the pages'
// own (axe, contrast as drawn, the phone's width, texts in the default language, the
// merchant's files). One line per problem; exit 1 on a blocking one. With --against, the
// published version is drawn too and each page compared, changed pages first.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PAYMENT_METHODS } from '../server/methods/index.ts';
import { displayPath } from '../server/tenancy/errors.ts';
import { loadMerchants, type Merchant, MerchantConfigError } from '../server/tenancy/load.ts';
import { launchBrowser } from '../test/helpers/browser.ts';
import { type Stack, startStack } from '../test/helpers/stack.ts';
import { type Capture, capture, PAGES_AT_ONCE, type Problem, WIDTHS } from './preview/capture.ts';
import { compare, type Difference } from './preview/diff.ts';
import { problemLines, writeReport } from './preview/report.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    against: { type: 'string' },
    only: { type: 'string' },
    width: { type: 'string' },
    lang: { type: 'string' },
    out: { type: 'string', default: 'preview' },
  },
});

const folder = positionals[0];
if (!folder) {
  console.error(
    'usage: npm run preview -- <merchant folder> [--against <folder>] [--only=<screen>] [--width=320] [--lang=fr-CA]',
  );
  process.exit(2);
}
const widths = args.width?.split(',').map(Number);
if (widths?.some((w) => !(WIDTHS as readonly number[]).includes(w))) {
  console.error(`--width takes ${WIDTHS.join(', ')}`);
  process.exit(2);
}

/** A merchants folder holding this merchant alone (its own fallback), as the edge reads one. */
async function alone(merchantFolder: string): Promise<{ dir: string; id: string }> {
  const id = basename(resolve(merchantFolder));
  const dir = await mkdtemp(join(tmpdir(), 'preview-'));
  await symlink(resolve(merchantFolder), join(dir, id), 'dir');
  await writeFile(join(dir, 'tenancy.json'), JSON.stringify({ fallback: id }));
  return { dir, id };
}

/**
 * The folder loaded as the edge loads it, and what would refuse it in production, each
 * line naming the merchant's own folder rather than the staged one.
 */
async function load(dir: string, id: string, merchantFolder: string): Promise<{ merchant?: Merchant; problems: string[] }> {
  const named = (lines: readonly string[]) =>
    lines.map((line) => line.replaceAll(displayPath(join(dir, id)), displayPath(resolve(merchantFolder))));
  try {
    const registry = await loadMerchants(dir, { methods: PAYMENT_METHODS, publication: 'report' });
    return { merchant: registry.byId.get(id)!, problems: named(registry.published[0]?.problems ?? []) };
  } catch (err) {
    if (err instanceof MerchantConfigError) return { problems: named(err.problems) };
    throw err;
  }
}

/** The edge on a folder, serving its merchant whatever its problems, so its pages can be seen. */
const stackOn = (dir: string): Promise<Stack> =>
  startStack({ publication: 'report', env: { MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off', LOG_LEVEL: 'warn' } });

const started = Date.now();
const staged = await alone(folder);
const against = args.against ? await alone(args.against) : undefined;
const outDir = join(args.out, staged.id);
await rm(outDir, { recursive: true, force: true });
const options = { only: args.only, widths, languages: args.lang?.split(',') };
let capturedNow: Capture | undefined;
let differences: Difference[] | undefined;
let atLoad: string[] = [];
try {
  const loaded = await load(staged.dir, staged.id, folder);
  atLoad = loaded.problems;
  if (loaded.merchant) {
    const browser = await launchBrowser();
    try {
      const stack = await stackOn(staged.dir);
      try {
        capturedNow = await capture(stack, browser, loaded.merchant, outDir, { ...options, checks: true });
      } finally {
        await stack.close();
      }
      if (against) {
        const published = await load(against.dir, against.id, args.against!);
        if (!published.merchant)
          throw new Error(`--against ${args.against}: it does not load:\n${published.problems.join('\n')}`);
        const stack = await stackOn(against.dir);
        try {
          const before = await capture(stack, browser, published.merchant, join(outDir, 'published'), {
            ...options,
            checks: false,
          });
          differences = await compare(outDir, before.shots, capturedNow.shots);
        } finally {
          await stack.close();
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await rm(staged.dir, { recursive: true, force: true });
  if (against) await rm(against.dir, { recursive: true, force: true });
}

const seconds = Math.round((Date.now() - started) / 1000);
if (capturedNow) {
  const parts = Object.entries(capturedNow.spent).map(([part, s]) => `${part} ${Math.round(s)} s`);
  console.log(`time in the pages, summed (${PAGES_AT_ONCE} at once): ${parts.join(', ')}`);
}
const fromLoad: Problem[] = atLoad.map((what) => ({ page: '', language: '', viewport: '', element: '', what, blocking: true }));
const all = [...fromLoad, ...(capturedNow?.missed ?? []), ...(capturedNow?.problems ?? [])];
for (const line of problemLines(all)) console.log(line);
const report = await writeReport(outDir, { id: staged.id, folder, seconds, problems: all, capture: capturedNow, differences });
const blocking = all.filter((p) => p.blocking).length;
const shots = capturedNow?.shots ?? [];
const pages = new Set(shots.map((shot) => shot.page)).size;
const languages = new Set(shots.map((shot) => shot.language)).size;
console.log(
  `${pages} pages in ${languages} language${languages === 1 ? '' : 's'}, ${shots.length} pictures in ${seconds} s: ${report}` +
    `; ${blocking === 0 ? 'nothing blocks going live' : `${blocking} blocking`}`,
);
if (blocking > 0) process.exitCode = 1;
