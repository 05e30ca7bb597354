// The cash receipt in headless Chromium, on a phone (390 px) and a desktop, JavaScript on and
// off: the cash page and its thanks page each state the reference on one line, in groups
// (a longer reference than the sandbox's too, on the smallest phone),
// the amount with its currency, the deadline as a Manila clock time and date, and the valid
// IDs; the thanks page ends with Done. Nothing runs past the screen and axe finds nothing.

import type { Page } from 'playwright-core';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { DESKTOP, expectAccessible, expectFitsPhone, PHONE } from '../helpers/a11y.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { type Json, startRewritingUpstream } from '../helpers/rewriting-upstream.ts';
import { TOUR, visit } from '../helpers/screen-tour.ts';
import { startStack } from '../helpers/stack.ts';

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

// References the contract allows and the sandbox never gives: up to 64 characters. Up to 32
// stay on one line of a phone, even the smallest; a longer one breaks only between its groups.
let longReference = '';
const upstream = await startRewritingUpstream((_call, answer) => {
  const params = answer.nextActionParams as Json | null | undefined;
  return typeof params?.referenceNumber === 'string' && longReference
    ? { ...answer, nextActionParams: { ...params, referenceNumber: longReference } }
    : answer;
});
const longStack = await startStack({ upstreamUrl: (sandbox) => upstream.forwardTo(sandbox) });
t.teardown(async () => {
  await longStack.close();
  await upstream.close();
});
const cashPage = TOUR.find((s) => s.name === 'payment-otc')!;
for (const [length, width, oneLine] of [
  [23, 320, true],
  [32, 390, true],
  [32, 320, false],
  [48, 390, false],
  [64, 320, false],
] as const) {
  t.test(`a ${length}-character reference at ${width} px: ${oneLine ? 'one line' : 'broken only between groups'}`, async (t) => {
    longReference = 'K7QX'.repeat(16).slice(0, length);
    const { page, close } = await openPage(browser, { javaScriptEnabled: false, viewport: { width, height: 844 } });
    t.teardown(close);
    await visit(longStack, page, cashPage, false);
    t.equal(await page.locator('#reference-number').textContent(), longReference, 'the whole reference');
    const groups = await referenceLayout(page);
    const lines = new Set(groups.map((g) => g.top)).size;
    if (oneLine) t.equal(lines, 1, 'on one line');
    const unbroken = await page
      .locator('#reference-number .reference-group')
      .evaluateAll((spans) => spans.every((span) => span.getClientRects().length === 1));
    t.ok(unbroken, 'no group broken inside');
    t.ok(lines <= Math.ceil(length / 16), `${lines} lines: at least four groups a line`);
    await expectFitsPhone(t, page, `payment-otc with a ${length}-character reference`);
  });
}
