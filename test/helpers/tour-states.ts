// The states of a merchant's screens that the screen tour's stops do not show, for the
// preview: each form refused with its messages (by the checkout's rules and by the
// upstream's), the quote service not answering (asking again, then giving up), the
// eGift card and voucher refusals, the order page printed. Each is reached as the tour's
// stops are: the edge's walk posts the form, and the browser is handed the refused form
// the answer kept for its page.
import type { Page } from 'playwright-core';
import { withoutRefresh } from './browser.ts';
import { BUYER, directLink, driveTo, quoteForm, Visitor, type Walk } from './journey.ts';
import { keepRefusal, type Shop, speakTheBrowsersLanguage, type TourStop, tourOf } from './screen-tour.ts';
import type { Stack } from './stack.ts';

/** A stop of the preview: the tour's, or a state of its own, printed where it says so. */
export interface PreviewStop extends TourStop {
  /** Shown as printed (the order page's receipt), at A4's width. */
  print?: boolean;
}

/**
 * A form posted with `form` on the page at `path`, once the walk has brought the visitor
 * there, and its page shown with the messages it was answered with.
 */
function refused(name: string, path: string, form: (shop: Shop) => Record<string, string>, walk: Walk = {}) {
  return {
    name,
    path,
    open: async (stack: Stack, page: Page, shop: Shop) => {
      const visitor = path === '/' ? new Visitor(stack, shop.host) : await driveTo(stack, path, shop.walk(walk));
      await speakTheBrowsersLanguage(stack, page, visitor);
      const answer = await visitor.post(path, form(shop));
      if (answer.statusCode !== 303 || answer.headers.location !== path) {
        throw new Error(`${name}: the form was answered ${answer.statusCode} ${answer.headers.location ?? ''}`);
      }
      await keepRefusal(stack, page, visitor);
      if (visitor.cookie) await page.context().addCookies([visitor.browserCookie()]);
      await page.goto(stack.url(shop.host, path));
    },
  };
}

/** The home form for the merchant's buy method, with this amount. */
const homeForm = (shop: Shop, amount: string) => quoteForm({ ...shop.walk(), amount });

/** The quote service failing on a direct link (the sandbox answers the amount 404 with a 500 and no message). */
function notAnswering(name: string, attempt: string) {
  return {
    name,
    open: async (stack: Stack, page: Page, shop: Shop) => {
      const link = directLink({ ...shop.walk(), amount: 404 });
      // The page asks again by its Refresh header: the preview looks at this one.
      await withoutRefresh(page, '**/amount/**');
      await page.goto(stack.url(shop.host, `${link}${attempt}`));
    },
  };
}

const VOUCHER: Walk = { method: 'FLEXEPIN' };

/** The states a merchant's screens have beyond the tour's stops, on that merchant. */
export function statesOf(shop: Shop): PreviewStop[] {
  const buys = shop.buyMethod !== undefined;
  const refusals = [
    ...(buys
      ? [
          refused('home, refused: an amount below the least', '/', (s) => homeForm(s, '0.01')),
          refused('home, refused by the upstream: the daily limit reached', '/', (s) => homeForm(s, '401')),
          refused('address-input, refused: not an address', '/address-input', () => ({ cryptoAddress: 'not-an-address' })),
          refused('buyer-info-input, refused: nothing typed', '/buyer-info-input', () => ({})),
          refused('buyer-info-input, refused by the upstream', '/buyer-info-input', () => ({ ...BUYER, firstName: 'Error' })),
          refused('mobile-verification, refused: a wrong code', '/mobile-verification', () => ({ verificationCode: '111111' })),
        ]
      : []),
    ...(shop.offers('ETRANSFEROUT')
      ? [refused('email-input, refused: not an email', '/email-input', () => ({ emtEmail: 'not-an-email' }), { kind: 'SELL' })]
      : []),
    ...(shop.offers('FLEXEPIN')
      ? [
          refused(
            'payment-flexepin, refused: a used voucher',
            '/payment-flexepin',
            () => ({ voucherNumber: '0'.repeat(16) }),
            VOUCHER,
          ),
          refused(
            'payment-flexepin, refused: a voucher of another amount (a new quote offered)',
            '/payment-flexepin',
            () => ({ voucherNumber: '9'.repeat(16) }),
            VOUCHER,
          ),
        ]
      : []),
  ];
  const outage = buys
    ? [
        notAnswering('the quote service not answering, asking again', ''),
        notAnswering('the quote service not answering, given up', '?attempt=5'),
      ]
    : [];
  const orderPage = tourOf(shop).find((stop) => stop.name.startsWith('order page'));
  return [
    ...refusals.map(({ name, path, open }) => ({
      name,
      host: shop.host,
      path,
      open: (stack: Stack, page: Page) => open(stack, page, shop),
    })),
    ...outage.map(({ name, open }) => ({
      name,
      host: shop.host,
      path: /^\/amount\//,
      open: (stack: Stack, page: Page) => open(stack, page, shop),
    })),
    ...(orderPage ? [{ ...orderPage, name: 'order page, printed', print: true }] : []),
  ];
}

/** Every stop of the preview for one merchant: the tour's, then the states of its own. */
export function previewStops(shop: Shop): PreviewStop[] {
  return [...tourOf(shop), ...statesOf(shop)];
}
