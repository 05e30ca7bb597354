// One error type for every problem in merchants/, worded for the person fixing the file:
// "<file>: <field path>: <what is wrong>", one line per problem.
import path from 'node:path';
import type { z } from 'zod';

export class MerchantConfigError extends Error {
  override readonly name = 'MerchantConfigError';
  /** Each problem as a full line (file, field path, what is wrong). */
  readonly problems: readonly string[];

  constructor(problems: readonly string[]) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/** Paths relative to the working directory read like the example in the docs. */
export function displayPath(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return rel === '' || rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/** `inputForm.overrides.CAD.min`, `paymentMethods[0].name`. */
export function fieldPath(segments: readonly PropertyKey[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else out += out === '' ? String(s) : `.${String(s)}`;
  }
  return out;
}

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `unknown field "${k}"`).join(', ');
    case 'invalid_type':
      return issue.message.includes('received undefined')
        ? `required field is missing (expected ${issue.expected})`
        : issue.message.replace(/^Invalid input: /, '');
    case 'invalid_value':
      return issue.message.replace(/^Invalid option: /, '');
    default:
      return issue.message.charAt(0).toLowerCase() + issue.message.slice(1);
  }
}

/** One line per zod issue, prefixed by the file and the field path. */
export function formatIssues(file: string, issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.map((issue) => problem(file, issue.path, describe(issue)));
}

export function problem(file: string, at: readonly PropertyKey[], what: string): string {
  const where = fieldPath(at);
  return where === '' ? `${displayPath(file)}: ${what}` : `${displayPath(file)}: ${where}: ${what}`;
}
