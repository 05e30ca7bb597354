// Screen 10, the Flexepin voucher. The voucher is posted only while the upstream has the
// visitor at INPUT_VOUCHERNUMBER; its refusals follow the failure table's voucher rows
// (used, no answer, and a stored value that differs from the quote). That last one offers
// a new quote for the voucher's value: Yes requotes, confirms and resubmits the same
// voucher; No is a link back to this page.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { type FlowState, flowStateSchema, voucherNumberRequestSchema } from '../../checkout/contract.ts';
import { COUNTRY_BY_CURRENCY, ERROR_CODES } from '../../checkout/domain.ts';
import { codeOf, common, type MethodFailures, statusOf, stay } from '../../checkout/failures.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { formatsFor } from '../../checkout/format.ts';
import type { Texts } from '../../checkout/messages.ts';
import { formatHeldUntil, isRateHeld, quoteDeadline } from '../../checkout/quote-timer.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { fail, field, ok, parseDecimal, type Validated } from '../../checkout/validation/result.ts';
import { validateVoucher } from '../../checkout/validation/voucher.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import { type NewQuoteOffer, PaymentFlexepinPage } from '../../views/pages/PaymentFlexepin.tsx';
import { EMPTY_FORM, type FormState, formStep } from '../flow/form-step.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { whileHeld } from '../flow/new-quote.ts';
import { rateHold, resumeKeptHold, resumeRateHold } from '../flow/rate-hold.ts';
import { defineScreen } from '../flow/screen.ts';
import { leaveStep, loadStep, stepPage } from '../flow/step.ts';
import { textsOf } from '../i18n/plugin.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { takeRefusal } from '../security/refusal-cookie.ts';
import { postCall } from '../upstream/calls.ts';

/** A voucher redeemed. */
export const voucherNumber = postCall(':api/vouchernumber', voucherNumberRequestSchema, flowStateSchema);

/** A voucher redeemed (vouchernumber). */
export const voucherFailures: MethodFailures = {
  context: 'voucher',
  held: true,
  outcome(failure, texts) {
    const code = codeOf(failure);
    const amount = failure.kind === 'error' ? failure.errorParams?.amount : undefined;
    if (code === ERROR_CODES.amountMismatch && amount !== undefined && amount > 0)
      return { kind: 'new-quote', amount, status: 422 };
    if (code === ERROR_CODES.voucherUsed)
      return { kind: 'stay', messages: [texts.VOUCHER_MESSAGES.alreadyUsed], on: 'field', status: 422 };
    // "No response in voucher flow": the spec's words, whatever went missing.
    if (failure.kind === 'unavailable' || failure.kind === 'invalid-response') {
      return { kind: 'stay', messages: [texts.VOUCHER_MESSAGES.lostConnection], on: 'field', status: statusOf(failure) };
    }
    return common(failure) ?? stay(failure, texts, texts.FAILURE_TEXT.generic, 'field');
  },
};

const ROUTE = ROUTES.paymentFlexepin;
const STEP = 'INPUT_VOUCHERNUMBER';
type VoucherForm = FormState<'voucherNumber'>;

function render(
  request: FastifyRequest,
  reply: FastifyReply,
  state: FlowState,
  form: VoucherForm,
  status = 200,
  offer?: NewQuoteOffer,
) {
  const flow = readFlow(request);
  // A form sent paused the countdown until this answer: it resumes where it stood.
  const deadline = !flow
    ? quoteDeadline(state, request.server.clock())
    : request.method === 'POST'
      ? resumeRateHold(request, reply, flow, state).until
      : rateHold(flow, state, request.server.clock()).until;
  const hold = isRateHeld(request.server.methods.get(state.paymentMethod))
    ? { deadline, heldUntil: formatHeldUntil(deadline, COUNTRY_BY_CURRENCY[flowCurrency(state)], textsOf(request)) }
    : null;
  return reply.render(createElement(PaymentFlexepinPage, { form, hold, offer, frame: flowFrameOf(request, flow, state) }), {
    status,
  });
}

const flowCurrency = (state: FlowState) =>
  (state.fiatCurrency in COUNTRY_BY_CURRENCY ? state.fiatCurrency : 'CAD') as keyof typeof COUNTRY_BY_CURRENCY;

/** A form answer needs the order again: the state the upstream holds now. */
async function renderWithState(
  request: FastifyRequest,
  reply: FastifyReply,
  form: VoucherForm,
  status: number,
  offer?: NewQuoteOffer,
) {
  const load = await loadStep(request, ROUTE.path, STEP);
  if (load.kind !== 'ready') return leaveStep(request, reply, load, ROUTE.path);
  return render(request, reply, load.state, form, status, offer);
}

function offerFor(request: FastifyRequest, flow: FlowCookie, amount: number, voucherNumber: string): NewQuoteOffer {
  const symbols = request.merchant.config.supportedFiatCurrencies;
  return {
    value: `${formatsFor(textsOf(request).locale).fiat(amount, flow.fiatCurrency, symbols)} ${flow.fiatCurrency}`,
    fiatAmount: String(amount),
    voucherNumber,
  };
}

interface Redemption {
  voucherNumber: string;
  /** Yes to the new-quote offer: the amount the quote is updated to first. */
  fiatAmount?: number;
}

function validateRedemption(body: unknown, requote: boolean, texts: Texts): Validated<Redemption, string> {
  const voucher = validateVoucher(body, texts);
  if (!voucher.ok) return voucher;
  if (!requote) return ok({ voucherNumber: voucher.value });
  // The amount the offer named; a forged one only changes what the upstream is asked to quote.
  const fiatAmount = parseDecimal(field(body, 'fiatAmount'));
  if (fiatAmount === undefined || fiatAmount <= 0) return fail({ voucherNumber: texts.FAILURE_TEXT.generic });
  return ok({ voucherNumber: voucher.value, fiatAmount });
}

const redeem = (requote: boolean) =>
  formStep({
    screen: ROUTE.path,
    fields: requote ? FORM_FIELDS.voucherRequote : FORM_FIELDS.voucherNumber,
    mainField: 'voucherNumber',
    failures: voucherFailures,
    // A voucher number is money: its refusal waits server side, never in a cookie.
    refusesToPage: 'held',
    leavingRefused: resumeKeptHold,
    atStep: STEP,
    validate: (body, _flow, request) => validateRedemption(body, requote, textsOf(request)),
    call: async (upstream, flow, value: Redemption) => {
      if (value.fiatAmount !== undefined) {
        const requoted = await upstream.requote(flow.txnType, { refId: flow.refId, fiatAmount: value.fiatAmount });
        if (!requoted.ok) return requoted;
        const confirmed = await upstream.confirmNewQuote(flow.txnType, flow.refId);
        if (!confirmed.ok) return confirmed;
      }
      return upstream.call(voucherNumber, flow.txnType, { refId: flow.refId, voucherNumber: value.voucherNumber });
    },
    newQuote: (request, reply, flow, form, amount, status) =>
      renderWithState(request, reply, form, status, offerFor(request, flow, amount, normalised(form))),
    render: (request, reply, _flow, form, status) => renderWithState(request, reply, form, status),
  });

/** The voucher as it was validated (the form keeps what was typed). */
function normalised(form: VoucherForm): string {
  const checked = validateVoucher(form.values);
  return checked.ok ? checked.value : '';
}

export const paymentFlexepinScreen = defineScreen({
  route: ROUTE,
  step: 'pay',
  rateLimit: { POST: 'voucher' },
  // Loaded after the hold: the choice, not a countdown at zero.
  get: stepPage(
    ROUTE.path,
    whileHeld(async (request, reply, { flow, state }) => {
      const refused = await takeRefusal<'voucherNumber'>(request, reply, ROUTE.path, flow);
      const amount = refused?.newQuoteAmount;
      const offer = amount === undefined ? undefined : offerFor(request, flow, amount, normalised(refused!));
      return render(request, reply, state, refused ?? EMPTY_FORM, 200, offer);
    }),
    STEP,
  ),
  post: redeem(false),
  actions: { requote: redeem(true) },
});
