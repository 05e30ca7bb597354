// Screen 4 and the rate hold in a real browser: the quote page with and without
// JavaScript, the leave-page prompt, the PROD data-layer push, a quote that expires and is
// accepted or declined, a requote refused with SYSTEM, card quotes without a countdown,
// and each limit error's modal. No console errors, no CSP violations.
// Time is moved, never waited for: the held stack's edge and sandbox share a test clock,
// and the browser's page.clock is paused at the same instant and moved with it.

import type { Page } from 'playwright-core';
import t from 'tap';
import { REDIRECT_HOME_DELAY_MS } from '../../checkout/limits.ts';
import { testClock } from '../fixtures/clock.ts';
import { BROWSER_FILE_TIME_LIMIT_MS, launchBrowser, modalDialog, openPage } from '../helpers/browser.ts';
import { directLink } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

/** The sandbox's default hold. */
const HOLD_MS = 600_000;
t.setTimeout(BROWSER_FILE_TIME_LIMIT_MS);
const clock = testClock();
const stack = await startStack();
const held = await startStack({ clock: clock.now, sandbox: { clock: clock.now } });
const browser = await launchBrowser();
t.teardown(async () => {
  await browser.close();
  await stack.close();
  await held.close();
});

const MAPLE = 'maple.localhost';

// maple is PROD with a tag manager container, which tests cannot reach: a stand-in keeps
// what the data layer receives in sessionStorage, so it survives the next page load.
const TAG_MANAGER = 'https://www.googletagmanager.com/**';
const TAG_MANAGER_STAND_IN = `(() => {
  const layer = (window.dataLayer = window.dataLayer || []);
  const keep = (e) => { if (e && e.event) sessionStorage.setItem('dl:' + e.event, JSON.stringify(e)); };
  layer.forEach(keep);
  const push = layer.push.bind(layer);
  layer.push = (...items) => { items.forEach(keep); return push(...items); };
})();`;

async function open(javaScriptEnabled = true) {
  const watched = await openPage(browser, { javaScriptEnabled });
  await watched.context.route(TAG_MANAGER, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: TAG_MANAGER_STAND_IN }),
  );
  return watched;
}

/** A page of the held stack whose browser clock stands still at the servers' time. */
async function openHeld(javaScriptEnabled = true) {
  const watched = await open(javaScriptEnabled);
  if (javaScriptEnabled) {
    await watched.page.clock.install({ time: clock.now() - 1_000 });
    await watched.page.clock.pauseAt(clock.now());
  }
  return watched;
}

/** The servers and the browser move on together. */
async function advance(page: Page | null, ms: number): Promise<void> {
  clock.advance(ms);
  await page?.clock.fastForward(ms);
}

async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.locator('.quote-countdown').textContent()) ?? '';
  const [m, s] = text.split(':').map(Number);
  return m! * 60 + s!;
}

t.test('maple buy quote with JavaScript: figures, promo, countdown, leave prompt, data layer, NEXT', async (t) => {
  const { page, problems, requests, close } = await openHeld();
  t.teardown(close);
  await page.goto(held.url(MAPLE, directLink({ amount: 100 })));
  t.equal(new URL(page.url()).pathname, '/price-quote');
  const card = page.locator('.price-quote');
  for (const text of [
    'Amount to spend',
    '$100.00 CAD',
    '0.00105263 BTC',
    '1 BTC = $95,000.00 CAD',
    'All fees included.',
    'NO PROCESSING FEES',
    'You save $2.99',
  ]) {
    t.ok(await card.getByText(text, { exact: false }).count(), `shows ${text}`);
  }
  t.equal(
    await page.locator('.quote-terms').textContent(),
    'By continuing you agree to the Terms of Service and Privacy Policy.',
  );
  t.equal(await page.getByRole('link', { name: 'Terms of Service' }).first().getAttribute('href'), '/terms-of-service');
  t.equal(await page.getByText('Credit cards charged in USD').count(), 0, 'no card warning for e-Transfer');

  // The countdown starts at 10:00 and follows the clock.
  await page.locator('.quote-countdown').waitFor();
  t.equal(await countdownSeconds(page), 600, 'counting down from the deadline');
  await page.clock.fastForward(61_000);
  await page.getByText('08:59', { exact: true }).waitFor();
  t.match(await page.locator('.quote-until').textContent(), /^\(until \d\d:\d\d E[DS]T\)$/);

  // Leaving by a link asks first; staying keeps the quote.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.dismiss();
  });
  await Promise.all([page.waitForEvent('dialog'), page.locator('a.brand').click()]);
  t.same(prompts, ['beforeunload'], 'Are you sure? before leaving');
  t.equal(new URL(page.url()).pathname, '/price-quote', 'still on the quote');

  t.ok(
    requests.some((u) => u.startsWith('https://www.googletagmanager.com/gtm.js?id=GTM-M4PL3CA')),
    'container loaded',
  );
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/address-input');
  t.same(prompts, ['beforeunload'], 'NEXT leaves without a prompt');
  const pushed = JSON.parse((await page.evaluate(() => sessionStorage.getItem('dl:transactionCreated'))) ?? 'null');
  t.match(pushed, {
    event: 'transactionCreated',
    transactionType: 'BUY',
    paymentMethod: 'ETRANSFER',
    fiatAmount: 100,
    fiatCurrency: 'CAD',
    cryptoAmount: 0.00105263,
    cryptoCurrency: 'BTC',
  });
  t.match(pushed.transactionId, /^[A-Z0-9]+$/);
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('maple buy quote without JavaScript: the deadline as a time, then NEXT', async (t) => {
  const { page, problems, close } = await open(false);
  t.teardown(close);
  await page.goto(stack.url(MAPLE, directLink({ amount: 150 })));
  t.match(await page.locator('.quote-timer-banner').textContent(), /^Rate held until \d\d:\d\d E[DS]T$/);
  t.ok(await page.getByText('$150.00 CAD').count());
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/address-input');
  t.same(problems, []);
});

t.test('a card quote is not held: Current Price Quote, charged in USD, no promo', async (t) => {
  const { page, problems, close } = await open();
  t.teardown(close);
  await page.goto(stack.url(MAPLE, directLink({ amount: 100, method: 'CREDITCARD' })));
  await page.waitForLoadState('networkidle');
  t.equal(await page.locator('.quote-timer-banner').textContent(), 'Current Price Quote');
  t.equal(await page.locator('.quote-countdown').count(), 0, 'no countdown');
  t.ok(await page.getByText('Credit cards charged in USD').count());
  t.equal(await page.locator('.promo-box').count(), 0);
  t.same(problems, []);
});

t.test('a quote that expires and is accepted goes on to the next step', async (t) => {
  const { page, problems, close } = await openHeld();
  t.teardown(close);
  await page.goto(held.url(MAPLE, directLink({ amount: 120 })));
  await page.locator('.quote-countdown').waitFor();
  const dialog = modalDialog(page);
  await advance(page, HOLD_MS - 1_000);
  await page.getByText('00:01', { exact: true }).waitFor();
  t.equal(await dialog.count(), 0, 'held until the last second');
  await advance(page, 1_000);
  await dialog.getByText('Your price quote has expired.').waitFor();
  await dialog.getByText('Here is a new quote at the current rate:').waitFor();
  t.ok(await dialog.getByText('$120.00 CAD').count(), 'the new quote is shown');
  t.equal(
    await page.locator('[aria-live="polite"][aria-atomic="true"]').textContent(),
    'Your price quote has expired.',
    'announced once',
  );
  await dialog.getByRole('button', { name: 'Accept & Continue' }).click();
  await page.waitForURL('**/address-input');
  t.pass('Accept & Continue continues the flow: no NEXT to press again');
  t.same(problems, []);
});

t.test('a quote that expires and is declined lands home with the flow cleared', async (t) => {
  const { page, context, problems, close } = await openHeld();
  t.teardown(close);
  await page.goto(held.url(MAPLE, directLink({ amount: 130 })));
  await page.locator('.quote-countdown').waitFor();
  await advance(page, HOLD_MS);
  const dialog = modalDialog(page);
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await page.waitForURL(held.url(MAPLE, '/'));
  t.notOk(
    (await context.cookies()).some((c) => c.name === 'flow'),
    'flow cookie cleared',
  );
  t.same(problems, []);
});

t.test('without JavaScript, NEXT after expiry offers Accept & Continue, which requotes and goes on', async (t) => {
  const { page, problems, close } = await openHeld(false);
  t.teardown(close);
  await page.goto(held.url(MAPLE, directLink({ amount: 140 })));
  await advance(null, HOLD_MS);
  await page.getByRole('button', { name: 'NEXT' }).click();
  const dialog = modalDialog(page);
  await dialog.getByText('Your price quote has expired.').waitFor();
  await dialog.getByRole('button', { name: 'Accept & Continue' }).click();
  await page.waitForURL('**/address-input');
  t.pass('requoted, confirmed and on, as NEXT would');
  t.same(problems, []);
});

t.test('a requote refused with SYSTEM shows its message and goes home after 5 s', async (t) => {
  const { page, problems, close } = await openHeld();
  t.teardown(close);
  await page.goto(held.url(MAPLE, directLink({ amount: 405 })));
  await page.locator('.quote-countdown').waitFor();
  await advance(page, HOLD_MS);
  const dialog = modalDialog(page);
  await dialog.getByText('We are unable to update your quote at this time.').waitFor();
  t.ok(await dialog.getByText('Redirecting to homepage in 5 seconds...').count());
  await page.clock.runFor(REDIRECT_HOME_DELAY_MS - 1);
  t.equal(new URL(page.url()).pathname, '/price-quote', 'still there a moment before 5 seconds');
  await page.clock.resume();
  await page.waitForURL(held.url(MAPLE, '/'));
  // The browser itself logs the refused requote (HTTP 422 from /api): that line is the
  // refusal this test provokes, not an error of the page; anything else would be.
  const refusal = /^console: Failed to load resource: .* 422 .*\/api\/txnbuy\/requote\)$/;
  t.equal(problems.filter((p) => refusal.test(p)).length, 1, 'the requote was refused once');
  t.same(
    problems.filter((p) => !refusal.test(p)),
    [],
    'no other console errors or CSP violations',
  );
});

const LIMITS: [number, string][] = [
  [401, 'You have reached your daily transaction limit. Please try again tomorrow.'],
  [402, 'You have reached your weekly transaction limit. Please try again next week.'],
  [403, 'You have reached your monthly transaction limit. Please try again next month.'],
];
for (const [amount, message] of LIMITS) {
  t.test(`limit error ${amount}: its message in a modal whose closing goes home`, async (t) => {
    const { page, problems, close } = await open();
    t.teardown(close);
    await page.goto(stack.url(MAPLE, '/'));
    await page.getByLabel('Amount', { exact: true }).fill(String(amount));
    await page.getByRole('button', { name: 'NEXT' }).click();
    const modal = modalDialog(page).filter({ hasText: message });
    await modal.waitFor();
    await modal.getByRole('link', { name: 'Close' }).click();
    await page.waitForURL(stack.url(MAPLE, '/'));
    t.equal(await modalDialog(page).filter({ hasText: message }).count(), 0, 'closed');
    t.same(problems, []);
  });
}

t.test('the limit modal keeps the keyboard inside it, and Escape closes it', async (t) => {
  const { page, problems, close } = await open();
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/'));
  await page.getByLabel('Amount', { exact: true }).fill('401');
  await page.getByRole('button', { name: 'NEXT' }).click();
  const modal = modalDialog(page);
  await modal.waitFor();
  await page.waitForLoadState('networkidle'); // the keyboard island is hydrated
  const closeLink = modal.getByRole('link', { name: 'Close' });
  for (const key of ['Tab', 'Shift+Tab', 'Tab']) {
    await page.keyboard.press(key);
    t.ok(await closeLink.evaluate((el) => el === document.activeElement), `${key}: focus stays on the modal's one action`);
  }
  await page.keyboard.press('Escape');
  await page.waitForURL(stack.url(MAPLE, '/'));
  t.equal(await modalDialog(page).count(), 0, 'closed: home');
  t.same(problems, []);
});
