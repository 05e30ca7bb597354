// Screen 1. GET renders the amount form; POST validates it with the spec's messages and
// asks the upstream for a quote (re-rendering with 422, the messages and what was typed
// when the input is wrong).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import type { MerchantConfig } from '../tenancy/schema.ts';
import { FLOW_KINDS, type FlowKind } from '../checkout/domain.ts';
import { TAB_LABELS, allowedKinds, coinsFor, giftCardsFor } from '../checkout/offer.ts';
import { resolveAmountLimits } from '../checkout/validation/amount.ts';
import type { AmountFormProps } from '../../islands/AmountForm.tsx';
import { HomePage } from '../../views/pages/Home.tsx';
import type { Toast } from '../../views/components/Toasts.tsx';
import { renderPage } from '../render/stream.tsx';

export const AMOUNT_FIELDS = [
  'txnType',
  'fiatAmount',
  'cryptoAmount',
  'fiatCurrency',
  'cryptoCurrency',
  'paymentMethod',
  'paymentMethodSubtype',
] as const;

function defaultAmount(config: MerchantConfig, kind: FlowKind): string {
  const method = config.paymentMethods.find((m) => m.type === kind)?.name ?? '';
  const limits = resolveAmountLimits(config, {
    kind,
    method,
    fiatCurrency: config.supportedFiatCurrencies[0]!.id,
    cryptoCurrency: coinsFor(config)[0]!.id,
  });
  return String(limits.default);
}

export function amountFormProps(
  config: MerchantConfig,
  requestedKind: unknown,
  values: AmountFormProps['values'] = {},
  errors: AmountFormProps['errors'] = {},
): AmountFormProps | null {
  const kinds = allowedKinds(config);
  if (kinds.length === 0) return null;
  const kind = kinds.find((k) => k === requestedKind) ?? kinds[0]!;
  return {
    action: '/',
    tabs: kinds.map((k) => ({ kind: k, label: TAB_LABELS[k] })),
    kind,
    fiats: config.supportedFiatCurrencies.map((f) => ({ id: f.id, symbol: f.symbol })),
    coins: coinsFor(config).map((c) => ({ id: c.id, name: c.name })),
    methods: config.paymentMethods
      .filter((m) => kinds.includes(m.type))
      .map((m) => ({ name: m.name, label: m.label, kind: m.type, fiatCurrencies: m.fiatCurrencies ?? null })),
    giftCards: giftCardsFor(config).map((c) => ({ name: c.name, label: c.label, amounts: c.amounts })),
    defaults: {
      fiatAmount: kinds.includes('BUY') ? defaultAmount(config, 'BUY') : '',
      cryptoAmount: kinds.includes('SELL') ? defaultAmount(config, 'SELL') : '',
    },
    values,
    errors,
  };
}

export function renderHome(
  request: FastifyRequest,
  reply: FastifyReply,
  form: { kind?: unknown; values?: AmountFormProps['values']; errors?: AmountFormProps['errors']; modal?: string; toasts?: Toast[] } = {},
  status = 200,
) {
  const props = amountFormProps(request.merchant.config, form.kind, form.values, form.errors);
  return renderPage(request, reply, createElement(HomePage, { form: props, modal: form.modal, toasts: form.toasts }), { status });
}

export function registerHome(app: FastifyInstance): void {
  app.get<{ Querystring: { type?: string } }>('/', (request, reply) => {
    const type = request.query.type;
    return renderHome(request, reply, { kind: FLOW_KINDS.find((k) => k === type) });
  });
}
