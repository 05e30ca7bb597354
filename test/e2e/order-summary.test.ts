// The order summary on each step of a maple buy in headless Chromium, from the quote to the
// payment page, with JavaScript on and off: beside the card on a desktop, folded above it
// on a phone (a <details> that opens with a tap, JavaScript or not), the same figures after
// a refused form, and nothing past the edge of a phone's screen.

import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { DESKTOP, expectFitsPhone, PHONE } from '../helpers/a11y.ts';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, driveTo, MAPLE } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();

/** The summary beside the flow's forms, as label → value. */
async function summaryRows(page: Page): Promise<[string, string][]> {
  return page
    .locator('.summary-panel .order-summary')
    .evaluate((dl) =>
      [...dl.querySelectorAll('dt')].map((dt) => [
        dt.textContent ?? '',
        (dt.nextElementSibling?.textContent ?? '').replace(/\s+/g, ' ').trim(),
      ]),
    );
}

interface Order {
  refId: string;
  crypto: string;
  address?: string;
}

function expected(order: Order): [string, string][] {
  return [
    ['Order total', '$100.00 CAD'],
    ['Exchange rate', '1 BTC = $95,000.00 CAD'],
    ['Crypto amount', order.crypto],
    ...(order.address ? [['Receiving address', order.address] as [string, string]] : []),
    ['Reference ID', order.refId],
  ];
}

type Layout = 'desktop' | 'phone';

/** A form refused: its answer is a redirect to its own page, read once that page has loaded (not the one it replaces). */
async function refusedBy(page: Page, submit: () => Promise<void>): Promise<void> {
  await Promise.all([page.waitForEvent('load', SERVER_STEP), submit()]);
}

/** The summary where the layout puts it, showing the order; on a phone, opened with a tap. */
async function checkSummary(t: Test, page: Page, layout: Layout, order: Order, screen: string): Promise<void> {
  const panel = page.locator('.summary-panel');
  const list = panel.locator('.order-summary');
  // Both boxes in one frame: a page still scrolling to its first wrong field moves them between two reads.
  const [panelBox, cardBox] = await page.evaluate(() =>
    ['.summary-panel', '.with-summary-main > .card'].map((selector) => {
      const box = document.querySelector(selector)?.getBoundingClientRect();
      return box ? { x: box.x, y: box.y, width: box.width, height: box.height } : null;
    }),
  );
  if (!panelBox || !cardBox) throw new Error(`${screen}: no summary or no card`);
  if (layout === 'desktop') {
    t.ok(panelBox.x >= cardBox.x + cardBox.width, `${screen}: the summary stands beside the card`);
    t.ok(await list.isVisible(), `${screen}: open without a tap`);
  } else {
    t.ok(panelBox.y + panelBox.height <= cardBox.y, `${screen}: the summary sits above the card`);
    t.notOk(await list.isVisible(), `${screen}: folded`);
    t.equal(
      (await panel.locator('summary').innerText()).replace(/\s+/g, ' ').trim(),
      'Your order $100.00 CAD',
      `${screen}: the fold shows the total`,
    );
    await panel.locator('summary').click();
    t.ok(await list.isVisible(), `${screen}: a tap opens it`);
    await expectFitsPhone(t, page, `${screen}, summary open`);
  }
  t.same(await summaryRows(page), expected(order), `${screen}: the order`);
}

async function next(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL(`**${path}`, SERVER_STEP);
}

for (const layout of ['desktop', 'phone'] as const) {
  for (const javaScriptEnabled of [true, false]) {
    t.test(`a maple buy, ${layout}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}: the summary on every step`, async (t) => {
      const { page, context, problems, close } = await openPage(browser, {
        javaScriptEnabled,
        viewport: layout === 'desktop' ? DESKTOP : PHONE,
      });
      t.teardown(close);
      const visitor = await driveTo(stack, '/price-quote');
      const state = await visitor.state();
      const order: Order = { refId: state.refId, crypto: '0.00105263 BTC' };
      await context.addCookies([visitor.browserCookie()]);
      await page.goto(stack.url(MAPLE, '/price-quote'));
      t.equal(await page.locator('.summary-panel').count(), 0, 'the quote shows its figures in its own card');
      await next(page, '/address-input');

      await checkSummary(t, page, layout, order, 'address');
      const address = page.getByLabel('Your Bitcoin (BTC) address');
      await address.fill('not-an-address');
      await refusedBy(page, () => address.press('Enter'));
      await page.getByText('This is not a valid BTC address.').waitFor();
      t.equal(await address.inputValue(), 'not-an-address', 'the typed address is kept');
      await checkSummary(t, page, layout, order, 'address, refused');
      await address.fill(BTC_ADDRESS);
      await next(page, '/buyer-info-input');

      order.address = BTC_ADDRESS;
      await checkSummary(t, page, layout, order, 'buyer info');
      if (javaScriptEnabled) await hydrated(page, '#mobile');
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Last Name').fill('Lovelace');
      await page.getByLabel('Email Address').fill('ada@example.com');
      await page.getByLabel('Mobile', { exact: true }).fill('416 555 0199');
      await page.getByLabel('Month').fill('12');
      await page.getByLabel('Day').fill('10');
      await page.getByLabel('Year').fill('2020');
      await refusedBy(page, () => page.getByRole('button', { name: 'NEXT' }).click());
      await page.getByText('Must be of legal age').first().waitFor(SERVER_STEP);
      t.equal(await page.getByLabel('First Name').inputValue(), 'Ada', 'what was typed is kept');
      await checkSummary(t, page, layout, order, 'buyer info, refused');
      await page.getByLabel('Year').fill('1985');
      await next(page, '/mobile-verification');

      await checkSummary(t, page, layout, order, 'code');
      const code = page.getByLabel('Verification code');
      await code.fill('654321');
      await refusedBy(page, () => code.press('Enter'));
      await page.getByText('Invalid verification code.').waitFor(SERVER_STEP);
      await checkSummary(t, page, layout, order, 'code, refused');
      await page.getByLabel('Verification code').fill('123456');
      await next(page, '/payment-etransfer-instructions');
      t.equal(await page.locator('.summary-panel').count(), 0, 'the payment page shows the order in its card');
      t.ok(await page.locator('.card .order-summary').getByText(BTC_ADDRESS).count(), 'with the address');
      t.same(problems, [], 'no console errors or CSP violations');
    });
  }
}
