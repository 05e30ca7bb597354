// /state/{refId}: a saved flow picked up by its Reference ID. The order is shown and the
// visitor confirms it is theirs (server/flow/resume.ts) before the flow goes on at the step
// its nextAction names. Without a refId, or for one this merchant does not know: home with
// the message that the reference was not found (docs/spec.md section 2).
import { ERROR_CODES } from '../../checkout/domain.ts';
import { ROUTES } from '../../checkout/routes.ts';
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

/** /state without a refId. */
export const stateMissingScreen = defineScreen({
  route: ROUTES.stateMissing,
  rateLimit: { GET: 'lookup' },
  get: async (request, reply) => meetFailure(request, reply, referenceNotFound, 'resume'),
});
