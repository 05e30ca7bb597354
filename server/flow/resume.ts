// Picking a saved flow back up. `loadStep` is how a page that shows one step of the flow
// finds out whether the upstream agrees the visitor is there; /transaction and
// /state/{refId} resume a flow at whatever step the upstream's nextAction names.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIAT_CURRENCIES, METHOD_FLOW, type NextAction, type PaymentMethodName } from '../checkout/domain.ts';
import { nextScreen } from '../checkout/next-screen.ts';
import { ROUTES, type ScreenPath } from '../checkout/routes.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { REF_ID_PATTERN, type FlowState } from '../upstream/contract.ts';
import { flowCookieSchema, readFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { failureStatus, isTransactionGone, visitorMessage } from './failures.ts';
import { renderHome } from './home.ts';
import { goToStep, saveFlowState } from './next.ts';
import { upstreamFor } from './upstream.ts';

export const REFERENCE_NOT_FOUND = 'Reference ID not found.';

export type StepLoad =
  | { kind: 'ready'; flow: FlowCookie; state: FlowState }
  /** No flow cookie, or a forged or foreign one. */
  | { kind: 'no-flow' }
  | { kind: 'failed'; failure: UpstreamFailure }
  /** The upstream's nextAction belongs to another screen: the visitor goes there. */
  | { kind: 'elsewhere'; flow: FlowCookie; state: FlowState };

/**
 * The visitor's flow state, checked against where it belongs: the screens the rule may
 * name from here (`here`, by default just `screen`), or, for a form screen the rule names
 * indirectly (the address before the quote is confirmed), the nextAction it serves. An
 * unknown nextAction leads nowhere (logged only), so the screen shows what it can.
 */
export async function loadStep(
  request: FastifyRequest,
  screen: ScreenPath,
  here: readonly ScreenPath[] | NextAction = [screen],
): Promise<StepLoad> {
  const flow = readFlow(request);
  if (!flow) return { kind: 'no-flow' };
  const result = await upstreamFor(request).flowState(flow.txnType, flow.refId);
  if (!result.ok) return { kind: 'failed', failure: result.failure };
  if (typeof here === 'string') {
    return { kind: result.value.nextAction === here ? 'ready' : 'elsewhere', flow, state: result.value };
  }
  const step = nextScreen(result.value, screen);
  if (step.kind === 'none') {
    request.log.warn({ reason: step.reason }, 'next action not followed');
    return { kind: 'ready', flow, state: result.value };
  }
  const isHere = step.kind === 'navigate' && here.some((s) => s === step.path);
  return { kind: isHere ? 'ready' : 'elsewhere', flow, state: result.value };
}

/** The flow-state load failed: the upstream's error is shown on the home page (SPEC.md section 8). */
export function showLoadFailure(request: FastifyRequest, reply: FastifyReply, failure: UpstreamFailure) {
  return renderHome(request, reply, { toasts: [{ kind: 'error', text: visitorMessage(failure) }] }, failureStatus(failure));
}

/** What a step page does when the visitor is not at its step. */
export function leaveStep(request: FastifyRequest, reply: FastifyReply, load: Exclude<StepLoad, { kind: 'ready' }>, from: ScreenPath) {
  switch (load.kind) {
    case 'no-flow':
      return reply.redirect(ROUTES.home.path, 302);
    case 'failed':
      if (isTransactionGone(load.failure)) return reply.redirect(ROUTES.home.path, 302);
      return showLoadFailure(request, reply, load.failure);
    case 'elsewhere':
      return resumeAt(request, reply, load.flow, load.state, from);
  }
}

/** Save the state and follow its nextAction; an unknown action leads home (nowhere else to go). */
function resumeAt(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState, from: ScreenPath) {
  saveFlowState(request, reply, flow, state);
  const step = nextScreen(state, from);
  if (step.kind === 'none') {
    request.log.warn({ reason: step.reason }, 'next action not followed');
    return reply.redirect(ROUTES.home.path, 302);
  }
  return goToStep(request, reply, step, from);
}

/**
 * The flow cookie for a state loaded by refId alone. Only a transaction this merchant could
 * have started (its currency and payment method) is taken; the Pro flag is not in the
 * state, so a resumed flow is a regular one.
 */
export function flowFromState(request: FastifyRequest, state: FlowState): FlowCookie | null {
  const config = request.merchant.config;
  const fiatCurrency = FIAT_CURRENCIES.find((c) => c === state.fiatCurrency);
  const offered =
    fiatCurrency !== undefined &&
    config.supportedFiatCurrencies.some((c) => c.id === fiatCurrency) &&
    config.paymentMethods.some((m) => m.name === state.paymentMethod);
  if (!offered) return null;
  const parsed = flowCookieSchema.safeParse({
    refId: state.refId,
    kind: METHOD_FLOW[state.paymentMethod as PaymentMethodName],
    txnType: state.txnType,
    method: state.paymentMethod,
    ...(state.paymentMethodSubtype ? { subtype: state.paymentMethodSubtype } : {}),
    fiatCurrency,
    cryptoCurrency: state.cryptoCurrency,
    pro: false,
    addressRequired: state.nextActionParams?.addressRequired ?? false,
    merchant: request.merchant.id,
  });
  return parsed.success ? parsed.data : null;
}


/** A refId names a buy or a sell; the other API answers TRANSACTION.NOTFOUND. */
async function findByRefId(request: FastifyRequest, refId: string) {
  const upstream = upstreamFor(request);
  const buy = await upstream.flowState('BUY', refId);
  if (buy.ok || !isTransactionGone(buy.failure)) return buy;
  return upstream.flowState('SELL', refId);
}

function referenceNotFound(request: FastifyRequest, reply: FastifyReply) {
  return renderHome(request, reply, { toasts: [{ kind: 'error', text: REFERENCE_NOT_FOUND }] }, 404);
}

export function registerResume(app: FastifyInstance): void {
  const from = ROUTES.transactionNew.path;

  app.get(from, async (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 302);
    const result = await upstreamFor(request).flowState(flow.txnType, flow.refId);
    if (!result.ok) return showLoadFailure(request, reply, result.failure);
    return resumeAt(request, reply, flow, result.value, from);
  });

  app.get(ROUTES.stateMissing.path, (request, reply) => referenceNotFound(request, reply));
  app.get<{ Params: { refId: string } }>(ROUTES.state.path, async (request, reply) => {
    const { refId } = request.params;
    if (!REF_ID_PATTERN.test(refId)) return referenceNotFound(request, reply);
    const result = await findByRefId(request, refId);
    if (!result.ok) return showLoadFailure(request, reply, result.failure);
    const flow = flowFromState(request, result.value);
    if (!flow) return referenceNotFound(request, reply);
    return resumeAt(request, reply, flow, result.value, from);
  });
}
