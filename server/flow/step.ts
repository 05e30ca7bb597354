// Where the visitor is in the flow. `loadStep` is how a page that shows one step finds out
// whether the upstream agrees the visitor is there; `leaveStep` sends them where they
// belong when not; `resumeAt` picks a flow back up at whatever step the upstream's
// nextAction names (/transaction, /state/{refId}, a step posted out of order); `outOfStep`
// keeps a form from reaching the upstream unless the visitor is at its step.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowState } from '../../checkout/contract.ts';
import { FIAT_CURRENCIES, type NextAction } from '../../checkout/domain.ts';
import { type FlowCookie, flowCookieSchema } from '../../checkout/flow-cookie.ts';
import { nextScreen } from '../../checkout/next-screen.ts';
import { ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { readFlow } from '../security/flow-cookie.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { resumeAt, seeOther } from './next.ts';
import { type Answer, meetFailure } from './outcome.ts';
import { upstreamFor } from './upstream.ts';

export type StepLoad =
  | { kind: 'ready'; flow: FlowCookie; state: FlowState }
  /** No flow cookie, or a forged or foreign one. */
  | { kind: 'no-flow' }
  | { kind: 'failed'; flow: FlowCookie; failure: UpstreamFailure }
  /** The upstream's nextAction belongs to another screen: the visitor goes there. */
  | { kind: 'elsewhere'; flow: FlowCookie; state: FlowState };

/**
 * The visitor's flow state, checked against where it belongs: the screens the rule may
 * name from here (`here`, by default just `screen`), or, for a form screen the rule names
 * indirectly (the address before the quote is confirmed), the nextAction it serves. An
 * unknown nextAction leads nowhere (logged only): the screen the upstream last sent the
 * visitor to shows what it can; any other is not theirs to see.
 */
export async function loadStep(
  request: FastifyRequest,
  screen: ScreenPath,
  here: readonly ScreenPath[] | NextAction = [screen],
): Promise<StepLoad> {
  const flow = readFlow(request);
  if (!flow) return { kind: 'no-flow' };
  const result = await upstreamFor(request).flowState(flow.txnType, flow.refId);
  if (!result.ok) return { kind: 'failed', flow, failure: result.failure };
  if (typeof here === 'string' && result.value.nextAction === here) return { kind: 'ready', flow, state: result.value };
  const step = nextScreen(result.value, screen, request.server.methods);
  if (step.kind === 'none') {
    request.log.warn({ reason: step.reason }, 'next action not followed');
    // No navigation: the step the upstream last sent the visitor to stays theirs (its form
    // shows why the order could not continue); a page of another step is not.
    return { kind: flow.at === screen ? 'ready' : 'elsewhere', flow, state: result.value };
  }
  if (typeof here === 'string') return { kind: 'elsewhere', flow, state: result.value };
  const isHere = step.kind === 'navigate' && here.some((s) => s === step.path);
  return { kind: isHere ? 'ready' : 'elsewhere', flow, state: result.value };
}

/**
 * The page of a step: shown when the upstream has the visitor there (see loadStep), else
 * the visitor is sent where they belong.
 */
export function stepPage(
  screen: ScreenPath,
  show: (request: FastifyRequest, reply: FastifyReply, ready: { flow: FlowCookie; state: FlowState }) => Answer,
  here?: readonly ScreenPath[] | NextAction,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply> {
  return async (request, reply) => {
    const load = await loadStep(request, screen, here);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, screen);
    return show(request, reply, load);
  };
}

/** What a step page does when the visitor is not at its step. */
export function leaveStep(
  request: FastifyRequest,
  reply: FastifyReply,
  load: Exclude<StepLoad, { kind: 'ready' }>,
  from: ScreenPath,
) {
  switch (load.kind) {
    case 'no-flow':
      return reply.redirect(ROUTES.home.path, seeOther(request));
    case 'failed':
      return meetFailure(request, reply, load.failure, 'load', { flow: load.flow });
    case 'elsewhere':
      return resumeAt(request, reply, load.flow, load.state, from);
  }
}

/**
 * Steps in order: a form is sent upstream only from the screen the upstream last sent the
 * visitor to (the cookie's `at`, or one of `pages` that share that step). Any other form
 * (buyer info before the quote is confirmed, a payout email on a buy) is answered with a
 * 303 to the visitor's step, or to /transaction, which asks the upstream, when the cookie
 * does not say. Returns null when the form may go on.
 */
export function outOfStep(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  pages: readonly ScreenPath[],
): FastifyReply | null {
  if (flow.at !== undefined && pages.some((p) => p === flow.at)) return null;
  request.log.info({ at: flow.at ?? null }, 'form posted for another step: not sent upstream');
  void reply.redirect(flow.at ?? ROUTES.transactionNew.path, 303);
  return reply;
}

/**
 * The flow cookie for a state loaded by refId alone. Only a transaction this merchant could
 * have started (its currency and payment method) is taken; the Pro flag is not in the
 * state, so a resumed flow is a regular one.
 */
export function flowFromState(request: FastifyRequest, state: FlowState): FlowCookie | null {
  const config = request.merchant.config;
  const fiatCurrency = FIAT_CURRENCIES.find((c) => c === state.fiatCurrency);
  const method = config.paymentMethods.find((m) => m.name === state.paymentMethod);
  const offered = fiatCurrency !== undefined && config.supportedFiatCurrencies.some((c) => c.id === fiatCurrency) && method;
  if (!offered) return null;
  const parsed = flowCookieSchema.safeParse({
    refId: state.refId,
    kind: method.type,
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
