// Screen 1, amount input. GET shows the form (on the tab HOME_TAB_PARAM names), or the form just
// refused with what was typed and the messages, once; POST checks it with the spec's messages
// (a 303 back to the page that shows them) and asks for a quote.
import { FLOW_KINDS } from '../../checkout/domain.ts';
import { HOME_TAB_PARAM, ROUTES } from '../../checkout/routes.ts';
import { validateAmountForm } from '../../checkout/validation/amount.ts';
import { FORM_FIELDS, type FormFieldsOf } from '../../checkout/wire.ts';
import { formValues } from '../flow/form.ts';
import { renderHome, renderUntouchedHome } from '../flow/home-page.ts';
import { requestQuote } from '../flow/quote-request.ts';
import { defineScreen } from '../flow/screen.ts';
import { textsOf } from '../i18n/plugin.ts';
import { refuseToPage, takeRefusal } from '../security/refusal-cookie.ts';

/** `{width}x{height}` as the island writes it; anything else is not sent. */
const RESOLUTION = /^\d{2,5}x\d{2,5}$/;

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
    const checked = validateAmountForm(
      request.merchant.config,
      (request.body ?? {}) as Record<string, unknown>,
      {},
      textsOf(request),
    );
    if (!checked.ok) {
      const form = { values, errors: checked.errors, formErrors: [] };
      // Too long for a cookie (a pasted essay): the page itself, with what was typed.
      if (await refuseToPage(request, reply, ROUTES.home.path, undefined, form)) return reply;
      return renderHome(request, reply, { kind: values.txnType, values, errors: checked.errors }, 422);
    }
    const resolution = formValues(request.body, FORM_FIELDS.browserResolution).browserResolution ?? '';
    return requestQuote(request, reply, checked.value, values, RESOLUTION.test(resolution) ? resolution : '', 0);
  },
});
