// The card rail: /credit-card-quote asks the card provider what the order buys and costs
// (CARD_QUOTE_URL with the merchant's key): what the card is charged in USD and the order
// it stands for, the provider's fees and what the visitor receives, and takes the residency
// confirmation; /credit-card frames the provider's
// widget (server/third-party.ts cardWidgetUrlFor), whose completion is read from the
// upstream: a check reloads the page, which follows the nextAction once the card is paid.
// Card payments need the merchant's key and the provider's URLs; without them the visitor
// is told so (a missing key is logged as an error) instead of meeting a broken frame.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { FlowState } from '../../checkout/contract.ts';
import { ERROR_CODES } from '../../checkout/domain.ts';
import { codeOf, type MethodFailures } from '../../checkout/failures.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { type ProviderQuote, providerFee } from '../../checkout/money.ts';
import { orderOf } from '../../checkout/order.ts';
import { hasFlag, ROUTES } from '../../checkout/routes.ts';
import { field } from '../../checkout/validation/result.ts';
import { FORM_FIELDS, type FormFieldsOf, ISLAND_API } from '../../checkout/wire.ts';
import { CreditCardPage, CreditCardQuotePage } from '../../views/pages/CreditCard.tsx';
import { formValues } from '../flow/form.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { renderHome } from '../flow/home-page.ts';
import { keepFee } from '../flow/next.ts';
import { checkOrder } from '../flow/order-check.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { refuseToPage, takeRefusal } from '../security/refusal-cookie.ts';
import { cardWidgetUrlFor } from '../third-party.ts';
import type { UpstreamResult } from '../upstream/client.ts';

/** The card provider's quote for the order: a third party's words are never shown, every failure reads the same. */
export const cardQuoteFailures: MethodFailures = {
  context: 'card-quote',
  held: false,
  outcome(failure, texts) {
    if (codeOf(failure) === ERROR_CODES.notFound) return { kind: 'home' };
    return {
      kind: 'stay',
      messages: [texts.FAILURE_TEXT.cardQuote],
      on: 'form',
      status: failure.kind === 'unavailable' ? 503 : 502,
    };
  },
};

const QUOTE = ROUTES.creditCardQuote;
const CARD = ROUTES.creditCard;
/** The card screens answer while the upstream waits for the card payment (CUSTOMER_PAYMENT). */
const CARD_STEP = [QUOTE.path, CARD.path] as const;
const CARD_COUNTRY_CURRENCY = 'CAD';

/**
 * The merchant's key, or the visitor goes home with a message (the missing key is logged).
 * Card payments switched off by configuration are not an outage: the home page answers 200.
 */
function cardKey(request: FastifyRequest, reply: FastifyReply): { key: string } | { answer: Promise<FastifyReply> } {
  const key = request.merchant.config.cardWidget.apiKey;
  if (!key) request.log.error({ merchant: request.merchant.id }, 'card widget apiKey missing in the merchant configuration');
  if (!key || !request.server.thirdParty.available.card) {
    return {
      answer: renderHome(request, reply, { toasts: [{ kind: 'error', text: textsOf(request).CARD_TEXT.unavailable }] }, 200),
    };
  }
  return { key };
}

/** Country follows currency: a card order outside CAD is not from a Canadian resident. */
const resident = (state: FlowState) => state.fiatCurrency === CARD_COUNTRY_CURRENCY;

/**
 * The card provider's figures for the order: its fees, what the visitor receives and what
 * the card is charged in USD (CARD_QUOTE_URL with the merchant's key). Unavailable without
 * a key or the provider's URL.
 */
export async function cardProviderQuote(request: FastifyRequest, state: FlowState): Promise<UpstreamResult<ProviderQuote>> {
  const key = request.merchant.config.cardWidget.apiKey;
  if (!key || !request.server.thirdParty.available.card)
    return { ok: false, failure: { kind: 'unavailable', reason: 'not-configured' } };
  const quote = await upstreamFor(request).cardQuote({
    key,
    baseCurrency: state.fiatCurrency,
    amount: state.fiatAmount,
    quoteCurrency: state.cryptoCurrency,
  });
  if (!quote.ok) return quote;
  const { quoteCurrencyAmount, feeAmount, extraFeeAmount, chargeAmount, chargeCurrency } = quote.value;
  return {
    ok: true,
    value: {
      receives: quoteCurrencyAmount,
      fees: [
        { label: textsOf(request).CARD_TEXT.fee, amount: feeAmount },
        { label: textsOf(request).CARD_TEXT.extraFee, amount: extraFeeAmount },
      ],
      charge: chargeAmount !== undefined && chargeCurrency ? { amount: chargeAmount, currency: chargeCurrency } : undefined,
    },
  };
}

async function showQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  values: Record<string, string> = {},
  error?: string,
) {
  const unavailable = (message: string, status: number, retry?: string) =>
    reply.render(createElement(CreditCardQuotePage, { kind: 'unavailable', message, retry, frame: flowFrameOf(request, flow) }), {
      status,
    });
  const key = cardKey(request, reply);
  if ('answer' in key) return key.answer;
  if (!resident(state)) return unavailable(textsOf(request).CARD_TEXT.residencyRequired, 403);
  const quote = await cardProviderQuote(request, state);
  if (!quote.ok) {
    return meetFailure(request, reply, quote.failure, cardQuoteFailures, {
      flow,
      stay: (messages, _on, status) => unavailable(messages.join(' '), status, QUOTE.path),
    });
  }
  const fee = providerFee(quote.value);
  keepFee(request, reply, flow, state, fee, quote.value.charge);
  const order = orderOf(flow, state)!;
  checkOrder(request, { ...order, fee, cryptoAmount: quote.value.receives }, 'card provider');
  const form = { values, errors: error ? { canadianResident: error } : {}, formErrors: [] };
  return reply.render(
    createElement(CreditCardQuotePage, {
      kind: 'quote',
      order,
      provider: quote.value,
      form,
      frame: flowFrameOf(request, flow),
    }),
    // Shown by the GET a refusal's 303 leads to, the page is found; only a POST answered with it is refused.
    { status: error && request.method === 'POST' ? 422 : 200 },
  );
}

export const creditCardQuoteScreen = defineScreen({
  route: QUOTE,
  // A step forward from verification: the card's own quote, then the card.
  step: 'pay',
  get: stepPage(
    QUOTE.path,
    async (request, reply, { flow, state }) => {
      const refused = await takeRefusal<FormFieldsOf<'cardResidency'>>(request, reply, QUOTE.path, flow);
      return showQuote(request, reply, flow, state, refused?.values, refused?.errors.canadianResident);
    },
    CARD_STEP,
  ),
  // NEXT: only with the residency confirmed; else a 303 to the quote, which says why once (the refusal cookie: a checkbox, no card data).
  post: stepPage(
    QUOTE.path,
    async (request, reply, { flow, state }) => {
      if (field(request.body, 'canadianResident') === 'yes' && resident(state)) return reply.redirect(CARD.path, 303);
      const values = formValues(request.body, FORM_FIELDS.cardResidency);
      const error = textsOf(request).CARD_TEXT.residencyRequired;
      const form = { values, errors: { canadianResident: error }, formErrors: [] };
      if (await refuseToPage(request, reply, QUOTE.path, flow, form)) return reply;
      return showQuote(request, reply, flow, state, values, error);
    },
    CARD_STEP,
  ),
});

export const creditCardScreen = defineScreen({
  route: CARD,
  step: 'pay',
  get: stepPage(
    CARD.path,
    (request, reply, { state }) => {
      const key = cardKey(request, reply);
      if ('answer' in key) return key.answer;
      if (!resident(state)) {
        return reply.render(
          createElement(CreditCardPage, { kind: 'unavailable', message: textsOf(request).CARD_TEXT.residencyRequired }),
          {
            status: 403,
          },
        );
      }
      const { cardWidget } = request.merchant.config;
      const src = new URL(cardWidgetUrlFor(request.server.thirdParty, cardWidget));
      src.searchParams.set('apiKey', key.key);
      src.searchParams.set('refId', state.refId);
      src.searchParams.set('colorCode', cardWidget.colorCode);
      const widget = {
        src: src.href,
        checkUrl: CARD.flags.paid,
        statusUrl: ISLAND_API.status(state.txnType, state.refId),
        pageUrl: CARD.path,
        // Another method is another order: the visitor starts over, as Decline does.
        startOverAction: ROUTES.priceQuote.actions.decline,
      };
      return reply.render(
        createElement(CreditCardPage, {
          kind: 'widget',
          widget,
          waiting: hasFlag(request.query, 'paid'),
          frame: flowFrameOf(request, readFlow(request)),
        }),
      );
    },
    CARD_STEP,
  ),
});
