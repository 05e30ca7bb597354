// Asking the upstream for a quote, from the home form and from a direct link alike. Valid
// input goes upstream; the answer's nextAction decides the next page. A refusal is what
// the failure table says for a quote: limit errors in a modal whose closing goes home, a
// failure without a message asked again every 5 s up to 5 times and then the home form
// with what was chosen and a message that says so, anything
// else shown on the form.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { linkOutUrl } from '../../checkout/offer.ts';
import { buildPath, RETRY_ATTEMPT_PARAM, ROUTES } from '../../checkout/routes.ts';
import type { QuoteInput } from '../../checkout/validation/amount.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { QuoteRetryPage } from '../../views/pages/QuoteRetry.tsx';
import { textsOf } from '../i18n/plugin.ts';
import { refuseToPage } from '../security/refusal-cookie.ts';
import { renderHome } from './home-page.ts';
import { followNextAction, seeOther } from './next.ts';
import { meetFailure } from './outcome.ts';
import { refreshValue } from './redirects.ts';
import { upstreamFor } from './upstream.ts';

export type AmountValues = Partial<Record<FormFieldsOf<'amount'>, string>>;

/**
 * The direct link that reproduces a quote: also where a failed quote is asked again, and
 * where an order that cannot change its bank starts anew.
 */
export function directLink(
  input: Pick<QuoteInput, 'kind' | 'fiatAmount' | 'cryptoAmount' | 'paymentMethod'> & {
    cryptoCurrency: string;
    fiatCurrency: string;
    paymentMethodSubtype?: string | undefined;
  },
): string {
  const params = {
    amount: input.kind === 'SELL' ? input.cryptoAmount : input.fiatAmount,
    cryptocurrency: input.cryptoCurrency,
    method: input.paymentMethod,
    type: input.kind,
    currency: input.fiatCurrency,
  };
  return input.paymentMethodSubtype
    ? buildPath(ROUTES.transactionTypeCurrencySubtype, { ...params, subtype: input.paymentMethodSubtype })
    : buildPath(ROUTES.transactionTypeCurrency, params);
}

/** What a Pro quote changes: the invitation rides along, and its own retry and give-up. */
export interface ProQuote {
  vipTag: string;
  /** Where the same Pro quote is asked again. */
  retryUrl(attempt: number): string;
  /** The attempts are used up. */
  exhausted(): Promise<FastifyReply> | FastifyReply;
  /** The Pro form, shown back with what was typed and a message or modal. */
  form(status: number, view: { modal?: string; formError?: string }): Promise<FastifyReply> | FastifyReply;
}

export async function requestQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  input: QuoteInput,
  values: AmountValues,
  resolution: string,
  attempt: number,
  pro?: ProQuote,
) {
  // A method or coin configured to link out leaves for its page instead of quoting (its
  // origin is in the merchant's form-action, security/plugin.ts).
  const linkOut = pro ? undefined : linkOutUrl(request.merchant.config, input);
  if (linkOut) return reply.redirect(linkOut, seeOther(request));
  const result = await upstreamFor(request).quoteRequest(input.txnType, {
    fiatAmount: input.fiatAmount,
    fiatCurrency: input.fiatCurrency,
    cryptoCurrency: input.cryptoCurrency,
    paymentMethod: input.paymentMethod,
    txnType: input.txnType,
    browserResolution: resolution,
    country: input.country,
    cryptoAmount: input.cryptoAmount,
    ...(input.paymentMethodSubtype ? { paymentMethodSubtype: input.paymentMethodSubtype } : {}),
    ...(pro ? { vipTag: pro.vipTag } : {}),
  });
  const form =
    pro?.form ??
    (async (status: number, view: { modal?: string; formError?: string }) => {
      const errors = view.formError ? { form: view.formError } : {};
      // The home form's message waits for its page (an outage's page is answered at once: its GET would quote again).
      const refused = { values, errors, formErrors: [], modal: view.modal };
      if (await refuseToPage(request, reply, ROUTES.home.path, undefined, refused, { status })) return reply;
      return renderHome(request, reply, { kind: input.kind, values, modal: view.modal, errors }, status);
    });
  if (!result.ok) {
    return meetFailure(request, reply, result.failure, pro ? 'pro-quote' : 'quote', {
      stay: (messages, _on, status) => form(status, { formError: messages.join(' ') }),
      modal: (message, status) => form(status, { modal: message }),
      retry: ({ intervalMs, attempts }) => {
        // The last attempt failed too: the home form with what the visitor chose and a
        // message that stays, so NEXT tries again without retyping anything.
        if (attempt >= attempts) return pro ? pro.exhausted() : form(503, { formError: textsOf(request).QUOTE_RETRY.gaveUp });
        const retryUrl = pro ? pro.retryUrl(attempt + 1) : `${directLink(input)}?${RETRY_ATTEMPT_PARAM}=${attempt + 1}`;
        reply.header('retry-after', String(intervalMs / 1000)).header('refresh', refreshValue(retryUrl, intervalMs));
        const page = createElement(QuoteRetryPage, {
          retryUrl,
          seconds: intervalMs / 1000,
          attempt: attempt + 1,
          attempts,
          ...(pro ? { title: textsOf(request).PRO_TEXT.gettingQuote } : {}),
        });
        return reply.render(page, { status: 503 });
      },
    });
  }
  const flow = {
    refId: result.value.refId,
    kind: input.kind,
    txnType: input.txnType,
    method: input.paymentMethod,
    subtype: input.paymentMethodSubtype,
    fiatCurrency: input.fiatCurrency,
    cryptoCurrency: input.cryptoCurrency,
    pro: pro !== undefined,
    addressRequired: false,
    merchant: request.merchant.id,
  };
  return followNextAction(request, reply, flow, result.value, ROUTES.home.path, (messages, status) =>
    form(status, { formError: messages.join(' ') }),
  );
}
