// /transaction: the visitor's own flow picked up where the upstream has it.
import { ROUTES } from '../../checkout/routes.ts';
import { resumeFlow } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { readFlow } from '../security/flow-cookie.ts';

export const transactionScreen = defineScreen({
  route: ROUTES.transactionNew,
  get: (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 302);
    return resumeFlow(request, reply, flow);
  },
});
