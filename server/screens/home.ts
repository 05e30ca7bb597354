// Screen 1, amount input. GET shows the form (on the tab HOME_TAB_PARAM names), or the form just
// refused with what was typed and the messages, once; POST checks it with the spec's messages
// (a 303 back to the page that shows them) and asks for a quote.
import type { FastifyRequest } from 'fastify';
import { FLOW_KINDS } from '../../checkout/domain.ts';
import { HOME_TAB_PARAM, ROUTES } from '../../checkout/routes.ts';
import { currencyChangedUnder, validateAmountForm } from '../../checkout/validation/amount.ts';
import { FORM_FIELDS, type FormFieldsOf } from '../../checkout/wire.ts';
import { formValues, tooLongErrors } from '../flow/form.ts';
import { defaultAmount, renderHome, renderUntouchedHome } from '../flow/home-page.ts';
import type { AmountValues } from '../flow/quote-request.ts';
import { requestQuote } from '../flow/quote-request.ts';
import { defineScreen } from '../flow/screen.ts';
import { textsOf } from '../i18n/plugin.ts';
import { refuseToPage, takeRefusal } from '../security/refusal-cookie.ts';

/** `{width}x{height}` as the island writes it; anything else is not sent. */
const RESOLUTION = /^\d{2,5}x\d{2,5}$/;

/**
 * The currency changed where no script followed it (JavaScript off): the amount the form
 * started with for another currency is no amount the visitor chose, so the new currency's
 * default replaces it, as the form does with JavaScript.
 */
function followCurrency(request: FastifyRequest, values: AmountValues): void {
  const { config } = request.merchant;
  const { locale } = textsOf(request);
  const chosen = config.supportedFiatCurrencies.find((f) => f.id === values.fiatCurrency)?.id;
  if (!chosen || values.txnType !== 'BUY') return;
  const startedWith = config.supportedFiatCurrencies.some(
    (f) => f.id !== chosen && defaultAmount(config, locale, 'BUY', f.id) === values.fiatAmount?.trim(),
  );
  if (startedWith) values.fiatAmount = defaultAmount(config, locale, 'BUY', chosen);
}

export const homeScreen = defineScreen({
  route: ROUTES.home,
  rateLimit: { POST: 'quote' },
  get: async (request, reply) => {
    const refused = await takeRefusal<FormFieldsOf<'amount'>>(request, reply, ROUTES.home.path, undefined);
    if (refused)
      return renderHome(request, reply, {
        kind: refused.values.txnType,
        values: refused.values,
        errors: refused.errors,
        modal: refused.modal,
      });
    const tab = (request.query as Record<string, unknown>)[HOME_TAB_PARAM];
    return renderUntouchedHome(
      request,
      reply,
      FLOW_KINDS.find((k) => k === tab),
    );
  },
  post: async (request, reply) => {
    const values = formValues(request.body, FORM_FIELDS.amount);
    // A field too long is named before anything else is checked: it was never decoded.
    const tooLong = tooLongErrors(request.body, FORM_FIELDS.amount, textsOf(request));
    const checked = tooLong
      ? ({ ok: false, errors: tooLong } as const)
      : validateAmountForm(request.merchant.config, (request.body ?? {}) as Record<string, unknown>, {}, textsOf(request));
    if (!checked.ok) {
      if (currencyChangedUnder(request.merchant.config, request.body)) followCurrency(request, values);
      const form = { values, errors: checked.errors, formErrors: [] };
      // Too long for a cookie: the page itself, with what was typed.
      if (await refuseToPage(request, reply, ROUTES.home.path, undefined, form)) return reply;
      return renderHome(request, reply, { kind: values.txnType, values, errors: checked.errors }, 422);
    }
    const resolution = formValues(request.body, FORM_FIELDS.browserResolution).browserResolution ?? '';
    return requestQuote(request, reply, checked.value, values, RESOLUTION.test(resolution) ? resolution : '', 0);
  },
});
