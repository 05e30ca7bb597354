// Carries out what the failure table (checkout/failures.ts, docs/spec.md section 8) says
// a visitor meets. The table decides; this only knows how each outcome looks as a response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import {
  contextName,
  type Failure,
  type FailureContext,
  type FailureFacts,
  failureOutcome,
  hiddenTexts,
  type Outcome,
} from '../../checkout/failures.ts';
import { quoteFee } from '../../checkout/fees.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import type { Texts } from '../../checkout/messages.ts';
import { requoteBody } from '../../checkout/quote-timer.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import { FlowEndedPage, type FlowEndedProps } from '../../views/pages/FlowEnded.tsx';
import { NewQuotePage, type NewQuotePageProps } from '../../views/pages/NewQuote.tsx';
import { textsOf } from '../i18n/plugin.ts';
import { clearFlow } from '../security/flow-cookie.ts';
import { isFormPost, keepForPage, type RefusalCarrier } from '../security/refusal-cookie.ts';
import { flowFrameOf } from './frame.ts';
import { renderHome } from './home-page.ts';
import { resumeAt, seeOther } from './next.ts';
import { scheduleHomeRedirect, siteUrlsFor } from './redirects.ts';
import { upstreamFor } from './upstream.ts';

/** What Accept posts back: the step's form action and the fields the visitor had sent. */
export interface Carried {
  action: string;
  values: Readonly<Record<string, string | undefined>>;
  /** Where it waits for the choice's page: a voucher number never travels in a cookie. */
  carrier?: RefusalCarrier | undefined;
}

/** What the screen a failure happened on offers the outcomes. */
export interface FailureScreen {
  /** The visitor's flow, when there is one. */
  flow?: FlowCookie | null;
  /** Show the messages on this screen: under its main field, or above its form. */
  stay?(messages: string[], on: 'field' | 'form', status: number): Answer;
  /** Show a modal whose closing goes home; by default on an empty home form. */
  modal?(message: string, status: number): Answer;
  /** Ask for the same quote again later; only the quote screens can. */
  retry?(outcome: Extract<Outcome, { kind: 'retry' }>): Answer;
  /** The heading of the page that says the order has ended. */
  endedTitle?: (texts: Texts) => string;
  /** Offer a new quote for this amount (the voucher screen). */
  newQuote?(amount: number, status: number): Answer;
  /** The form the visitor sent, which Accept carries on with once the hold ran out. */
  carried?: Carried;
  /** What the screen learnt from the refusal (a wrong code counted). */
  facts?: FailureFacts | undefined;
}

/** A reply, sent now or once the page has rendered. */
export type Answer = FastifyReply | Promise<FastifyReply>;

/** Show a failure as docs/spec.md section 8 has it for this screen or call. */
export function meetFailure(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: Failure,
  context: FailureContext,
  screen: FailureScreen = {},
): Answer {
  // The upstream's breaker is open: the visitor may try again once a probe may go.
  if (failure.kind === 'unavailable' && failure.retryAfterS !== undefined)
    reply.header('retry-after', String(failure.retryAfterS));
  const hidden = hiddenTexts(failure);
  if (hidden.length)
    request.log.warn(
      { upstream: { failure: failure.kind, hidden }, context: contextName(context) },
      'upstream text replaced for the visitor',
    );
  return carryOut(
    request,
    reply,
    failureOutcome(
      failure,
      context,
      {
        voiceClipScreen: request.server.methods.get(screen.flow?.method)?.voiceClipScreen,
        ...screen.facts,
      },
      textsOf(request),
    ),
    screen,
  );
}

export function carryOut(request: FastifyRequest, reply: FastifyReply, outcome: Outcome, screen: FailureScreen): Answer {
  const home = () => reply.redirect(ROUTES.home.path, seeOther(request));
  const toastHome = (messages: string[], status: number) =>
    renderHome(request, reply, { kind: screen.flow?.kind, toasts: messages.map((text) => ({ kind: 'error', text })) }, status);
  switch (outcome.kind) {
    case 'home':
      clearFlow(request, reply);
      return home();
    case 'redirect-home': {
      // The URL depends on the flow's currency: read before the flow is forgotten.
      const ended: OrderEnded = {
        title: screen.endedTitle?.(textsOf(request)) ?? textsOf(request).FLOW_ENDED.title,
        message: outcome.message,
        notice: outcome.notice,
        reference: screen.flow?.refId,
        leaveTo: siteUrlsFor(request).error(outcome.code),
      };
      clearFlow(request, reply);
      return keepForPage(request, reply, ROUTES.orderEnded.path, undefined, { ended }, { status: outcome.status }).then((kept) =>
        kept ? reply : showOrderEnded(reply, ended, outcome.status),
      );
    }
    case 'modal-home':
      if (screen.modal) return screen.modal(outcome.message, outcome.status);
      return renderHome(request, reply, { kind: screen.flow?.kind, modal: outcome.message }, outcome.status);
    case 'retry':
      return screen.retry ? screen.retry(outcome) : home();
    case 'screen':
      return reply.redirect(outcome.path, seeOther(request));
    case 'resume':
      return screen.flow ? resumeFlow(request, reply, screen.flow) : home();
    case 'stay':
      return screen.stay
        ? screen.stay(outcome.messages, outcome.on, outcome.status)
        : toastHome(outcome.messages, outcome.status);
    case 'toast-home':
      return toastHome(outcome.messages, outcome.status);
    case 'quote-expired':
      return screen.flow ? offerNewQuote(request, reply, screen.flow, screen.carried) : home();
    case 'new-quote':
      return screen.newQuote
        ? screen.newQuote(outcome.amount, outcome.status)
        : toastHome([textsOf(request).FAILURE_TEXT.generic], outcome.status);
  }
}

/** What the page that says an order has ended shows. */
export type OrderEnded = FlowEndedProps;

/** The order has ended: what happened, its reference, and the Refresh to where the visitor goes. */
export function showOrderEnded(reply: FastifyReply, ended: OrderEnded, status: number): Promise<FastifyReply> {
  scheduleHomeRedirect(reply, undefined, ended.leaveTo);
  return reply.render(createElement(FlowEndedPage, ended), { status });
}

/** Load the visitor's flow state and go where its nextAction says. */
export async function resumeFlow(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie): Promise<FastifyReply> {
  const result = await upstreamFor(request).flowState(flow.txnType, flow.refId);
  if (!result.ok) return meetFailure(request, reply, result.failure, 'load', { flow });
  return resumeAt(request, reply, flow, result.value, ROUTES.transactionNew.path);
}

const definedValues = (values: Carried['values']): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined));

/**
 * The rate hold ran out on a step after the quote page: the order requoted at the current
 * rate, its new figures with Accept and Decline (the quote page's: the flow forgotten,
 * home), as plain forms. Accept posts `carried` back to its step, else it confirms at
 * /new-quote/accept and returns the visitor to their step (server/screens/new-quote.ts).
 * A requote that failed and may be tried again shows why, with Accept to ask again.
 */
export async function offerNewQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  carried?: Carried,
): Promise<FastifyReply> {
  if (isFormPost(request)) {
    // The choice is the page of its own the 303 leads to, with the form kept for its Accept.
    if (!carried) return reply.redirect(ROUTES.newQuote.path, 303);
    const kept = { carried: { action: carried.action, values: definedValues(carried.values) } };
    if (await keepForPage(request, reply, ROUTES.newQuote.path, flow, kept, { carrier: carried.carrier })) return reply;
  }
  const upstream = upstreamFor(request);
  let figures: { fiatAmount: number; cryptoAmount: number } | undefined = flow.order;
  if (!figures) {
    const state = await upstream.flowState(flow.txnType, flow.refId);
    if (!state.ok) return meetFailure(request, reply, state.failure, 'load', { flow });
    figures = state.value;
  }
  const { fiatAmount, cryptoAmount } = figures;
  const method = request.server.methods.get(flow.method);
  const requoted = await upstream.requote(
    flow.txnType,
    requoteBody({ refId: flow.refId, fiatAmount, cryptoAmount }, method?.requotes ?? 'fiat'),
  );
  const config = request.merchant.config;
  const frame = flowFrameOf(request, flow);
  const fields = definedValues(carried?.values ?? {});
  const choice = (offer: NewQuotePageProps['offer'], status: number) =>
    reply.header('cache-control', 'no-store').render(
      createElement(NewQuotePage, {
        // The order beside it would show the figures that have just run out.
        frame: frame && { progress: frame.progress },
        offer,
        accept: carried
          ? { action: carried.action, fields: { ...fields, [FORM_FIELDS.acceptQuote[0]]: '1' } }
          : { action: ROUTES.newQuote.actions.accept, fields: {} },
        declineAction: ROUTES.priceQuote.actions.decline,
      }),
      { status },
    );
  if (!requoted.ok) {
    // A requote that may be tried again says why, and Accept asks again.
    return meetFailure(request, reply, requoted.failure, 'requote', {
      flow,
      endedTitle: (texts) => texts.QUOTE_TEXT.expired,
      stay: (messages, _on, status) => choice({ messages }, status),
    });
  }
  return choice(
    {
      summary: {
        kind: flow.kind,
        figures: {
          fiatAmount: requoted.value.fiatAmount ?? fiatAmount,
          cryptoAmount: requoted.value.cryptoAmount,
          forexRatePublic: requoted.value.forexRatePublic ?? null,
        },
        fiatCurrency: flow.fiatCurrency,
        cryptoCurrency: flow.cryptoCurrency,
        fiatSymbols: config.supportedFiatCurrencies.map((c) => ({ id: c.id, symbol: c.symbol })),
        fee: quoteFee(config, method, flow.pro) ?? flow.order?.fee ?? null,
      },
    },
    // A form sent after the hold ran out and kept nowhere is answered with the choice itself.
    isFormPost(request) ? 409 : 200,
  );
}
