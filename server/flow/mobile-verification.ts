// Screen 8: the email verification code. POST checks the 6 digits and sends them upstream;
// the verification errors of SPEC.md sections 4 and 8 decide where the visitor goes when
// the upstream refuses. Resend Code is a form of its own that asks for a new code.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ERROR_CODES } from '../checkout/domain.ts';
import { ROUTES } from '../checkout/routes.ts';
import { validateVerificationCode } from '../checkout/validation/codes.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { clearFlow, readFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { renderPage } from '../render/stream.tsx';
import { MobileVerificationPage, type MobileVerificationProps } from '../../views/pages/MobileVerification.tsx';
import { TRANSACTION_CANCELLED_REDIRECT, failureStatus, isTransactionGone, visitorMessage } from './failures.ts';
import { formValues } from './form.ts';
import { followNextAction } from './next.ts';
import { scheduleHomeRedirect } from './redirects.ts';
import { upstreamFor } from './upstream.ts';
import { leaveStep, loadStep } from './resume.ts';

const PATH = ROUTES.mobileVerification.path;
const RESEND_PATH = `${PATH}/resend`;
const CODE_SENT = 'A new code is on its way. Check your email.';

function render(request: FastifyRequest, reply: FastifyReply, props: MobileVerificationProps, status = 200) {
  return renderPage(request, reply, createElement(MobileVerificationPage, props), { status });
}

/** A refused code: where the visitor goes, or what the page shows. */
function codeRefused(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, failure: UpstreamFailure, value: string) {
  const code = failure.kind === 'error' ? failure.code : undefined;
  switch (code) {
    case ERROR_CODES.notFound:
      clearFlow(request, reply);
      return reply.redirect(ROUTES.home.path, 303);
    case ERROR_CODES.mobileAttempts:
      // The upstream has cancelled the transaction: nothing is left to steer.
      clearFlow(request, reply);
      scheduleHomeRedirect(reply);
      return render(request, reply, { value: '', cancelled: { message: visitorMessage(failure), notice: TRANSACTION_CANCELLED_REDIRECT } }, 422);
    case ERROR_CODES.voiceClipMissing:
      return reply.redirect(flow.method === 'FLEXEPIN' ? ROUTES.audioInputSkip.path : ROUTES.audioInput.path, 303);
    case ERROR_CODES.selfieMissing:
      return reply.redirect(ROUTES.imageInputChoice.path, 303);
    default:
      // A wrong code (the upstream's own message) belongs under the field.
      if (failure.kind === 'error' && failure.status === 422) {
        return render(request, reply, { value, error: visitorMessage(failure) }, 422);
      }
      return render(request, reply, { value, formError: visitorMessage(failure) }, failureStatus(failure));
  }
}

export function registerMobileVerification(app: FastifyInstance): void {
  app.get<{ Querystring: { sent?: unknown } }>(PATH, async (request, reply) => {
    const load = await loadStep(request, PATH);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, PATH);
    const toasts = request.query.sent === '1' ? [{ kind: 'success' as const, text: CODE_SENT }] : [];
    return render(request, reply, { value: '', toasts });
  });

  app.post(PATH, async (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 303);
    const value = formValues(request.body, ['verificationCode'] as const).verificationCode ?? '';
    const checked = validateVerificationCode(request.body);
    if (!checked.ok) return render(request, reply, { value, error: checked.errors.verificationCode }, 422);

    const result = await upstreamFor(request).mobileVerification(flow.txnType, { refId: flow.refId, verificationCode: checked.value });
    if (result.ok) return followNextAction(request, reply, flow, result.value, PATH);
    return codeRefused(request, reply, flow, result.failure, value);
  });

  app.post(RESEND_PATH, async (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 303);
    const result = await upstreamFor(request).generateSmsCode(flow.txnType, flow.refId);
    if (result.ok && !result.value.error) return reply.redirect(`${PATH}?sent=1`, 303);
    if (result.ok) return render(request, reply, { value: '', formError: result.value.error ?? '' }, 422);
    if (isTransactionGone(result.failure)) {
      clearFlow(request, reply);
      return reply.redirect(ROUTES.home.path, 303);
    }
    return render(request, reply, { value: '', formError: visitorMessage(result.failure) }, failureStatus(result.failure));
  });
}
