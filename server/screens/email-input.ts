// Screen 6: the e-Transfer email a sell's payout goes to.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { emtEmailRequestSchema, flowStateSchema } from '../../checkout/contract.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { validatePayoutEmail } from '../../checkout/validation/email.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import { EmailInputPage } from '../../views/pages/EmailInput.tsx';
import { EMPTY_FORM, type FormState, formStep } from '../flow/form-step.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { textsOf } from '../i18n/plugin.ts';
import { takeRefusal } from '../security/refusal-cookie.ts';
import { postCall } from '../upstream/calls.ts';

const ROUTE = ROUTES.emailInput;

/** The payout email, on the sell's API. */
export const emtEmail = postCall(':api/emtemail', emtEmailRequestSchema, flowStateSchema);

function render(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, form: FormState<'emtEmail'>, status = 200) {
  return reply.render(createElement(EmailInputPage, { form, frame: flowFrameOf(request, flow) }), { status });
}

export const emailInputScreen = defineScreen({
  route: ROUTE,
  step: 'payout',
  get: stepPage(ROUTE.path, async (request, reply, { flow }) =>
    render(request, reply, flow, (await takeRefusal(request, reply, ROUTE.path, flow)) ?? EMPTY_FORM),
  ),
  post: formStep({
    screen: ROUTE.path,
    fields: FORM_FIELDS.emtEmail,
    failures: 'step',
    refusesToPage: 'cookie',
    validate: (body, _flow, request) => validatePayoutEmail(body, textsOf(request)),
    call: (upstream, flow, email) => upstream.call(emtEmail, flow.txnType, { refId: flow.refId, emtEmail: email }),
    render,
  }),
});
