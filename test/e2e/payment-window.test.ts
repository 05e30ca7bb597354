// The e-Transfer hand-off in headless Chromium against the sandbox over real sockets: a real
// popup to the sandbox's payment page, kept open while the page's clock runs on, never makes
// the checkout reload or say the payment has not arrived; paying in it and closing it moves
// the checkout on, the window open or closed: the page watches the order from its load. Also
// when the browser cuts the window off from the checkout (a provider page with its own
// opener policy), when the browser gives the page no window at all (a blocked popup: the
// link opens a tab), and after I HAVE PAID pressed before paying: the "not received" page
// still moves on by itself once the payment arrives. And Done, the quiet way out of the
// unpaid page. The page's clock is Playwright's: its timers fire only when the test moves it.

import type { BrowserContext, Page } from 'playwright-core';
import t from 'tap';
import { ORDER_WATCH_INTERVAL_MS } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { hydrated, openPage, resumeOrder } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo } from '../helpers/journey.ts';

const { PAYMENT_PAGE_TEXT } = DEFAULT_TEXTS;

const { stack, browser } = await startBrowserStack();
const HOST = 'maple.localhost';
const PAGE = '/payment-etransfer-instructions';
/** Longer than the island's window watch (1 s) many times over: "several seconds" of paying. */
const PAYING_MS = 15_000;
const NOT_RECEIVED = 'We have not received your payment yet.';

/** A maple e-Transfer buy, verified, its payment page open in `page` with the island hydrated. */
async function atPaymentPage(page: Page): Promise<{ refId: string; navigations: string[]; statusChecks: string[] }> {
  const refId = (await driveTo(stack, PAGE, { amount: 80 })).refId();
  await page.clock.install({ time: Date.now() - 1_000 });
  await page.clock.pauseAt(Date.now());
  await resumeOrder(page, stack.url(HOST, `/state/${refId}`));
  if (new URL(page.url()).pathname !== PAGE) throw new Error(`resumed at ${page.url()}, not ${PAGE}`);
  await hydrated(page, '[data-island="PaymentPopup"] a');
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  const statusChecks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/txnbuy/status/')) statusChecks.push(request.url());
  });
  return { refId, navigations, statusChecks };
}

/** Runs the page's clock for `ms`, a second at a time, so every timer fires when it says. */
async function payFor(page: Page, ms: number): Promise<void> {
  for (let run = 0; run < ms; run += 1_000) await page.clock.runFor(1_000);
}

async function openPaymentWindow(page: Page, context: BrowserContext): Promise<Page> {
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).click(),
  ]);
  await popup.waitForLoadState();
  return popup;
}

async function pay(popup: Page): Promise<void> {
  await popup.getByRole('button', { name: /^Pay / }).click();
  await popup.getByText('Payment complete').waitFor();
}

t.test(
  'a real popup open for several seconds: no reload, no "not received"; paid and closed, the checkout moves on',
  async (t) => {
    const { page, context, problems, close } = await openPage(browser);
    t.teardown(close);
    const { refId, navigations, statusChecks } = await atPaymentPage(page);

    const popup = await openPaymentWindow(page, context);
    t.equal(new URL(popup.url()).pathname, `/pay/etransfer/${refId}`, "the sandbox's payment page");
    await page.getByText(PAYMENT_PAGE_TEXT.payInWindow).waitFor();

    await payFor(page, PAYING_MS);
    t.notOk(popup.isClosed(), 'the payment window is still open');
    t.same(navigations, [], `${PAYING_MS / 1000} s later the checkout has not reloaded`);
    t.equal(await page.getByText(NOT_RECEIVED).count(), 0, 'and says nothing of a payment not received');
    t.ok(await page.getByText(PAYMENT_PAGE_TEXT.payInWindow).isVisible(), 'it still says to pay in the window');
    t.ok(statusChecks.length > 0, 'the page watched the order quietly while it waited');

    await pay(popup);
    await payFor(page, ORDER_WATCH_INTERVAL_MS);
    await page.waitForURL('**/transaction-success');
    t.pass('paid, the window still open: the checkout moved on by itself');
    await page.getByText('Your order is complete.').waitFor();
    t.same(problems, [], 'no console errors or CSP violations');
  },
);

t.test('closed without paying: the page asks, stays, and says nothing of a payment not received', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  const { navigations, statusChecks } = await atPaymentPage(page);
  const popup = await openPaymentWindow(page, context);
  await popup.close();
  const checked = page.waitForResponse('**/api/txnbuy/status/*');
  await page.clock.runFor(1_000);
  t.equal((await (await checked).json()).txnStatus, 'PENDING', "the order's status was asked");
  await payFor(page, PAYING_MS);
  t.same(navigations, [], 'no reload');
  t.ok(statusChecks.length >= 1, 'the closed window, and the page watching, only asked');
  t.equal(await page.getByText(NOT_RECEIVED).count(), 0, 'no "not received"');
  t.ok(await page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).isVisible(), 'the payment page can be opened again');
  t.same(problems, []);
});

t.test('a window the browser cuts off from the checkout reads closed at once: still no reload and no message', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  // The provider's page answers with its own opener policy, which severs the window however
  // the checkout is served: the checkout's handle on it reads closed while it is open.
  await context.route(`${stack.sandbox.url}/pay/etransfer/**`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'cross-origin-opener-policy': 'same-origin' } });
  });
  const { navigations, statusChecks } = await atPaymentPage(page);
  const popup = await openPaymentWindow(page, context);
  await payFor(page, PAYING_MS);
  t.notOk(popup.isClosed(), 'the payment window is open');
  t.same(navigations, [], 'no reload');
  t.equal(await page.getByText(NOT_RECEIVED).count(), 0, 'no "not received"');
  t.ok(statusChecks.length >= 1, 'the window read closed at once, and the page only asked quietly');

  await pay(popup);
  await popup.close();
  // The visitor comes back to the checkout: it asks again, and the order has moved on.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.waitForURL('**/transaction-success');
  t.same(problems, []);
});

t.test('a blocked popup: the link opens a tab; back from it, paid, the checkout moves on', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  await context.addInitScript(() => {
    window.open = () => null;
  });
  const { navigations } = await atPaymentPage(page);
  const tab = await openPaymentWindow(page, context);
  await page.getByText(PAYMENT_PAGE_TEXT.payInTab).waitFor();
  await payFor(page, PAYING_MS);
  t.same(navigations, [], 'no reload while the visitor pays in the tab');
  await pay(tab);
  await tab.close();
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await page.waitForURL('**/transaction-success');
  t.same(problems, []);
});

t.test(
  'I HAVE PAID before paying: "not received", then paid in the still-open window, the page moves on by itself',
  async (t) => {
    const { page, context, problems, close } = await openPage(browser);
    t.teardown(close);
    await atPaymentPage(page);
    const popup = await openPaymentWindow(page, context);
    await page.getByRole('link', { name: 'I HAVE PAID' }).click();
    await page.getByText(NOT_RECEIVED).waitFor();
    await hydrated(page, '[data-island="PaymentPopup"] a');
    await pay(popup);
    await payFor(page, ORDER_WATCH_INTERVAL_MS);
    await page.waitForURL('**/transaction-success');
    t.equal(await page.getByText(NOT_RECEIVED).count(), 0, '"not received" is gone the moment it stopped being true');
    t.same(problems, []);
  },
);

t.test('Done on the unpaid page: after I HAVE PAID, not a button like it, says what it does, then leaves', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  await atPaymentPage(page);
  const paid = page.getByRole('link', { name: 'I HAVE PAID' });
  const done = page.getByRole('button', { name: 'Done' });
  const [paidBox, doneBox] = await Promise.all([paid.boundingBox(), done.boundingBox()]);
  t.ok(paidBox && doneBox && doneBox.y >= paidBox.y + paidBox.height, 'Done sits below I HAVE PAID, not beside it');
  const look = (element: HTMLElement) => {
    const style = getComputedStyle(element);
    return { border: style.borderTopWidth, background: style.backgroundColor, underline: style.textDecorationLine };
  };
  const [paidLook, doneLook] = await Promise.all([paid.evaluate(look), done.evaluate(look)]);
  t.not(paidLook.border, '0px', 'I HAVE PAID is an outlined button');
  t.same(
    { border: doneLook.border, background: doneLook.background, underline: doneLook.underline },
    { border: '0px', background: 'rgba(0, 0, 0, 0)', underline: 'underline' },
    'Done is a plain underlined link',
  );
  t.equal(
    await done.getAttribute('aria-describedby').then((id) => page.locator(`#${id}`).textContent()),
    'Done closes this checkout and takes you back to Maple Coin. It does not pay for your order.',
    'what Done does is written under it, and is its description',
  );
  await done.click();
  await page.waitForURL(`${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`);
  t.notOk(
    (await context.cookies(stack.url(HOST, '/'))).some((c) => c.name === 'flow'),
    "Done reset the flow and went to the merchant's success page",
  );
  t.same(problems, []);
});
