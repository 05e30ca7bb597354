// A cash reference of any length the contract allows (up to 64 characters), as Chromium lays
// it out on a phone (390 px, and the smallest, 320 px), JavaScript on and off: the cash page,
// its question whether the reference is noted down, its thanks page (the reference number),
// and the order's own page (the refId, which the contract lets run to 64 characters too).
// Never broken inside a group of four, never past its box, and on one line up to 32
// characters (payment.css's promise).
import fc from 'fast-check';
import type { Page } from 'playwright-core';
import t from 'tap';
import { PHONE } from '../helpers/a11y.ts';
import { launchBrowser, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { HOST, ORDERS, startContractEdge, startOrder } from '../helpers/contract-edge.ts';
import { checkProperty, expectNone } from '../helpers/contract-property.ts';
import { orderLinkOf } from '../helpers/journey.ts';

const edge = await startContractEdge({ listen: true });
const browser = await launchBrowser();
t.teardown(() => browser.close());

/** How long a reference may be and still sit on one line of a phone. */
const ONE_LINE_UP_TO = 32;
/** The smallest phone the checkout fits. */
const SMALLEST_PHONE = { width: 320, height: 568 } as const;

/** Each reference on the page: its groups' text, how many boxes each was broken into and the top of its first; whether it overflows. */
function layouts(page: Page) {
  return page.locator('.reference').evaluateAll((references) =>
    references.map((reference) => ({
      groups: [...reference.querySelectorAll('.reference-group')].map((group) => ({
        text: group.textContent ?? '',
        boxes: group.getClientRects().length,
        top: Math.round(group.getBoundingClientRect().top),
      })),
      overflows: reference.scrollWidth > reference.clientWidth + 1,
    })),
  );
}

/** A reference of `n` characters, as a payment centre's or a refId is written. */
const code = (n: number) => fc.stringMatching(new RegExp(`^[A-Z0-9]{${n}}$`));

t.test('a cash reference of any length the contract allows, laid out on a phone', async (t) => {
  const pages = {
    on: await openPage(browser, { javaScriptEnabled: true, viewport: PHONE }),
    off: await openPage(browser, { javaScriptEnabled: false, viewport: PHONE }),
  };
  t.teardown(async () => {
    await pages.on.close();
    await pages.off.close();
  });
  await checkProperty(
    t,
    'the reference on a phone',
    fc.record({
      reference: fc.integer({ min: 1, max: 64 }).chain(code),
      path: fc.constantFrom('/payment-otc', '/payment-otc?confirm=1', '/payment-otc-success', 'the order page'),
      javaScript: fc.constantFrom<'on' | 'off'>('on', 'off'),
      phone: fc.constantFrom(PHONE, SMALLEST_PHONE),
    }),
    async ({ reference, path, javaScript, phone }) => {
      const onOrderPage = path === 'the order page';
      // The order page shows the refId; the cash pages the reference number.
      const extra = onOrderPage ? { refId: reference } : { nextActionParams: { referenceNumber: reference } };
      const { visitor } = await startOrder(edge, ORDERS.cash, 'CUSTOMER_PAYMENT', extra);
      const url = onOrderPage ? await orderLinkOf(visitor, '/payment-otc') : path;
      const { page } = pages[javaScript];
      await page.setViewportSize(phone);
      await page.context().clearCookies();
      await page.context().addCookies([visitor.browserCookie()]);
      await page.goto(edge.stack.url(HOST, url), SERVER_STEP);
      const where = `${path} at ${phone.width} px, JavaScript ${javaScript}`;
      const problems: string[] = [];
      const shown = await layouts(page);
      if (shown.length === 0) problems.push(`${where}: no reference`);
      for (const { groups, overflows } of shown) {
        const read = groups.map((g) => g.text);
        if (read.join('') !== reference) problems.push(`${where}: the reference reads ${read.join(' ')}`);
        const split = groups.filter((g) => g.boxes > 1).map((g) => g.text);
        if (split.length) problems.push(`${where}: ${split.join(', ')} broken inside the group`);
        if (overflows) problems.push(`${where}: the reference runs past its card`);
        const lines = new Set(groups.map((g) => g.top)).size;
        if (reference.length <= ONE_LINE_UP_TO && lines > 1)
          problems.push(`${where}: ${reference.length} characters over ${lines} lines`);
      }
      expectNone(problems);
    },
    { runs: 12 },
  );
});
