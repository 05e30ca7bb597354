// Every screen the browser journeys pass through, each with the way to put a browser on
// it: the earlier steps are taken through the edge (the journey helper), the visitor's
// cookie and /state/{refId} bring the browser in, and the few steps only a browser takes are taken by the page.
// The accessibility walk, the phone-fit walk, the JavaScript weigh-in and the screenshots
// all visit this one list.

import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { MethodTable } from '../../checkout/payment-method.ts';
import type { RouteDef } from '../../checkout/routes.ts';
import { LANGUAGE_COOKIE } from '../../server/i18n/negotiate.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import type { PaymentMethod } from '../../server/methods/method.ts';
import { withoutRefresh } from './browser.ts';
import {
  ADDRESS,
  driveTo,
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

/** What the tour reads of a demo merchant's merchant.json. */
export interface DemoMerchant {
  hosts: string[];
  paymentMethods: { name: string }[];
  supportedFiatCurrencies: { id: string }[];
}

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

/** A test-host IDR bank transfer at the bank choice. */
async function idrBankChoice(stack: Stack): Promise<Visitor> {
  const visitor = await driveTo(stack, '/image-input-choice', {
    host: TEST,
    method: 'BANKTRANSFER',
    currency: 'IDR',
    amount: 1_000_000,
    buyer: { mobileCountry: 'CA', ...ID_ADDRESS },
  });
  await passIdentity(visitor);
  return visitor;
}

/** The same with its bank chosen: the bank's page awaits the payment. */
async function idrBankChosen(stack: Stack): Promise<Visitor> {
  const visitor = await idrBankChoice(stack);
  await visitor.post('/bank-select', { selectedBank: 'BCA' });
  return visitor;
}

/** The visitor's cookie, then a page of the flow that /state would not pick (a question, a sub-page). */
async function openWith(stack: Stack, page: Page, visitor: Visitor, path: string): Promise<void> {
  await page.context().addCookies([visitor.browserCookie()]);
  await goto(stack, page, visitor.host, path);
}

/** A stop on a flow screen, reached by the journey helper's walk. */
function flowStop(name: string, path: string, walk: Walk = {}): TourStop {
  return {
    name,
    host: walk.host ?? MAPLE,
    path,
    open: async (stack, page) => openWith(stack, page, await driveTo(stack, path, walk), path),
  };
}

/**
 * A maple sell at its deposit page once the upstream has the address (the sandbox says
 * PENDING to the first status check, which this asks): the page shows it as it loads.
 */
async function depositShown(stack: Stack): Promise<Visitor> {
  const visitor = await driveTo(stack, '/payment-spend', { kind: 'SELL' });
  await visitor.get('/payment-spend');
  return visitor;
}

/** A maple e-Transfer buy whose payment the provider settled (pay or cancel). */
async function settledBuy(stack: Stack, decision: 'pay' | 'cancel'): Promise<Visitor> {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  await visitor.get('/payment-etransfer-instructions'); // opens the payment at the provider
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: `/pay/etransfer/${visitor.refId()}`,
    payload: new URLSearchParams({ decision }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (paid.statusCode !== 200) throw new Error(`the provider refused to ${decision}: ${paid.statusCode}`);
  return visitor;
}

/** A roo bank transfer in AUD, to the bank's hand-off page. */
const POLI: Walk = { host: ROO, method: 'BANKTRANSFER', currency: 'AUD' };
/** The sandbox's own pages (the payment providers) are on its address. */
const SANDBOX_HOST = '127.0.0.1';

/** A 300 CAD maple buy at the selfie step (the buyer's address is asked above 250). */
const AT_SELFIE: Walk = { amount: 300, buyer: ADDRESS };
/** A manila cash order: PHP, a Philippine mobile, then the selfie step. */
export const MANILA_CASH_WALK: Walk = {
  host: MANILA,
  method: 'OTC',
  currency: 'PHP',
  amount: 1000,
  buyer: { mobile: '0917 123 4567', mobileCountry: 'PH', ...PH_ADDRESS },
};

/**
 * A maple eGift order as the home page's SPEND tab posts it: the card, then its amount
 * picker; with `picked`, NEXT on that other amount, whose figures the picker then shows.
 */
async function spendQuote(stack: Stack, page: Page, picked?: string): Promise<void> {
  const visitor = new Visitor(stack, MAPLE);
  const form = {
    txnType: 'SPEND',
    fiatAmount: '50',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: 'NORTHMART_CA',
  };
  const res = await visitor.post('/', form);
  if (res.headers.location !== '/spend-quote') throw new Error(`the eGift order was refused: ${res.statusCode}`);
  if (picked) {
    const requoted = await visitor.post('/spend-quote', { fiatAmount: picked });
    if (requoted.headers.location !== '/spend-quote') throw new Error(`the new amount was refused: ${requoted.statusCode}`);
  }
  await openWith(stack, page, visitor, '/spend-quote');
}

/** The stops written by hand: a page and the way to it where a walk alone does not show it. */
const HAND_STOPS: readonly TourStop[] = [
  ...MERCHANT_HOSTS.map((host) => ({
    name: `home on ${host}`,
    host,
    path: '/',
    open: (stack: Stack, page: Page) => goto(stack, page, host, '/'),
  })),
  { name: 'home, sell tab', host: MAPLE, path: '/', open: (stack, page) => goto(stack, page, MAPLE, '/?type=SELL') },
  { name: 'home, spend tab', host: MAPLE, path: '/', open: (stack, page) => goto(stack, page, MAPLE, '/?type=SPEND') },
  ...['/privacy-policy', '/terms-of-service', '/compliance-policy', '/refund-policy'].map((path) => ({
    name: path.slice(1),
    host: MAPLE,
    path,
    open: (stack: Stack, page: Page) => goto(stack, page, MAPLE, path),
  })),
  { name: 'pro', host: MAPLE, path: '/pro/vip-demo', open: (stack, page) => goto(stack, page, MAPLE, '/pro/vip-demo') },
  flowStop('price-quote', '/price-quote'),
  flowStop('price-quote, sell', '/price-quote', { kind: 'SELL' }),
  {
    name: 'new-quote (the hold ran out after the quote)',
    host: MAPLE,
    path: '/new-quote',
    open: async (stack, page) => {
      await openWith(stack, page, await driveTo(stack, '/address-input'), '/address-input');
      await goto(stack, page, MAPLE, '/new-quote');
    },
  },
  flowStop('address-input', '/address-input'),
  flowStop('buyer-info-input', '/buyer-info-input'),
  flowStop('buyer-info-input, DEV host (phone country)', '/buyer-info-input', {
    host: 'dev.localhost',
    address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx',
  }),
  flowStop('mobile-verification', '/mobile-verification'),
  flowStop('audio-input', '/audio-input', { buyer: { lastName: 'Voice' } }),
  flowStop('audio-input-skip (voucher)', '/audio-input-skip', { method: 'FLEXEPIN', buyer: { lastName: 'Voice' } }),
  flowStop('email-input', '/email-input', { kind: 'SELL' }),
  flowStop('image-input-choice', '/image-input-choice', AT_SELFIE),
  {
    name: 'image-input-camera',
    host: MAPLE,
    path: '/image-input-camera',
    open: async (stack, page) =>
      openWith(stack, page, await driveTo(stack, '/image-input-choice', AT_SELFIE), '/image-input-camera'),
  },
  {
    name: 'image-input-upload',
    host: MAPLE,
    path: '/image-input-upload',
    open: async (stack, page) =>
      openWith(stack, page, await driveTo(stack, '/image-input-choice', AT_SELFIE), '/image-input-upload'),
  },
  { name: 'verify (documents)', host: MAPLE, path: '/verify', open: (stack, page) => goto(stack, page, MAPLE, '/verify') },
  {
    name: 'verify (documents, Australia)',
    host: ROO,
    path: '/verify/AU',
    open: (stack, page) => goto(stack, page, ROO, '/verify/AU'),
  },
  {
    name: 'state, is this your order?',
    host: MAPLE,
    path: /^\/state\/[A-Z0-9]+$/,
    // Someone else's link: the browser has no flow, so the order is shown and asked about.
    open: async (stack, page) => goto(stack, page, MAPLE, `/state/${(await startFlow(stack)).refId()}`),
  },
  {
    name: 'order page (awaiting payment)',
    host: MAPLE,
    path: /^\/order\/[A-Z0-9]+\/[\w-]+$/,
    // Opened from its link alone, as on another device: the browser has no flow.
    open: async (stack, page) => goto(stack, page, MAPLE, await orderLinkOf(await driveTo(stack, PAY_ETRANSFER), PAY_ETRANSFER)),
  },
  {
    name: 'webhooks, the order events the sandbox received',
    host: TEST,
    path: '/webhooks',
    // An order confirmed and its events delivered: the page lists them with their verdicts.
    open: async (stack, page) => {
      await driveTo(stack, '/address-input', { host: TEST });
      await stack.app.events.settled();
      stack.app.events.start();
      await goto(stack, page, TEST, '/webhooks');
    },
  },
  {
    name: 'verify-idenfy',
    host: MAPLE,
    path: '/verify-idenfy/approved-demo',
    open: (stack, page) => goto(stack, page, MAPLE, '/verify-idenfy/approved-demo'),
  },
  flowStop('payment-etransfer-instructions', '/payment-etransfer-instructions'),
  {
    name: 'payment-etransfer-instructions, paid but not arrived',
    host: MAPLE,
    path: '/payment-etransfer-instructions',
    open: async (stack, page) => {
      const visitor = await driveTo(stack, '/payment-etransfer-instructions');
      await visitor.get('/payment-etransfer-instructions');
      await openWith(stack, page, visitor, '/payment-etransfer-instructions?paid=1');
    },
  },
  {
    name: "the provider's e-Transfer page",
    host: SANDBOX_HOST,
    path: /^\/pay\/etransfer\//,
    foreign: true,
    open: async (stack, page) => {
      const visitor = await driveTo(stack, '/payment-etransfer-instructions');
      await visitor.get('/payment-etransfer-instructions');
      await page.goto(`${stack.sandbox.url}/pay/etransfer/${visitor.refId()}`);
    },
  },
  {
    name: "the provider's bank page",
    host: SANDBOX_HOST,
    path: /^\/pay\/bank\//,
    foreign: true,
    open: async (stack, page) => {
      await resumeIn(stack, page, await driveTo(stack, '/poli', POLI));
      await page.getByRole('button', { name: 'Proceed' }).click();
      await page.waitForURL('**/pay/bank/**');
    },
  },
  {
    name: 'transaction-success',
    host: MAPLE,
    path: '/transaction-success',
    open: async (stack, page) => resumeIn(stack, page, await settledBuy(stack, 'pay')),
  },
  {
    name: 'transaction-success, no order to show',
    host: MAPLE,
    path: '/transaction-success',
    open: (stack, page) => goto(stack, page, MAPLE, '/transaction-success'),
  },
  {
    name: 'transaction-cancelled',
    host: MAPLE,
    path: '/transaction-cancelled',
    open: async (stack, page) => resumeIn(stack, page, await settledBuy(stack, 'cancel')),
  },
  {
    name: 'order-ended (the last wrong code)',
    host: MAPLE,
    path: '/order-ended',
    open: async (stack, page) => {
      const visitor = await driveTo(stack, '/mobile-verification');
      // In the browser's language: the page says what the form that ended the order was told.
      const language = (await page.context().cookies(stack.url(MAPLE, '/'))).find((c) => c.name === LANGUAGE_COOKIE);
      visitor.others = language ? `${LANGUAGE_COOKIE}=${language.value}` : '';
      for (const code of ['111111', '222222', '333333']) await visitor.post('/mobile-verification', { verificationCode: code });
      const kept = visitor.refusal.replace(/^refused=/, '');
      await page.context().addCookies([{ name: 'refused', value: kept, url: stack.url(MAPLE, '/'), httpOnly: true }]);
      // The tour looks at the page, not at the merchant's site its Refresh leaves for.
      await withoutRefresh(page, '**/order-ended');
      await goto(stack, page, MAPLE, '/order-ended');
    },
  },
  {
    name: 'payment-spend',
    host: MAPLE,
    path: '/payment-spend',
    open: async (stack, page) => openWith(stack, page, await depositShown(stack), '/payment-spend'),
  },
  {
    name: 'payment-spend, the sent-it question',
    host: MAPLE,
    path: '/payment-spend',
    open: async (stack, page) => openWith(stack, page, await depositShown(stack), '/payment-spend?confirm=1'),
  },
  {
    name: 'payment-spend-success',
    host: MAPLE,
    path: '/payment-spend-success',
    open: async (stack, page) =>
      openWith(stack, page, await driveTo(stack, '/payment-spend', { kind: 'SELL' }), '/payment-spend-success'),
  },
  flowStop('payment-flexepin', '/payment-flexepin', { method: 'FLEXEPIN' }),
  flowStop('transaction-in-review', '/transaction-in-review', { buyer: { lastName: 'Review' } }),
  flowStop('credit-card-quote', '/credit-card-quote', { method: 'CREDITCARD' }),
  {
    name: 'credit-card',
    host: MAPLE,
    path: '/credit-card',
    open: async (stack, page) => {
      const visitor = await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD' });
      await visitor.post('/credit-card-quote', { canadianResident: 'yes' });
      await openWith(stack, page, visitor, '/credit-card');
    },
  },
  flowStop('poli (bank transfer)', '/poli', POLI),
  {
    name: 'bank-select',
    host: TEST,
    path: '/bank-select',
    open: async (stack, page) => {
      await resumeIn(stack, page, await idrBankChoice(stack));
    },
  },
  {
    name: "bank-payment (the bank's page inside the checkout)",
    host: TEST,
    path: '/bank-payment',
    open: async (stack, page) => openWith(stack, page, await idrBankChosen(stack), '/bank-payment'),
  },
  {
    name: 'bank-payment, back from the bank before it confirms',
    host: TEST,
    path: '/bank-payment',
    open: async (stack, page) => openWith(stack, page, await idrBankChosen(stack), '/bank-payment?returned=1'),
  },
  { name: 'spend-quote', host: MAPLE, path: '/spend-quote', open: (stack, page) => spendQuote(stack, page) },
  {
    name: 'spend-quote new amount',
    host: MAPLE,
    path: '/spend-quote',
    open: (stack, page) => spendQuote(stack, page, '100'),
  },
  {
    name: 'payment-otc',
    host: MANILA,
    path: '/payment-otc',
    open: async (stack, page) => {
      const visitor = await driveTo(stack, '/image-input-choice', MANILA_CASH_WALK);
      await passIdentity(visitor);
      await resumeIn(stack, page, visitor);
    },
  },
  {
    name: 'payment-otc-success',
    host: MANILA,
    path: '/payment-otc-success',
    open: async (stack, page) => {
      const visitor = await driveTo(stack, '/image-input-choice', MANILA_CASH_WALK);
      await passIdentity(visitor);
      await openWith(stack, page, visitor, '/payment-otc-success');
    },
  },
  {
    name: 'cash-in-locations',
    host: MANILA,
    path: '/cash-in-locations',
    open: (stack, page) => goto(stack, page, MANILA, '/cash-in-locations'),
  },
  { name: 'proc', host: MAPLE, path: '/proc/order-7', open: (stack, page) => goto(stack, page, MAPLE, '/proc/order-7?ref=abc') },
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

export const TOUR: readonly TourStop[] = [
  ...HAND_STOPS,
  ...methodPageStops(PAYMENT_METHODS, DEMO_MERCHANTS, HAND_STOPS).map((stop) => flowStop(stop.name, stop.path, stop.walk)),
];

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
