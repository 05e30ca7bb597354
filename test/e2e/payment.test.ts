// Paying and finishing in headless Chromium against the sandbox over real sockets: a maple
// e-Transfer buy (popup with JavaScript, new tab without) to the success page and Done;
// a maple sell to /payment-spend (QR, copy, status poll, confirm) and its thanks page.
// The earlier steps are taken on the upstream directly; /state/{refId}, confirmed, brings
// the browser in. No console errors and no CSP violations anywhere.

import type { Page } from 'playwright-core';
import t from 'tap';
import { STATUS_POLL, TOAST_MS } from '../../checkout/limits.ts';
import { popupGeometry } from '../../checkout/popup.ts';
import { hydrated, openPage, resumeOrder } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo } from '../helpers/journey.ts';
import { decodeQrPng } from '../helpers/qr.ts';

/** The edge's waits between status checks: over at once, unless a test holds them until it lets go. */
const held: (() => void)[] = [];
let holding = false;
const { stack, browser } = await startBrowserStack({
  wait: () => (holding ? new Promise<void>((resolve) => held.push(resolve)) : Promise.resolve()),
});
function letGo(): void {
  holding = false;
  for (const resolve of held.splice(0)) resolve();
}

const HOST = 'maple.localhost';

/** A maple e-Transfer buy under 250 CAD (no selfie step), verified: INITIATE_ETRANSFER. */
async function buyReadyToPay(amount: number): Promise<string> {
  return (await driveTo(stack, '/payment-etransfer-instructions', { amount })).refId();
}

/** A maple ETRANSFEROUT sell at CUSTOMER_PAYMENT; returns its deposit address too. */
async function sellReadyToSend(): Promise<{ refId: string; address: string }> {
  const seller = await driveTo(stack, '/payment-spend', { kind: 'SELL' });
  return { refId: seller.refId(), address: (await seller.state()).nextActionParams?.cryptoAddress ?? '' };
}

/** The merchant's success URL is another site: answer it locally. */
async function stubSuccessSite(page: Page): Promise<void> {
  await page.route('https://maple.example/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Maple thanks</title><h1>Maple thanks</h1>',
    }),
  );
}

/** The browser's clock stops: its timers fire only when the test moves it (runFor). */
async function stopClock(page: Page): Promise<void> {
  await page.clock.install({ time: Date.now() - 1_000 });
  await page.clock.pauseAt(Date.now());
}

async function flowCookie(page: Page) {
  return (await page.context().cookies(stack.url(HOST, '/'))).find((c) => c.name === 'flow');
}

t.test('e-Transfer buy with JavaScript: popup, pay, success, Done', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  await stubSuccessSite(page);
  const refId = await buyReadyToPay(100);

  await resumeOrder(page, stack.url(HOST, `/state/${refId}`));
  t.equal(new URL(page.url()).pathname, '/payment-etransfer-instructions');
  await page.getByText('Order total', { exact: true }).waitFor();
  t.equal(await page.locator('.order-summary dd').first().textContent(), '$100.00 CAD', 'the total with its currency');
  t.ok(
    await page.getByText('bc1qw5…f3t4').isVisible(),
    'receiving address shown, masked: the order was picked up by its reference',
  );
  t.ok(await page.getByText('Your payment must arrive within 1 hour.').isVisible());
  await page.waitForLoadState('networkidle'); // the island is hydrated

  const host = await page.evaluate(() => ({
    outerWidth: window.outerWidth,
    outerHeight: window.outerHeight,
    screenX: window.screenX,
    screenY: window.screenY,
  }));
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).click()]);
  await popup.waitForLoadState();
  t.equal(new URL(popup.url()).pathname, `/pay/etransfer/${refId}`, 'the provider page');
  const expected = popupGeometry(host);
  const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
  t.ok(size.width <= 900 && size.height <= 760, `popup ${size.width}x${size.height} within 900x760`);
  t.ok(size.width <= host.outerWidth * 0.8 && size.height <= host.outerHeight * 0.8, 'and within 80% of the window');
  t.same(size, { width: expected.width, height: expected.height }, 'the size asked for');
  t.equal(await popup.evaluate(() => window.opener), null, 'the provider page cannot reach the checkout');
  t.equal(page.url(), stack.url(HOST, '/payment-etransfer-instructions'), 'the checkout stays put');

  await popup.getByRole('button', { name: /^Pay / }).click();
  await popup.getByText('Payment complete').waitFor();
  await popup.close();
  // Closing the popup makes the page check the payment, which has gone through.
  await page.waitForURL('**/transaction-success');
  await page.getByText('Your order is complete.').waitFor();
  t.ok(await flowCookie(page), 'the flow is still there before Done');

  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(`${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`);
  t.notOk(await flowCookie(page), 'Done cleared the flow');
  t.same(problems, [], 'no console errors or CSP violations');
  t.equal(context.pages().length, 1);
});

t.test('e-Transfer buy without JavaScript: new tab, I HAVE PAID, success, Done', async (t) => {
  const { page, context, problems, requests, close } = await openPage(browser, { javaScriptEnabled: false });
  t.teardown(close);
  await stubSuccessSite(page);
  const refId = await buyReadyToPay(60);

  await resumeOrder(page, stack.url(HOST, `/state/${refId}`));
  await page.getByText('Order total', { exact: true }).waitFor();
  t.same(
    requests.filter((u) => u.endsWith('.js')),
    [],
    'no JavaScript was requested',
  );
  await page.getByRole('link', { name: 'I HAVE PAID' }).click();
  await page.getByText('We have not received your payment yet.').waitFor();

  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).click()]);
  await tab.waitForLoadState();
  t.equal(new URL(tab.url()).pathname, `/pay/etransfer/${refId}`);
  await tab.getByRole('button', { name: /^Pay / }).click();
  await tab.getByText('Payment complete').waitFor();
  await tab.close();

  await page.getByRole('link', { name: 'I HAVE PAID' }).click();
  await page.waitForURL('**/transaction-success');
  await page.getByText('Your order is complete.').waitFor();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(`${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`);
  t.notOk(await flowCookie(page), 'Done cleared the flow');
  t.same(problems, []);
});

t.test('sell: status poll shows the address, QR, copy, confirm, thanks', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.url(HOST, '') });
  await stubSuccessSite(page);
  const { refId, address } = await sellReadyToSend();
  const statusCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/txnsell/status/')) statusCalls.push(r.url());
  });

  await stopClock(page);
  await resumeOrder(page, stack.url(HOST, `/state/${refId}`));
  t.equal(new URL(page.url()).pathname, '/payment-spend');
  // The server's call saw PENDING; the island's first poll, 2 s later, sees PROCESSED.
  await page.getByText('Checking your order…').waitFor();
  t.equal(statusCalls.length, 0, 'no poll before its time');
  await page.clock.runFor(STATUS_POLL.intervalMs);
  // PROCESSED: the island loads the page again, which the server draws with the address.
  await page.locator('.wallet-address').waitFor();
  t.equal(await page.locator('.wallet-address .copy-value-text').textContent(), address);
  t.equal(statusCalls.length, 1, 'one poll was enough');
  t.ok(await page.getByText('Send exactly 0.00150000 BTC to this address:').isVisible());
  const link = `bitcoin:${address}?amount=0.00150000`;
  t.equal(await page.getByRole('link', { name: 'OPEN IN WALLET' }).getAttribute('href'), link, 'Open in wallet: the wallet link');
  const qr = page.getByRole('img', { name: 'QR code of the wallet link, with the address and the amount' });
  t.equal(decodeQrPng(await qr.screenshot()), link, 'the QR code, as the browser drew it, reads the same link');

  // The copy buttons hydrate once in view: an address below the fold is scrolled to.
  await page.locator('.wallet-values').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Copy amount' }).click();
  await page.getByText('Copied to the clipboard.').first().waitFor();
  t.equal(await page.evaluate(() => navigator.clipboard.readText()), '0.00150000', 'the amount, as wallets take it');
  await page.clock.runFor(TOAST_MS + 500);

  await page.getByRole('button', { name: 'Copy address' }).click();
  const copied = page.getByText('Copied to the clipboard.');
  await copied.waitFor();
  t.equal(await page.evaluate(() => navigator.clipboard.readText()), address, 'the address is on the clipboard');
  // The style sheet hides a toast after TOAST_MS; the island then takes it off the page.
  await page.clock.runFor(TOAST_MS + 499);
  t.equal(await copied.count(), 1, 'the toast is there for its time');
  await page.clock.runFor(1);
  t.equal(await copied.count(), 0, 'then it is gone');

  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
  });
  await page.getByRole('button', { name: 'Copy address' }).click();
  await page.getByText('Error copying. Try copying manually.').waitFor();

  await page.getByRole('link', { name: 'I HAVE SENT MY CRYPTO' }).click();
  await page.getByText('Have you sent your crypto to our provided address?').waitFor();
  await page.getByRole('link', { name: 'No', exact: true }).click();
  await page.locator('.wallet-address').waitFor();
  t.equal(await page.getByText('Have you sent your crypto to our provided address?').count(), 0, 'No closes the question');

  // The keyboard: the question opens on Yes, Tab goes round its two answers, Escape is No.
  await page.getByRole('link', { name: 'I HAVE SENT MY CRYPTO' }).click();
  await hydrated(page, '[aria-modal="true"] [data-island] span');
  const focused = () => page.evaluate(() => document.activeElement?.textContent);
  await page.locator('[aria-modal="true"] :focus').waitFor(); // the browser's autofocus step
  t.equal(await focused(), 'Yes', 'the question opens on its first answer');
  await page.keyboard.press('Tab');
  t.equal(await focused(), 'No');
  await page.keyboard.press('Tab');
  t.equal(await focused(), 'Yes', 'focus stays inside the question');
  await page.keyboard.press('Shift+Tab');
  t.equal(await focused(), 'No');
  await page.keyboard.press('Escape');
  await page.waitForURL((url) => url.pathname === '/payment-spend' && !url.search);
  await page.locator('.wallet-address').waitFor();
  t.equal(await page.getByText('Have you sent your crypto to our provided address?').count(), 0, 'Escape closes it as No does');

  await page.getByRole('link', { name: 'I HAVE SENT MY CRYPTO' }).click();
  await page.getByRole('link', { name: 'Yes', exact: true }).click();
  await page.waitForURL('**/payment-spend-success');
  await page.getByText('We will send your payout as soon as your crypto arrives.').waitFor();
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(`${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`);
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('sell: a status that stays PENDING is polled 2 more times, 2 s apart, then the received-order message', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  const { refId } = await sellReadyToSend();
  /** The browser's time at each status check. */
  const polls: number[] = [];
  await page.route('**/api/txnsell/status/*', async (route) => {
    polls.push(await page.evaluate(() => Date.now()));
    return route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ txnStatus: 'PENDING', cryptoAddress: null, cryptoCurrency: 'BTC', cryptoAmount: 0.0015 }),
    });
  });
  await stopClock(page);
  await resumeOrder(page, stack.url(HOST, `/state/${refId}`));
  await page.getByText('Checking your order…').waitFor();
  const shownAt = await page.evaluate(() => Date.now());
  await page.clock.runFor(STATUS_POLL.intervalMs - 1);
  t.equal(polls.length, 0, 'no check before 2 s');
  const firstCheck = page.waitForRequest('**/api/txnsell/status/*');
  await page.clock.runFor(1);
  await firstCheck;
  const received = page.getByText('We have received your order. We will send your payout as soon as your crypto arrives.');
  // Moved in small steps, so each check happens at the time its timer names.
  for (let step = 0; step < 200 && polls.length < 2; step++) await page.clock.runFor(100);
  await received.waitFor();
  await page.clock.runFor(60_000);
  t.equal(polls.length, 2, 'exactly 2 more status checks, however long the page stays');
  t.equal(polls[0]! - shownAt, STATUS_POLL.intervalMs, 'the first 2 s after the page');
  t.ok(polls[1]! - polls[0]! >= STATUS_POLL.intervalMs, `the next at least 2 s after it (${polls[1]! - polls[0]!} ms)`);
  t.equal(await page.locator('.wallet-address').count(), 0, 'no address without PROCESSED');
  t.ok(await page.getByRole('link', { name: 'Check again' }).isVisible());
  t.same(problems, []);
});

/** Confirms the resumed order; the click's navigation is left to finish on its own (a streamed page). */
async function confirmResume(page: Page, refId: string): Promise<{ clicked: Promise<void> }> {
  await page.goto(stack.url(HOST, `/state/${refId}`));
  return { clicked: page.getByRole('button', { name: 'Yes, this is my order' }).click() };
}

t.test('sell without JavaScript: the address streams into the page with nothing to click', async (t) => {
  const { page, problems, close } = await openPage(browser, { javaScriptEnabled: false });
  t.teardown(close);
  const { refId, address } = await sellReadyToSend();
  holding = true;
  t.teardown(letGo);
  const { clicked } = await confirmResume(page, refId);
  // The server saw PENDING and waits before its next check: the page is there, waiting.
  const waiting = page.getByRole('status').filter({ hasText: 'Waiting for the deposit address…' });
  await waiting.waitFor();
  t.equal(await page.locator('.wallet-address').count(), 0, 'no address yet');
  t.equal(await page.getByRole('heading', { name: 'Send your crypto' }).count(), 1);

  letGo();
  await clicked;
  const shown = page.locator('.wallet-address .copy-value-text');
  await shown.waitFor();
  t.equal(await shown.textContent(), address, 'the address arrived in the same response');
  t.ok(await page.getByText('Send exactly 0.00150000 BTC to this address:').isVisible());
  t.notOk(await waiting.isVisible(), 'the waiting card made way for it');
  const headings = page.getByRole('heading', { name: 'Send your crypto' });
  t.equal(await headings.count(), 1, 'one visible title');
  const card = page.getByRole('region', { name: 'Deposit address' });
  const [cardBox, footerBox, stepsBox] = await Promise.all([
    card.boundingBox(),
    page.locator('footer').boundingBox(),
    page.locator('.progress').boundingBox(),
  ]);
  t.ok(
    cardBox && footerBox && stepsBox && stepsBox.y < cardBox.y && cardBox.y + cardBox.height <= footerBox.y,
    'below the steps, above the footer',
  );
  t.equal(await page.locator('meta[http-equiv]').count(), 0, 'no timed refresh');
  t.equal(await page.getByRole('button', { name: /^Copy/ }).count(), 0, 'no copy button that cannot work');
  const link = await page.getByRole('link', { name: 'OPEN IN WALLET' }).getAttribute('href');
  t.match(link, /^bitcoin:\w+\?amount=0\.00150000$/, 'Open in wallet, without JavaScript too');
  const qr = page.getByRole('img', { name: 'QR code of the wallet link, with the address and the amount' });
  t.equal(decodeQrPng(await qr.screenshot()), link, 'the QR code reads the same link');

  await page.getByRole('link', { name: 'I HAVE SENT MY CRYPTO' }).click();
  await page.getByRole('link', { name: 'Yes', exact: true }).click();
  await page.waitForURL('**/payment-spend-success');
  t.same(problems, []);
});

t.test('sell with JavaScript: the island checks while the response is still open, and only it shows the address', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  const { refId, address } = await sellReadyToSend();
  await stopClock(page);
  holding = true;
  t.teardown(letGo);
  const { clicked } = await confirmResume(page, refId);
  await page.getByText('Checking your order…').waitFor();
  t.equal(held.length, 1, 'the server is still waiting to check again');
  await page.clock.runFor(STATUS_POLL.intervalMs);
  await page.locator('.wallet-address').waitFor();
  t.equal(held.length, 1, 'the island found the address before the response ended');
  letGo();
  await clicked;
  await page.waitForLoadState('load');
  t.equal(await page.locator('.wallet-address').count(), 1, 'the streamed address is not shown as well');
  t.equal(await page.locator('.wallet-address .copy-value-text').textContent(), address);
  t.equal(await page.getByText('Waiting for the deposit address…').count(), 0);
  t.same(problems, []);
});

t.test('completion pages ship no JavaScript', async (t) => {
  const { page, requests, close } = await openPage(browser);
  t.teardown(close);
  for (const path of ['/transaction-success', '/transaction-in-review', '/transaction-cancelled', '/payment-spend-success']) {
    await page.goto(stack.url(HOST, path));
    t.equal(await page.locator('script[src], script[type=module]').count(), 0, `${path}: no script`);
  }
  t.same(
    requests.filter((u) => u.endsWith('.js')),
    [],
  );
});
