// The hold running out after the quote page, and a card declined, in headless Chromium
// against the sandbox over real sockets, each walked on to the end of the journey:
// - a receiving address sent after the hold: the choice (the new figures, Accept &
//   Continue, Decline), Accept carries the address on, the rest of the journey to success,
//   the payment page moving on by itself once paid; JavaScript on and off;
// - the voucher page: with JavaScript the countdown at zero opens the choice, without it
//   the page loaded after the hold does; Accept, then the voucher redeemed to in review;
// - a declined card: a fresh provider form (the page's Try again, or the provider's own
//   link without JavaScript), then paid to success; no control claims the declined payment.
// Time is moved, never waited for: the edge and the sandbox share a test clock, and a
// hydrated page's clock is paused at the same instant and moved with it.

import type { BrowserContext, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { ORDER_WATCH_INTERVAL_MS } from '../../checkout/limits.ts';
import { testClock } from '../fixtures/clock.ts';
import { hydrated, openPage, resumeOrder } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, driveTo, MAPLE, startFlow, Visitor, walkOn } from '../helpers/journey.ts';

/** The sandbox's default hold. */
const HOLD_MS = 600_000;
const clock = testClock();
const { stack, browser } = await startBrowserStack({ clock: clock.now, sandbox: { clock: clock.now } });

const path = (page: Page) => new URL(page.url()).pathname;
const onOff = (on: boolean) => (on ? 'on' : 'off');

/** The browser brought into a flow the edge walked, its clock standing at the servers' time when it runs scripts. */
async function bringIn(page: Page, refId: string, javaScriptEnabled: boolean): Promise<void> {
  if (javaScriptEnabled) {
    await page.clock.install({ time: clock.now() - 1_000 });
    await page.clock.pauseAt(clock.now());
  }
  await resumeOrder(page, stack.url(MAPLE, `/state/${refId}`));
}

/** The servers and the page move on together. */
async function advance(page: Page | null, ms: number): Promise<void> {
  clock.advance(ms);
  await page?.clock.fastForward(ms);
}

async function seesChoice(t: Test, page: Page, amount: string): Promise<void> {
  await page.getByRole('heading', { name: 'Your price quote has expired.' }).waitFor();
  t.ok(await page.getByText('Here is a new quote at the current rate:').isVisible(), 'the new quote');
  t.ok(await page.getByText(amount, { exact: true }).first().isVisible(), 'with its figures');
  t.ok(await page.getByRole('button', { name: 'Decline' }).isVisible(), 'Decline');
  t.equal(
    await page.getByText('The quote has expired. Please accept a new quote to continue.').count(),
    0,
    "never the upstream's text alone",
  );
}

/** The browser's flow cookie handed to the journey helper, and its steps' cookie back. */
async function walkFromBrowser(context: BrowserContext, from: string, to: string): Promise<Visitor> {
  const flow = (await context.cookies(stack.url(MAPLE, '/'))).find((c) => c.name === 'flow')!;
  const visitor = await walkOn(new Visitor(stack, MAPLE, `flow=${flow.value}`), from, to);
  await context.addCookies([visitor.browserCookie()]);
  return visitor;
}

for (const javaScriptEnabled of [true, false]) {
  t.test(
    `the hold runs out on the address step, JavaScript ${onOff(javaScriptEnabled)}: Accept carries the address on, to success`,
    async (t) => {
      const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled });
      t.teardown(close);
      const refId = (await startFlow(stack, { amount: 110 })).refId();
      await bringIn(page, refId, javaScriptEnabled);
      // Resumed before the address, the quote shows first (docs/spec.md section 2).
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.waitForURL('**/address-input');
      await page.getByLabel('Your Bitcoin (BTC) address').fill(BTC_ADDRESS);
      await advance(null, HOLD_MS);
      await page.getByRole('button', { name: 'NEXT' }).click();
      await seesChoice(t, page, '$110.00 CAD');
      t.equal(path(page), '/new-quote', 'the choice is a page a redirect led to: reload and Back post nothing');
      await page.getByRole('button', { name: 'Accept & Continue' }).click();
      await page.waitForURL('**/buyer-info-input');
      t.pass('accepted: on to buyer info, the address not typed again');

      const visitor = await walkFromBrowser(context, '/buyer-info-input', '/payment-etransfer-instructions');
      t.equal((await visitor.state()).cryptoAddress, BTC_ADDRESS, 'the address sent before the hold ran out');
      await page.goto(stack.url(MAPLE, '/payment-etransfer-instructions'));
      const paid = await stack.sandbox.app.inject({
        method: 'POST',
        url: `/pay/etransfer/${refId}`,
        payload: new URLSearchParams({ decision: 'pay' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      t.equal(paid.statusCode, 200, 'paid at the provider');
      if (javaScriptEnabled) {
        await hydrated(page, '[data-island="PaymentPopup"] a');
        await page.clock.runFor(ORDER_WATCH_INTERVAL_MS);
      } else {
        await page.getByRole('link', { name: 'I HAVE PAID' }).click();
      }
      await page.waitForURL('**/transaction-success');
      t.same(problems, [], 'no console errors or CSP violations');
    },
  );

  t.test(`the voucher page after the hold, JavaScript ${onOff(javaScriptEnabled)}: the choice, Accept, redeemed`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    const refId = (await driveTo(stack, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 })).refId();
    await bringIn(page, refId, javaScriptEnabled);
    t.equal(path(page), '/payment-flexepin');
    if (javaScriptEnabled) {
      await hydrated(page, '[data-island="RateHold"] > .rate-hold');
      await advance(page, HOLD_MS);
      await page.waitForURL('**/new-quote');
      t.pass('the countdown at zero opened the choice');
    } else {
      await advance(null, HOLD_MS);
      await page.reload();
      t.equal(path(page), '/new-quote', 'the page loaded after the hold is the choice');
    }
    await seesChoice(t, page, '$100.00 CAD');
    t.equal(await page.locator('.step-count').textContent(), 'Step 4 of 4: Pay', 'the step the visitor was on');
    await page.getByRole('button', { name: 'Accept & Continue' }).click();
    await page.waitForURL('**/payment-flexepin');
    await page.getByLabel('Voucher number').fill('1234567812345678');
    await page.getByRole('button', { name: 'REDEEM VOUCHER' }).click();
    await page.waitForURL('**/transaction-in-review');
    t.same(problems, []);
  });

  t.test(`a declined card, JavaScript ${onOff(javaScriptEnabled)}: a fresh provider form, paid, success`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    const refId = (await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 })).refId();
    await bringIn(page, refId, false);
    await page.getByLabel('I am a resident of Canada').check();
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/credit-card');
    const frame = page.frameLocator('iframe.card-frame');
    if (javaScriptEnabled) await hydrated(page, '[data-island="CardWidget"] > .card-widget');
    await frame.getByRole('button', { name: 'Decline (test a failed card)' }).click();
    await frame.getByRole('heading', { name: 'Card payment declined' }).waitFor();
    if (javaScriptEnabled) {
      await page.getByText('Your card was declined and nothing was charged.', { exact: false }).waitFor();
      t.ok(
        await page.getByText('Try again in a new card form below', { exact: false }).isVisible(),
        'the text says where the form is',
      );
      t.equal(await page.getByRole('link', { name: 'Check my card payment' }).count(), 0, 'no control claims a payment');
      t.ok(await page.getByRole('button', { name: 'Choose another payment method' }).isVisible(), 'another method');
      await page.getByRole('button', { name: 'Try again' }).click();
    } else {
      await frame.getByRole('link', { name: 'Try another card' }).click();
    }
    await frame.getByRole('button', { name: 'Pay' }).click();
    if (javaScriptEnabled) {
      await page.waitForURL('**/transaction-success');
    } else {
      await frame.getByRole('heading', { name: 'Card payment approved' }).waitFor();
      await page.getByRole('link', { name: 'Check my card payment' }).click();
      await page.waitForURL('**/transaction-success');
    }
    t.same(problems, []);
  });
}

t.test('a declined card, then another method: the order is left and the visitor starts over at home', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  const refId = (await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 })).refId();
  await bringIn(page, refId, false);
  await page.getByLabel('I am a resident of Canada').check();
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/credit-card');
  await hydrated(page, '[data-island="CardWidget"] > .card-widget');
  await page.frameLocator('iframe.card-frame').getByRole('button', { name: 'Decline (test a failed card)' }).click();
  await page.getByRole('button', { name: 'Choose another payment method' }).click();
  await page.waitForURL(stack.url(MAPLE, '/'));
  t.notOk(
    (await context.cookies(stack.url(MAPLE, '/'))).some((c) => c.name === 'flow'),
    'the card order is left',
  );
  t.same(problems, []);
});
