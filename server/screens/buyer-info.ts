// Screen 7: the buyer's details, checked with every rule of docs/spec.md section 5 and sent
// upstream; refusals show each item's message. A ?refId= link resumes a PENDING
// transaction (docs/spec.md section 4) once the visitor confirmed it is theirs.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { getCountries } from 'libphonenumber-js/max';
import { createElement } from 'react';
import { addressFormOf } from '../../checkout/address/index.ts';
import { COUNTRY_BY_CURRENCY } from '../../checkout/domain.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { birthdayOrderOf, validateBuyerInfo } from '../../checkout/validation/buyer-info.ts';
import { phoneCountry } from '../../checkout/validation/phone.ts';
import { FORM_FIELDS, type FormFieldsOf } from '../../checkout/wire.ts';
import type { PhoneCountry, PhoneInputProps } from '../../islands/PhoneInput.tsx';
import { BuyerInfoPage } from '../../views/pages/BuyerInfo.tsx';
import { EMPTY_FORM, type FormState, formStep } from '../flow/form-step.ts';
import { flowFrameOf } from '../flow/frame.ts';
import { askToResume } from '../flow/resume.ts';
import { defineScreen } from '../flow/screen.ts';
import { stepPage } from '../flow/step.ts';
import { textsOf } from '../i18n/plugin.ts';
import { takeRefusal } from '../security/refusal-cookie.ts';

const ROUTE = ROUTES.buyerInfoInput;
type Form = FormState<FormFieldsOf<'buyerInfo'>>;

/** Country names in the page's locale, and the DEV and TEST selector's list by name: each built once per locale. */
const regionNames = new Map<string, Intl.DisplayNames>();
const countryName = (code: string, locale: string) => {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: 'region' })));
  return names.of(code) ?? code;
};

/** The DEV and TEST country selector: every country libphonenumber knows, by name. */
const selectorCountries = new Map<string, PhoneCountry[]>();
function allCountries(locale: string): PhoneCountry[] {
  let list = selectorCountries.get(locale);
  if (!list) {
    list = getCountries()
      .map((code) => ({ code, name: countryName(code, locale) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale));
    selectorCountries.set(locale, list);
  }
  return list;
}

function phoneProps(request: FastifyRequest, country: string, form: Form): PhoneInputProps {
  const withSelector = request.merchant.config.env !== 'PROD';
  // The same choice validateBuyerInfo makes: the typed country only outside production.
  const chosen = (withSelector && phoneCountry(form.values.mobileCountry ?? '')) || phoneCountry(country) || 'CA';
  return {
    value: form.values.mobile ?? '',
    country: chosen,
    countries: withSelector ? allCountries(textsOf(request).locale) : null,
    countryName: countryName(chosen, textsOf(request).locale),
    ...(form.errors.mobile ? { error: form.errors.mobile } : {}),
  };
}

function render(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, form: Form, status = 200) {
  const country = COUNTRY_BY_CURRENCY[flow.fiatCurrency];
  return reply.render(
    createElement(BuyerInfoPage, {
      form,
      phone: phoneProps(request, country, form),
      address: flow.addressRequired ? addressFormOf(country, textsOf(request)) : null,
      birthdayOrder: birthdayOrderOf(country),
      frame: flowFrameOf(request, flow),
    }),
    { status },
  );
}

const page = stepPage(
  ROUTE.path,
  async (request, reply, { flow }) =>
    render(request, reply, flow, (await takeRefusal(request, reply, ROUTE.path, flow)) ?? EMPTY_FORM),
  'INPUT_BUYERINFO',
);

export const buyerInfoScreen = defineScreen({
  route: ROUTE,
  step: 'details',
  get: async (request, reply) => {
    const { refId } = request.query as { refId?: unknown };
    // A ?refId= link: the order is shown and confirmed before it resumes (server/flow/resume.ts).
    if (refId !== undefined) return askToResume(request, reply, typeof refId === 'string' ? refId : '', 'buyer-info-input');
    return page(request, reply);
  },
  post: formStep({
    screen: ROUTE.path,
    fields: FORM_FIELDS.buyerInfo,
    failures: 'buyer-info',
    refusesToPage: 'cookie',
    validate: (body, flow, request) =>
      validateBuyerInfo(
        request.merchant.config,
        body,
        {
          country: COUNTRY_BY_CURRENCY[flow.fiatCurrency],
          addressRequired: flow.addressRequired,
        },
        textsOf(request),
      ),
    call: (upstream, flow, buyer) => upstream.buyerInfo(flow.txnType, { refId: flow.refId, ...buyer }),
    render,
  }),
});
