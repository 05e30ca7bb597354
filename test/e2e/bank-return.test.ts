// The bank hand-offs in headless Chromium against the sandbox, JavaScript on and off,
// desktop and phone: the IDR bank's page inside the checkout's (brand, phone width), its
// Pay bringing the visitor back to success; Back from the bank's page and reload never
// resubmitting a form, nor abandoning the order; back before the bank confirms, the page
// follows the order by itself (or on Check again without JavaScript); the AUD bank page
// and back to success. SHOTS=dir saves a desktop and a phone screenshot of each screen.

import type { Page } from 'playwright-core';
import t from 'tap';
import { DESKTOP, expectFitsPhone, PHONE, shoot } from '../helpers/a11y.ts';
import { openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo, IDR_BANK_WALK, passIdentity, type Visitor } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();
const path = (page: Page) => new URL(page.url()).pathname;

async function idrAtBankChoice(): Promise<Visitor> {
  const visitor = await driveTo(stack, '/image-input-choice', IDR_BANK_WALK);
  const at = await passIdentity(visitor);
  if (at !== '/bank-select') throw new Error(`after the identity step: ${at}`);
  return visitor;
}

/** The visitor's flow in the browser, at `at`. */
async function openAt(page: Page, visitor: Visitor, at: string): Promise<void> {
  await page.context().addCookies([visitor.browserCookie()]);
  await page.goto(stack.url(visitor.host, at));
}

for (const javaScriptEnabled of [true, false]) {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    const js = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;
    t.test(`IDR: the bank's page inside the checkout, Pay, back to success (${js}, ${device})`, async (t) => {
      const { page, problems, close } = await openPage(browser, { javaScriptEnabled, viewport });
      t.teardown(close);
      const visitor = await idrAtBankChoice();
      await openAt(page, visitor, '/bank-select');
      t.ok(await page.getByText(`Your verified order ${visitor.refId()} is kept`).isVisible(), 'the order is kept');
      t.equal(await page.getByRole('link', { name: 'Back' }).count(), 0, 'no way home that abandons the order');
      if (device === 'desktop' && javaScriptEnabled) await shoot(page, 'bank-select');

      await page.getByRole('button', { name: 'Sandbox Bank Central Asia' }).click();
      await page.waitForURL('**/bank-payment');
      await page.getByRole('heading', { name: 'Pay at your bank' }).waitFor();
      t.ok(await page.locator('header .brand').isVisible(), "the merchant's page around it");
      const bank = page.getByRole('region', { name: 'Your bank’s page' });
      t.ok(await bank.getByRole('heading', { name: 'Sandbox Bank Central Asia (Sandbox)' }).isVisible(), "the bank's part");
      if (device === 'phone') await expectFitsPhone(t, page, "the bank's page");
      if (device === 'desktop' && javaScriptEnabled) await shoot(page, 'bank-payment');

      // Back to the bank choice: the bank's page again (the order is where the upstream has
      // it), never a form resubmission; reload too.
      const back = await page.goBack();
      t.equal(back?.status(), 200, 'Back: a page, not a resubmission');
      t.equal(path(page), '/bank-payment', 'Back: still paying the same order');
      const reloaded = await page.reload();
      t.equal(reloaded?.status(), 200, 'reload: the page again');

      await bank.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL('**/transaction-success');
      t.equal(new URL(page.url()).host, new URL(stack.url(visitor.host, '/')).host, 'back in the checkout');
      t.equal((await page.reload())?.status(), 200, 'reload on success: no resubmission');
      t.equal(path(page), '/transaction-success');
      t.same(problems, [], 'no console errors or CSP violations');
    });
  }

  t.test(`another bank: a new order for the same amount (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    const visitor = await idrAtBankChoice();
    await openAt(page, visitor, '/bank-select');
    t.ok(await page.getByText('Once chosen, the bank can’t be changed for this order.').isVisible(), 'said before the choice');
    await page.getByRole('button', { name: 'Sandbox Bank Central Asia' }).click();
    await page.waitForURL('**/bank-payment');
    await page.getByRole('heading', { name: 'Paying from another bank?' }).waitFor();
    t.ok(await page.getByText(`order ${visitor.refId()} then expires unpaid`).isVisible(), 'what becomes of this order');
    await page.getByRole('link', { name: 'Start a new order' }).click();
    await page.waitForURL('**/price-quote');
    t.ok(await page.getByText('IDR').first().isVisible(), 'a quote in the same currency');
    t.ok(await page.getByText('1,000,000').first().isVisible(), 'for the same amount');
    t.same(problems, [], 'no console errors or CSP violations');
  });

  t.test(
    `back before the bank confirms: the checkout follows the order (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`,
    async (t) => {
      const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
      t.teardown(close);
      const visitor = await idrAtBankChoice();
      await openAt(page, visitor, '/bank-select');
      await page.getByRole('button', { name: 'Sandbox Bank Mandiri' }).click();
      await page.waitForURL('**/bank-payment');
      // The bank sends the visitor back before it has settled the payment.
      await page.goto(stack.url(visitor.host, '/bank-payment?returned=1'));
      await page.getByRole('heading', { name: 'Waiting for your bank' }).waitFor();
      if (javaScriptEnabled) await shoot(page, 'bank-waiting');
      const settled = await stack.sandbox.app.inject({
        method: 'POST',
        url: `/pay/bank/${visitor.refId()}`,
        payload: { decision: 'pay' },
      });
      t.equal(settled.statusCode, 200, 'the bank settles it');
      if (javaScriptEnabled) {
        // Looked at again: the page asks about the order at once.
        await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      } else {
        await page.getByRole('link', { name: 'Check again' }).click();
      }
      await page.waitForURL('**/transaction-success');
      t.same(problems, [], 'no console errors or CSP violations');
    },
  );

  t.test(`AUD: Proceed, the bank's page, Pay, back to success (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    const visitor = await driveTo(stack, '/poli', {
      host: 'roo.localhost',
      method: 'BANKTRANSFER',
      currency: 'AUD',
      amount: 100,
    });
    await openAt(page, visitor, '/poli');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL(`**/pay/bank/${visitor.refId()}?returnUrl=*`);
    t.equal(new URL(page.url()).origin, stack.sandbox.url, "the bank's page");
    const back = await page.goBack();
    t.not(back?.status(), undefined, 'Back from the bank: a page, not a resubmission');
    await page.getByText('Waiting for your bank').waitFor(SERVER_STEP);
    t.equal(new URL(page.url()).host, new URL(stack.url(visitor.host, '/')).host, 'the checkout, not the bank again');
    await page.getByRole('link', { name: 'Continue at your bank' }).click();
    await page.waitForURL(`**/pay/bank/${visitor.refId()}?returnUrl=*`);
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL('**/transaction-success');
    t.equal(new URL(page.url()).host, new URL(stack.url(visitor.host, '/')).host, 'back in the checkout');
    t.same(problems, [], 'no console errors or CSP violations');
  });
}
