// Screen 8: the email verification code. The code's refusals follow the failure table's
// verification rows (a wrong code under the field with the tries left, too many wrong codes end the order,
// VOICECLIP.MISSING and SELFIEIMG.MISSING lead to those steps). Resend Code is a form of
// its own that asks for a new code, then says so in a toast.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ERROR_CODES, VERIFICATION_CODE_ATTEMPTS } from '../../checkout/domain.ts';
import { visitorMessage } from '../../checkout/failures.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { hasFlag, ROUTES } from '../../checkout/routes.ts';
import { validateVerificationCode } from '../../checkout/validation/verification-code.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import type { Toast } from '../../views/components/Toasts.tsx';
import { MobileVerificationPage } from '../../views/pages/MobileVerification.tsx';
import { EMPTY_FORM, type FormState, formStep } from '../flow/form-step.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { outOfStep, stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow, writeFlow } from '../security/flow-cookie.ts';
import { refuseToPage, takeRefusal } from '../security/refusal-cookie.ts';

const ROUTE = ROUTES.mobileVerification;

function render(reply: FastifyReply, form: FormState<'verificationCode'>, status = 200, toasts: Toast[] = []) {
  const frame = flowFrameOf(reply.request, readFlow(reply.request));
  return reply.render(createElement(MobileVerificationPage, { form, toasts, frame }), { status });
}

export const mobileVerificationScreen = defineScreen({
  route: ROUTE,
  step: 'verify',
  rateLimit: { POST: 'code' },
  get: stepPage(ROUTE.path, async (request, reply, { flow }) =>
    render(
      reply,
      (await takeRefusal(request, reply, ROUTE.path, flow)) ?? EMPTY_FORM,
      200,
      hasFlag(request.query, 'sent') ? [{ kind: 'success', text: textsOf(request).CODE_MESSAGES.codeSent }] : [],
    ),
  ),
  post: formStep({
    screen: ROUTE.path,
    fields: FORM_FIELDS.verificationCode,
    mainField: 'verificationCode',
    failures: 'verification',
    refusesToPage: 'cookie',
    endedTitle: (texts) => texts.FLOW_ENDED.verificationFailed,
    validate: (body, _flow, request) => validateVerificationCode(body, textsOf(request)),
    refused: (request, reply, flow, failure) => {
      if (failure.kind !== 'error' || failure.code !== ERROR_CODES.invalidCode) return {};
      const wrongCodes = Math.min((flow.wrongCodes ?? 0) + 1, VERIFICATION_CODE_ATTEMPTS);
      writeFlow(request, reply, { ...flow, wrongCodes });
      return { codesLeft: VERIFICATION_CODE_ATTEMPTS - wrongCodes };
    },
    call: (upstream, flow, verificationCode) =>
      upstream.mobileVerification(flow.txnType, { refId: flow.refId, verificationCode }),
    render: (_request, reply, _flow, form, status) => render(reply, form, status),
  }),
  actions: {
    resend: async (request: FastifyRequest, reply: FastifyReply) => {
      const flow = readFlow(request);
      if (!flow) return reply.redirect(ROUTES.home.path, 303);
      if (outOfStep(request, reply, flow, [ROUTE.path])) return reply;
      const result = await upstreamFor(request).generateSmsCode(flow.txnType, flow.refId);
      // A refusal is shown on the code page, reached by a 303 like the code form's.
      const refuse = async (messages: string[], status: number) =>
        (await refuseToPage(request, reply, ROUTE.path, flow, { ...EMPTY_FORM, formErrors: messages }, { status }))
          ? reply
          : render(reply, { ...EMPTY_FORM, formErrors: messages }, status);
      if (!result.ok) {
        return meetFailure(request, reply, result.failure, 'step', {
          flow,
          stay: (messages, _on, status) => refuse(messages, status),
        });
      }
      // The upstream may refuse in a 200 with an error string and no code: shown in the
      // upstream's language when it is written for visitors (the failure table's rule), and in
      // the catalogue's words otherwise and in any other language.
      const { error } = result.value;
      if (error) {
        const texts = textsOf(request);
        const said =
          texts.language === DEFAULT_TEXTS.language ? visitorMessage({ status: 422, code: '', msg: error }) : undefined;
        if (said === undefined)
          request.log.warn({ upstream: { hidden: [error.slice(0, 300)] } }, 'upstream text replaced for the visitor');
        return refuse([said ?? texts.CODE_MESSAGES.resendRefused], 422);
      }
      return reply.redirect(ROUTE.flags.sent, 303);
    },
  },
});
