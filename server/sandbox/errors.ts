// Every refusal is the contract's error body with a 4xx status (docs/spec.md section 8), so
// the edge's error mapping is exercised exactly as against the real exchange.
import type { z } from 'zod';
import type { UpstreamErrorItem } from '../../checkout/contract.ts';

export type ErrorBody =
  | { error: { code: string; msg: string; errorParams?: { amount?: number } } }
  | { error: UpstreamErrorItem[] }
  | Record<string, never>;

export class SandboxError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super(`sandbox error ${statusCode}`);
  }
}

/** `{ error: { code, msg } }` with the given status. */
export function fail(statusCode: number, code: string, msg: string, errorParams?: { amount: number }): SandboxError {
  return new SandboxError(statusCode, { error: { code, msg, ...(errorParams ? { errorParams } : {}) } });
}

/** Codes the sandbox answers beyond the ones the edge acts on (domain.ts ERROR_CODES). */
export const SANDBOX_CODES = {
  requestInvalid: 'REQUEST.INVALID',
  notFound: 'NOT.FOUND',
  fileTypeInvalid: 'UPLOAD.FILETYPE.INVALID',
  fileTooLarge: 'UPLOAD.TOOLARGE',
  idempotencyKeyReused: 'IDEMPOTENCY.KEY.REUSED',
  fault: 'SANDBOX.FAULT',
  internal: 'SANDBOX.INTERNAL',
} as const;

/** Validates a request body; a failure names the fields so an edge bug is obvious in a test. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => {
    const prefix = issue.path.map((p) => `${String(p)}.`).join('');
    if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => `${prefix}${k}: unknown field`).join('; ');
    return `${prefix.slice(0, -1) || 'body'}: ${issue.message}`;
  });
  throw fail(400, SANDBOX_CODES.requestInvalid, problems.join('; '));
}
