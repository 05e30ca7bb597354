// The eGift picker never leaves one amount's figures beside another chosen tile: the
// moment a tile other than the quoted one is chosen, the figures give way to a line asking
// for NEXT, and NEXT brings that tile's own figures. With JavaScript on and off, on a
// desktop and a phone. SHOTS=dir saves a screenshot of the picker with a new tile chosen.

import type { Page } from 'playwright-core';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { MAPLE } from '../helpers/journey.ts';

const { SPEND_QUOTE_TEXT } = DEFAULT_TEXTS;

const { stack, browser } = await startBrowserStack();

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

async function picker(page: Page, js: boolean) {
  await page.goto(stack.url(MAPLE, '/?type=SPEND'));
  if (js) await page.waitForLoadState('networkidle');
  await page.locator('select[name="paymentMethodSubtype"]').selectOption('NORTHMART_CA');
  if (!js) await page.locator('select[name="fiatAmount"]').selectOption({ index: 0 });
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/spend-quote');
}

for (const js of [true, false]) {
  for (const [device, viewport] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
    t.test(`the picker's figures follow the tile, JavaScript ${js ? 'on' : 'off'}, ${device}`, async (t) => {
      const { page, problems, close } = await openPage(browser, { javaScriptEnabled: js, viewport });
      t.teardown(close);
      await picker(page, js);
      const figures = page.locator('.quote-summary');
      const askNext = page.getByText(SPEND_QUOTE_TEXT.figuresOnNext);
      t.match(await figures.innerText(), '$25.00 CAD', 'the quoted tile beside its own figures');
      t.notOk(await askNext.isVisible(), 'nothing to ask while the figures are the chosen tile’s');

      await page.getByRole('radio', { name: '$100.00' }).check();
      t.notOk(await figures.isVisible(), 'the $25 figures leave the moment $100 is chosen');
      t.ok(await askNext.isVisible(), 'a line asks for NEXT in their place');
      if (process.env.SHOTS)
        await page.screenshot({
          path: `${process.env.SHOTS}/spend-quote-new-tile-${js ? 'js' : 'nojs'}-${device}.png`,
          fullPage: true,
        });

      await page.getByRole('radio', { name: '$25.00' }).check();
      t.ok(await figures.isVisible(), 'back on the quoted tile, its figures are back');

      await page.getByRole('radio', { name: '$100.00' }).check();
      await page.getByRole('button', { name: 'NEXT' }).click();
      await page.getByText(SPEND_QUOTE_TEXT.requoted).waitFor();
      t.match(await figures.innerText(), '$100.00 CAD', "NEXT brings the $100 tile's own figures");
      // The new page may still be arriving when its notice shows: wait for the line to go, as a visitor would.
      const gone = await askNext.waitFor({ state: 'hidden', timeout: 5_000 }).then(
        () => true,
        () => false,
      );
      t.ok(gone, 'and the line asking for NEXT goes');
      t.same(problems, [], 'no console errors or CSP violations');
    });
  }
}
