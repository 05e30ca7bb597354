// The cash receipt in headless Chromium, on a phone (390 px) and a desktop, JavaScript on and
// off: the cash page and its thanks page each state the reference on one line, in groups,
// the amount with its currency, the deadline as a Manila clock time and date, and the valid
// IDs; the thanks page ends with Done. Nothing runs past the screen and axe finds nothing.

import type { Page } from 'playwright-core';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { DESKTOP, expectAccessible, expectFitsPhone, PHONE } from '../helpers/a11y.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { TOUR, visit } from '../helpers/screen-tour.ts';

const { CASH_PAGE } = DEFAULT_TEXTS;

const { stack, browser } = await startBrowserStack();

/** The reference's groups as laid out: their text and the top of each line box. */
function referenceLayout(page: Page) {
  return page
    .locator('#reference-number .reference-group')
    .evaluateAll((groups) =>
      groups.map((group) => ({ text: group.textContent ?? '', top: Math.round(group.getBoundingClientRect().top) })),
    );
}

for (const name of ['payment-otc', 'payment-otc-success']) {
  const stop = TOUR.find((s) => s.name === name);
  if (!stop) throw new Error(`no tour stop ${name}`);
  for (const javaScriptEnabled of [true, false]) {
    for (const [device, viewport] of [
      ['phone', PHONE],
      ['desktop', DESKTOP],
    ] as const) {
      t.test(`${name}, ${device}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async (t) => {
        const { page, problems, close } = await openPage(browser, { javaScriptEnabled, viewport });
        t.teardown(close);
        await visit(stack, page, stop, javaScriptEnabled);

        const reference = (await page.locator('#reference-number').textContent()) ?? '';
        t.match(reference, /^SBX[A-Z2-7]{20}$/, 'the whole reference, and nothing else, is its text');
        const groups = await referenceLayout(page);
        t.same(
          groups.map((g) => g.text),
          reference.match(/.{1,4}/g),
          'in groups of four, to read aloud',
        );
        t.equal(new Set(groups.map((g) => g.top)).size, 1, 'all on one line: never split, not even between groups');

        t.equal(
          await page.locator('.cash-terms .order-total').innerText(),
          '₱1,000.00 PHP',
          'the amount to pay, with its currency',
        );
        t.match(
          await page.locator('.cash-deadline').innerText(),
          /^\d{1,2}:\d{2} [AP]M on [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} \(Manila time\)$/,
          'the deadline: a clock time, then a date, in Manila time',
        );
        t.equal(await page.locator('.valid-ids li').count(), CASH_PAGE.validIds.length, 'the valid IDs');
        if (name === 'payment-otc-success') {
          t.ok(await page.getByRole('button', { name: 'Done' }).isVisible(), 'Done');
        }

        if (device === 'phone') await expectFitsPhone(t, page, name);
        await expectAccessible(t, page, name, { javaScriptEnabled });
        t.same(problems, [], 'no console errors or CSP violations');
      });
    }
  }
}
