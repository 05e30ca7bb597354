// Runs tap with its output passed through as it comes, and repeats every failure at the end:
// a long run's log is often read from its tail only, and a failure thousands of lines up is
// otherwise a count with no name.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/** Lines of a failure's diagnostic block kept for the summary. */
const DIAGNOSTIC_LINES = 60;

interface Failure {
  path: string[];
  diagnostic: string[];
}

/** Reads tap's nested output line by line and keeps each failure with the subtests above it. */
export class FailureCollector {
  readonly failures: Failure[] = [];
  private readonly subtests: string[] = [];
  private open: Failure | undefined;

  line(text: string): void {
    if (this.open) {
      // The block runs from `---` to `...`; a line that is neither, right after the failure,
      // means it has none.
      const inBlock = this.open.diagnostic.length > 0 || text.trim() === '---';
      if (inBlock) {
        if (this.open.diagnostic.length < DIAGNOSTIC_LINES) this.open.diagnostic.push(text);
        if (text.trim() === '...') this.open = undefined;
        return;
      }
      this.open = undefined;
    }
    const depth = (text.match(/^ */)?.[0].length ?? 0) / 4;
    const subtest = /^\s*# Subtest: (.*)$/.exec(text);
    if (subtest) {
      this.subtests.length = depth;
      this.subtests[depth] = subtest[1] ?? '';
      return;
    }
    const failed = /^\s*not ok \d+ - (.*?)(?: # time=.*)?$/.exec(text);
    if (!failed) return;
    this.subtests.length = depth;
    const failure = { path: [...this.subtests, failed[1] ?? ''], diagnostic: [] };
    // A subtest that failed because its own tests failed adds nothing to them.
    if (!this.failures.some((f) => f.path.length > depth + 1 && samePrefix(f.path, failure.path))) {
      this.failures.push(failure);
    }
    this.open = failure;
  }

  summary(): string {
    if (this.failures.length === 0) return '';
    const blocks = this.failures.map((f) => [`- ${f.path.join(' > ')}`, ...f.diagnostic].join('\n'));
    return `\n# Failed (${this.failures.length}), repeated from above:\n${blocks.join('\n')}\n`;
  }
}

function samePrefix(longer: string[], shorter: string[]): boolean {
  return shorter.every((name, i) => longer[i] === name);
}

/** Runs tap with these arguments, passing its output through; resolves with its exit code. */
export function runTap(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn('npx', ['tap', ...args], { stdio: ['inherit', 'pipe', 'inherit'], env });
  const collector = new FailureCollector();
  const lines = createInterface({ input: child.stdout });
  lines.on('line', (text) => {
    process.stdout.write(`${text}\n`);
    collector.line(text);
  });
  const read = new Promise((resolve) => lines.on('close', resolve));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  return Promise.all([read, exited]).then(([, code]) => {
    process.stdout.write(collector.summary());
    return code;
  });
}
