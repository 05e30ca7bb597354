// Quote requests, from the home form and from the direct link. Valid input goes upstream;
// the answer's nextAction decides the next page. Failures follow SPEC.md section 8: limit
// errors in a modal whose closing goes home, a failure without a message retried every
// 5 s up to 5 times and then home, anything else shown on the form.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { FLOW_KINDS, LIMIT_ERROR_CODES } from '../checkout/domain.ts';
import { QUOTE_RETRY } from '../checkout/limits.ts';
import { validateAmountForm, type QuoteInput } from '../checkout/validation/amount.ts';
import { ROUTES, buildPath } from '../checkout/routes.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { renderPage } from '../render/stream.tsx';
import { QuoteRetryPage } from '../../views/pages/QuoteRetry.tsx';
import { AMOUNT_FIELDS, renderHome } from './home.ts';
import { formValues } from './form.ts';
import { followNextAction } from './next.ts';
import { upstreamFor } from './upstream.ts';
import { visitorMessage } from './failures.ts';
import { refreshValue } from './redirects.ts';

type AmountValues = Partial<Record<(typeof AMOUNT_FIELDS)[number], string>>;

const RESOLUTION = /^\d{2,5}x\d{2,5}$/;

function browserResolution(body: unknown): string {
  const value = formValues(body, ['browserResolution'] as const).browserResolution ?? '';
  return RESOLUTION.test(value) ? value : '';
}

/** The direct link that reproduces a quote: also where a failed quote is retried. */
export function directLink(input: QuoteInput): string {
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

async function requestQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  input: QuoteInput,
  values: AmountValues,
  resolution: string,
  attempt: number,
) {
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
  });
  if (result.ok) {
    const flow = {
      refId: result.value.refId,
      kind: input.kind,
      txnType: input.txnType,
      method: input.paymentMethod,
      subtype: input.paymentMethodSubtype,
      fiatCurrency: input.fiatCurrency,
      cryptoCurrency: input.cryptoCurrency,
      pro: false,
      addressRequired: false,
      merchant: request.merchant.id,
    };
    return followNextAction(request, reply, flow, result.value, ROUTES.home.path);
  }
  return quoteFailed(request, reply, result.failure, input, values, attempt);
}

function quoteFailed(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: UpstreamFailure,
  input: QuoteInput,
  values: AmountValues,
  attempt: number,
) {
  if (failure.kind === 'error' && LIMIT_ERROR_CODES.includes(failure.code)) {
    return renderHome(request, reply, { kind: input.kind, values, modal: failure.msg }, 422);
  }
  const withoutMessage = failure.kind === 'unavailable' || (failure.kind === 'error' && !failure.msg);
  if (withoutMessage) {
    if (attempt >= QUOTE_RETRY.attempts) return reply.redirect(ROUTES.home.path, 303);
    const retryUrl = `${directLink(input)}?attempt=${attempt + 1}`;
    reply.header('retry-after', String(QUOTE_RETRY.intervalMs / 1000)).header('refresh', refreshValue(retryUrl, QUOTE_RETRY.intervalMs));
    return renderPage(
      request,
      reply,
      createElement(QuoteRetryPage, {
        retryUrl,
        seconds: QUOTE_RETRY.intervalMs / 1000,
        attempt: attempt + 1,
        attempts: QUOTE_RETRY.attempts,
      }),
      { status: 503 },
    );
  }
  return renderHome(request, reply, { kind: input.kind, values, errors: { form: visitorMessage(failure) } }, failure.kind === 'invalid-response' ? 502 : 422);
}

interface DirectLinkParams {
  amount: string;
  cryptocurrency: string;
  method: string;
  type?: string;
  currency?: string;
  subtype?: string;
}

export function registerQuote(app: FastifyInstance): void {
  app.post(ROUTES.home.path, async (request, reply) => {
    const values: AmountValues = formValues(request.body, AMOUNT_FIELDS);
    const checked = validateAmountForm(request.merchant.config, (request.body ?? {}) as Record<string, unknown>);
    if (!checked.ok) return renderHome(request, reply, { kind: values.txnType, values, errors: checked.errors }, 422);
    return requestQuote(request, reply, checked.value, values, browserResolution(request.body), 0);
  });

  const direct = async (
    request: FastifyRequest<{ Params: DirectLinkParams; Querystring: { attempt?: string } }>,
    reply: FastifyReply,
  ) => {
    const p = request.params;
    const kind = FLOW_KINDS.find((k) => k === p.type?.toUpperCase()) ?? 'BUY';
    const config = request.merchant.config;
    const values: AmountValues = {
      txnType: kind,
      [kind === 'SELL' ? 'cryptoAmount' : 'fiatAmount']: p.amount,
      cryptoCurrency: p.cryptocurrency.toUpperCase(),
      paymentMethod: p.method.toUpperCase(),
      fiatCurrency: (p.currency ?? config.supportedFiatCurrencies[0]!.id).toUpperCase(),
      ...(p.subtype ? { paymentMethodSubtype: p.subtype } : {}),
    };
    const checked = validateAmountForm(config, values);
    if (!checked.ok) return renderHome(request, reply, { kind, values, errors: checked.errors }, 422);
    const attempt = Math.min(Number.parseInt(request.query.attempt ?? '0', 10) || 0, QUOTE_RETRY.attempts);
    return requestQuote(request, reply, checked.value, values, '', attempt);
  };
  for (const route of [ROUTES.transaction, ROUTES.transactionType, ROUTES.transactionTypeCurrency, ROUTES.transactionTypeCurrencySubtype]) {
    app.get(route.path, direct);
  }
}
