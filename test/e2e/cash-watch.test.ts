// The cash page in headless Chromium: left open while the visitor pays at a centre, it
// watches the order and moves on to success by itself once the centre reports the cash;
// without JavaScript, loading it again does. Desktop and phone share the layout.
import t from 'tap';
import { ORDER_WATCH_INTERVAL_MS } from '../../checkout/limits.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo, passIdentity } from '../helpers/journey.ts';
import { MANILA_CASH_WALK, resumeIn } from '../helpers/screen-tour.ts';

const { stack, browser } = await startBrowserStack();

for (const javaScriptEnabled of [true, false]) {
  t.test(`the cash page follows the order to success, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await page.clock.install();
    const visitor = await driveTo(stack, '/image-input-choice', MANILA_CASH_WALK);
    t.equal(await passIdentity(visitor), '/payment-otc');
    await resumeIn(stack, page, visitor);
    await page.waitForURL('**/payment-otc');
    if (javaScriptEnabled) await page.waitForLoadState('networkidle');
    await page.clock.runFor(ORDER_WATCH_INTERVAL_MS);
    t.equal(new URL(page.url()).pathname, '/payment-otc', 'waiting for the cash, the page stays');

    t.equal(stack.sandbox.app.sandbox.reportCash(visitor.refId()), 'settled', 'a centre reports the cash');
    if (javaScriptEnabled) await page.clock.runFor(ORDER_WATCH_INTERVAL_MS);
    else await page.reload();
    await page.waitForURL('**/transaction-success');
    t.ok(await page.getByText(visitor.refId(), { exact: true }).isVisible(), 'the receipt names the order');
    t.same(problems, [], 'no console errors or CSP violations');
  });
}
