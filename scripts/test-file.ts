// `npm run test:file -- test/a.test.ts [test/e2e/b.test.ts …]`: the named tap files, on a
// fresh clone as on a worked-in one. It builds what they need first: tap's runner for this
// project's plugin list (a fresh install has the default list, with the TypeScript plugin
// this project turns off) and dist/ where its inputs changed (the app reads its manifest,
// the browser files the compiled server); browser files get Chromium and one job.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromiumOrExit } from './chromium.ts';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('Name the test files: npm run test:file -- test/checkout/failures.test.ts');
  process.exit(2);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  if (status !== 0) process.exit(status ?? 1);
}

/** Whether tap's runner was built for another plugin list than package.json's. */
function tapRunnerStale(): boolean {
  try {
    return readFileSync('node_modules/@tapjs/test/test-built/src/index.ts', 'utf8').includes('@tapjs/typescript');
  } catch {
    return true;
  }
}

if (tapRunnerStale()) run('npx', ['tap', 'build']);
run('npx', ['tsx', 'scripts/build.ts', '--changed']);
const browser = files.some((f) => f.includes('test/e2e/'));
const env = browser ? { ...process.env, CHROMIUM_PATH: chromiumOrExit() } : process.env;
run('npx', ['tap', ...(browser ? ['--jobs=1'] : []), ...files], env);
