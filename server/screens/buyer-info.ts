// Screen 7: the buyer's details, checked with every rule of SPEC.md section 5 and sent
// upstream; refusals show each item's message. A ?refId= link resumes a PENDING
// transaction (SPEC.md section 4) from its saved flow state.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { getCountries } from 'libphonenumber-js/max';
import { COUNTRY_BY_CURRENCY, ERROR_CODES, TXN_TYPES, type TxnType } from '../checkout/domain.ts';
import { ROUTES } from '../checkout/routes.ts';
import { regionsFor, validateBuyerInfo } from '../checkout/validation/buyer-info.ts';
import { phoneCountry } from '../checkout/validation/phone.ts';
import { FORM_FIELDS, type FormFieldsOf } from '../checkout/wire.ts';
import { REF_ID_PATTERN } from '../upstream/contract.ts';
import { readFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { EMPTY_FORM, formStep, type FormState } from '../flow/form-step.ts';
import { followNextAction } from '../flow/next.ts';
import { meetFailure } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { flowFromState, stepPage } from '../flow/step.ts';
import { upstreamFor } from '../flow/upstream.ts';
import type { PhoneCountry, PhoneInputProps } from '../../islands/PhoneInput.tsx';
import { BuyerInfoPage } from '../../views/pages/BuyerInfo.tsx';
import { flowFrameOf } from '../../views/components/FlowFrame.tsx';

const ROUTE = ROUTES.buyerInfoInput;
type Form = FormState<FormFieldsOf<'buyerInfo'>>;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string) => regionNames.of(code) ?? code;

/** The DEV and TEST country selector: every country libphonenumber knows, by name; built once. */
let selectorCountries: PhoneCountry[] | undefined;
function allCountries(): PhoneCountry[] {
  selectorCountries ??= getCountries()
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return selectorCountries;
}

function phoneProps(request: FastifyRequest, country: string, form: Form): PhoneInputProps {
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

function render(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, form: Form, status = 200) {
  const country = COUNTRY_BY_CURRENCY[flow.fiatCurrency];
  const address = flow.addressRequired
    ? {
        regions: regionsFor(country),
        regionLabel: country === 'AU' ? 'State' : 'Province',
        postalLabel: country === 'AU' ? 'Postcode' : 'Postal Code',
      }
    : null;
  return reply.render(createElement(BuyerInfoPage, { form, phone: phoneProps(request, country, form), address, frame: flowFrameOf(flow, ROUTE.path) }), { status });
}

/**
 * A ?refId= link: only a PENDING transaction resumes, from its saved flow state and by the
 * next-screen rule. Nothing of the transaction is shown here.
 */
async function resume(request: FastifyRequest, reply: FastifyReply, refId: string) {
  if (!REF_ID_PATTERN.test(refId)) return reply.redirect(ROUTES.home.path, 302);
  const current = readFlow(request);
  // The refId does not say which API holds it; the other one answers TRANSACTION.NOTFOUND.
  const apis: readonly TxnType[] = current?.refId === refId ? [current.txnType] : TXN_TYPES;
  const upstream = upstreamFor(request);
  for (const txnType of apis) {
    const status = await upstream.status(txnType, refId);
    if (!status.ok && status.failure.kind === 'error' && status.failure.code === ERROR_CODES.notFound) continue;
    if (!status.ok) return meetFailure(request, reply, status.failure, 'resume');
    if (status.value.txnStatus !== 'PENDING') {
      return meetFailure(request, reply, { kind: 'error', status: 409, code: ERROR_CODES.invalid, msg: '' }, 'resume');
    }
    const state = await upstream.flowState(txnType, refId);
    if (!state.ok) return meetFailure(request, reply, state.failure, 'resume');
    const flow = flowFromState(request, state.value);
    if (!flow) return reply.redirect(ROUTES.home.path, 302);
    return followNextAction(request, reply, flow, state.value, ROUTE.path, () => reply.redirect(ROUTES.home.path, 302));
  }
  return reply.redirect(ROUTES.home.path, 302);
}

const page = stepPage(ROUTE.path, (request, reply, { flow }) => render(request, reply, flow, EMPTY_FORM), 'INPUT_BUYERINFO');

export const buyerInfoScreen = defineScreen({
  route: ROUTE,
  get: async (request, reply) => {
    const { refId } = request.query as { refId?: unknown };
    if (refId !== undefined) return resume(request, reply, typeof refId === 'string' ? refId : '');
    return page(request, reply);
  },
  post: formStep({
    screen: ROUTE.path,
    fields: FORM_FIELDS.buyerInfo,
    failures: 'buyer-info',
    validate: (body, flow, request) =>
      validateBuyerInfo(request.merchant.config, body, {
        country: COUNTRY_BY_CURRENCY[flow.fiatCurrency],
        addressRequired: flow.addressRequired,
      }),
    call: (upstream, flow, buyer) => upstream.buyerInfo(flow.txnType, { refId: flow.refId, ...buyer }),
    render,
  }),
});
