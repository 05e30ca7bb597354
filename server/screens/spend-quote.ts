// Screen 16, the gift-card amount picker: for a gift card the quote confirmation itself.
// The page shows the card's presets and details (from its subtype in the merchant's
// configuration) and what the visitor sends at the current quote. NEXT requotes with the
// picked amount and the whole gift-card body of docs/spec.md section 7, confirms the new quote,
// and follows nextAction as from the quote screen (on to buyer info). A failed requote is
// the spec's toast, on this page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { COUNTRY_BY_CURRENCY } from '../../checkout/domain.ts';
import { quoteFee } from '../../checkout/fees.ts';
import { formatsFor } from '../../checkout/format.ts';
import { giftCardsFor } from '../../checkout/offer.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { validateSpendAmount } from '../../checkout/validation/amount.ts';
import { FORM_FIELDS, type FormFieldsOf } from '../../checkout/wire.ts';
import type { FlowState } from '../upstream/contract.ts';
import type { FlowCookie } from '../security/flow-cookie.ts';
import { EMPTY_FORM, formStep, type FormState } from '../flow/form-step.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { SpendQuotePage } from '../../views/pages/SpendQuote.tsx';
import { flowFrameOf } from '../flow/frame.ts';
import { textsOf } from '../i18n/plugin.ts';

const ROUTE = ROUTES.spendQuote;
type Form = FormState<FormFieldsOf<'spendAmount'>>;

/** The flow's gift card, only among this merchant's own. */
function giftCardOf(request: FastifyRequest, flow: FlowCookie, state: FlowState) {
  const name = flow.subtype ?? state.paymentMethodSubtype ?? '';
  return giftCardsFor(request.merchant.config).find((s) => s.name === name) ?? null;
}

function show(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState, form: Form, status = 200) {
  const config = request.merchant.config;
  const card = giftCardOf(request, flow, state);
  const money = (n: number) => formatsFor(textsOf(request).locale).fiat(n, state.fiatCurrency, config.supportedFiatCurrencies);
  const fee = quoteFee(config, request.server.methods.get(state.paymentMethod), flow.pro);
  const page = createElement(SpendQuotePage, {
    card,
    amountLabels: Object.fromEntries((card?.amounts ?? []).map((a) => [a, money(a)])),
    currentAmount: state.fiatAmount,
    summary: {
      kind: flow.kind,
      figures: { fiatAmount: state.fiatAmount, cryptoAmount: state.cryptoAmount, forexRatePublic: state.forexRatePublic ?? null },
      fee,
      fiatCurrency: state.fiatCurrency,
      cryptoCurrency: state.cryptoCurrency,
      fiatSymbols: config.supportedFiatCurrencies,
    },
    form,
    toasts: form.formErrors.map((text) => ({ kind: 'error' as const, text })),
    frame: flowFrameOf(request, flow),
  });
  return reply.render(page, { status });
}

export const spendQuoteScreen = defineScreen({
  route: ROUTE,
  step: 'quote',
  get: stepPage(ROUTE.path, (request, reply, { flow, state }) => show(request, reply, flow, state, EMPTY_FORM)),
  post: formStep({
    // The picker confirms the card's quote, so the rule goes on as from the quote screen.
    screen: ROUTES.priceQuote.path,
    pages: [ROUTE.path],
    fields: FORM_FIELDS.spendAmount,
    failures: 'gift-card-requote',
    validate: (body, flow, request) =>
      validateSpendAmount(
        request.merchant.config,
        {
          method: flow.method,
          subtype: flow.subtype ?? '',
          fiatCurrency: flow.fiatCurrency,
          cryptoCurrency: flow.cryptoCurrency,
        },
        body,
        textsOf(request),
      ),
    call: async (upstream, flow, fiatAmount) => {
      const requoted = await upstream.requote(flow.txnType, {
        refId: flow.refId,
        fiatAmount,
        fiatCurrency: flow.fiatCurrency,
        cryptoCurrency: flow.cryptoCurrency,
        paymentMethod: flow.method,
        ...(flow.subtype ? { paymentMethodSubtype: flow.subtype } : {}),
        txnType: flow.txnType,
        country: COUNTRY_BY_CURRENCY[flow.fiatCurrency],
      });
      return requoted.ok ? upstream.confirmNewQuote(flow.txnType, flow.refId) : requoted;
    },
    // The page shows the quote the upstream holds, so a message re-reads it.
    render: async (request, reply, flow, form, status) => {
      const state = await upstreamFor(request).flowState(flow.txnType, flow.refId);
      if (!state.ok) return meetFailure(request, reply, state.failure, 'load', { flow });
      return show(request, reply, flow, state.value, form, status);
    },
  }),
});
