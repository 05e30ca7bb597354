// Screen 7: the buyer's details. GET renders the form (or resumes a PENDING transaction
// from a ?refId= link); POST checks every rule of SPEC.md section 5, sends the details
// upstream and follows nextAction. Upstream refusals show each item's message.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { getCountries } from 'libphonenumber-js/max';
import { COUNTRY_BY_CURRENCY, TXN_TYPES, type TxnType } from '../checkout/domain.ts';
import { ROUTES } from '../checkout/routes.ts';
import { regionsFor, validateBuyerInfo, type BuyerInfoField } from '../checkout/validation/buyer-info.ts';
import { phoneCountry } from '../checkout/validation/phone.ts';
import { clearFlow, flowCookieSchema, readFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { renderPage } from '../render/stream.tsx';
import type { PhoneCountry, PhoneInputProps } from '../../islands/PhoneInput.tsx';
import { BUYER_FORM_FIELDS, BuyerInfoPage, type BuyerFormField } from '../../views/pages/BuyerInfo.tsx';
import { TRANSACTION_INVALID, buyerInfoMessages, failureStatus, isTransactionGone } from './failures.ts';
import { formValues } from './form.ts';
import { renderHome } from './home.ts';
import { followNextAction } from './next.ts';
import { flowFromState, leaveStep, loadStep, showLoadFailure } from './resume.ts';
import { upstreamFor } from './upstream.ts';

const PATH = ROUTES.buyerInfoInput.path;
/** The flow cookie's refId rule: anything else is never sent upstream. */
const REF_ID = flowCookieSchema.shape.refId;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => regionNames.of(code) ?? code;

/** The DEV and TEST country selector: every country libphonenumber knows, by name. */
let selectorCountries: PhoneCountry[] | undefined;
function allCountries(): PhoneCountry[] {
  selectorCountries ??= getCountries()
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return selectorCountries;
}

interface FormState {
  values: Partial<Record<BuyerFormField, string>>;
  errors: Partial<Record<BuyerInfoField, string>>;
  formErrors: string[];
}

function phoneProps(request: FastifyRequest, country: string, form: FormState): PhoneInputProps {
  const withSelector = request.merchant.config.env !== 'PROD';
  // The same choice validateBuyerInfo makes: the typed country only outside production.
  const chosen = (withSelector && phoneCountry(form.values.mobileCountry ?? '')) || phoneCountry(country) || 'CA';
  return {
    value: form.values.mobile ?? '',
    country: chosen,
    countries: withSelector ? allCountries() : null,
    countryName: countryName(chosen),
    ...(form.errors.mobile ? { error: form.errors.mobile } : {}),
  };
}

function render(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, form: FormState, status = 200) {
  const country = COUNTRY_BY_CURRENCY[flow.fiatCurrency];
  const address = flow.addressRequired
    ? {
        regions: regionsFor(country),
        regionLabel: country === 'AU' ? 'State' : 'Province',
        postalLabel: country === 'AU' ? 'Postcode' : 'Postal Code',
      }
    : null;
  const page = createElement(BuyerInfoPage, { ...form, phone: phoneProps(request, country, form), address });
  return renderPage(request, reply, page, { status });
}

/**
 * A ?refId= link: only a PENDING transaction resumes (SPEC.md section 4), from its saved
 * flow state and by the next-screen rule. Nothing of the transaction is shown here.
 */
async function resume(request: FastifyRequest, reply: FastifyReply, refId: string) {
  if (!REF_ID.safeParse(refId).success) return reply.redirect(ROUTES.home.path, 302);
  const current = readFlow(request);
  // The refId does not say which API holds it; the other one answers TRANSACTION.NOTFOUND.
  const apis: readonly TxnType[] = current?.refId === refId ? [current.txnType] : TXN_TYPES;
  const upstream = upstreamFor(request);
  for (const txnType of apis) {
    const status = await upstream.status(txnType, refId);
    if (!status.ok && isTransactionGone(status.failure)) continue;
    if (!status.ok) return showLoadFailure(request, reply, status.failure);
    if (status.value.txnStatus !== 'PENDING') return renderHome(request, reply, { modal: TRANSACTION_INVALID }, 409);

    const state = await upstream.flowState(txnType, refId);
    if (!state.ok) return showLoadFailure(request, reply, state.failure);
    const flow = flowFromState(request, state.value);
    if (!flow) return reply.redirect(ROUTES.home.path, 302);
    return followNextAction(request, reply, flow, state.value, PATH);
  }
  return reply.redirect(ROUTES.home.path, 302);
}

export function registerBuyerInfo(app: FastifyInstance): void {
  app.get<{ Querystring: { refId?: unknown } }>(PATH, async (request, reply) => {
    const refId = request.query.refId;
    if (refId !== undefined) return resume(request, reply, typeof refId === 'string' ? refId : '');
    const load = await loadStep(request, PATH, 'INPUT_BUYERINFO');
    if (load.kind !== 'ready') return leaveStep(request, reply, load, PATH);
    return render(request, reply, load.flow, { values: {}, errors: {}, formErrors: [] });
  });

  app.post(PATH, async (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 303);
    const values = formValues(request.body, BUYER_FORM_FIELDS);
    const checked = validateBuyerInfo(request.merchant.config, request.body, {
      country: COUNTRY_BY_CURRENCY[flow.fiatCurrency],
      addressRequired: flow.addressRequired,
    });
    if (!checked.ok) return render(request, reply, flow, { values, errors: checked.errors, formErrors: [] }, 422);

    const result = await upstreamFor(request).buyerInfo(flow.txnType, { refId: flow.refId, ...checked.value });
    if (result.ok) return followNextAction(request, reply, flow, result.value, PATH);
    if (isTransactionGone(result.failure)) {
      clearFlow(request, reply);
      return reply.redirect(ROUTES.home.path, 303);
    }
    const formErrors = buyerInfoMessages(result.failure);
    return render(request, reply, flow, { values, errors: {}, formErrors }, failureStatus(result.failure));
  });
}
