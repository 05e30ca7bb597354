// How the contract's properties run under tap: a fixed seed per property (so CI meets the
// same answers every time), a bounded number of runs, and a failure message that says how
// to replay it. CONTRACT_RUNS runs every property that many times; CONTRACT_SEED (and
// CONTRACT_PATH, from a failure's message) replays one; CONTRACT_SHRINK=1 looks for the
// smallest counterexample of a property marked todo too (shrinking replays a journey per
// step, so CI keeps it for properties expected to hold).
import fc from 'fast-check';
import type { Test } from 'tap';

/** Thrown by a property's check: what the visitor met, in words. */
export class Violation extends Error {
  override name = 'Violation';
}

/** Fails the run with every problem found, if any. */
export function expectNone(problems: readonly string[]): void {
  if (problems.length > 0) throw new Violation(problems.join('\n'));
}

/** A stable seed from a property's name: two properties never share a sequence by accident. */
export function seedOf(name: string): number {
  let seed = 0x2f6b;
  for (const char of name) seed = (Math.imul(seed, 31) + char.charCodeAt(0)) | 0;
  return Math.abs(seed);
}

export interface PropertyOptions {
  /** Runs in CI; CONTRACT_RUNS overrides it. */
  runs: number;
  /**
   * Known to fail on a bug not yet fixed (the bug, in words): its failure is a tap todo, and
   * the first counterexample is reported without shrinking.
   */
  todo?: string | undefined;
}

const envNumber = (name: string) => {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : Number(value);
};

/** Checks `property` and tells tap; on failure, the seed, the path and the counterexample, with how to replay it. */
export async function checkProperty<T>(
  t: Pick<Test, 'pass' | 'fail' | 'comment'>,
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (value: T) => Promise<void>,
  options: PropertyOptions,
): Promise<void> {
  const seed = envNumber('CONTRACT_SEED') ?? seedOf(name);
  const path = process.env.CONTRACT_PATH || undefined;
  const numRuns = envNumber('CONTRACT_RUNS') ?? options.runs;
  const shrink = process.env.CONTRACT_SHRINK === '1' || !options.todo;
  const details = await fc.check(fc.asyncProperty(arbitrary, check), {
    seed,
    numRuns,
    ...(path ? { path } : {}),
    endOnFailure: !shrink,
  });
  if (!details.failed) {
    t.pass(`${name}: ${details.numRuns} runs, seed ${seed}`);
    if (options.todo) t.comment(`${name} holds now: its todo (${options.todo}) can go`);
    return;
  }
  const error = details.errorInstance;
  const said = error instanceof Violation ? error.message : String((error as Error | undefined)?.stack ?? error);
  t.fail(
    [
      `${name}: fails after ${details.numRuns} runs (seed ${seed}, path ${details.counterexamplePath})`,
      `replay: CONTRACT_SEED=${seed} CONTRACT_PATH=${details.counterexamplePath} npm run test:file -- <this file>`,
      `counterexample: ${fc.stringify(details.counterexample?.[0]).slice(0, 3000)}`,
      said,
    ].join('\n'),
    options.todo ? { todo: options.todo } : {},
  );
}
