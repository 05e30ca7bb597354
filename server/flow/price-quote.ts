// Screen 4, quote confirmation. GET shows the quote the upstream holds for this visitor;
// NEXT follows the next-screen rule, unless the rate hold is over: then the server shows the
// quote-expired choice itself (the page works without JavaScript). Accept requotes and
// confirms, then comes back here with the new figures and deadline; Decline starts over.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { COUNTRY_BY_CURRENCY, ERROR_CODES } from '../checkout/domain.ts';
import { ROUTES, leavePageGuard } from '../checkout/routes.ts';
import {
  formatHeldUntil,
  isRateHeld,
  quoteDeadline,
  requoteBody,
  requoteFailureOutcome,
  type RequoteFailureOutcome,
} from '../checkout/quote-timer.ts';
import type { MerchantConfig } from '../tenancy/schema.ts';
import type { FlowState } from '../upstream/contract.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { clearFlow, readFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { scheduleHomeRedirect } from './redirects.ts';
import { renderPage } from '../render/stream.tsx';
import {
  PRICE_QUOTE_FORM_ID,
  PriceQuotePage,
  QuoteRedirectHomePage,
  QuoteUnavailablePage,
  type PriceQuotePageProps,
  type QuotePromo,
} from '../../views/pages/PriceQuote.tsx';
import { renderHome } from './home.ts';
import { followNextAction, saveFlowState } from './next.ts';
import { upstreamFor } from './upstream.ts';
import { visitorMessage } from './failures.ts';

const QUOTE_PATH = ROUTES.priceQuote.path;
export const ACCEPT_PATH = `${QUOTE_PATH}/accept`;
export const DECLINE_PATH = `${QUOTE_PATH}/decline`;

/** The fees a promotion lowers, per payment method (regular, promo). */
const PROMO_FEES = {
  ETRANSFER: ['etransferFee', 'etransferFeePromo'],
  FLEXEPIN: ['flexepinFee', 'flexepinFeePromo'],
} as const satisfies Record<string, readonly [keyof MerchantConfig, keyof MerchantConfig]>;

/**
 * The promo box: only when the merchant runs a promotion and the visitor is not Pro
 * (SPEC.md section 4), for a method with a promo fee, and only when there is something to
 * show (savings, or a fee of 0). Fees are amounts in the quote's fiat currency.
 */
export function quotePromo(config: MerchantConfig, paymentMethod: string, pro: boolean): QuotePromo | null {
  if (!config.isPromo || pro || !Object.hasOwn(PROMO_FEES, paymentMethod)) return null;
  const [regularKey, promoKey] = PROMO_FEES[paymentMethod as keyof typeof PROMO_FEES];
  const regular = config[regularKey];
  const promo = config[promoKey];
  const savings = Math.max(0, Math.round((regular - promo) * 100) / 100);
  if (savings === 0 && promo > 0) return null;
  return { savings, noProcessingFees: promo === 0 };
}

function isExpired(state: FlowState, now: number): boolean {
  return isRateHeld(state.paymentMethod) && now >= quoteDeadline(state, now);
}

function pageProps(
  request: FastifyRequest,
  flow: FlowCookie,
  state: FlowState,
  view: { expired?: boolean; failure?: RequoteFailureOutcome } = {},
): PriceQuotePageProps {
  const config = request.merchant.config;
  const now = request.server.clock();
  const held = isRateHeld(state.paymentMethod);
  const deadline = quoteDeadline(state, now);
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
    action: QUOTE_PATH,
    timer: {
      refId: state.refId,
      txnType: flow.txnType,
      paymentMethod: state.paymentMethod,
      country,
      summary: {
        kind: flow.kind,
        figures: { fiatAmount: state.fiatAmount, cryptoAmount: state.cryptoAmount, forexRatePublic: state.forexRatePublic ?? null },
        fiatCurrency: state.fiatCurrency,
        cryptoCurrency: state.cryptoCurrency,
        fiatSymbols: config.supportedFiatCurrencies.map((c) => ({ id: c.id, symbol: c.symbol })),
      },
      deadline: held ? new Date(deadline).toISOString() : null,
      heldUntil: held ? formatHeldUntil(deadline, country) : '',
      expired: held && (view.expired ?? now >= deadline),
      ...(view.failure ? { failure: view.failure } : {}),
      acceptAction: ACCEPT_PATH,
      declineAction: DECLINE_PATH,
    },
    promo: quotePromo(config, state.paymentMethod, flow.pro),
    chargedInUsd: state.paymentMethod === 'CREDITCARD',
    leaveGuard: leavePageGuard(QUOTE_PATH),
    analytics,
  };
}

function renderQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  view: Parameters<typeof pageProps>[3] = {},
  status = 200,
) {
  return renderPage(request, reply, createElement(PriceQuotePage, pageProps(request, flow, state, view)), { status });
}

/** Where a failure leaves the visitor when there is no quote to show. */
function quoteLost(request: FastifyRequest, reply: FastifyReply, failure: UpstreamFailure) {
  if (failure.kind === 'error' && failure.code === ERROR_CODES.notFound) {
    clearFlow(request, reply);
    return reply.redirect(ROUTES.home.path, request.method === 'GET' ? 302 : 303);
  }
  const status = failure.kind === 'error' && failure.status < 500 ? 409 : 502;
  return renderPage(request, reply, createElement(QuoteUnavailablePage, { text: visitorMessage(failure) }), { status });
}

type Loaded = { flow: FlowCookie; state: FlowState } | null;

/** The visitor's flow and the quote the upstream holds for it; null once the reply is sent. */
async function loadQuote(request: FastifyRequest, reply: FastifyReply): Promise<Loaded> {
  const flow = readFlow(request);
  if (!flow) {
    await reply.redirect(ROUTES.home.path, request.method === 'GET' ? 302 : 303);
    return null;
  }
  const result = await upstreamFor(request).flowState(flow.txnType, flow.refId);
  if (!result.ok) {
    await quoteLost(request, reply, result.failure);
    return null;
  }
  return { flow, state: result.value };
}

/** A requote or its confirmation failed (SPEC.md section 8). */
function acceptFailed(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState, failure: UpstreamFailure) {
  if (failure.kind === 'error' && failure.code === ERROR_CODES.notFound) return quoteLost(request, reply, failure);
  const outcome: RequoteFailureOutcome =
    failure.kind === 'error' ? requoteFailureOutcome(failure.code, failure.msg) : { kind: 'retry', text: visitorMessage(failure) };
  switch (outcome.kind) {
    case 'redirect-home':
      clearFlow(request, reply);
      scheduleHomeRedirect(reply);
      return renderPage(request, reply, createElement(QuoteRedirectHomePage, { text: outcome.text }), { status: 409 });
    case 'close-home':
      // A limit error: its message in the home page's modal, like a refused first quote.
      return renderHome(request, reply, { kind: flow.kind, modal: outcome.text }, 422);
    case 'retry':
      return renderQuote(request, reply, flow, state, { expired: true, failure: outcome }, 409);
  }
}

export function registerPriceQuote(app: FastifyInstance): void {
  app.get(QUOTE_PATH, async (request, reply) => {
    const loaded = await loadQuote(request, reply);
    if (!loaded) return reply;
    return renderQuote(request, reply, loaded.flow, loaded.state);
  });

  app.post(QUOTE_PATH, async (request, reply) => {
    const loaded = await loadQuote(request, reply);
    if (!loaded) return reply;
    const { flow, state } = loaded;
    if (isExpired(state, request.server.clock())) return renderQuote(request, reply, flow, state, { expired: true }, 409);
    return followNextAction(request, reply, flow, state, QUOTE_PATH);
  });

  app.post(ACCEPT_PATH, async (request, reply) => {
    const loaded = await loadQuote(request, reply);
    if (!loaded) return reply;
    const { flow, state } = loaded;
    const upstream = upstreamFor(request);
    const requoted = await upstream.requote(flow.txnType, requoteBody(state));
    if (!requoted.ok) return acceptFailed(request, reply, flow, state, requoted.failure);
    const confirmed = await upstream.confirmNewQuote(flow.txnType, state.refId);
    if (!confirmed.ok) return acceptFailed(request, reply, flow, state, confirmed.failure);
    saveFlowState(request, reply, flow, confirmed.value);
    return reply.redirect(QUOTE_PATH, 303);
  });

  app.post(DECLINE_PATH, async (request, reply) => {
    clearFlow(request, reply);
    return reply.redirect(ROUTES.home.path, 303);
  });
}
