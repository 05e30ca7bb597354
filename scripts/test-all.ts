// Every tap file, unit and browser, in one run of tap's pool: a file waiting on a timer, a
// spawned process or the browser leaves a core to another, so three run at once on two
// cores. Browser files set their own longer time limit (test/helpers/browser.ts); unit files
// keep tap's. tap runs the files in name order, so the long accessibility tours
// (test/e2e/a11y*) start early and do not end the run alone.
import { readdirSync } from 'node:fs';
import { chromiumOrExit } from './chromium.ts';
import { runTap } from './tap-run.ts';

/**
 * Files at once: one more than the cores, as most files spend much of their time waiting;
 * TAP_JOBS sets another number (2 on a machine busy with other work).
 */
const JOBS = Number(process.env.TAP_JOBS ?? 3);

const chromium = chromiumOrExit();
const files = readdirSync('test', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/${f}`);
process.exit(await runTap([`--jobs=${JOBS}`, ...files], { ...process.env, CHROMIUM_PATH: chromium }));
