// The order's own page in headless Chromium. An e-Transfer buy, a cash order and a sell each
// reach their payment page, which links to the order page; opened in a fresh context with no
// cookie and no JavaScript, it shows the reference, the figures and where the order stands;
// after paying, a reload shows it completed (with JavaScript it follows by itself). One
// changed character of the signature, or another merchant's host, answers 404 with no
// figure of the order. In French for a French browser; axe finds nothing serious; printed,
// it is one A4 page.

import type { Browser } from 'playwright-core';
import t, { type Test } from 'tap';
import { ORDER_WATCH_INTERVAL_MS } from '../../checkout/limits.ts';
import { DESKTOP, expectAccessible, expectFitsPhone, PHONE } from '../helpers/a11y.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo, MAPLE, orderLinkOf, passIdentity, type Visitor } from '../helpers/journey.ts';
import { MANILA_CASH_WALK } from '../helpers/screen-tour.ts';
import type { Stack } from '../helpers/stack.ts';

const { stack, browser } = await startBrowserStack();
const PAY_ETRANSFER = '/payment-etransfer-instructions';

/** The link as the payment page shows it to the visitor's own browser (their cookie), the same as the URL to copy. */
async function linkInBrowser(visitor: Visitor, path: string): Promise<string> {
  const { page, context, close } = await openPage(browser, { javaScriptEnabled: false });
  try {
    await context.addCookies([visitor.browserCookie()]);
    await page.goto(stack.url(visitor.host, path));
    const link = (await page.locator('a[rel="bookmark"]').getAttribute('href')) ?? '';
    const copied = await page.locator('.order-link .copy-value-text').innerText();
    if (copied !== stack.url(visitor.host, link)) throw new Error(`the link to copy is ${copied}, not the page's URL`);
    return link;
  } finally {
    await close();
  }
}

/** A fresh context: no cookie, JavaScript as asked. */
async function stranger(t: Test, options: Parameters<typeof openPage>[1] = {}) {
  const opened = await openPage(browser, { javaScriptEnabled: false, viewport: DESKTOP, ...options });
  t.teardown(opened.close);
  t.same(await opened.context.cookies(), [], 'no cookie in the context');
  return opened;
}

async function payETransfer(stack: Stack, refId: string) {
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: `/pay/etransfer/${refId}`,
    payload: 'decision=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (paid.statusCode !== 200) throw new Error(`not paid: ${paid.body}`);
}

/** One character of the signature changed. */
const tampered = (link: string) => link.replace(/(.)$/, (c) => (c === 'A' ? 'B' : 'A'));

async function refusedEverywhere(t: Test, browser: Browser, link: string, host: string, figure: string) {
  const { page, close } = await openPage(browser, { javaScriptEnabled: false });
  t.teardown(close);
  for (const [what, url] of [
    ['one character of the signature changed', stack.url(host, tampered(link))],
    ['another merchant’s host', stack.url(host === MAPLE ? 'roo.localhost' : MAPLE, link)],
  ] as const) {
    const res = await page.goto(url);
    t.equal(res?.status(), 404, `${what}: 404`);
    t.notMatch(await page.locator('body').innerText(), figure, `${what}: no figure of the order`);
  }
}

t.test('an e-Transfer buy: awaiting payment without cookie or JavaScript, then completed', async (t) => {
  const visitor = await driveTo(stack, PAY_ETRANSFER);
  const refId = visitor.refId();
  const link = await linkInBrowser(visitor, PAY_ETRANSFER);
  t.match(link, new RegExp(`^/order/${refId}/[\\w-]{22}$`), 'the payment page links to the order page');

  const { page } = await stranger(t);
  const res = await page.goto(stack.url(MAPLE, link));
  t.equal(res?.status(), 200);
  t.equal(await page.locator('.stage').innerText(), 'Awaiting payment');
  t.equal((await page.locator('.reference-number').innerText()).replace(/\s+/g, ''), refId, 'the reference');
  t.match(await page.locator('.order-total').innerText(), '$100.00 CAD', 'the figures');
  t.ok(await page.getByRole('link', { name: 'Continue this order' }).isVisible(), 'the way back into the flow');
  await expectAccessible(t, page, 'order page', { javaScriptEnabled: false });

  await payETransfer(stack, refId);
  await page.reload();
  t.equal(await page.locator('.stage').innerText(), 'Completed', 'a reload shows it completed');
  t.equal(await page.getByRole('link', { name: 'Continue this order' }).count(), 0);

  await refusedEverywhere(t, browser, link, MAPLE, '100.00');
});

t.test('with JavaScript the page follows the order by itself', async (t) => {
  const visitor = await driveTo(stack, PAY_ETRANSFER);
  const link = await orderLinkOf(visitor, PAY_ETRANSFER);
  const { page, problems } = await stranger(t, { javaScriptEnabled: true });
  await page.clock.install();
  await page.goto(stack.url(MAPLE, link));
  // The island renders nothing: hydrated once React holds its root.
  await page.waitForFunction(() => {
    const root = document.querySelector('[data-island="OrderWatch"]');
    return !!root && Object.keys(root).some((k) => k.startsWith('__reactContainer'));
  });
  t.equal(await page.locator('.stage').innerText(), 'Awaiting payment');
  await payETransfer(stack, visitor.refId());
  await Promise.all([page.waitForEvent('load'), page.clock.runFor(ORDER_WATCH_INTERVAL_MS)]);
  t.equal(await page.locator('.stage').innerText(), 'Completed', 'loaded again by itself with the new stage');
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('a cash order: the deadline and the reference in groups', async (t) => {
  const visitor = await driveTo(stack, '/image-input-choice', MANILA_CASH_WALK);
  await passIdentity(visitor);
  const link = await linkInBrowser(visitor, '/payment-otc');
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    const { page } = await stranger(t, { viewport });
    await page.goto(stack.url(MANILA_CASH_WALK.host!, link));
    t.equal(await page.locator('.stage').innerText(), 'Awaiting payment', device);
    t.match(await page.locator('.order-deadline').innerText(), /\d{4}/, `${device}: pay by a date and time`);
    const groups = await page.locator('.reference-group').allInnerTexts();
    t.same(groups.join(''), visitor.refId(), `${device}: the whole reference`);
    t.ok(
      groups.every((g) => g.length <= 4),
      `${device}: in groups of four`,
    );
    if (device === 'phone') await expectFitsPhone(t, page, 'order page (cash)');
  }
  await refusedEverywhere(t, browser, link, MANILA_CASH_WALK.host!, '1,000.00');
});

t.test('a sell: awaiting the crypto at its deposit address', async (t) => {
  const visitor = await driveTo(stack, '/payment-spend', { kind: 'SELL' });
  const link = await linkInBrowser(visitor, '/payment-spend');
  const { cryptoAddress } = await visitor.state();
  const { page } = await stranger(t);
  await page.goto(stack.url(MAPLE, link));
  t.equal(await page.locator('.stage').innerText(), 'Awaiting your crypto');
  t.equal(await page.locator('.deposit .copy-value-text').innerText(), cryptoAddress, 'the deposit address');
  await refusedEverywhere(t, browser, link, MAPLE, cryptoAddress ?? '');
});

t.test('in French, accessible, and one A4 page printed', async (t) => {
  const visitor = await driveTo(stack, PAY_ETRANSFER);
  const link = await orderLinkOf(visitor, PAY_ETRANSFER);
  const { page } = await stranger(t, { locale: 'fr-CA', javaScriptEnabled: true });
  await page.goto(stack.url(MAPLE, link));
  t.equal(await page.locator('html').getAttribute('lang'), 'fr-CA');
  t.equal(await page.locator('.stage').innerText(), 'En attente du paiement');
  t.match(await page.locator('.order-total').innerText(), /^100,00\s\$/);
  await expectAccessible(t, page, 'order page, French', { javaScriptEnabled: true });
  for (const locale of ['fr-CA', 'en'] as const) {
    if (locale === 'en') await page.goto(stack.url(MAPLE, `${link}?lang=en`));
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
    t.equal(pages, 1, `${locale}: printed on one A4 page`);
  }
});
