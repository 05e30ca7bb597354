// Screen 18 and its thanks page: cash over the counter. The upstream holds the order at
// CUSTOMER_PAYMENT with the reference number the payment centre takes; it stays PENDING
// until a centre reports the cash, so the thanks page belongs to the same step. Both pages
// show the same receipt, built here from the flow state each has just read. The payment
// page watches the order, so it moves on by itself once a centre has reported the cash.
import { createElement } from 'react';
import { cashDeadline, cashDeadlineText } from '../../checkout/cash-receipt.ts';
import type { FlowState } from '../../checkout/contract.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { CASH_PAYMENT_EXPIRY_MS } from '../../checkout/limits.ts';
import type { Texts } from '../../checkout/messages.ts';
import { orderOf } from '../../checkout/order.ts';
import { hasFlag, ROUTES } from '../../checkout/routes.ts';
import { ISLAND_API } from '../../checkout/wire.ts';
import { NoOrderHere } from '../../views/pages/NoOrderHere.tsx';
import { type CashReceiptData, PaymentOtcPage, PaymentOtcSuccessPage } from '../../views/pages/PaymentOtc.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { defineScreen } from '../flow/screen.ts';
import { leaveStep, loadStep, stepPage } from '../flow/step.ts';
import { textsOf } from '../i18n/plugin.ts';

const ROUTE = ROUTES.paymentOtc;

function cashReceipt(now: number, flow: FlowCookie, state: FlowState, texts: Texts): CashReceiptData {
  return {
    referenceNumber: state.nextActionParams?.referenceNumber || state.refId,
    order: orderOf(flow, state)!,
    deadline: cashDeadlineText(cashDeadline(state.txnDate, now), texts),
    expiry: texts.CASH_PAGE.expiry({ hours: texts.TIME.hours(CASH_PAYMENT_EXPIRY_MS) }),
  };
}

export const paymentOtcScreen = defineScreen({
  route: ROUTE,
  step: 'pay',
  get: stepPage(ROUTE.path, (request, reply, { flow, state }) => {
    const page = createElement(PaymentOtcPage, {
      receipt: cashReceipt(request.server.clock(), flow, state, textsOf(request)),
      confirming: hasFlag(request.query, 'confirm'),
      statusUrl: ISLAND_API.status(flow.txnType, state.refId),
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
    if (load.kind !== 'ready') return reply.render(createElement(NoOrderHere, { unavailable: load.kind === 'failed' }));
    const receipt = cashReceipt(request.server.clock(), load.flow, load.state, textsOf(request));
    return reply.render(createElement(PaymentOtcSuccessPage, { receipt }));
  },
});
