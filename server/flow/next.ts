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
import { StepUnavailablePage } from '../../views/pages/StepUnavailable.tsx';
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
 * the screen the state's nextAction sends the visitor to (unset: they stay where they are);
 * `from`: the screen whose form or page it answers. The order's events hear of every state.
 */
export function saveFlowState(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  at?: string,
  from?: string,
): FlowCookie {
  request.server.events.sawState(request, flow, state, { at, from });
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

/** The provider's address a redirect step leaves for, checked, with the way back; the reason when it fails its checks. */
export function providerUrl(request: FastifyRequest, url: string): { url: string } | { refused: string } {
  const checked = checkPaymentUrl(url, paymentHostRules(request));
  return checked.ok ? { url: withReturnUrl(request, checked.url) } : { refused: checked.reason };
}

export function goToStep(request: FastifyRequest, reply: FastifyReply, step: NextStep, stay: Stay, flow?: FlowCookie) {
  switch (step.kind) {
    case 'navigate':
      // See Other: the next step's page, fetched with GET whatever brought the visitor here.
      return reply.redirect(step.path, 303);
    case 'redirect': {
      // A form is answered with the checkout's own page, which then checks the address and
      // leaves: Back and reload never post it again (and a 303 to another site would break
      // form-action 'self'). Any other page leads there too, so the page decides whether
      // the visitor is on the way to the provider or back from it.
      if (request.method === 'POST') return reply.redirect(step.page, 303);
      if (request.routeOptions.url !== step.page) return reply.redirect(step.page, 302);
      const leaving = providerUrl(request, step.url);
      if ('refused' in leaving) return refusePayment(request, reply, [leaving.refused]);
      if (flow && !flow.atProvider) writeFlow(request, reply, { ...flow, atProvider: true });
      return leaveFor(reply, leaving.url);
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
  const saved = saveFlowState(request, reply, flow, state, stepPath(step), from);
  return goToStep(request, reply, step, stay, saved);
}

/** The screen a step shows, for the flow cookie's `at` (a payment elsewhere: the page that leaves for it). */
export function stepPath(step: NextStep): string | undefined {
  if (step.kind === 'navigate') return step.path;
  return step.kind === 'redirect' ? step.page : undefined;
}

/**
 * A step the upstream names that this checkout does not offer: a page that says so, with the
 * order's Reference ID and the merchant's support, instead of a silent bounce home.
 */
export function stepUnavailable(reply: FastifyReply, refId: string) {
  return reply.header('cache-control', 'no-store').render(createElement(StepUnavailablePage, { refId }), { status: 409 });
}

/**
 * Save the state and follow its nextAction. With no screen to stay on, an action the rule
 * does not know is the page that says the step is not online (logged).
 */
export function resumeAt(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState, from: ScreenPath) {
  const step = nextScreen(state, from, request.server.methods);
  const saved = saveFlowState(request, reply, flow, state, stepPath(step), from);
  return goToStep(request, reply, step, () => stepUnavailable(reply, state.refId), saved);
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
