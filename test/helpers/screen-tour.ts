// Every screen the browser journeys pass through, each with the way to put a browser on
// it: the earlier steps are taken through the edge (the journey helper), the visitor's
// cookie and /state/{refId} bring the browser in, and the few steps only a browser takes are taken by the page.
// The accessibility walk, the phone-fit walk, the JavaScript weigh-in and the screenshots
// all visit this one list.

import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import type { MethodTable } from '../../checkout/payment-method.ts';
import type { RouteDef } from '../../checkout/routes.ts';
import { type LimitsMerchant, resolveAmountLimits } from '../../checkout/validation/amount.ts';
import { LANGUAGE_COOKIE } from '../../server/i18n/negotiate.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import type { PaymentMethod } from '../../server/methods/method.ts';
import { ADDRESS_REQUIRED_FROM } from '../../server/sandbox/quotes.ts';
import { withoutRefresh } from './browser.ts';
import {
  ADDRESS,
  AU_ADDRESS,
  BTC_TESTNET_ADDRESS,
  BUYER,
  driveTo,
  type Form,
  ID_ADDRESS,
  MAPLE,
  orderLinkOf,
  PH_ADDRESS,
  passIdentity,
  startFlow,
  Visitor,
  type Walk,
} from './journey.ts';
import type { Stack } from './stack.ts';

/**
 * What the tour reads of a merchant's merchant.json: a shipped file as it is written (its
 * defaults left out), or a loaded merchant's configuration.
 */
export interface TourMerchant {
  hosts: readonly string[];
  env?: string;
  paymentMethods: readonly {
    name: string;
    type?: string;
    fiatCurrencies?: readonly string[] | undefined;
    amounts?: LimitsMerchant['paymentMethods'][number]['amounts'];
  }[];
  supportedFiatCurrencies: readonly { id: string }[];
  paymentMethodSubtypes?: readonly { name: string; amounts?: readonly number[] }[];
  inputForm?: LimitsMerchant['inputForm'];
  inputAllowed?: boolean;
  inputBuyAllowed?: boolean;
  inputSellAllowed?: boolean;
  inputSpendAllowed?: boolean;
  /** As written (`{sandbox}/…`) or as loaded. */
  webhooks?: readonly { url: string | { sandbox: boolean } }[];
}
/** The tour's name for a shipped merchant's file. */
export type DemoMerchant = TourMerchant;

/** Every demo merchant, as its merchant.json says. */
export const DEMO_MERCHANTS: readonly DemoMerchant[] = readdirSync('merchants', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .sort((a, b) => a.name.localeCompare(b.name))
  .map((entry) => JSON.parse(readFileSync(`merchants/${entry.name}/merchant.json`, 'utf8')) as DemoMerchant);
/** Every demo merchant's hosts. */
export const MERCHANT_HOSTS: readonly string[] = DEMO_MERCHANTS.flatMap((merchant) => merchant.hosts);
const ROO = 'roo.localhost';
const MANILA = 'manila.localhost';
const TEST = 'test.localhost';

export interface TourStop {
  /** How reports name it: the screen's path, and what sets it apart. */
  name: string;
  host: string;
  /** The path the browser is on once the screen shows (a pattern where it holds a reference). */
  path: string | RegExp;
  /** Puts the page on the screen (the edge's earlier steps, then the browser's). */
  open(stack: Stack, page: Page): Promise<void>;
  /** A provider's page, not the checkout's own markup. */
  foreign?: boolean;
}

/** A mobile of the country of an order's currency (the walk's own is Canadian, and Australian for AUD). */
const MOBILE_BY_CURRENCY: Readonly<Record<string, Form>> = {
  PHP: { mobile: '0917 123 4567', mobileCountry: 'PH' },
  IDR: { mobile: '0812 3456 7890', mobileCountry: 'ID' },
};
/** An address in that country, for an order the upstream asks one for. */
const ADDRESS_BY_CURRENCY: Readonly<Record<string, Form>> = { CAD: ADDRESS, AUD: AU_ADDRESS, PHP: PH_ADDRESS, IDR: ID_ADDRESS };

/** The buyer a walk types in for an order: of its currency's country, with an address where the sandbox asks one. */
function buyerFor(currency: string, amount: number | undefined): Form {
  const address = amount !== undefined && amount >= ADDRESS_REQUIRED_FROM ? ADDRESS_BY_CURRENCY[currency] : undefined;
  return { ...MOBILE_BY_CURRENCY[currency], ...address };
}

/**
 * A merchant as the tour walks it: its first host, what it offers, and the walk that takes
 * an order there in the currency and amount it accepts.
 */
export class Shop {
  readonly host: string;

  constructor(
    readonly merchant: TourMerchant,
    /** The legal pages it has, where known (a shipped file says nothing of its folder). */
    readonly legalPages?: readonly string[],
  ) {
    this.host = merchant.hosts[0]!;
  }

  get prod(): boolean {
    return this.merchant.env === 'PROD';
  }

  /** Whether a visitor can start this flow on the home form (a file that leaves a flag out allows it, as the demo files are written). */
  allows(kind: 'BUY' | 'SELL' | 'SPEND'): boolean {
    const m = this.merchant;
    const flag = { BUY: m.inputBuyAllowed, SELL: m.inputSellAllowed, SPEND: m.inputSpendAllowed }[kind];
    return m.inputAllowed !== false && flag !== false && this.merchant.paymentMethods.some((p) => (p.type ?? 'BUY') === kind);
  }

  /** The currencies a method serves here; none when the merchant does not offer it. */
  currencies(method: string): string[] {
    const offered = this.merchant.paymentMethods.find((p) => p.name === method);
    if (!offered) return [];
    return [...(offered.fiatCurrencies ?? this.merchant.supportedFiatCurrencies.map((c) => c.id))];
  }

  /** Whether the merchant offers the method (in `currency`, when named) in a flow its home form starts. */
  offers(method: string, currency?: string): boolean {
    const offered = this.merchant.paymentMethods.find((p) => p.name === method);
    const currencies = this.currencies(method);
    return (
      !!offered && this.allows((offered.type ?? 'BUY') as 'BUY') && (currency === undefined || currencies.includes(currency))
    );
  }

  /** The buy method a walk takes unless told: e-Transfer where offered, as most stops were written for it. */
  get buyMethod(): string | undefined {
    if (this.offers('ETRANSFER')) return 'ETRANSFER';
    return this.merchant.paymentMethods.find((p) => (p.type ?? 'BUY') === 'BUY')?.name;
  }

  /**
   * The walk for an order here: the given settings, else the buy method, its first
   * currency, and an amount inside the method's limits (the given one, moved inside them).
   */
  walk(extra: Walk = {}): Walk {
    const kind = extra.kind ?? 'BUY';
    const method = extra.method ?? (kind === 'SELL' ? 'ETRANSFEROUT' : this.buyMethod);
    const currency = extra.currency ?? (method ? this.currencies(method)[0] : undefined) ?? 'CAD';
    const limits =
      method === undefined || this.merchant.inputForm === undefined
        ? undefined
        : resolveAmountLimits(this.merchant as unknown as LimitsMerchant, {
            kind,
            method,
            fiatCurrency: currency,
            cryptoCurrency: extra.coin ?? 'BTC',
          });
    const wanted = extra.amount === undefined ? limits?.default : Number(extra.amount);
    const amount = limits && wanted !== undefined ? Math.min(Math.max(wanted, limits.min), limits.max) : wanted;
    const buyer = { ...buyerFor(currency, amount), ...extra.buyer };
    return {
      ...extra,
      host: this.host,
      ...(method ? { method } : {}),
      currency,
      ...(amount === undefined ? {} : { amount }),
      ...(Object.keys(buyer).length > 0 ? { buyer } : {}),
    };
  }
}

/**
 * A stop as written once: its screen, and the way there on any merchant that has it. The
 * tour binds each to the demo merchant it was written on; the preview to the merchant it
 * shows.
 */
interface StopPlan {
  name: string;
  path: string | RegExp;
  /** The demo merchant the tour shows it on (maple unless told). */
  demo?: string;
  /** Whether a merchant has this screen: every merchant unless told. */
  has?: (shop: Shop) => boolean;
  open(stack: Stack, page: Page, shop: Shop): Promise<void>;
  foreign?: boolean;
}

const PAY_ETRANSFER = '/payment-etransfer-instructions';

const goto = (stack: Stack, page: Page, host: string, path: string) => page.goto(stack.url(host, path)).then(() => undefined);

/**
 * Brings the browser into a flow the edge walked: with the visitor's own cookie,
 * /state/{refId} asks nothing and redirects to where the upstream has the order.
 */
export async function resumeIn(stack: Stack, page: Page, visitor: Visitor): Promise<void> {
  await page.context().addCookies([visitor.browserCookie()]);
  await goto(stack, page, visitor.host, `/state/${visitor.refId()}`);
}

/** An IDR bank transfer at the bank choice (the test host's: a Canadian mobile by its country selector). */
async function idrBankChoice(stack: Stack, shop: Shop): Promise<Visitor> {
  const visitor = await driveTo(
    stack,
    '/image-input-choice',
    shop.walk({
      method: 'BANKTRANSFER',
      currency: 'IDR',
      amount: 1_000_000,
      buyer: shop.prod ? {} : { mobile: BUYER.mobile, mobileCountry: 'CA' },
    }),
  );
  await passIdentity(visitor);
  return visitor;
}

/** The same with its bank chosen: the bank's page awaits the payment. */
async function idrBankChosen(stack: Stack, shop: Shop): Promise<Visitor> {
  const visitor = await idrBankChoice(stack, shop);
  await visitor.post('/bank-select', { selectedBank: 'BCA' });
  return visitor;
}

/** The visitor's cookie, then a page of the flow that /state would not pick (a question, a sub-page). */
export async function openWith(stack: Stack, page: Page, visitor: Visitor, path: string): Promise<void> {
  await page.context().addCookies([visitor.browserCookie()]);
  await goto(stack, page, visitor.host, path);
}

/** What a walk's settings need of a merchant: its method (in the currency named), its flow. */
function canWalk(shop: Shop, walk: Walk): boolean {
  const kind = walk.kind ?? 'BUY';
  const method = walk.method ?? (kind === 'SELL' ? 'ETRANSFEROUT' : shop.buyMethod);
  return method !== undefined && shop.offers(method, walk.currency);
}

/** A stop on a flow screen, reached by the journey helper's walk (its settings on the merchant shown). */
function flowStop(name: string, path: string, walk: Walk = {}, demo?: string): StopPlan {
  return {
    name,
    path,
    ...(demo ? { demo } : {}),
    has: (shop) => canWalk(shop, walk),
    open: async (stack, page, shop) => openWith(stack, page, await driveTo(stack, path, shop.walk(walk)), path),
  };
}

/**
 * A sell at its deposit page once the upstream has the address (the sandbox says PENDING
 * to the first status check, which this asks): the page shows it as it loads.
 */
async function depositShown(stack: Stack, shop: Shop): Promise<Visitor> {
  const visitor = await driveTo(stack, '/payment-spend', shop.walk({ kind: 'SELL' }));
  await visitor.get('/payment-spend');
  return visitor;
}

/** An e-Transfer buy whose payment the provider settled (pay or cancel). */
export async function settledBuy(stack: Stack, shop: Shop, decision: 'pay' | 'cancel'): Promise<Visitor> {
  const visitor = await driveTo(stack, PAY_ETRANSFER, shop.walk({ method: 'ETRANSFER' }));
  await visitor.get(PAY_ETRANSFER); // opens the payment at the provider
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: `/pay/etransfer/${visitor.refId()}`,
    payload: new URLSearchParams({ decision }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (paid.statusCode !== 200) throw new Error(`the provider refused to ${decision}: ${paid.statusCode}`);
  return visitor;
}

/** A bank transfer in AUD, to the bank's hand-off page. */
const POLI: Walk = { method: 'BANKTRANSFER', currency: 'AUD' };
/** The sandbox's own pages (the payment providers) are on its address. */
const SANDBOX_HOST = '127.0.0.1';

/** A 300 buy at the selfie step (asked from 250; the buyer's address, of the order's country, from 300). */
const AT_SELFIE: Walk = { amount: 300 };
/** A manila cash order: PHP, a Philippine mobile, then the selfie step. */
export const MANILA_CASH_WALK: Walk = {
  host: MANILA,
  method: 'OTC',
  currency: 'PHP',
  amount: 1000,
  buyer: { mobile: '0917 123 4567', mobileCountry: 'PH', ...PH_ADDRESS },
};
const { host: _manila, ...CASH_WALK } = MANILA_CASH_WALK;

/** A cash order past the identity step: its payment page awaits the visitor. */
async function cashOrder(stack: Stack, shop: Shop): Promise<Visitor> {
  const visitor = await driveTo(stack, '/image-input-choice', shop.walk(CASH_WALK));
  await passIdentity(visitor);
  return visitor;
}

/**
 * An eGift order as the home page's SPEND tab posts it: the merchant's first card at its
 * second preset amount, then its amount picker; with `requote`, NEXT on another of its
 * amounts, whose figures the picker then shows.
 */
async function spendQuote(stack: Stack, page: Page, shop: Shop, requote = false): Promise<void> {
  const visitor = new Visitor(stack, shop.host);
  const card = shop.merchant.paymentMethodSubtypes?.[0];
  const amounts = (card?.amounts ?? []).map(String);
  const form = {
    txnType: 'SPEND',
    fiatAmount: amounts[1] ?? amounts[0] ?? '50',
    fiatCurrency: shop.currencies('GIFTCARD')[0] ?? 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: card?.name ?? '',
  };
  const res = await visitor.post('/', form);
  if (res.headers.location !== '/spend-quote') throw new Error(`the eGift order was refused: ${res.statusCode}`);
  if (requote) {
    const picked = amounts.at(-1) ?? '100';
    const requoted = await visitor.post('/spend-quote', { fiatAmount: picked });
    if (requoted.headers.location !== '/spend-quote') throw new Error(`the new amount was refused: ${requoted.statusCode}`);
  }
  await openWith(stack, page, visitor, '/spend-quote');
}

const spends = (shop: Shop) => shop.offers('GIFTCARD') && (shop.merchant.paymentMethodSubtypes?.length ?? 0) > 0;
const etransfer = (shop: Shop) => shop.offers('ETRANSFER');

/** The stops written by hand: a page and the way to it where a walk alone does not show it. */
const PLANS: readonly StopPlan[] = [
  {
    name: 'home, sell tab',
    path: '/',
    has: (shop) => shop.allows('SELL'),
    open: (s, p, shop) => goto(s, p, shop.host, '/?type=SELL'),
  },
  {
    name: 'home, spend tab',
    path: '/',
    has: (shop) => shop.allows('SPEND'),
    open: (s, p, shop) => goto(s, p, shop.host, '/?type=SPEND'),
  },
  ...LEGAL_PAGES.map(
    ({ page: name, route }): StopPlan => ({
      name,
      path: route.path,
      has: (shop) => shop.legalPages?.includes(name) ?? true,
      open: (stack, page, shop) => goto(stack, page, shop.host, route.path),
    }),
  ),
  {
    name: 'pro',
    path: '/pro/vip-demo',
    has: etransfer,
    open: (stack, page, shop) => goto(stack, page, shop.host, '/pro/vip-demo'),
  },
  flowStop('price-quote', '/price-quote'),
  flowStop('price-quote, sell', '/price-quote', { kind: 'SELL' }),
  {
    name: 'new-quote (the hold ran out after the quote)',
    path: '/new-quote',
    has: (shop) => canWalk(shop, {}),
    open: async (stack, page, shop) => {
      await openWith(stack, page, await driveTo(stack, '/address-input', shop.walk()), '/address-input');
      await goto(stack, page, shop.host, '/new-quote');
    },
  },
  flowStop('address-input', '/address-input'),
  flowStop('buyer-info-input', '/buyer-info-input'),
  {
    ...flowStop(
      'buyer-info-input, DEV host (phone country)',
      '/buyer-info-input',
      { address: BTC_TESTNET_ADDRESS },
      'dev.localhost',
    ),
    // Any merchant not in production has the selector on its own buyer-info stop.
    has: () => false,
  },
  flowStop('mobile-verification', '/mobile-verification'),
  flowStop('audio-input', '/audio-input', { buyer: { lastName: 'Voice' } }),
  flowStop('audio-input-skip (voucher)', '/audio-input-skip', { method: 'FLEXEPIN', buyer: { lastName: 'Voice' } }),
  flowStop('email-input', '/email-input', { kind: 'SELL' }),
  flowStop('image-input-choice', '/image-input-choice', AT_SELFIE),
  {
    name: 'image-input-camera',
    path: '/image-input-camera',
    has: (shop) => canWalk(shop, AT_SELFIE),
    open: async (stack, page, shop) =>
      openWith(stack, page, await driveTo(stack, '/image-input-choice', shop.walk(AT_SELFIE)), '/image-input-camera'),
  },
  {
    name: 'image-input-upload',
    path: '/image-input-upload',
    has: (shop) => canWalk(shop, AT_SELFIE),
    open: async (stack, page, shop) =>
      openWith(stack, page, await driveTo(stack, '/image-input-choice', shop.walk(AT_SELFIE)), '/image-input-upload'),
  },
  { name: 'verify (documents)', path: '/verify', open: (stack, page, shop) => goto(stack, page, shop.host, '/verify') },
  {
    name: 'verify (documents, Australia)',
    demo: ROO,
    path: '/verify/AU',
    has: (shop) => shop.merchant.supportedFiatCurrencies.some((c) => c.id === 'AUD'),
    open: (stack, page, shop) => goto(stack, page, shop.host, '/verify/AU'),
  },
  {
    name: 'state, is this your order?',
    path: /^\/state\/[A-Z0-9]+$/,
    has: (shop) => canWalk(shop, {}),
    // Someone else's link: the browser has no flow, so the order is shown and asked about.
    open: async (stack, page, shop) => goto(stack, page, shop.host, `/state/${(await startFlow(stack, shop.walk())).refId()}`),
  },
  {
    name: 'order page (awaiting payment)',
    path: /^\/order\/[A-Z0-9]+\/[\w-]+$/,
    has: etransfer,
    // Opened from its link alone, as on another device: the browser has no flow.
    open: async (stack, page, shop) =>
      goto(
        stack,
        page,
        shop.host,
        await orderLinkOf(await driveTo(stack, PAY_ETRANSFER, shop.walk({ method: 'ETRANSFER' })), PAY_ETRANSFER),
      ),
  },
  {
    name: 'webhooks, the order events the sandbox received',
    demo: TEST,
    path: '/webhooks',
    // Only a TEST or DEV merchant whose endpoints include the sandbox's receiver has the page.
    has: (shop) =>
      !shop.prod &&
      (shop.merchant.webhooks ?? []).some((w) => (typeof w.url === 'string' ? w.url.startsWith('{sandbox}') : w.url.sandbox)) &&
      canWalk(shop, {}),
    // An order confirmed and its events delivered: the page lists them with their verdicts.
    open: async (stack, page, shop) => {
      await driveTo(stack, '/address-input', shop.walk());
      await stack.app.events.settled();
      stack.app.events.start();
      await goto(stack, page, shop.host, '/webhooks');
    },
  },
  {
    name: 'verify-idenfy',
    path: '/verify-idenfy/approved-demo',
    open: (stack, page, shop) => goto(stack, page, shop.host, '/verify-idenfy/approved-demo'),
  },
  flowStop('payment-etransfer-instructions', PAY_ETRANSFER, { method: 'ETRANSFER' }),
  {
    name: 'payment-etransfer-instructions, paid but not arrived',
    path: PAY_ETRANSFER,
    has: etransfer,
    open: async (stack, page, shop) => {
      const visitor = await driveTo(stack, PAY_ETRANSFER, shop.walk({ method: 'ETRANSFER' }));
      await visitor.get(PAY_ETRANSFER);
      await openWith(stack, page, visitor, `${PAY_ETRANSFER}?paid=1`);
    },
  },
  {
    name: "the provider's e-Transfer page",
    path: /^\/pay\/etransfer\//,
    foreign: true,
    has: etransfer,
    open: async (stack, page, shop) => {
      const visitor = await driveTo(stack, PAY_ETRANSFER, shop.walk({ method: 'ETRANSFER' }));
      await visitor.get(PAY_ETRANSFER);
      await page.goto(`${stack.sandbox.url}/pay/etransfer/${visitor.refId()}`);
    },
  },
  {
    name: "the provider's bank page",
    demo: ROO,
    path: /^\/pay\/bank\//,
    foreign: true,
    has: (shop) => shop.offers('BANKTRANSFER', 'AUD'),
    open: async (stack, page, shop) => {
      await resumeIn(stack, page, await driveTo(stack, '/poli', shop.walk(POLI)));
      await page.getByRole('button', { name: 'Proceed' }).click();
      await page.waitForURL('**/pay/bank/**');
    },
  },
  {
    name: 'transaction-success',
    path: '/transaction-success',
    has: etransfer,
    open: async (stack, page, shop) => resumeIn(stack, page, await settledBuy(stack, shop, 'pay')),
  },
  {
    name: 'transaction-success, no order to show',
    path: '/transaction-success',
    open: (stack, page, shop) => goto(stack, page, shop.host, '/transaction-success'),
  },
  {
    name: 'transaction-cancelled',
    path: '/transaction-cancelled',
    has: etransfer,
    open: async (stack, page, shop) => resumeIn(stack, page, await settledBuy(stack, shop, 'cancel')),
  },
  {
    name: 'order-ended (the last wrong code)',
    path: '/order-ended',
    has: (shop) => canWalk(shop, {}),
    open: async (stack, page, shop) => {
      const visitor = await driveTo(stack, '/mobile-verification', shop.walk());
      await speakTheBrowsersLanguage(stack, page, visitor);
      for (const code of ['111111', '222222', '333333']) await visitor.post('/mobile-verification', { verificationCode: code });
      await keepRefusal(stack, page, visitor);
      // The tour looks at the page, not at the merchant's site its Refresh leaves for.
      await withoutRefresh(page, '**/order-ended');
      await goto(stack, page, shop.host, '/order-ended');
    },
  },
  {
    name: 'payment-spend',
    path: '/payment-spend',
    has: (shop) => shop.offers('ETRANSFEROUT'),
    open: async (stack, page, shop) => openWith(stack, page, await depositShown(stack, shop), '/payment-spend'),
  },
  {
    name: 'payment-spend, the sent-it question',
    path: '/payment-spend',
    has: (shop) => shop.offers('ETRANSFEROUT'),
    open: async (stack, page, shop) => openWith(stack, page, await depositShown(stack, shop), '/payment-spend?confirm=1'),
  },
  {
    name: 'payment-spend-success',
    path: '/payment-spend-success',
    has: (shop) => shop.offers('ETRANSFEROUT'),
    open: async (stack, page, shop) =>
      openWith(stack, page, await driveTo(stack, '/payment-spend', shop.walk({ kind: 'SELL' })), '/payment-spend-success'),
  },
  flowStop('payment-flexepin', '/payment-flexepin', { method: 'FLEXEPIN' }),
  flowStop('transaction-in-review', '/transaction-in-review', { buyer: { lastName: 'Review' } }),
  flowStop('credit-card-quote', '/credit-card-quote', { method: 'CREDITCARD' }),
  {
    name: 'credit-card',
    path: '/credit-card',
    has: (shop) => shop.offers('CREDITCARD'),
    open: async (stack, page, shop) => {
      const visitor = await driveTo(stack, '/credit-card-quote', shop.walk({ method: 'CREDITCARD' }));
      await visitor.post('/credit-card-quote', { canadianResident: 'yes' });
      await openWith(stack, page, visitor, '/credit-card');
    },
  },
  flowStop('poli (bank transfer)', '/poli', POLI, ROO),
  {
    name: 'bank-select',
    demo: TEST,
    path: '/bank-select',
    has: (shop) => shop.offers('BANKTRANSFER', 'IDR'),
    open: async (stack, page, shop) => {
      await resumeIn(stack, page, await idrBankChoice(stack, shop));
    },
  },
  {
    name: "bank-payment (the bank's page inside the checkout)",
    demo: TEST,
    path: '/bank-payment',
    has: (shop) => shop.offers('BANKTRANSFER', 'IDR'),
    open: async (stack, page, shop) => openWith(stack, page, await idrBankChosen(stack, shop), '/bank-payment'),
  },
  {
    name: 'bank-payment, back from the bank before it confirms',
    demo: TEST,
    path: '/bank-payment',
    has: (shop) => shop.offers('BANKTRANSFER', 'IDR'),
    open: async (stack, page, shop) => openWith(stack, page, await idrBankChosen(stack, shop), '/bank-payment?returned=1'),
  },
  { name: 'spend-quote', path: '/spend-quote', has: spends, open: (stack, page, shop) => spendQuote(stack, page, shop) },
  {
    name: 'spend-quote new amount',
    path: '/spend-quote',
    has: spends,
    open: (stack, page, shop) => spendQuote(stack, page, shop, true),
  },
  {
    name: 'payment-otc',
    demo: MANILA,
    path: '/payment-otc',
    has: (shop) => shop.offers('OTC', 'PHP'),
    open: async (stack, page, shop) => resumeIn(stack, page, await cashOrder(stack, shop)),
  },
  {
    name: 'payment-otc-success',
    demo: MANILA,
    path: '/payment-otc-success',
    has: (shop) => shop.offers('OTC', 'PHP'),
    open: async (stack, page, shop) => openWith(stack, page, await cashOrder(stack, shop), '/payment-otc-success'),
  },
  {
    name: 'cash-in-locations',
    demo: MANILA,
    path: '/cash-in-locations',
    has: (shop) => shop.offers('OTC'),
    open: (stack, page, shop) => goto(stack, page, shop.host, '/cash-in-locations'),
  },
  { name: 'proc', path: '/proc/order-7', open: (stack, page, shop) => goto(stack, page, shop.host, '/proc/order-7?ref=abc') },
];

/**
 * The browser's language for a walk that posts a form whose answer the browser then shows
 * (a refusal, the page that says an order ended): the page says what the form was told.
 */
export async function speakTheBrowsersLanguage(stack: Stack, page: Page, visitor: Visitor): Promise<void> {
  const language = (await page.context().cookies(stack.url(visitor.host, '/'))).find((c) => c.name === LANGUAGE_COOKIE);
  visitor.others = language ? `${LANGUAGE_COOKIE}=${language.value}` : '';
}

/** The refused form the walk's last post left for its page, handed to the browser. */
export async function keepRefusal(stack: Stack, page: Page, visitor: Visitor): Promise<void> {
  const kept = visitor.refusal.replace(/^refused=/, '');
  if (!kept) throw new Error('the form left nothing for its page');
  await page.context().addCookies([{ name: 'refused', value: kept, url: stack.url(visitor.host, '/'), httpOnly: true }]);
}

/** A plan on one merchant: the stop a browser is put on. */
function bind(plan: StopPlan, shop: Shop): TourStop {
  return {
    name: plan.name,
    host: plan.foreign ? SANDBOX_HOST : shop.host,
    path: plan.path,
    open: (stack, page) => plan.open(stack, page, shop),
    ...(plan.foreign ? { foreign: true } : {}),
  };
}

const DEMO_SHOPS = new Map(DEMO_MERCHANTS.map((merchant) => [merchant.hosts[0]!, new Shop(merchant)]));

const homeStop = (shop: Shop, name = `home on ${shop.host}`): TourStop => ({
  name,
  host: shop.host,
  path: '/',
  open: (stack, page) => goto(stack, page, shop.host, '/'),
});

const HAND_STOPS: readonly TourStop[] = [
  ...[...DEMO_SHOPS.values()].map((shop) => homeStop(shop)),
  ...PLANS.map((plan) => bind(plan, DEMO_SHOPS.get(plan.demo ?? MAPLE)!)),
];

/** A payment method's page the tour derives, and the journey's walk that reaches it. */
export interface MethodPageStop {
  name: string;
  host: string;
  path: string;
  walk: Walk;
}

/**
 * A payment method's page that no stop shows yet is reached by the journey's walk, on the
 * first demo merchant (by folder name) that offers the method, in its first currency: a new
 * method's page joins the tour from its module's screens, with no stop written for it.
 */
export function methodPageStops(
  methods: MethodTable<PaymentMethod>,
  merchants: readonly DemoMerchant[],
  shown: readonly TourStop[],
): MethodPageStop[] {
  return methods.list.flatMap((method) => {
    const merchant = merchants.find((m) => m.paymentMethods.some((offered) => offered.name === method.name));
    // A spend starts from its own picker, written by hand above.
    if (!merchant || method.flow === 'SPEND') return [];
    const walk: Walk = {
      host: merchant.hosts[0]!,
      kind: method.flow,
      method: method.name,
      currency: merchant.supportedFiatCurrencies[0]!.id,
    };
    return method.screens
      .filter((screen) => screen.get)
      .flatMap((screen) => (Array.isArray(screen.route) ? screen.route : [screen.route as RouteDef]))
      .filter((route) => route.params.length === 0 && !shown.some((stop) => stop.path === route.path))
      .map((route) => ({ name: `${route.name} (${method.name})`, host: walk.host!, path: route.path, walk }));
  });
}

const derived = (stops: MethodPageStop[], shop: (host: string) => Shop) =>
  stops.map((stop) => bind(flowStop(stop.name, stop.path, stop.walk), shop(stop.host)));

export const TOUR: readonly TourStop[] = [
  ...HAND_STOPS,
  ...derived(methodPageStops(PAYMENT_METHODS, DEMO_MERCHANTS, HAND_STOPS), (host) => DEMO_SHOPS.get(host)!),
];

/**
 * The tour on one merchant (the preview's): every stop written by hand whose screen the
 * merchant has, on its host, and its payment methods' own pages; no provider's page.
 */
export function tourOf(shop: Shop): TourStop[] {
  const home = homeStop(shop, 'home');
  const stops = [home, ...PLANS.filter((plan) => !plan.foreign && (plan.has?.(shop) ?? true)).map((plan) => bind(plan, shop))];
  // A page a stop written by hand shows is not derived again, even where this merchant cannot show it.
  const written = [home, ...PLANS.map((plan) => bind(plan, shop))];
  return [...stops, ...derived(methodPageStops(PAYMENT_METHODS, [shop.merchant], written), () => shop)];
}

/** Opens a stop and waits until the page is settled: islands hydrated, streams done. */
export async function visit(stack: Stack, page: Page, stop: TourStop, javaScriptEnabled = true): Promise<void> {
  await stop.open(stack, page);
  // Without JavaScript nothing happens after the load; with it, islands fetch and hydrate.
  await page.waitForLoadState(javaScriptEnabled ? 'networkidle' : 'load');
  const at = new URL(page.url());
  const onPath = typeof stop.path === 'string' ? at.pathname === stop.path : stop.path.test(at.pathname);
  if (!onPath || at.hostname !== stop.host) {
    throw new Error(`${stop.name}: the browser is on ${at.hostname}${at.pathname}, not ${stop.host}${stop.path}`);
  }
}
