// Runs the browser tests in headless Chromium from Debian.
import { readdirSync } from 'node:fs';
import { chromiumOrExit } from './chromium.ts';
import { runTap } from './tap-run.ts';

const chromium = chromiumOrExit();
// tap only treats .ts files as tests when they are named, so list them.
const files = readdirSync('test/e2e')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/e2e/${f}`);
// Two files at once: each starts its own edge, sandbox and Chromium on ports of its own, and
// one file's waits for the network and the browser overlap the other's work.
process.exit(await runTap(['--jobs=2', ...files], { ...process.env, CHROMIUM_PATH: chromium }));
