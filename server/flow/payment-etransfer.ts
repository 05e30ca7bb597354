// Screen 9, e-transfer payment. At INITIATE_ETRANSFER the page initiates the payment once
// (etransfer/init); afterwards the saved flow state carries the provider's page. Whether
// the payment went through is the upstream's nextAction: once it moves on (completed,
// cancelled), loading this page follows it, so I HAVE PAID is just a reload.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { nextScreen } from '../checkout/next-screen.ts';
import { ROUTES } from '../checkout/routes.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { renderPage } from '../render/stream.tsx';
import { PaymentEtransferPage } from '../../views/pages/PaymentEtransfer.tsx';
import { PAYMENT_ALREADY_INITIATED, etransferInitMessage, failureStatus, isTransactionGone } from './failures.ts';
import { followNextAction, saveFlowState } from './next.ts';
import { leaveStep, loadStep } from './resume.ts';
import { upstreamFor } from './upstream.ts';

const SCREEN = ROUTES.paymentEtransferInstructions.path;
/** I HAVE PAID: the same page, which then says so when the payment has not arrived. */
const CHECK_URL = `${SCREEN}?paid=1`;

/** Only http(s) URLs become a link: a javascript: or data: URL from upstream never does. */
function webUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function unavailable(request: FastifyRequest, reply: FastifyReply, message: string, status: number) {
  return renderPage(request, reply, createElement(PaymentEtransferPage, { kind: 'unavailable', message }), { status });
}

function initFailed(request: FastifyRequest, reply: FastifyReply, failure: UpstreamFailure) {
  if (isTransactionGone(failure)) return reply.redirect(ROUTES.home.path, 302);
  return unavailable(request, reply, etransferInitMessage(failure), failureStatus(failure));
}

export function registerPaymentEtransfer(app: FastifyInstance): void {
  app.get<{ Querystring: { paid?: string } }>(SCREEN, async (request, reply) => {
    const load = await loadStep(request, SCREEN);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, SCREEN);
    const { flow } = load;
    let { state } = load;

    if (state.nextAction === 'INITIATE_ETRANSFER') {
      const init = await upstreamFor(request).etransferInit(state.refId);
      if (!init.ok) return initFailed(request, reply, init.failure);
      const step = nextScreen(init.value, SCREEN);
      if (step.kind !== 'navigate' || step.path !== SCREEN) return followNextAction(request, reply, flow, init.value, SCREEN);
      saveFlowState(request, reply, flow, init.value);
      state = init.value;
    }

    const paymentUrl = webUrl(state.nextActionParams?.redirectUrl);
    // Initiated, but the provider's page is not in the state: nothing left to show.
    if (!paymentUrl) return unavailable(request, reply, PAYMENT_ALREADY_INITIATED, 409);
    return renderPage(
      request,
      reply,
      createElement(PaymentEtransferPage, {
        kind: 'instructions',
        order: state,
        paymentUrl,
        checkUrl: CHECK_URL,
        waiting: request.query.paid === '1',
      }),
    );
  });
}
