// Screen 4, quote confirmation. GET shows the quote the upstream holds for this visitor;
// NEXT follows the next-screen rule, unless the rate hold is over: then the server shows the
// quote-expired choice itself (the page works without JavaScript). Accept requotes and
// confirms, then comes back here with the new figures and deadline; Decline starts over.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { COUNTRY_BY_CURRENCY } from '../../checkout/domain.ts';
import type { RequoteOutcome } from '../../checkout/failures.ts';
import { QUOTE_TEXT } from '../../checkout/messages.ts';
import { quoteFee } from '../../checkout/fees.ts';
import { quotePromo } from '../../checkout/promo.ts';
import { formatHeldUntil, isRateHeld, requoteBody } from '../../checkout/quote-timer.ts';
import { rateHold } from '../flow/rate-hold.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FlowState } from '../upstream/contract.ts';
import { clearFlow, readFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { renderHome } from '../flow/home-page.ts';
import { followNextAction, saveFlowState } from '../flow/next.ts';
import { meetFailure } from '../flow/outcome.ts';
import { outOfStep } from '../flow/step.ts';
import { defineScreen } from '../flow/screen.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { PRICE_QUOTE_FORM_ID, PriceQuotePage, type PriceQuotePageProps } from '../../views/pages/PriceQuote.tsx';
import { flowFrameOf } from '../../views/components/FlowFrame.tsx';

const ROUTE = ROUTES.priceQuote;

interface QuoteView {
  /** The hold is over: the expired choice is open. */
  expired?: boolean;
  /** A server-side Accept that failed. */
  failure?: RequoteOutcome;
}

export function pageProps(request: FastifyRequest, flow: FlowCookie, state: FlowState, view: QuoteView): PriceQuotePageProps {
  const config = request.merchant.config;
  const now = request.server.clock();
  const held = isRateHeld(state.paymentMethod);
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
    frame: flowFrameOf(flow, ROUTE.path),
    action: ROUTE.path,
    timer: {
      refId: state.refId,
      txnType: flow.txnType,
      paymentMethod: state.paymentMethod,
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
      },
      deadline: held ? new Date(deadline).toISOString() : null,
      heldUntil: held ? formatHeldUntil(deadline, country) : '',
      expired: held && (view.expired ?? now >= deadline),
      ...(view.failure ? { failure: view.failure } : {}),
      acceptAction: ROUTE.actions.accept,
      declineAction: ROUTE.actions.decline,
    },
    promo: quotePromo(config, state.paymentMethod, flow.pro),
    fee: quoteFee(config, state.paymentMethod, flow.pro),
    chargedInUsd: state.paymentMethod === 'CREDITCARD',
    leaveGuard: ROUTE.leavePageGuard,
    analytics,
    userAgentLog:
      config.env === 'PROD' && request.server.thirdParty.userAgentLogUrl
        ? { url: request.server.thirdParty.userAgentLogUrl, refId: state.refId }
        : null,
  };
}

function renderQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  view: QuoteView,
  status = 200,
) {
  return reply.render(createElement(PriceQuotePage, pageProps(request, flow, state, view)), { status });
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

export const priceQuoteScreen = defineScreen({
  route: ROUTE,
  get: async (request, reply) => {
    const loaded = await loadQuote(request, reply);
    if (!loaded) return reply;
    return renderQuote(request, reply, loaded.flow, loaded.state, {});
  },

  // NEXT: on, unless the hold is over.
  post: async (request, reply) => {
    const loaded = await loadQuote(request, reply);
    if (!loaded) return reply;
    const { flow, state } = loaded;
    const now = request.server.clock();
    if (isRateHeld(state.paymentMethod) && now >= rateHold(flow, state, now).until) {
      return renderQuote(request, reply, flow, state, { expired: true }, 409);
    }
    return followNextAction(request, reply, flow, state, ROUTE.path, (messages, status) =>
      renderQuote(request, reply, flow, state, { failure: { kind: 'stay', messages, on: 'form', status } }, status),
    );
  },

  actions: {
    // Accept without JavaScript: requote, confirm, and show the new quote.
    accept: async (request, reply) => {
      // A new quote only while the visitor is at the quote: past it, a requote is not sent.
      const cookie = readFlow(request);
      if (cookie && outOfStep(request, reply, cookie, [ROUTE.path])) return reply;
      const loaded = await loadQuote(request, reply);
      if (!loaded) return reply;
      const { flow, state } = loaded;
      const upstream = upstreamFor(request);
      const requoted = await upstream.requote(flow.txnType, requoteBody(state));
      const confirmed = requoted.ok ? await upstream.confirmNewQuote(flow.txnType, state.refId) : requoted;
      if (!confirmed.ok) {
        return meetFailure(request, reply, confirmed.failure, 'requote', {
          flow,
          endedTitle: QUOTE_TEXT.expired,
          modal: (message, status) => renderHome(request, reply, { kind: flow.kind, modal: message }, status),
          stay: (messages, on, status) =>
            renderQuote(request, reply, flow, state, { expired: true, failure: { kind: 'stay', messages, on, status } }, status),
        });
      }
      saveFlowState(request, reply, flow, confirmed.value);
      return reply.redirect(ROUTE.path, 303);
    },
    decline: async (request, reply) => {
      clearFlow(request, reply);
      return reply.redirect(ROUTES.home.path, 303);
    },
  },
});
