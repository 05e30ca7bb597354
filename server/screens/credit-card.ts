// The card rail: /credit-card-quote asks the card provider what the order buys and costs
// (CARD_QUOTE_URL with the merchant's key), shows it under the quote banner with no
// countdown, and takes the residency confirmation; /credit-card frames the provider's
// widget (server/third-party.ts cardWidgetUrlFor), whose completion is read from the
// upstream: a check reloads the page, which follows the nextAction once the card is paid.
// Card payments need the merchant's key and the provider's URLs; without them the visitor
// is told so (a missing key is logged as an error) instead of meeting a broken frame.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { CARD_TEXT } from '../../checkout/messages.ts';
import { ROUTES, hasFlag } from '../../checkout/routes.ts';
import { field } from '../../checkout/validation/result.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import type { FlowState } from '../upstream/contract.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { cardWidgetUrlFor } from '../third-party.ts';
import { formValues } from '../flow/form.ts';
import { renderHome } from '../flow/home-page.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { CreditCardPage, CreditCardQuotePage } from '../../views/pages/CreditCard.tsx';
import { flowFrameOf } from '../../views/components/FlowFrame.tsx';

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
    return { answer: renderHome(request, reply, { toasts: [{ kind: 'error', text: CARD_TEXT.unavailable }] }, 200) };
  }
  return { key };
}

/** Country follows currency: a card order outside CAD is not from a Canadian resident. */
const resident = (state: FlowState) => state.fiatCurrency === CARD_COUNTRY_CURRENCY;

async function showQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  state: FlowState,
  values: Record<string, string> = {},
  error?: string,
) {
  const unavailable = (message: string, status: number) =>
    reply.render(createElement(CreditCardQuotePage, { kind: 'unavailable', message }), { status });
  const key = cardKey(request, reply);
  if ('answer' in key) return key.answer;
  if (!resident(state)) return unavailable(CARD_TEXT.residencyRequired, 403);
  const quote = await upstreamFor(request).cardQuote({
    key: key.key,
    baseCurrency: state.fiatCurrency,
    amount: state.fiatAmount,
    quoteCurrency: state.cryptoCurrency,
  });
  if (!quote.ok) {
    return meetFailure(request, reply, quote.failure, 'card-quote', {
      flow: readFlow(request),
      stay: (messages, _on, status) => unavailable(messages.join(' '), status),
    });
  }
  const figures = {
    fiatAmount: state.fiatAmount,
    fiatCurrency: state.fiatCurrency,
    cryptoCurrency: state.cryptoCurrency,
    ...quote.value,
  };
  const form = { values, errors: error ? { canadianResident: error } : {}, formErrors: [] };
  return reply.render(
    createElement(CreditCardQuotePage, {
      kind: 'quote',
      quote: figures,
      form,
      frame: flowFrameOf(readFlow(request), QUOTE.path),
    }),
    { status: error ? 422 : 200 },
  );
}

export const creditCardQuoteScreen = defineScreen({
  route: QUOTE,
  get: stepPage(QUOTE.path, (request, reply, { state }) => showQuote(request, reply, state), CARD_STEP),
  // NEXT: only with the residency confirmed; the quote is shown again otherwise.
  post: stepPage(
    QUOTE.path,
    (request, reply, { state }) => {
      if (field(request.body, 'canadianResident') === 'yes' && resident(state)) return reply.redirect(CARD.path, 303);
      return showQuote(request, reply, state, formValues(request.body, FORM_FIELDS.cardResidency), CARD_TEXT.residencyRequired);
    },
    CARD_STEP,
  ),
});

export const creditCardScreen = defineScreen({
  route: CARD,
  get: stepPage(
    CARD.path,
    (request, reply, { state }) => {
      const key = cardKey(request, reply);
      if ('answer' in key) return key.answer;
      if (!resident(state)) {
        return reply.render(createElement(CreditCardPage, { kind: 'unavailable', message: CARD_TEXT.residencyRequired }), {
          status: 403,
        });
      }
      const { cardWidget } = request.merchant.config;
      const src = new URL(cardWidgetUrlFor(request.server.thirdParty, cardWidget));
      src.searchParams.set('apiKey', key.key);
      src.searchParams.set('refId', state.refId);
      src.searchParams.set('colorCode', cardWidget.colorCode);
      const widget = { src: src.href, checkUrl: CARD.flags.paid };
      return reply.render(
        createElement(CreditCardPage, {
          kind: 'widget',
          widget,
          waiting: hasFlag(request.query, 'paid'),
          frame: flowFrameOf(readFlow(request), CARD.path),
        }),
      );
    },
    CARD_STEP,
  ),
});
