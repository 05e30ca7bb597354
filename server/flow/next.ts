// Every step ends here: save what the edge needs from the new flow state, then go where
// the next-screen rule says. The edge never hard-codes a sequence of screens. An action
// the rule does not know causes no navigation (docs/spec.md section 2): it is logged, and the
// screen the visitor is on says the order could not continue.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { FlowState } from '../../checkout/contract.ts';
import { quoteFee } from '../../checkout/fees.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { type NextStep, nextScreen } from '../../checkout/next-screen.ts';
import { orderFiguresOf } from '../../checkout/order.ts';
import { checkPaymentUrl, type PaymentHostRules } from '../../checkout/payment-url.ts';
import { ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { PaymentRefusedPage } from '../../views/pages/PaymentRefused.tsx';
import { textsOf } from '../i18n/plugin.ts';
import { writeFlow } from '../security/flow-cookie.ts';
import { rateHold } from './rate-hold.ts';
import { leaveFor } from './redirects.ts';

/** The merchant's rules for where a payment may send the browser. */
export function paymentHostRules(request: FastifyRequest): PaymentHostRules {
  const config = request.merchant.config;
  return { hosts: config.paymentHosts, allowLoopbackHttp: config.env !== 'PROD' };
}

/**
 * Where a bank sends the visitor back: the bank payment page, which follows the order
 * (success, in review, or the cancelled page when the payment failed).
 */
export function bankReturnUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}${ROUTES.bankPayment.flags.returned}`;
}

function withReturnUrl(request: FastifyRequest, paymentUrl: string): string {
  const url = new URL(paymentUrl);
  url.searchParams.set('returnUrl', bankReturnUrl(request));
  return url.href;
}

/** A payment address that failed its checks: logged, and a page with the support reference. */
export function refusePayment(request: FastifyRequest, reply: FastifyReply, reasons: string[]) {
  request.log.warn({ reasons }, 'payment address from the upstream refused');
  return reply
    .header('cache-control', 'no-store')
    .render(createElement(PaymentRefusedPage, { reference: request.id }), { status: 502 });
}

/** How a screen shows a message in place: its own page, re-rendered with the messages. */
export type Stay = (messages: string[], status: number) => Promise<FastifyReply> | FastifyReply;

/**
 * Merge a new flow state into the cookie; addressRequired is kept once it was seen, and the
 * order summary's figures follow the state (checkout/order.ts says why they live here). `at`:
 * the screen the state's nextAction sends the visitor to (unset: they stay where they are).
 */
export function saveFlowState(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  at?: string,
): FlowCookie {
  const next: FlowCookie = {
    ...flow,
    refId: state.refId,
    addressRequired: state.nextActionParams?.addressRequired ?? flow.addressRequired,
    ...(at !== undefined ? { at } : {}),
    // A fee the merchant file does not give (a card provider's) is kept from when it was asked.
    order: orderFiguresOf(
      state,
      quoteFee(request.merchant.config, request.server.methods.get(state.paymentMethod), flow.pro) ?? flow.order?.fee,
      flow.order?.charge,
      flow.masked === true,
    ),
    hold: rateHold(flow, state, request.server.clock()),
    // The new state settles any requote that was waiting for confirmation.
    requote: undefined,
  };
  writeFlow(request, reply, next);
  return next;
}

/** 303 after a form post, 302 after a page load. */
export function seeOther(request: FastifyRequest): 302 | 303 {
  return request.method === 'POST' ? 303 : 302;
}

export function goToStep(request: FastifyRequest, reply: FastifyReply, step: NextStep, stay: Stay) {
  switch (step.kind) {
    case 'navigate':
      // See Other: the next step's page, fetched with GET whatever brought the visitor here.
      return reply.redirect(step.path, 303);
    case 'redirect': {
      // A form is answered with the checkout's own page, which then checks the address and
      // leaves: Back and reload never post it again (and a 303 to another site would break
      // form-action 'self').
      if (request.method === 'POST') return reply.redirect(step.page, 303);
      const checked = checkPaymentUrl(step.url, paymentHostRules(request));
      if (!checked.ok) return refusePayment(request, reply, [checked.reason]);
      return leaveFor(reply, withReturnUrl(request, checked.url));
    }
    case 'none':
      request.log.warn({ reason: step.reason }, 'next action not followed');
      return stay([textsOf(request).FAILURE_TEXT.cannotContinue], 409);
  }
}

export function followNextAction(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  from: ScreenPath,
  stay: Stay,
) {
  const step = nextScreen(state, from, request.server.methods);
  saveFlowState(request, reply, flow, state, stepPath(step));
  return goToStep(request, reply, step, stay);
}

/** The screen a step shows, for the flow cookie's `at` (a payment elsewhere: the page that leaves for it). */
export function stepPath(step: NextStep): string | undefined {
  if (step.kind === 'navigate') return step.path;
  return step.kind === 'redirect' ? step.page : undefined;
}

/**
 * Save the state and follow its nextAction. With no screen to stay on, an action the rule
 * does not know leads home (logged).
 */
export function resumeAt(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState, from: ScreenPath) {
  const step = nextScreen(state, from, request.server.methods);
  saveFlowState(request, reply, flow, state, stepPath(step));
  return goToStep(request, reply, step, () => reply.redirect(ROUTES.home.path, seeOther(request)));
}

/**
 * A fee the merchant file does not give (a card provider's, asked as its quote is shown),
 * and what the provider charges the card, kept in the flow cookie so the pages after (the
 * receipts) show the order with them.
 */
export function keepFee(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  fee: number,
  charge?: { amount: number; currency: string } | undefined,
): FlowCookie {
  const order = { ...(flow.order ?? orderFiguresOf(state, null, undefined, flow.masked === true)), fee };
  if (charge) order.charge = { ...charge, forFiat: state.fiatAmount };
  return saveFlowState(request, reply, { ...flow, order }, state);
}
