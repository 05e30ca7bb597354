// A process started as ops start it, watched from the test: what it prints is awaited by a
// pattern as it arrives, never polled.
import { type ChildProcess, spawn } from 'node:child_process';

export interface Watched {
  child: ChildProcess;
  /** The exit code (null after a signal). */
  exited: Promise<number | null>;
  out(): string;
  err(): string;
  /** The first match of `pattern` on stdout, printed already or to come; rejects if the process exits first. */
  printed(pattern: RegExp): Promise<RegExpExecArray>;
}

export function watchProcess(args: string[], options: { env: NodeJS.ProcessEnv; cwd?: string }): Watched {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const printed = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const look = () => {
        const match = pattern.exec(stdout);
        if (!match) return false;
        child.stdout.off('data', look);
        resolve(match);
        return true;
      };
      if (look()) return;
      child.stdout.on('data', look);
      void exited.then((code) => reject(new Error(`exited (${code}) before printing ${pattern}: ${stderr}`)));
    });
  return { child, exited, out: () => stdout, err: () => stderr, printed };
}
