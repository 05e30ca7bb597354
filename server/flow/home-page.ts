// The home page (screen 1) as every part of the flow shows it: the amount form, untouched or
// with what the visitor typed and the messages, and any modal or toast a failure leaves
// (docs/spec.md section 8). The home screen and the failure outcomes both render it.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { writeAmount } from '../../checkout/amount-input.ts';
import type { FlowKind } from '../../checkout/domain.ts';
import { quoteFee } from '../../checkout/fees.ts';
import type { MerchantConfig } from '../../checkout/merchant-schema.ts';
import type { Texts } from '../../checkout/messages.ts';
import { allowedKinds, coinsFor, giftCardsFor, methodsFor } from '../../checkout/offer.ts';
import type { MethodTable } from '../../checkout/payment-method.ts';
import { homeTab, ROUTES } from '../../checkout/routes.ts';
import { resolveAmountLimits } from '../../checkout/validation/amount.ts';
import { ISLAND_API } from '../../checkout/wire.ts';
import type { AmountFormProps } from '../../islands/AmountForm.tsx';
import type { TickerProps } from '../../islands/Ticker.tsx';
import type { Toast } from '../../views/components/Toasts.tsx';
import { HomePage } from '../../views/pages/Home.tsx';
import { textsOf } from '../i18n/plugin.ts';
import type { PaymentMethod } from '../methods/method.ts';
import { merchantWords } from '../tenancy/texts.ts';
import { tickerFreshUntil, tickerInTime } from './ticker-cache.ts';

/**
 * The amount the form starts with: the default of the first method offered for the kind in
 * the currency, written as the page's locale writes it, so the form takes its own default.
 */
export function defaultAmount(
  config: MerchantConfig,
  locale: string,
  kind: FlowKind,
  fiatCurrency = config.supportedFiatCurrencies[0]!.id,
): string {
  const method = methodsFor(config.paymentMethods, kind, fiatCurrency)[0]?.name ?? '';
  const limits = resolveAmountLimits(config, { kind, method, fiatCurrency, cryptoCurrency: coinsFor(config)[0]!.id });
  return writeAmount(limits.default, locale);
}

export function amountFormProps(
  config: MerchantConfig,
  methods: MethodTable<PaymentMethod>,
  texts: Texts,
  requestedKind: unknown,
  values: AmountFormProps['values'] = {},
  errors: AmountFormProps['errors'] = {},
): AmountFormProps | null {
  const kinds = allowedKinds(config);
  if (kinds.length === 0) return null;
  const kind = kinds.find((k) => k === requestedKind) ?? kinds[0]!;
  const words = merchantWords(config, texts.language);
  return {
    action: ROUTES.home.path,
    tabs: kinds.map((k) => ({ kind: k, label: texts.TAB_LABELS[k], href: homeTab(k) })),
    kind,
    fiats: config.supportedFiatCurrencies.map((f) => ({ id: f.id, symbol: f.symbol })),
    coins: coinsFor(config).map((c) => ({ id: c.id, name: c.name })),
    methods: config.paymentMethods
      .filter((m) => kinds.includes(m.type))
      .map((m) => ({
        name: m.name,
        label: words.methodLabel(m),
        type: m.type,
        fiatCurrencies: m.fiatCurrencies,
        fee: quoteFee(config, methods.get(m.name), false) ?? undefined,
        ...(methods.get(m.name)?.providerQuote ? { providerPriced: true } : {}),
      })),
    giftCards: giftCardsFor(config).map((c) => ({ name: c.name, label: words.giftCard(c).label, amounts: c.amounts })),
    defaults: {
      fiatAmount: kinds.includes('BUY') ? defaultAmount(config, texts.locale, 'BUY') : '',
      cryptoAmount: kinds.includes('SELL') ? defaultAmount(config, texts.locale, 'SELL') : '',
    },
    fiatDefaults: kinds.includes('BUY')
      ? Object.fromEntries(config.supportedFiatCurrencies.map((f) => [f.id, defaultAmount(config, texts.locale, 'BUY', f.id)]))
      : {},
    values,
    errors,
    text: texts.AMOUNT_FORM_TEXT,
  };
}

export interface HomeView {
  kind?: unknown;
  values?: AmountFormProps['values'];
  errors?: AmountFormProps['errors'];
  modal?: string;
  toasts?: Toast[];
}

/** The links the merchant's payment methods add to the home page (the cash-in map). */
function homeLinks(config: MerchantConfig, methods: MethodTable<PaymentMethod>, texts: Texts) {
  return config.paymentMethods.flatMap((offered) => {
    const link = methods.get(offered.name)?.homeLink;
    return link ? [{ label: link.label(texts), path: link.path }] : [];
  });
}

export function homePage(
  config: MerchantConfig,
  texts: Texts,
  methods: MethodTable<PaymentMethod>,
  view: HomeView = {},
  ticker?: TickerProps,
) {
  const form = amountFormProps(config, methods, texts, view.kind, view.values, view.errors);
  return createElement(HomePage, {
    form,
    links: homeLinks(config, methods, texts),
    modal: view.modal,
    toasts: view.toasts,
    ticker,
  });
}

/** The home page with what this visitor typed, or a failure's modal or toast; with the ticker when the merchant shows one. */
export async function renderHome(request: FastifyRequest, reply: FastifyReply, view: HomeView = {}, status = 200) {
  const config = request.merchant.config;
  const ticker = config.showTicker ? await tickerProps(request) : undefined;
  return reply.render(homePage(config, textsOf(request), request.server.methods, view, ticker), { status });
}

/**
 * The home page with an untouched form, the same for every visitor: rendered once per
 * merchant and tab, and again only when the ticker's prices have moved.
 */
export async function renderUntouchedHome(request: FastifyRequest, reply: FastifyReply, kind: FlowKind | undefined) {
  const config = request.merchant.config;
  const ticker = config.showTicker ? await tickerProps(request) : undefined;
  // A page with the ticker holds as long as its prices; its late rows are not for everyone.
  const version = ticker ? tickerVersion(ticker.rows) : '';
  return reply.renderShared(
    `home:${kind ?? ''}`,
    () => homePage(config, textsOf(request), request.server.methods, { kind }, ticker),
    {
      version,
      freshUntil: config.showTicker ? tickerFreshUntil(request, ticker?.rows) : Infinity,
      // The tab's own URL, whatever else this one carried: the page is the same for everyone.
      url: kind ? homeTab(kind) : ROUTES.home.path,
    },
  );
}

/** The prices a home page shows, as its version: the rows are the ticker cache's own, so stringified once. */
const versions = new WeakMap<TickerProps['rows'], string>();
function tickerVersion(rows: TickerProps['rows']): string {
  let version = versions.get(rows);
  if (version === undefined) versions.set(rows, (version = JSON.stringify(rows)));
  return version;
}

/** The Ticker island's props; none when there is nothing to show. */
async function tickerProps(request: FastifyRequest): Promise<TickerProps | undefined> {
  const config = request.merchant.config;
  const rows = await tickerInTime(request);
  // Refused or failed: no ticker. Late: the island asks for it once hydrated.
  if (rows !== null && rows.length === 0) return undefined;
  return {
    rows: rows ?? [],
    coins: coinsFor(config).map((c) => c.id),
    fiats: config.supportedFiatCurrencies.map((f) => f.id),
    fiatSymbols: config.supportedFiatCurrencies.map((f) => ({ id: f.id, symbol: f.symbol })),
    url: ISLAND_API.ticker,
    label: textsOf(request).TICKER_TEXT.label,
  };
}
