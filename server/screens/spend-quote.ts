// Screen 16, the gift-card amount picker: for a gift card the quote confirmation itself.
// The page shows the card's presets and details (from its subtype in the merchant's
// configuration) and the figures of one quote: the one the upstream holds, or the requote
// it holds unconfirmed for a newly chosen amount. NEXT on the amount whose figures are shown
// (and still held) confirms them and follows nextAction as from the quote screen (on to
// buyer info). NEXT on any other amount, or once the shown quote's hold is over, requotes
// with the whole gift-card body of docs/spec.md section 7 and shows the new figures again,
// confirming nothing: nobody commits to figures they have not seen. A failed requote is
// the spec's toast, on this page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { z } from 'zod';
import type { FlowState, requoteResponseSchema } from '../../checkout/contract.ts';
import { COUNTRY_BY_CURRENCY } from '../../checkout/domain.ts';
import { common, type MethodFailures, statusOf } from '../../checkout/failures.ts';
import { quoteFee } from '../../checkout/fees.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { formatsFor } from '../../checkout/format.ts';
import { giftCardsFor } from '../../checkout/offer.ts';
import { isRateHeld } from '../../checkout/quote-timer.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { validateSpendAmount } from '../../checkout/validation/amount.ts';
import { FORM_FIELDS, type FormFieldsOf } from '../../checkout/wire.ts';
import { SpendQuotePage } from '../../views/pages/SpendQuote.tsx';
import { EMPTY_FORM, type FormState, formStep } from '../flow/form-step.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { meetFailure } from '../flow/outcome.ts';
import { rateHold } from '../flow/rate-hold.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { writeFlow } from '../security/flow-cookie.ts';
import { takeRefusal } from '../security/refusal-cookie.ts';
import { merchantWords } from '../tenancy/texts.ts';

/** The amount picker's requote and confirm: "Gift card requote failure: toast Woops…", whatever the upstream said. */
export const giftCardRequoteFailures: MethodFailures = {
  context: 'gift-card-requote',
  held: false,
  outcome: (failure, texts) =>
    common(failure) ?? { kind: 'stay', messages: [texts.FAILURE_TEXT.giftCardRequote], on: 'form', status: statusOf(failure) },
};

const ROUTE = ROUTES.spendQuote;
type Form = FormState<FormFieldsOf<'spendAmount'>>;
type PendingRequote = NonNullable<FlowCookie['requote']>;
type RequoteResponse = z.output<typeof requoteResponseSchema>;

/** The flow's gift card, only among this merchant's own, its words in the visitor's language. */
function giftCardOf(request: FastifyRequest, flow: FlowCookie, state: FlowState) {
  const name = flow.subtype ?? state.paymentMethodSubtype ?? '';
  const card = giftCardsFor(request.merchant.config).find((s) => s.name === name);
  return card ? { ...card, ...merchantWords(request.merchant.config, request.language).giftCard(card) } : null;
}

/** The quote whose figures the page shows: the unconfirmed requote, else the one the upstream holds. */
function shownQuote(flow: FlowCookie, state: FlowState): FlowState {
  return flow.requote ? { ...state, ...flow.requote } : state;
}

/** NEXT on this amount confirms the figures the page shows: they are its, and still held. */
function confirmsShown(request: FastifyRequest, flow: FlowCookie, state: FlowState, fiatAmount: number): boolean {
  const quote = shownQuote(flow, state);
  if (quote.fiatAmount !== fiatAmount) return false;
  if (!isRateHeld(request.server.methods.get(state.paymentMethod))) return true;
  const now = request.server.clock();
  return now < rateHold(flow, quote, now).until;
}

/**
 * A requote's time as the flow keeps it: ISO 8601, whichever form the upstream wrote it in
 * (the contract takes any string, and a long one would not fit the cookie); none when unreadable.
 */
function momentOf(text: string | null | undefined): string | undefined {
  const at = text ? Date.parse(text) : Number.NaN;
  return Number.isFinite(at) ? new Date(at).toISOString() : undefined;
}

/** A requote's figures, kept in the flow until they are confirmed. */
function pendingOf(requoted: RequoteResponse, fiatAmount: number): PendingRequote {
  const txnValidUntil = momentOf(requoted.txnValidUntil);
  const txnDate = momentOf(requoted.txnDate);
  return {
    fiatAmount: requoted.fiatAmount ?? fiatAmount,
    cryptoAmount: requoted.cryptoAmount,
    ...(requoted.forexRatePublic ? { forexRatePublic: requoted.forexRatePublic } : {}),
    ...(txnValidUntil ? { txnValidUntil } : {}),
    ...(txnDate ? { txnDate } : {}),
  };
}

function show(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState, form: Form, status = 200) {
  const config = request.merchant.config;
  const card = giftCardOf(request, flow, state);
  const quote = shownQuote(flow, state);
  const money = (n: number) => formatsFor(textsOf(request).locale).fiat(n, state.fiatCurrency, config.supportedFiatCurrencies);
  const fee = quoteFee(config, request.server.methods.get(state.paymentMethod), flow.pro);
  const page = createElement(SpendQuotePage, {
    card,
    amountLabels: Object.fromEntries((card?.amounts ?? []).map((a) => [a, money(a)])),
    currentAmount: quote.fiatAmount,
    requoted: flow.requote !== undefined,
    summary: {
      kind: flow.kind,
      figures: { fiatAmount: quote.fiatAmount, cryptoAmount: quote.cryptoAmount, forexRatePublic: quote.forexRatePublic ?? null },
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
  get: stepPage(ROUTE.path, async (request, reply, { flow, state }) =>
    show(request, reply, flow, state, (await takeRefusal(request, reply, ROUTE.path, flow)) ?? EMPTY_FORM),
  ),
  post: formStep({
    // The picker confirms the card's quote, so the rule goes on as from the quote screen.
    screen: ROUTES.priceQuote.path,
    pages: [ROUTE.path],
    fields: FORM_FIELDS.spendAmount,
    failures: giftCardRequoteFailures,
    refusesToPage: 'cookie',
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
    // Figures the page has not shown for this amount: quote them and show them, confirm nothing.
    preview: async (request, reply, flow, fiatAmount, form) => {
      const upstream = upstreamFor(request);
      const state = await upstream.flowState(flow.txnType, flow.refId);
      if (!state.ok) {
        await meetFailure(request, reply, state.failure, 'load', { flow });
        return true;
      }
      if (confirmsShown(request, flow, state.value, fiatAmount)) return false;
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
      if (!requoted.ok) {
        await meetFailure(request, reply, requoted.failure, giftCardRequoteFailures, {
          flow,
          stay: (messages, _on, status) => show(request, reply, flow, state.value, { ...form, formErrors: messages }, status),
        });
        return true;
      }
      writeFlow(request, reply, { ...flow, requote: pendingOf(requoted.value, fiatAmount) });
      await reply.redirect(ROUTE.path, 303);
      return true;
    },
    // Confirms the shown figures: the pending requote, or, without one, the quote the
    // upstream holds (confirmednewquote without a requote confirms the current quote).
    call: (upstream, flow) => upstream.confirmNewQuote(flow.txnType, flow.refId),
    // The page shows the quote the upstream holds, so a message re-reads it.
    render: async (request, reply, flow, form, status) => {
      const state = await upstreamFor(request).flowState(flow.txnType, flow.refId);
      if (!state.ok) return meetFailure(request, reply, state.failure, 'load', { flow });
      return show(request, reply, flow, state.value, form, status);
    },
  }),
});
