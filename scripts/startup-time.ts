// npm run startup-time [-- runs] [modes...]: how long the edge takes from spawning `node`
// to its first /readyz 200, with the embedded sandbox, in production mode. Modes:
// `compiled` (node dist/server/main.js, what the container runs) and `tsx` (the
// TypeScript loader, what development and tests use). A benchmark, not a test.
import { spawn } from 'node:child_process';
import { freePort } from '../test/helpers/http.ts';

const COMMANDS: Record<string, string[]> = {
  compiled: ['dist/server/main.js'],
  tsx: ['--import=tsx', 'server/main.ts'],
};
const runs = Number(process.argv[2] ?? 7);
const modes = process.argv.slice(3).length ? process.argv.slice(3) : Object.keys(COMMANDS);

async function once(args: string[]): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SANDBOX: 'on',
      PORT: String(port),
      HEALTH_PORT: '0',
      SANDBOX_PORT: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null)
        throw new Error(`exited with ${child.exitCode ?? child.signalCode}`);
      const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ready) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error('not ready after 60 s');
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode === null && child.signalCode === null ? child.once('exit', r) : r(undefined)));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (const mode of modes) {
  if (!COMMANDS[mode]) throw new Error(`unknown mode ${mode}; one of ${Object.keys(COMMANDS).join(', ')}`);
}
// Interleaved, so a busy moment on a shared machine weighs on every mode alike.
const times = new Map<string, number[]>(modes.map((m) => [m, []]));
for (let i = 0; i < runs; i++) {
  for (const mode of modes) times.get(mode)!.push(await once(COMMANDS[mode]!));
}
for (const mode of modes) {
  const args = COMMANDS[mode]!;
  const ms = times.get(mode)!.map((x) => Math.round(x));
  console.log(
    `${mode.padEnd(9)} node ${args.join(' ').padEnd(30)} median ${median(ms)} ms, ` +
      `min ${Math.min(...ms)}, max ${Math.max(...ms)} (${runs} runs: ${ms.join(', ')})`,
  );
}
