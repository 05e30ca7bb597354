// Screen 19: the bank choice (/bank-select) and, for AUD, the bank payment page (/poli).
// Both initiate the bank transfer (banktransfer/init) only while the upstream has the
// visitor at INITIATE_BANKTRANSFER, and /bank-select only with a bank the upstream
// offered. What follows is the next-screen rule: the bank's page by redirect (AUD), or its
// htmlDoc inside the checkout's page (/bank-payment), each checked against the merchant's
// payment hosts. Every bank sends the visitor back to /bank-payment?returned=1, which
// follows the order: on by itself once the bank has confirmed, else it watches. The
// upstream takes one bank per order (a second banktransfer/init is FLOWACTION.INVALID), so
// the bank's page says so and offers a new order for the same amount instead.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { bankTransferInitRequestSchema, bankTransferInitResponseSchema, type FlowState } from '../../checkout/contract.ts';
import { ERROR_CODES } from '../../checkout/domain.ts';
import { codeOf, type MethodFailures, statusOf, stay } from '../../checkout/failures.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { hasFlag, ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { field } from '../../checkout/validation/result.ts';
import { ISLAND_API } from '../../checkout/wire.ts';
import { BankPaymentPage, BankSelectPage, PoliPage } from '../../views/pages/BankSelect.tsx';
import { bankDocument } from '../flow/bank-document.ts';
import { EMPTY_FORM } from '../flow/form-step.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { bankReturnUrl, followNextAction, paymentHostRules, providerUrl, refusePayment, resumeAt } from '../flow/next.ts';
import { meetFailure } from '../flow/outcome.ts';
import { directLink } from '../flow/quote-request.ts';
import { defineScreen } from '../flow/screen.ts';
import { leaveStep, loadStep, stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { refuseToPage, takeRefusal } from '../security/refusal-cookie.ts';
import { postCall } from '../upstream/calls.ts';

/** The bank transfer initiated with the bank chosen ('' on the bank payment page, which picks it there). */
export const bankTransferInit = postCall('banktransfer/init', bankTransferInitRequestSchema, bankTransferInitResponseSchema, {
  fields: ['refId', 'selectedBank'],
});

/** The bank transfer initiated: a bank chosen, or Proceed on the bank payment page. */
export const bankInitFailures: MethodFailures = {
  context: 'bank-init',
  held: true,
  outcome(failure, texts) {
    const code = codeOf(failure);
    if (code === ERROR_CODES.flowActionInvalid) {
      return { kind: 'stay', messages: [texts.FAILURE_TEXT.bankAlreadyInitiated], on: 'form', status: statusOf(failure) };
    }
    if (code === ERROR_CODES.notFound) return { kind: 'home' };
    return stay(failure, texts, texts.FAILURE_TEXT.generic, 'form', texts.FAILURE_TEXT.bankNoResponse);
  },
};

type Show = (reply: FastifyReply, state: FlowState, messages: string[], status: number) => Promise<FastifyReply>;

const showBanks: Show = (reply, state, messages, status) =>
  reply.render(
    createElement(BankSelectPage, {
      banks: state.nextActionParams?.availableBanks ?? [],
      messages,
      reference: state.refId,
      frame: flowFrameOf(reply.request, readFlow(reply.request), state),
    }),
    { status },
  );

const showPoli: Show = (reply, state, messages, status) =>
  reply.render(createElement(PoliPage, { messages, frame: flowFrameOf(reply.request, readFlow(reply.request), state) }), {
    status,
  });

/**
 * A refusal answers with a 303 to its page, which shows the messages once (the refusal
 * cookie: nothing typed rides in it, a bank is picked from a list); an outage, at once.
 */
async function refuse(
  request: FastifyRequest,
  reply: FastifyReply,
  ready: { flow: FlowCookie; state: FlowState },
  screen: ScreenPath,
  show: Show,
  messages: string[],
  status: number,
) {
  const form = { ...EMPTY_FORM, formErrors: messages };
  if (await refuseToPage(request, reply, screen, ready.flow, form, { status })) return reply;
  return show(reply, ready.state, messages, status);
}

/** A bank screen's page, with the refusal its form was just answered with, once. */
const bankPage = (screen: ScreenPath, show: Show) =>
  stepPage(screen, async (request, reply, { flow, state }) =>
    show(reply, state, (await takeRefusal(request, reply, screen, flow))?.formErrors ?? [], 200),
  );

/** banktransfer/init with `selectedBank`, then wherever the upstream says. */
async function initiate(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  screen: ScreenPath,
  show: Show,
  selectedBank: string,
) {
  const stay = (messages: string[], status: number) => refuse(request, reply, { flow, state }, screen, show, messages, status);
  const result = await upstreamFor(request).call(bankTransferInit, flow.refId, selectedBank);
  if (result.ok) return followNextAction(request, reply, flow, { ...state, ...result.value }, screen, stay);
  return meetFailure(request, reply, result.failure, bankInitFailures, {
    flow,
    stay: (messages, _on, status) => stay(messages, status),
  });
}

/** The form of a bank screen: at its step (else sent where the upstream has the visitor), then `choose`. */
function bankForm(screen: ScreenPath, show: Show, choose: (body: unknown, state: FlowState) => string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const load = await loadStep(request, screen);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, screen);
    const selectedBank = choose(request.body, load.state);
    if (selectedBank === undefined)
      return refuse(request, reply, load, screen, show, [textsOf(request).BANK_TEXT.notOffered], 422);
    return initiate(request, reply, load.flow, load.state, screen, show, selectedBank);
  };
}

/** Only a bank of the list the upstream offered: a forged code is refused here. */
function offeredBank(body: unknown, state: FlowState): string | undefined {
  const code = field(body, 'selectedBank');
  return state.nextActionParams?.availableBanks?.some((b) => b.bankCode === code) ? code : undefined;
}

export const bankSelectScreen = defineScreen({
  route: ROUTES.bankSelect,
  step: 'pay',
  get: bankPage(ROUTES.bankSelect.path, showBanks),
  post: bankForm(ROUTES.bankSelect.path, showBanks, offeredBank),
});

export const poliScreen = defineScreen({
  route: ROUTES.poli,
  step: 'pay',
  get: bankPage(ROUTES.poli.path, showPoli),
  // The bank payment page picks the bank on its own page: an empty selectedBank.
  post: bankForm(ROUTES.poli.path, showPoli, () => ''),
});

const PAYMENT = ROUTES.bankPayment;

/**
 * The bank's page inside the checkout's: its htmlDoc sanitised, its forms told to send the
 * visitor back here, and this page's form-action widened to the checked bank origins only.
 * Back from the bank (`returned`), while the payment is unconfirmed, the page watches the
 * order; an AUD visitor not yet at the bank is sent there (resumeAt).
 */
export const bankPaymentScreen = defineScreen({
  route: PAYMENT,
  step: 'pay',
  get: async (request, reply) => {
    const load = await loadStep(request, PAYMENT.path, 'CUSTOMER_PAYMENT');
    if (load.kind !== 'ready' || load.state.paymentMethod !== 'BANKTRANSFER') {
      return load.kind === 'ready'
        ? resumeAt(request, reply, load.flow, load.state, PAYMENT.path)
        : leaveStep(request, reply, load, PAYMENT.path);
    }
    const { flow, state } = load;
    const frame = flowFrameOf(request, flow, state);
    const pageUrl = PAYMENT.flags.returned;
    reply.header('cache-control', 'no-store');
    const htmlDoc = state.nextActionParams?.htmlDoc;
    // Back from a provider the page sent the visitor to (or the bank's return): the page waits
    // for the payment, and offers the provider's page again rather than sending them there.
    const redirectUrl = htmlDoc ? undefined : state.nextActionParams?.redirectUrl;
    const back = redirectUrl && flow.atProvider ? providerUrl(request, redirectUrl) : undefined;
    if (back && 'refused' in back) return refusePayment(request, reply, [back.refused]);
    const sentBack = hasFlag(request.query, 'returned');
    if (sentBack || back) {
      const statusUrl = ISLAND_API.status(flow.txnType, state.refId);
      return reply.render(
        createElement(BankPaymentPage, {
          kind: 'waiting',
          statusUrl,
          pageUrl,
          sentBack,
          reference: state.refId,
          frame,
          ...(back ? { providerUrl: back.url } : {}),
        }),
      );
    }
    if (!htmlDoc) return resumeAt(request, reply, flow, state, PAYMENT.path);
    const doc = bankDocument(htmlDoc, paymentHostRules(request), bankReturnUrl(request));
    if (!doc.ok) return refusePayment(request, reply, doc.reasons);
    const anew = directLink({
      kind: flow.kind,
      fiatAmount: state.fiatAmount,
      cryptoAmount: state.cryptoAmount,
      cryptoCurrency: flow.cryptoCurrency,
      paymentMethod: flow.method,
      fiatCurrency: flow.fiatCurrency,
      paymentMethodSubtype: flow.subtype,
    });
    return reply
      .allowFormTargets(doc.origins)
      .render(
        createElement(BankPaymentPage, { kind: 'bank', bankHtml: doc.html, newOrderUrl: anew, reference: state.refId, frame }),
      );
  },
});
