// Screen 3, Pro entry (/pro/{customerHash}). The hash is the invitation: the upstream's
// vipcheck says whether it holds (false goes home). The form is the amount form with Pro's
// rules (100-3000 CAD, e-transfer only); the quote carries the hash as vipTag and the flow
// cookie the Pro flag (Pro fee, no promo). A quote without an answer is asked again every
// 2 s, 3 times, on this same address (?attempt=n with the amount and coin), then the
// visitor reads that the service is unavailable (textsOf(request).FAILURE_TEXT.unavailable).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { quoteFee } from '../../checkout/fees.ts';
import { formatsFor } from '../../checkout/format.ts';
import { PRO_COINS, PRO_DEFAULT, PRO_FIAT_CURRENCY } from '../../checkout/limits.ts';
import { buildPath, RETRY_ATTEMPT_PARAM, ROUTES } from '../../checkout/routes.ts';
import { validateAmountForm } from '../../checkout/validation/amount.ts';
import { FORM_FIELDS, type FormFieldsOf } from '../../checkout/wire.ts';
import type { AmountFormProps } from '../../islands/AmountForm.tsx';
import { ProPage } from '../../views/pages/Pro.tsx';
import { formValues } from '../flow/form.ts';
import { seeOther } from '../flow/next.ts';
import { type AmountValues, requestQuote } from '../flow/quote-request.ts';
import { defineScreen } from '../flow/screen.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { textsOf } from '../i18n/plugin.ts';
import type { PaymentMethod } from '../methods/method.ts';
import { refuseToPage, takeRefusal } from '../security/refusal-cookie.ts';
import { merchantWords } from '../tenancy/texts.ts';

const ROUTE = ROUTES.transactionPro;

/** What a customer hash may be: the upstream's vipTag, no path characters, never long. */
const CUSTOMER_HASH = /^[A-Za-z0-9_-]{1,128}$/;

function customerHashOf(request: FastifyRequest): string | undefined {
  const hash = (request.params as { customerHash?: unknown }).customerHash;
  return typeof hash === 'string' && CUSTOMER_HASH.test(hash) ? hash : undefined;
}

/** The method the Pro flow offers: the one with a Pro fee (docs/spec.md section 1: e-transfer only). */
function proMethodOf(request: FastifyRequest): PaymentMethod {
  const method = request.server.methods.list.find((m) => m.fees?.pro !== undefined);
  if (!method) throw new Error('no payment method has a Pro fee');
  return method;
}

function proForm(
  request: FastifyRequest,
  hash: string,
  values: AmountValues,
  errors: AmountFormProps['errors'],
): AmountFormProps {
  const config = request.merchant.config;
  const symbol = config.supportedFiatCurrencies.find((c) => c.id === PRO_FIAT_CURRENCY)?.symbol ?? '$';
  const proMethod = proMethodOf(request);
  const { name } = proMethod;
  const method = config.paymentMethods.find((m) => m.name === name);
  return {
    action: buildPath(ROUTE, { customerHash: hash }),
    tabs: [],
    kind: 'BUY',
    fiats: [{ id: PRO_FIAT_CURRENCY, symbol }],
    coins: PRO_COINS.map((id) => ({ id, name: config.supportedCoins.find((c) => c.id === id)?.name ?? id })),
    methods: [
      {
        name,
        label: method ? merchantWords(config, request.language).methodLabel(method) : 'Interac e-Transfer',
        type: 'BUY',
        fee: quoteFee(config, proMethod, true) ?? undefined,
      },
    ],
    giftCards: [],
    defaults: { fiatAmount: String(PRO_DEFAULT), cryptoAmount: '' },
    values,
    errors,
    pendingLabel: textsOf(request).PRO_TEXT.verifying,
    text: textsOf(request).AMOUNT_FORM_TEXT,
  };
}

function renderPro(
  request: FastifyRequest,
  reply: FastifyReply,
  hash: string,
  view: { values?: AmountValues; errors?: AmountFormProps['errors']; modal?: string } = {},
  status = 200,
) {
  const config = request.merchant.config;
  const fee = quoteFee(config, proMethodOf(request), true);
  const page = createElement(ProPage, {
    form: proForm(request, hash, view.values ?? {}, view.errors ?? {}),
    feeText:
      fee === null ? null : formatsFor(textsOf(request).locale).fiat(fee, PRO_FIAT_CURRENCY, config.supportedFiatCurrencies),
    modal: view.modal,
  });
  return reply.render(page, { status });
}

/** The invitation holds: vipcheck true. Anything else sends the visitor home. */
async function invited(request: FastifyRequest, hash: string): Promise<boolean> {
  const check = await upstreamFor(request).vipCheck(hash);
  if (!check.ok) request.log.warn({ failure: check.failure.kind }, 'vipcheck failed; the visitor goes home');
  return check.ok && check.value === true;
}

/** Check the Pro form and ask for a Pro quote; `attempt` counts the retries of docs/spec.md section 8. */
async function quote(request: FastifyRequest, reply: FastifyReply, hash: string, raw: unknown, attempt: number) {
  const values = formValues(raw, FORM_FIELDS.amount);
  const checked = validateAmountForm(
    request.merchant.config,
    raw ?? {},
    { proMethod: proMethodOf(request).name },
    textsOf(request),
  );
  const page = buildPath(ROUTE, { customerHash: hash });
  // A refusal of the form sent goes back to the invitation's page, which shows it once.
  const refuse = async (errors: AmountFormProps['errors'], status: number, modal?: string) =>
    (await refuseToPage(request, reply, page, undefined, { values, errors, formErrors: [], modal }, { status }))
      ? reply
      : renderPro(request, reply, hash, { values, errors, modal }, status);
  if (!checked.ok) return refuse(checked.errors, 422);
  const input = checked.value;
  const resolution = formValues(raw, FORM_FIELDS.browserResolution).browserResolution ?? '';
  return requestQuote(request, reply, input, values, /^\d{2,5}x\d{2,5}$/.test(resolution) ? resolution : '', attempt, {
    vipTag: hash,
    retryUrl: (next) =>
      `${buildPath(ROUTE, { customerHash: hash })}?${new URLSearchParams({
        fiatAmount: String(input.fiatAmount),
        cryptoCurrency: input.cryptoCurrency,
        [RETRY_ATTEMPT_PARAM]: String(next),
      })}`,
    exhausted: () =>
      renderPro(request, reply, hash, { values, errors: { form: textsOf(request).FAILURE_TEXT.unavailable } }, 503),
    form: (status, view) => refuse(view.formError ? { form: view.formError } : {}, status, view.modal),
  });
}

/** ?attempt=n: the retry of a Pro quote that had no answer. */
function retryAttempt(query: unknown): number | undefined {
  const value = (query as Record<string, unknown>)[RETRY_ATTEMPT_PARAM];
  const n = typeof value === 'string' && /^[1-9]$/.test(value) ? Number(value) : undefined;
  return n;
}

export const proScreen = defineScreen({
  route: ROUTE,
  rateLimit: { GET: 'quote', POST: 'quote' },
  get: async (request, reply) => {
    const hash = customerHashOf(request);
    if (!hash || !(await invited(request, hash))) return reply.redirect(ROUTES.home.path, 302);
    const attempt = retryAttempt(request.query);
    if (attempt !== undefined) return quote(request, reply, hash, { ...(request.query as object), txnType: 'BUY' }, attempt);
    const refused = await takeRefusal<FormFieldsOf<'amount'>>(
      request,
      reply,
      buildPath(ROUTE, { customerHash: hash }),
      undefined,
    );
    return renderPro(request, reply, hash, refused ?? {});
  },
  post: async (request, reply) => {
    const hash = customerHashOf(request);
    if (!hash || !(await invited(request, hash))) return reply.redirect(ROUTES.home.path, seeOther(request));
    return quote(request, reply, hash, request.body, 0);
  },
});
