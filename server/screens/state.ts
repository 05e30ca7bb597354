// /state/{refId}: a saved flow picked up by its Reference ID. The order is shown and the
// visitor confirms it is theirs (server/flow/resume.ts) before the flow goes on at the step
// its nextAction names. Without a refId, or for one this merchant does not know: home with
// the message that the reference was not found (docs/spec.md section 2). The order lookup
// (a page that has no order to show offers it) is /state?refId=, which leads here.

import { REF_ID_PATTERN } from '../../checkout/contract.ts';
import { ERROR_CODES } from '../../checkout/domain.ts';
import { buildPath, LOOKUP_PARAM, ROUTES } from '../../checkout/routes.ts';
import { meetFailure } from '../flow/outcome.ts';
import { askToResume, confirmResume } from '../flow/resume.ts';
import { defineScreen } from '../flow/screen.ts';

const referenceNotFound = { kind: 'error', status: 404, code: ERROR_CODES.notFound, msg: '' } as const;

export const stateScreen = defineScreen({
  route: ROUTES.state,
  rateLimit: { GET: 'lookup' },
  get: async (request, reply) => askToResume(request, reply, (request.params as { refId: string }).refId, 'state'),
  actions: { confirm: confirmResume },
});

/** A reference as a visitor types it from a receipt, which prints it in groups: the spaces go. */
const typedReference = (query: unknown): string => {
  const typed = (query as Record<string, unknown> | undefined)?.[LOOKUP_PARAM];
  return typeof typed === 'string' ? typed.replace(/\s+/g, '') : '';
};

/** /state without a refId, or with the lookup form's ?refId=. */
export const stateMissingScreen = defineScreen({
  route: ROUTES.stateMissing,
  rateLimit: { GET: 'lookup' },
  get: async (request, reply) => {
    const refId = typedReference(request.query);
    if (REF_ID_PATTERN.test(refId)) return reply.redirect(buildPath(ROUTES.state, { refId }), 302);
    return meetFailure(request, reply, referenceNotFound, 'resume');
  },
});
