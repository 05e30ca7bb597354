// The payment rails in headless Chromium against the sandbox over real sockets: a maple
// voucher to the in-review page (the rate hold pausing while it is redeemed), the
// new-quote offer accepted and declined, a used voucher, the same without JavaScript; a
// maple card buy through the provider's quote and frame to success; a roo (AUD) bank
// payment through /poli to the bank's page and back; a test-host IDR bank choice with
// logos to the bank's page inside the checkout's, with JavaScript and without. The earlier steps are taken
// through the edge by the journey helper; /state/{refId}, confirmed, brings the browser in.

import type { Page } from 'playwright-core';
import t from 'tap';
import { expectFitsPhone, PHONE } from '../helpers/a11y.ts';
import { hydrated, modalDialog, openPage, resumeOrder } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo, IDR_BANK_WALK, MAPLE, passIdentity, upstreamCalls } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();

const path = (page: Page) => new URL(page.url()).pathname;

async function voucherBuy(): Promise<string> {
  return (await driveTo(stack, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 })).refId();
}

for (const javaScriptEnabled of [true, false]) {
  t.test(`a voucher to the in-review page, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await resumeOrder(page, stack.url(MAPLE, `/state/${await voucherBuy()}`));
    t.equal(path(page), '/payment-flexepin');
    t.ok(await page.getByText('Vouchers are single-use', { exact: false }).isVisible(), 'the single-use warning');
    const field = page.getByLabel('Voucher number');
    t.equal(await field.getAttribute('inputmode'), 'numeric', 'numeric keypad on phones');
    await field.pressSequentially('12345678123456789999');
    t.equal(await field.inputValue(), '1234567812345678', 'limited to 16 digits as typed');
    if (javaScriptEnabled) {
      await hydrated(page, '[data-island="RateHold"] > .rate-hold');
      await page.getByText('Rate held for').waitFor();
    }
    await page.getByRole('button', { name: 'REDEEM VOUCHER' }).click();
    await page.waitForURL('**/transaction-in-review');
    t.ok(await page.getByText('within 12 hours', { exact: false }).isVisible(), 'coins delivered within 12 hours');
    t.same(problems, [], 'no console errors or CSP violations');
  });
}

t.test('the rate hold pauses while a voucher is redeemed, and counts again after an error', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  // The browser's clock moves only when the test says so.
  await page.clock.install({ time: Date.now() });
  await resumeOrder(page, stack.url(MAPLE, `/state/${await voucherBuy()}`));
  await hydrated(page, '[data-island="RateHold"] > .rate-hold');
  const countdown = page.locator('.rate-hold .countdown');
  const first = await countdown.textContent();
  await page.clock.runFor(5_000);
  t.not(await countdown.textContent(), first, 'counting down');

  // The redeeming state, kept: this submit is stopped before it leaves the page (the
  // island listens on the form, so it sees it all the same).
  await page.getByLabel('Voucher number').fill('0000000000000000');
  await page.locator('#voucher-form').evaluate((form: HTMLFormElement) => {
    form.addEventListener('submit', (event) => event.preventDefault(), { once: true });
    form.requestSubmit();
  });
  await page.locator('.rate-hold[data-paused="true"]').waitFor();
  const paused = await countdown.textContent();
  await page.clock.runFor(10_000);
  t.equal(await countdown.textContent(), paused, 'the countdown stands still while redeeming');

  // Redeemed for real: the used voucher comes back as an error, and the hold counts again.
  await page.getByRole('button', { name: 'REDEEM VOUCHER' }).click();
  await page.getByText('This voucher has already been used.').waitFor();
  await hydrated(page, '[data-island="RateHold"] > .rate-hold');
  t.equal(await page.locator('.rate-hold[data-paused]').count(), 0, 'not paused after the error');
  const resumed = await countdown.textContent();
  await page.clock.runFor(5_000);
  t.not(await countdown.textContent(), resumed, 'counting again after the error');
  t.equal(await page.getByLabel('Voucher number').inputValue(), '0000000000000000', 'the voucher kept');
  t.same(problems, []);
});

for (const javaScriptEnabled of [true, false]) {
  t.test(`amount mismatch: declined, then accepted; JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    const refId = await voucherBuy();
    await resumeOrder(page, stack.url(MAPLE, `/state/${refId}`));
    await page.getByLabel('Voucher number').fill('9999000011112222');
    await page.getByRole('button', { name: 'REDEEM VOUCHER' }).click();
    const dialog = modalDialog(page);
    await dialog.waitFor();
    t.ok(await dialog.getByText("Your voucher's stored value does not match the quote.").isVisible());
    t.ok(await dialog.getByText('Your voucher is worth $50.00 CAD.', { exact: false }).isVisible(), 'the value in CAD');

    await dialog.getByRole('link', { name: 'No' }).click();
    await page.waitForURL('**/payment-flexepin');
    t.equal(await modalDialog(page).count(), 0, 'No: the voucher page, no offer');

    await page.getByLabel('Voucher number').fill('9999000011112222');
    await page.getByRole('button', { name: 'REDEEM VOUCHER' }).click();
    const vouchersBefore = upstreamCalls(stack, '/vouchernumber');
    const requotesBefore = upstreamCalls(stack, '/requote');
    await page.getByRole('button', { name: 'Yes, update my quote' }).click();
    await page.waitForURL('**/transaction-in-review');
    t.equal(upstreamCalls(stack, '/requote'), requotesBefore + 1, 'one requote');
    t.equal(upstreamCalls(stack, '/vouchernumber'), vouchersBefore + 1, 'the voucher resubmitted once');
    const state = (await stack.sandbox.app.inject({ url: `/txnbuy/flowstate/${refId}` })).json();
    t.match(state, { fiatAmount: 50, nextAction: 'ADMIN_REVIEW' }, 'redeemed at the new quote');
    t.same(problems, []);
  });
}

t.test('maple card buy: the quote, the provider frame, success', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  const refId = (await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 })).refId();
  await resumeOrder(page, stack.url(MAPLE, `/state/${refId}`));
  t.equal(path(page), '/credit-card-quote');
  t.ok(await page.getByText('The current price: a card quote is not held').isVisible());
  t.ok(await page.getByText('$71.58 USD (for $100.00 CAD)').isVisible(), 'what the card is charged');
  t.ok(await page.getByText('Credit cards charged in USD').isVisible());
  t.ok(await page.getByText('0.00101263 BTC').isVisible(), 'quoteCurrencyAmount');
  await page.getByLabel('I am a resident of Canada').check();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/credit-card');
  await hydrated(page, '[data-island="CardWidget"] > .card-widget');
  const frame = page.frameLocator('iframe.card-frame');
  await frame.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/transaction-success');
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('on a phone the card frame takes its content: nothing clipped, Pay reached by scrolling the page', async (t) => {
  const { page, problems, close } = await openPage(browser, { viewport: PHONE });
  t.teardown(close);
  const refId = (await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 })).refId();
  await resumeOrder(page, stack.url(MAPLE, `/state/${refId}`));
  await page.getByLabel('I am a resident of Canada').check();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/credit-card');
  await hydrated(page, '[data-island="CardWidget"] > .card-widget');
  const iframe = page.locator('iframe.card-frame');
  const frame = page.frameLocator('iframe.card-frame');
  await frame.getByRole('button', { name: 'Pay' }).waitFor();
  const content = await frame.locator('html').evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
  // The island sets the frame's height when the widget reports it.
  await page.waitForFunction(
    (height) => (document.querySelector('iframe.card-frame') as HTMLIFrameElement).clientHeight >= height,
    content,
  );
  const box = (await iframe.boundingBox())!;
  t.ok(box.width <= PHONE.width, `the frame fits the screen's width (${box.width} px)`);
  t.equal(await frame.locator('html').evaluate((html) => html.scrollHeight > html.clientHeight), false, 'no inner scroll');
  const pay = frame.getByRole('button', { name: 'Pay' });
  await pay.scrollIntoViewIfNeeded();
  t.ok(await pay.isVisible(), 'Pay is reached by scrolling the page');
  t.ok(await frame.getByLabel('CVC').isVisible(), 'CVC is not cut off');
  await expectFitsPhone(t, page, 'the card frame');
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('roo (AUD) bank payment: /poli, the bank page, and back', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  const refId = (
    await driveTo(stack, '/poli', { host: 'roo.localhost', method: 'BANKTRANSFER', currency: 'AUD', amount: 100 })
  ).refId();
  await resumeOrder(page, stack.url('roo.localhost', `/state/${refId}`));
  t.equal(path(page), '/poli');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.waitForURL(`**/pay/bank/${refId}?returnUrl=*`);
  t.equal(new URL(page.url()).origin, stack.sandbox.url, "the bank's page");
  await page.getByRole('button', { name: 'Pay' }).click();
  await page.waitForURL('**/transaction-success');
  t.equal(new URL(page.url()).host, new URL(stack.url('roo.localhost', '/')).host, 'back at the checkout');
  t.same(problems, []);
});

for (const javaScriptEnabled of [true, false]) {
  t.test(`test host IDR bank choice with logos to the bank's page, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    const visitor = await driveTo(stack, '/image-input-choice', IDR_BANK_WALK);
    t.equal(await passIdentity(visitor), '/bank-select');
    await resumeOrder(page, stack.url('test.localhost', `/state/${visitor.refId()}`));
    t.equal(path(page), '/bank-select');
    const logo = page.locator('button[value="BCA"] img.bank-logo');
    t.ok(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the shipped logo loads');
    t.equal(await page.locator('button[value="BMRI"] .bank-tile').textContent(), 'BM', 'a text tile without a logo');
    await page.getByRole('button', { name: 'Sandbox Bank Central Asia' }).click();
    await page.getByRole('heading', { name: 'Sandbox Bank Central Asia (Sandbox)' }).waitFor();
    t.equal(path(page), '/bank-payment', "the bank's page, inside the checkout's");
    const action = await page.locator('.bank-document form').getAttribute('action');
    t.equal(new URL(action ?? '').origin, stack.sandbox.url, "the bank's form posts to the bank");
    t.same(problems, []);
  });
}
