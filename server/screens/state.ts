// /state/{refId}: a saved flow picked up by its Reference ID, at the step its nextAction
// names. Without a refId, or for one this merchant does not know: home with "Reference ID
// not found." (SPEC.md section 2).
import type { FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../checkout/domain.ts';
import { ROUTES } from '../checkout/routes.ts';
import { REF_ID_PATTERN } from '../upstream/contract.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { flowFromState, resumeAt } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';

/** A refId names a buy or a sell; the other API answers TRANSACTION.NOTFOUND. */
async function findByRefId(request: FastifyRequest, refId: string) {
  const upstream = upstreamFor(request);
  const buy = await upstream.flowState('BUY', refId);
  const missing = !buy.ok && buy.failure.kind === 'error' && buy.failure.code === ERROR_CODES.notFound;
  return missing ? upstream.flowState('SELL', refId) : buy;
}

const referenceNotFound = { kind: 'error', status: 404, code: ERROR_CODES.notFound, msg: '' } as const;

export const stateScreen = defineScreen({
  route: [ROUTES.state, ROUTES.stateMissing],
  get: async (request, reply) => {
    const { refId } = request.params as { refId?: string };
    if (!refId || !REF_ID_PATTERN.test(refId)) return meetFailure(request, reply, referenceNotFound, 'resume');
    const result = await findByRefId(request, refId);
    if (!result.ok) return meetFailure(request, reply, result.failure, 'resume');
    const flow = flowFromState(request, result.value);
    if (!flow) return meetFailure(request, reply, referenceNotFound, 'resume');
    return resumeAt(request, reply, flow, result.value, ROUTES.transactionNew.path);
  },
});
