// Screen 9, e-transfer payment. At INITIATE_ETRANSFER the page initiates the payment once
// (etransfer/init); afterwards the saved flow state carries the provider's page. Whether
// the payment went through is the upstream's nextAction: once it moves on (completed,
// cancelled), loading this page follows it, so I HAVE PAID is just a reload (?paid=1).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { etransferInitResponseSchema, type FlowState, refIdRequestSchema } from '../../checkout/contract.ts';
import { ERROR_CODES } from '../../checkout/domain.ts';
import { codeOf, type Failure, type MethodFailures, statusOf, stay } from '../../checkout/failures.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { nextScreen } from '../../checkout/next-screen.ts';
import { orderOf } from '../../checkout/order.ts';
import { hasFlag, ROUTES } from '../../checkout/routes.ts';
import { ISLAND_API, webUrl } from '../../checkout/wire.ts';
import { PaymentEtransferPage } from '../../views/pages/PaymentEtransfer.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { followNextAction, saveFlowState } from '../flow/next.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { postCall } from '../upstream/calls.ts';

/** The payment initiated as the page opens: the provider's page in its redirectUrl. */
export const etransferInit = postCall('etransfer/init', refIdRequestSchema, etransferInitResponseSchema, { fields: ['refId'] });

/** The payment instructions initiated as the page opens (etransfer/init). */
export const paymentInstructionsFailures: MethodFailures = {
  context: 'payment-instructions',
  held: true,
  outcome(failure, texts) {
    const code = codeOf(failure);
    if (code === ERROR_CODES.txnStatusInvalid) {
      return { kind: 'stay', messages: [texts.FAILURE_TEXT.paymentAlreadyInitiated], on: 'form', status: statusOf(failure) };
    }
    // Not common(): resuming from here could lead straight back to this page.
    if (code === ERROR_CODES.notFound) return { kind: 'home' };
    return stay(failure, texts, texts.FAILURE_TEXT.generic);
  },
};

const ROUTE = ROUTES.paymentEtransferInstructions;

function unavailable(reply: FastifyReply, messages: string[], status: number) {
  return reply.render(createElement(PaymentEtransferPage, { kind: 'unavailable', message: messages.join(' ') }), { status });
}

function initFailed(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, failure: Failure) {
  return meetFailure(request, reply, failure, paymentInstructionsFailures, {
    flow,
    stay: (messages, _on, status) => unavailable(reply, messages, status),
  });
}

export const paymentEtransferScreen = defineScreen({
  route: ROUTE,
  step: 'pay',
  opensWindow: true,
  get: stepPage(ROUTE.path, async (request, reply, load) => {
    const { flow } = load;
    let { state } = load;
    const stay = (messages: string[], status: number) => unavailable(reply, messages, status);

    if (state.nextAction === 'INITIATE_ETRANSFER') {
      const init = await upstreamFor(request).call(etransferInit, state.refId);
      if (!init.ok) return initFailed(request, reply, flow, init.failure);
      const initiated: FlowState = { ...state, ...init.value };
      const step = nextScreen(initiated, ROUTE.path, request.server.methods);
      if (step.kind !== 'navigate' || step.path !== ROUTE.path)
        return followNextAction(request, reply, flow, initiated, ROUTE.path, stay);
      saveFlowState(request, reply, flow, initiated);
      state = initiated;
    }

    const paymentUrl = webUrl(state.nextActionParams?.redirectUrl);
    // Initiated, but the provider's page is not in the state: nothing left to show.
    if (!paymentUrl) return stay([textsOf(request).FAILURE_TEXT.paymentAlreadyInitiated], 409);
    const page = createElement(PaymentEtransferPage, {
      kind: 'instructions',
      order: orderOf(flow, state)!,
      paymentUrl,
      checkUrl: ROUTE.flags.paid,
      statusUrl: ISLAND_API.status(flow.txnType, state.refId),
      pageUrl: ROUTE.path,
      waiting: hasFlag(request.query, 'paid'),
      frame: flowFrameOf(request, flow),
    });
    return reply.render(page);
  }),
});
