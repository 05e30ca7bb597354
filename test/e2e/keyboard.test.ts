// A maple e-Transfer buy from the home page to the payment page with the keyboard alone:
// Tab to reach each field and button, the keys a visitor types, Enter and Space to press.
// No click and no fill; every element reached shows where the focus is. With JavaScript
// on and off.

import type { Locator, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { DESKTOP, expectAccessible } from '../helpers/a11y.ts';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, BUYER, CODE, MAPLE } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();

/** More Tabs than any screen has stops: a target not reached by then is not reachable. */
const MAX_TABS = 60;

/** Tabs forward until the target has the focus; fails if it never does or shows no focus ring. */
async function tabTo(t: Test, page: Page, target: Locator, what: string): Promise<void> {
  const passed: string[] = [];
  for (let i = 0; i < MAX_TABS; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement)) {
      const ring = await target.evaluate((el) => {
        const style = getComputedStyle(el);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      });
      t.ok(ring, `${what}: the focus is visible`);
      return;
    }
    passed.push(
      await page.evaluate(() => {
        const el = document.activeElement;
        return el
          ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} ${(el.textContent ?? '').trim().slice(0, 20)}`
          : 'none';
      }),
    );
  }
  throw new Error(`${what} not reached by ${MAX_TABS} Tabs; the focus went: ${passed.join(' | ')}`);
}

/** Tab to a field and type into it. */
async function typeInto(t: Test, page: Page, label: string, text: string): Promise<void> {
  await tabTo(t, page, page.getByLabel(label, { exact: true }), label);
  await page.keyboard.type(text);
}

/** Tab to a button (or link) and press it with a key; the page goes on to `path`. */
async function press(t: Test, page: Page, name: string, key: 'Enter' | 'Space', path: string): Promise<void> {
  await tabTo(t, page, page.getByRole('button', { name, exact: true }), name);
  await page.keyboard.press(key);
  await page.waitForURL(`**${path}`, SERVER_STEP);
}

const adultYear = String(new Date().getUTCFullYear() - 30);

for (const javaScriptEnabled of [true, false]) {
  t.test(`keyboard only, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: home to the e-Transfer payment page`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled, viewport: DESKTOP });
    t.teardown(close);
    await page.goto(stack.url(MAPLE, '/'));
    if (javaScriptEnabled) await hydrated(page, '#fiatAmount');
    // maple's defaults are the order: CAD, BTC, Interac e-Transfer.
    t.equal(await page.getByLabel('Cryptocurrency').inputValue(), 'BTC');
    t.equal(await page.getByLabel('Payment method').inputValue(), 'ETRANSFER');
    await typeInto(t, page, 'Amount', '100');
    await press(t, page, 'NEXT', 'Enter', '/price-quote');

    await press(t, page, 'NEXT', 'Space', '/address-input');

    await typeInto(t, page, 'Your Bitcoin (BTC) address', BTC_ADDRESS);
    await press(t, page, 'NEXT', 'Enter', '/buyer-info-input');

    if (javaScriptEnabled) await hydrated(page, '#mobile');
    await typeInto(t, page, 'First Name', BUYER.firstName);
    await typeInto(t, page, 'Last Name', BUYER.lastName);
    await typeInto(t, page, 'Email Address', BUYER.emailAddress);
    await typeInto(t, page, 'Mobile', BUYER.mobile);
    await typeInto(t, page, 'Month', BUYER.month);
    await typeInto(t, page, 'Day', BUYER.day);
    await typeInto(t, page, 'Year', adultYear);
    await press(t, page, 'NEXT', 'Space', '/mobile-verification');

    await typeInto(t, page, 'Verification code', CODE);
    await press(t, page, 'NEXT', 'Enter', '/payment-etransfer-instructions');
    await page.getByRole('heading', { name: 'Pay by Interac e-Transfer' }).waitFor();
    await tabTo(t, page, page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }), 'OPEN PAYMENT PAGE');
    await expectAccessible(t, page, 'payment-etransfer-instructions', { javaScriptEnabled });
    t.same(problems, [], 'no console errors or CSP violations');
  });
}
