import { spawn } from 'node:child_process';
import { freePort } from '../test/helpers/http.ts';
import { containerNodeOptions } from '../scripts/container.ts';
const port = await freePort();
const t0 = performance.now();
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof', 'dist/server/main.js'], {
  env: { ...process.env, NODE_ENV: 'production', SANDBOX: 'on', PORT: String(port), HEALTH_PORT: '0', SANDBOX_PORT: '0', LOG_LEVEL: 'warn', MERCHANTS_DIR: '/tmp/fleet10k', NODE_OPTIONS: containerNodeOptions() },
  stdio: ['ignore', 'ignore', 'inherit'],
});
for (;;) {
  const s = await fetch(`http://127.0.0.1:${port}/readyz`).then(async (r) => ((await r.json()) as { status: string }).status).catch(() => 'down');
  if (s === 'ready') break;
  await new Promise((r) => setTimeout(r, 10));
}
console.log('ready after', Math.round(performance.now() - t0));
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
