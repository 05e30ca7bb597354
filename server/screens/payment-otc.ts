// Screen 18 and its thanks page: cash over the counter. The upstream holds the order at
// CUSTOMER_PAYMENT with the reference number the payment centre takes; it stays PENDING
// until a centre reports the cash, so the thanks page belongs to the same step.
import { orderOf } from '../../checkout/order.ts';
import { createElement } from 'react';
import { formatHours } from '../../checkout/format.ts';
import { CASH_PAYMENT_EXPIRY_MS } from '../../checkout/limits.ts';
import { OTC_TEXT } from '../../checkout/messages.ts';
import { PH_TIME_ZONE } from '../../checkout/cash-in.ts';
import { ROUTES, hasFlag } from '../../checkout/routes.ts';
import type { FlowState } from '../upstream/contract.ts';
import { defineScreen } from '../flow/screen.ts';
import { leaveStep, loadStep, stepPage } from '../flow/step.ts';
import { PaymentOtcPage, PaymentOtcSuccessPage } from '../../views/pages/PaymentOtc.tsx';
import { flowFrameOf } from '../flow/frame.ts';

const ROUTE = ROUTES.paymentOtc;

const referenceOf = (state: FlowState) => state.nextActionParams?.referenceNumber || state.refId;

/** When the cash must be paid: 12 hours from the order, in Manila time. */
function expiryText(state: FlowState, now: number): string {
  const ordered = state.txnDate ? Date.parse(state.txnDate) : NaN;
  const until = new Date((Number.isFinite(ordered) ? ordered : now) + CASH_PAYMENT_EXPIRY_MS);
  const formatted = new Intl.DateTimeFormat('en-PH', { timeZone: PH_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(
    until,
  );
  return OTC_TEXT.expiry(formatHours(CASH_PAYMENT_EXPIRY_MS), formatted);
}

export const paymentOtcScreen = defineScreen({
  route: ROUTE,
  step: 'pay',
  get: stepPage(ROUTE.path, (request, reply, { flow, state }) => {
    const page = createElement(PaymentOtcPage, {
      referenceNumber: referenceOf(state),
      order: orderOf(flow, state)!,
      expiryText: expiryText(state, request.server.clock()),
      confirming: hasFlag(request.query, 'confirm'),
      frame: flowFrameOf(request, flow),
    });
    return reply.render(page);
  }),
});

export const paymentOtcSuccessScreen = defineScreen({
  route: ROUTES.paymentOtcSuccess,
  get: async (request, reply) => {
    const load = await loadStep(request, ROUTES.paymentOtcSuccess.path, [ROUTE.path]);
    if (load.kind === 'elsewhere') return leaveStep(request, reply, load, ROUTES.paymentOtcSuccess.path);
    const referenceNumber = load.kind === 'ready' ? referenceOf(load.state) : undefined;
    return reply.render(createElement(PaymentOtcSuccessPage, { referenceNumber }));
  },
});
