// Screen 4, quote confirmation. GET shows the quote the upstream holds for this visitor;
// NEXT follows the next-screen rule, unless the rate hold is over: then the server shows the
// quote-expired choice itself (the page works without JavaScript). Accept requotes and
// confirms, then carries on from the quote as NEXT does; Decline starts over.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { FlowState } from '../../checkout/contract.ts';
import { COUNTRY_BY_CURRENCY } from '../../checkout/domain.ts';
import type { RequoteOutcome } from '../../checkout/failures.ts';
import { quoteFee } from '../../checkout/fees.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { providerFee } from '../../checkout/money.ts';
import { orderOf } from '../../checkout/order.ts';
import { quotePromo } from '../../checkout/promo.ts';
import { formatHeldUntil, isRateHeld, requoteBody } from '../../checkout/quote-timer.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { PRICE_QUOTE_FORM_ID, PriceQuotePage, type PriceQuotePageProps } from '../../views/pages/PriceQuote.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { renderHome } from '../flow/home-page.ts';
import { followNextAction, keepFee } from '../flow/next.ts';
import { checkOrder } from '../flow/order-check.ts';
import { meetFailure } from '../flow/outcome.ts';
import { rateHold } from '../flow/rate-hold.ts';
import { defineScreen } from '../flow/screen.ts';
import { outOfStep } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { clearFlow, readFlow } from '../security/flow-cookie.ts';
import { refuseToPage, takeRefusal } from '../security/refusal-cookie.ts';

const ROUTE = ROUTES.priceQuote;

interface QuoteView {
  /** The hold is over: the expired choice is open. */
  expired?: boolean;
  /** A server-side Accept that failed. */
  failure?: RequoteOutcome;
}

/** What the order costs beyond the upstream's figures: its fee, and what a card is charged. */
export interface QuoteCosts {
  fee: number | null;
  charge?: { amount: number; currency: string } | undefined;
}

/**
 * The order's fee: the merchant's fee field for its method, or, for a method whose fee is a
 * third party's (a card), that party's quote, kept in the flow cookie for the pages after.
 * A provider that does not answer leaves the fee last asked, and the quote says what it can.
 */
export async function quoteCosts(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
): Promise<QuoteCosts> {
  const method = request.server.methods.get(state.paymentMethod);
  if (!method?.providerQuote) return { fee: quoteFee(request.merchant.config, method, flow.pro) };
  const quote = await method.providerQuote(request, state);
  if (!quote.ok) {
    request.log.warn({ failure: quote.failure.kind }, 'provider quote failed: the quote shows no fee');
    return { fee: flow.order?.fee ?? null };
  }
  const fee = providerFee(quote.value);
  keepFee(request, reply, flow, state, fee);
  return { fee, charge: quote.value.charge };
}

export function pageProps(
  request: FastifyRequest,
  flow: FlowCookie,
  state: FlowState,
  view: QuoteView,
  costs: QuoteCosts,
): PriceQuotePageProps {
  const config = request.merchant.config;
  const now = request.server.clock();
  const method = request.server.methods.get(state.paymentMethod);
  const held = isRateHeld(method);
  const deadline = rateHold(flow, state, now).until;
  const country = COUNTRY_BY_CURRENCY[flow.fiatCurrency];
  const analytics =
    config.env === 'PROD' && config.gtm
      ? {
          containerId: config.gtm,
          formId: PRICE_QUOTE_FORM_ID,
          transaction: {
            transactionId: state.refId,
            transactionType: flow.kind,
            paymentMethod: state.paymentMethod,
            fiatAmount: state.fiatAmount,
            fiatCurrency: state.fiatCurrency,
            cryptoAmount: state.cryptoAmount,
            cryptoCurrency: state.cryptoCurrency,
          },
        }
      : null;
  return {
    frame: flowFrameOf(request, flow),
    action: ROUTE.path,
    timer: {
      refId: state.refId,
      txnType: flow.txnType,
      requotes: method?.requotes ?? 'fiat',
      country,
      summary: {
        kind: flow.kind,
        figures: {
          fiatAmount: state.fiatAmount,
          cryptoAmount: state.cryptoAmount,
          forexRatePublic: state.forexRatePublic ?? null,
        },
        fiatCurrency: state.fiatCurrency,
        cryptoCurrency: state.cryptoCurrency,
        fiatSymbols: config.supportedFiatCurrencies.map((c) => ({ id: c.id, symbol: c.symbol })),
        fee: costs.fee,
      },
      deadline: held ? new Date(deadline).toISOString() : null,
      heldUntil: held ? formatHeldUntil(deadline, country, textsOf(request)) : '',
      expired: held && (view.expired ?? now >= deadline),
      ...(view.failure ? { failure: view.failure } : {}),
      acceptAction: ROUTE.actions.accept,
      declineAction: ROUTE.actions.decline,
      continueFormId: PRICE_QUOTE_FORM_ID,
    },
    promo: quotePromo(config, method, flow.pro),
    notice: method?.quoteNotice?.(textsOf(request)),
    charge: costs.charge,
    leaveGuard: ROUTE.leavePageGuard,
    analytics,
    userAgentLog:
      config.env === 'PROD' && request.server.thirdParty.userAgentLogUrl
        ? { url: request.server.thirdParty.userAgentLogUrl, refId: state.refId }
        : null,
  };
}

async function renderQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  view: QuoteView,
  status = 200,
) {
  const costs = await quoteCosts(request, reply, flow, state);
  const order = orderOf(flow, state)!;
  order.fee = costs.fee ?? undefined;
  checkOrder(request, order);
  return reply.render(createElement(PriceQuotePage, pageProps(request, flow, state, view, costs)), { status });
}

/** The visitor's flow and the quote the upstream holds for it; null once the reply is sent. */
async function loadQuote(request: FastifyRequest, reply: FastifyReply): Promise<{ flow: FlowCookie; state: FlowState } | null> {
  const flow = readFlow(request);
  if (!flow) {
    await reply.redirect(ROUTES.home.path, request.method === 'GET' ? 302 : 303);
    return null;
  }
  const result = await upstreamFor(request).flowState(flow.txnType, flow.refId);
  if (!result.ok) {
    await meetFailure(request, reply, result.failure, 'load', { flow });
    return null;
  }
  return { flow, state: result.value };
}

const NOTHING_TYPED = { values: {}, errors: {}, formErrors: [] };

/**
 * The quote page's forms (NEXT, Accept) refused: a 303 to the page, which says why once (and
 * offers the expired choice while the hold is over), so a reload sends nothing; an outage's
 * page is answered at once, as its GET would need the upstream too.
 */
async function backToQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  messages: string[],
  status: number,
): Promise<FastifyReply> {
  if (await refuseToPage(request, reply, ROUTE.path, flow, { ...NOTHING_TYPED, formErrors: messages }, { status })) {
    return reply;
  }
  return renderQuote(request, reply, flow, state, { failure: { kind: 'stay', messages, on: 'form', status } }, status);
}

export const priceQuoteScreen = defineScreen({
  route: ROUTE,
  step: 'quote',
  get: async (request, reply) => {
    const loaded = await loadQuote(request, reply);
    if (!loaded) return reply;
    // A form of the page refused a moment ago: why, once (the expired choice shows itself).
    const refused = await takeRefusal(request, reply, ROUTE.path, loaded.flow);
    const failure = refused && ({ kind: 'stay', messages: refused.formErrors, on: 'form', status: 200 } as const);
    return renderQuote(request, reply, loaded.flow, loaded.state, failure ? { failure } : {});
  },

  // NEXT: on, unless the hold is over: then the page again, which offers the choice.
  post: async (request, reply) => {
    const loaded = await loadQuote(request, reply);
    if (!loaded) return reply;
    const { flow, state } = loaded;
    const now = request.server.clock();
    if (isRateHeld(request.server.methods.get(state.paymentMethod)) && now >= rateHold(flow, state, now).until) {
      return reply.redirect(ROUTE.path, 303);
    }
    return followNextAction(request, reply, flow, state, ROUTE.path, (messages, status) =>
      backToQuote(request, reply, flow, state, messages, status),
    );
  },

  actions: {
    // Accept without JavaScript: requote, confirm, and on.
    accept: async (request, reply) => {
      // A new quote only while the visitor is at the quote: past it, a requote is not sent.
      const cookie = readFlow(request);
      if (cookie && outOfStep(request, reply, cookie, [ROUTE.path])) return reply;
      const loaded = await loadQuote(request, reply);
      if (!loaded) return reply;
      const { flow, state } = loaded;
      const upstream = upstreamFor(request);
      const requotes = request.server.methods.get(state.paymentMethod)?.requotes ?? 'fiat';
      const requoted = await upstream.requote(flow.txnType, requoteBody(state, requotes));
      const confirmed = requoted.ok ? await upstream.confirmNewQuote(flow.txnType, state.refId) : requoted;
      if (!confirmed.ok) {
        return meetFailure(request, reply, confirmed.failure, 'requote', {
          flow,
          endedTitle: (texts) => texts.QUOTE_TEXT.expired,
          modal: async (message, status) =>
            (await refuseToPage(request, reply, ROUTES.home.path, undefined, { ...NOTHING_TYPED, modal: message }, { status }))
              ? reply
              : renderHome(request, reply, { kind: flow.kind, modal: message }, status),
          stay: (messages, _on, status) => backToQuote(request, reply, flow, state, messages, status),
        });
      }
      // Accepted: on from the quote, as NEXT would.
      return followNextAction(request, reply, flow, confirmed.value, ROUTE.path, (messages, status) =>
        backToQuote(request, reply, flow, confirmed.value, messages, status),
      );
    },
    decline: async (request, reply) => {
      clearFlow(request, reply);
      return reply.redirect(ROUTES.home.path, 303);
    },
  },
});
