// A real redis-server for one test: on a free port, stopped after; whatever a manifest's
// options have it write (an append-only file) goes to a folder of its own, removed after.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './http.ts';

export interface RunningRedis {
  url: string;
  stop(): Promise<void>;
}

/** `args`: more of redis-server's options, e.g. a manifest's. */
export async function startRedis(args: string[] = []): Promise<RunningRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'edge-redis-'));
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...args],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${out}`)), 10_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`redis-server could not run (.ci/run installs it): ${err.message}`));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
