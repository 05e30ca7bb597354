// Payment rails II in headless Chromium against the sandbox: the cash-in map offline with
// a fixed clock, /proc streaming, the ticker on maple's home, Pro, the eGift journey and
// the cash journey (both also with JavaScript off). No console errors, no CSP violations.
// SHOTS=dir saves a desktop and a phone screenshot of each screen.

import type { Page } from 'playwright-core';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { shoot } from '../helpers/a11y.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_TESTNET_ADDRESS, BUYER, CODE, MAPLE } from '../helpers/journey.ts';

const { SPEND_QUOTE_TEXT } = DEFAULT_TEXTS;

// 10:30 in Manila (02:30 UTC): the edge and the browser agree.
const NOW = Date.parse('2026-11-22T02:30:00Z');
const { stack, browser } = await startBrowserStack({ clock: () => NOW, sandbox: { clock: () => NOW } });

const MANILA = 'manila.localhost';

/** Nothing reaches the internet: every request is to the stack itself. */
function offline(page: Page) {
  return page
    .context()
    .route(/^https?:\/\/(?!([a-z]+\.)?localhost|127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'));
}

t.test('the cash-in map with no network: outline, markers, open now by a fixed clock', async (t) => {
  const { page, problems, requests, close } = await openPage(browser);
  t.teardown(close);
  await page.setViewportSize({ width: 1280, height: 800 });
  await offline(page);
  await page.clock.setFixedTime(NOW);
  await page.goto(stack.url(MANILA, '/cash-in-locations'));
  await page.locator('.leaflet-container').waitFor();
  await page.locator('path.cash-in-outline').first().waitFor();
  const markers = page.locator('path.centre-marker');
  const count = await markers.count();
  t.ok(count > 50, `${count} centres marked`);
  t.ok((await page.locator('path.centre-closed').count()) > 0, 'some closed at 10:30 (the night centres)');
  t.ok((await page.locator('path.centre-open').count()) > 0, 'most open');
  t.equal(await page.locator('.site-header, .site-footer').count(), 0, 'header and footer hidden');
  // Markers overlap downtown: the click goes to the marker itself.
  await page.locator('path.centre-open').first().dispatchEvent('click');
  await page.locator('.leaflet-popup-content').getByText('Open now').waitFor();
  t.ok(
    requests.some((u) => /\/assets\/css\/leaflet\.[0-9a-f]+\.css$/.test(u)),
    'leaflet style sheet',
  );
  t.ok(
    requests.some((u) => /\/assets\/data\/ph-outline\.[0-9a-f]+\.json$/.test(u)),
    'the packaged outline',
  );
  await shoot(page, 'cash-in-locations');
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('the cash-in map without JavaScript: centres by city, nearest first', async (t) => {
  const { page, problems, requests, close } = await openPage(browser, { javaScriptEnabled: false });
  t.teardown(close);
  await page.goto(stack.url(MANILA, '/cash-in-locations'));
  t.equal(await page.locator('.centre-city h2').first().textContent(), 'Manila');
  t.ok(await page.getByText('The map needs JavaScript; every centre is listed below.').isVisible());
  t.same(
    requests.filter((u) => u.endsWith('.js')),
    [],
  );
  t.same(problems, []);
});

t.test('leaflet only on the map page', async (t) => {
  const { page, requests, close } = await openPage(browser);
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/'));
  await page.waitForLoadState('networkidle');
  t.notOk(
    requests.some((u) => u.includes('leaflet')),
    'no leaflet style sheet on the home page',
  );
  const scripts = await Promise.all(
    requests
      .filter((u) => u.endsWith('.js'))
      .map(async (u) => (await stack.app.inject({ url: new URL(u).pathname, headers: { host: MAPLE } })).body),
  );
  t.notOk(
    scripts.some((s) => s.includes('leaflet-container')),
    "no leaflet code in the home page's scripts",
  );
});

t.test('/proc/{id}: Processing, then Done', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/proc/order-7?ref=abc'), { waitUntil: 'commit' });
  await page.getByText('Done', { exact: true }).waitFor();
  // React reveals the streamed result in its next frame batch: Processing gives way to Done.
  await page.waitForFunction(() => document.querySelectorAll('.proc-status').length === 1);
  t.equal(await page.locator('.proc-status').textContent(), 'Done', 'Processing was replaced by Done');
  await shoot(page, 'proc');
  t.same(problems, []);
});

t.test("the ticker on maple's home", async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/'));
  await page.locator('.ticker').getByText('$95,000.00 CAD').waitFor();
  t.equal(await page.locator('.ticker li').count(), 4);
  await page.waitForLoadState('networkidle');
  await shoot(page, 'home-ticker');
  t.same(problems, []);
});

t.test('Pro: vip-demo to a Pro quote; an unknown hash goes home', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  await page.clock.install({ time: NOW });
  await page.goto(stack.url(MAPLE, '/pro/not-invited'));
  t.equal(new URL(page.url()).pathname, '/');
  await page.goto(stack.url(MAPLE, '/pro/vip-demo'));
  await page.getByRole('heading', { name: 'Higher limits, lower fees' }).waitFor();
  t.ok(await page.getByText('Your Pro fee: $0.00').isVisible(), "the Pro fee: never more than maple's promotion");
  await page.waitForLoadState('networkidle');
  await shoot(page, 'pro');
  await page.locator('#fiatAmount').fill('1500');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/price-quote');
  t.notOk(await page.getByText('NO PROCESSING FEES').isVisible(), 'no promo for Pro');
  t.ok(await page.locator('.price-quote').getByText('1 BTC = $95,000.00 CAD').isVisible(), 'the rate');
  t.equal(await page.locator('.price-quote').getByText('Fee (included)').count(), 0, 'no fee: Pro pays nothing on maple');
  // maple is a production merchant: the quote page posts the user-agent log, once per transaction.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await page.waitForLoadState('networkidle');
  const received = (await stack.sandbox.app.inject({ method: 'GET', url: '/thirdparty/forms/received' })).json() as {
    received: { form: string; body: { refId: string; width: string; height: string } }[];
  };
  const logs = received.received.filter((r) => r.form === 'ualog');
  t.equal(logs.length, 1, 'posted once, not again on reload');
  // A form post: its fields are text.
  t.equal(logs[0]?.body.width, '1280');
  t.equal(logs[0]?.body.height, '720');
  t.same(problems, []);
});

for (const js of [true, false]) {
  t.test(`maple eGift from the home tab to /payment-spend-success, JavaScript ${js ? 'on' : 'off'}`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled: js });
    t.teardown(close);
    // The browser's clock agrees with the stack's, so the rate hold is not over.
    await page.clock.install({ time: NOW });
    await page.goto(stack.url(MAPLE, '/?type=SPEND'));
    if (js) await page.waitForLoadState('networkidle');
    await page.locator('select[name="paymentMethodSubtype"]').selectOption('NORTHMART_CA');
    if (!js) {
      // Without JavaScript the card's amounts come with the page: pick the card's first.
      await page
        .locator('select[name="fiatAmount"]')
        .selectOption({ index: 0 })
        .catch(() => undefined);
    }
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/spend-quote');
    await page.getByRole('heading', { name: 'Northmart.ca eGift card' }).waitFor();
    if (js) await shoot(page, 'spend-quote');
    // The home form quoted the card's first amount: NEXT on another one shows its figures first.
    await page.getByRole('radio', { name: '$50.00' }).check();
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.getByText(SPEND_QUOTE_TEXT.requoted).waitFor();
    t.ok(await page.getByRole('radio', { name: '$50.00' }).isChecked(), 'the new amount stays chosen');
    t.match(await page.locator('.quote-summary').innerText(), '0.00054211 BTC', "the new amount's figures");
    if (js) await shoot(page, 'spend-quote-new-amount');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/buyer-info-input');
    for (const [name, value] of Object.entries(BUYER)) await page.locator(`[name="${name}"]`).fill(value);
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/mobile-verification');
    await page.locator('[name="verificationCode"]').fill(CODE);
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/payment-spend');
    // The sandbox answers PENDING once, then PROCESSED: the island's check shows the
    // address, and without JavaScript the server's, streamed into the same page.
    await page.getByRole('link', { name: 'I HAVE SENT MY CRYPTO' }).click();
    await page.getByText('Have you sent your crypto to our provided address?').waitFor();
    await page.getByRole('link', { name: 'Yes' }).click();
    await page.waitForURL('**/payment-spend-success');
    await page.getByText('We will email your eGift card as soon as your crypto arrives.').waitFor();
    t.same(problems, [], 'no console errors or CSP violations');
  });
}

const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

for (const js of [true, false]) {
  t.test(`manila cash order of 1000 PHP to /payment-otc and its thanks page, JavaScript ${js ? 'on' : 'off'}`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled: js });
    t.teardown(close);
    // The browser's clock agrees with the stack's, so the rate hold is not over.
    await page.clock.install({ time: NOW });
    await page.goto(stack.url(MANILA, '/'));
    await page.locator('#fiatAmount').fill('1000');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/price-quote');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/address-input');
    await page.locator('[name="cryptoAddress"]').fill(BTC_TESTNET_ADDRESS);
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/buyer-info-input');
    const buyer = { ...BUYER, mobile: '0917 123 4567', addressLine1: '1 Ayala Ave', cityTown: 'Makati', postalCode: '1226' };
    for (const [name, value] of Object.entries(buyer)) await page.locator(`[name="${name}"]`).fill(value);
    await page
      .locator('[name="mobileCountry"]')
      .selectOption('PH')
      .catch(() => undefined);
    await page
      .locator('[name="stateProv"]')
      .selectOption('00')
      .catch(() => page.locator('[name="stateProv"]').fill('00'));
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/mobile-verification');
    await page.locator('[name="verificationCode"]').fill(CODE);
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/image-input-choice');
    // The identity screens are another issue's; the selfie goes to the sandbox directly.
    const flow = (await page.context().cookies(stack.url(MANILA, '/'))).find((c) => c.name === 'flow');
    const unsigned = stack.app.unsignCookie(decodeURIComponent(flow?.value ?? ''));
    const refId = (JSON.parse(Buffer.from(unsigned.value ?? '', 'base64url').toString('utf8')) as { refId: string }).refId;
    const selfie = await stack.sandbox.app.inject({
      method: 'POST',
      url: '/txnbuy/selfieimage',
      payload: {
        refId,
        mimeType: 'image/png',
        fileName: 'me.png',
        extName: 'png',
        encodedFile: TINY_PNG,
        imageSource: 'UPLOAD',
        documentType: 'SELFIE',
      },
    });
    t.equal(selfie.statusCode, 200);
    await page.goto(stack.url(MANILA, '/transaction'));
    await page.waitForURL('**/payment-otc');
    t.equal(await page.locator('#reference-number').textContent(), refId, 'the reference number, large');
    t.ok(await page.getByText('₱50.00').isVisible(), 'the OTC fee');
    if (js) {
      await page.waitForLoadState('networkidle');
      await shoot(page, 'payment-otc');
    }
    await page.getByRole('link', { name: 'I HAVE NOTED IT' }).click();
    await page.getByText('Did you note down your Reference Number?').waitFor();
    await page.getByRole('link', { name: 'Yes' }).click();
    await page.waitForURL('**/payment-otc-success');
    t.ok(await page.getByText(refId, { exact: true }).isVisible());
    if (js) await shoot(page, 'payment-otc-success');
    t.same(problems, [], 'no console errors or CSP violations');
  });
}
