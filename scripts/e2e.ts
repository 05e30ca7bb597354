// Runs the browser tests in headless Chromium from Debian. Browsers cannot be downloaded
// here, so the tests use the system's Chromium and say how to install it when missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].filter((p): p is string => Boolean(p));
const chromium = candidates.find((p) => existsSync(p));
if (!chromium) {
  console.error(
    'Browser tests need Chromium, and none was found at ' +
      (candidates.join(' or ') || '/usr/bin/chromium') +
      '.\nInstall it with:  sudo apt-get update && sudo apt-get install -y chromium\n' +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}

// tap only treats .ts files as tests when they are named, so list them.
const files = readdirSync('test/e2e')
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => `test/e2e/${f}`);
// Two files at once: each starts its own edge, sandbox and Chromium on ports of its own, and
// one file's waits for the network and the browser overlap the other's work.
const result = spawnSync('npx', ['tap', '--jobs=2', '--timeout=240', ...files], {
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
