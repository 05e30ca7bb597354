// Screen 6: the e-Transfer email of a sell's payout. GET renders the form; POST checks the
// email, sends it upstream and follows nextAction.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ROUTES } from '../checkout/routes.ts';
import { validateEtransferEmail } from '../checkout/validation/email.ts';
import { clearFlow, readFlow } from '../security/flow-cookie.ts';
import { renderPage } from '../render/stream.tsx';
import { EmailInputPage, type EmailInputProps } from '../../views/pages/EmailInput.tsx';
import { failureStatus, isTransactionGone, visitorMessage } from './failures.ts';
import { formValues } from './form.ts';
import { followNextAction } from './next.ts';
import { upstreamFor } from './upstream.ts';
import { leaveStep, loadStep } from './resume.ts';

const PATH = ROUTES.emailInput.path;

function render(request: FastifyRequest, reply: FastifyReply, props: EmailInputProps, status = 200) {
  return renderPage(request, reply, createElement(EmailInputPage, props), { status });
}

export function registerEmailInput(app: FastifyInstance): void {
  app.get(PATH, async (request, reply) => {
    const load = await loadStep(request, PATH);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, PATH);
    return render(request, reply, { value: '' });
  });

  app.post(PATH, async (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 303);
    const value = formValues(request.body, ['emtEmail'] as const).emtEmail ?? '';
    const checked = validateEtransferEmail(request.body);
    if (!checked.ok) return render(request, reply, { value, error: checked.errors.emtEmail }, 422);

    const result = await upstreamFor(request).emtEmail(flow.txnType, { refId: flow.refId, emtEmail: checked.value });
    if (result.ok) return followNextAction(request, reply, flow, result.value, PATH);
    if (isTransactionGone(result.failure)) {
      clearFlow(request, reply);
      return reply.redirect(ROUTES.home.path, 303);
    }
    return render(request, reply, { value, formError: visitorMessage(result.failure) }, failureStatus(result.failure));
  });
}
