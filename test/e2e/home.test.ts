// Screen 1 in a real browser, with and without JavaScript: each demo brand's title, style
// and footer, tab switching, and the spec's amount messages after an invalid submit.

import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import t from 'tap';
import { TICKER_REFRESH_MS, TICKER_WAIT_MS } from '../../checkout/limits.ts';
import type { TickerRow } from '../../checkout/ticker-rows.ts';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { MAPLE } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const { stack, browser } = await startBrowserStack();

function brand(id: string) {
  const config = JSON.parse(readFileSync(`merchants/${id}/merchant.json`, 'utf8')) as { title: string };
  const css = readFileSync(`merchants/${id}/style.css`, 'utf8');
  const colour = /--brand:\s*([^;]+);/.exec(css)?.[1]?.trim();
  return { title: config.title, colour };
}

/** rgb(200, 16, 46) for #c8102e, as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? 'with JavaScript' : 'without JavaScript';

  for (const id of ['maple', 'roo', 'dev']) {
    t.test(`${id} home page ${mode}: brand, style, footer`, async (t) => {
      const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
      t.teardown(close);
      const response = await page.goto(stack.url(`${id}.localhost`, '/'));
      t.equal(response?.status(), 200);
      const { title, colour } = brand(id);
      t.match(await page.title(), title);
      t.equal(await page.locator('.brand-name').textContent(), title);
      // The merchant's own style sheet is applied: the primary button wears its colour.
      const background = await page.locator('button[type=submit]').evaluate((el) => getComputedStyle(el).backgroundColor);
      t.equal(background, rgb(colour!), 'submit button uses the merchant brand colour');
      // dev has no legal pages of its own: its footer links none.
      const legalLinks = await page.locator('footer.site-footer a[href="/privacy-policy"]').count();
      if (id === 'dev') t.equal(legalLinks, 0, 'footer links no legal page dev lacks');
      else t.ok(legalLinks, 'footer has legal links');
      t.same(problems, [], 'no console errors or CSP violations');
    });
  }

  t.test(`maple tabs and amount messages ${mode}`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await page.goto(stack.url('maple.localhost', '/'));
    const tabs = page.getByRole('tab');
    t.same(await tabs.allTextContents(), ['Buy Bitcoin', 'Sell Bitcoin', 'Buy eGift Cards']);

    // Buy: letters, then too much, then too little.
    await page.getByLabel('Amount', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForSelector('text=Value must be a number.');
    t.equal(await page.getByLabel('Amount', { exact: true }).inputValue(), 'abc', 'what was typed is kept');

    await page.getByLabel('Amount', { exact: true }).fill('999999');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForSelector('text=Amount must be less than $3,000.');

    await page.getByLabel('Amount', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForSelector('text=Amount must be greater than $20.');

    // Sell tab: crypto amount.
    await page.getByRole('tab', { name: 'Sell Bitcoin' }).click();
    const sellAmount = page.getByLabel('Amount to sell');
    await sellAmount.waitFor();
    await sellAmount.fill('-1');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForSelector('text=/Amount must be (greater than zero|greater than BTC)/');

    // Spend tab: a gift card must be chosen.
    await page.getByRole('tab', { name: 'Buy eGift Cards' }).click();
    await page.getByLabel('eGift card').waitFor();
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForSelector('text=Gift card must be selected.');
    t.same(problems, [], 'no console errors or CSP violations');
  });
}

t.test('roo offers one flow, so no tabs', async (t) => {
  const { page, close } = await openPage(browser);
  t.teardown(close);
  await page.goto(stack.url('roo.localhost', '/'));
  t.equal(await page.getByRole('tab').count(), 0);
  t.equal(await page.getByLabel('Amount', { exact: true }).count(), 1);
});

t.test('PLEASE WAIT while the quote is requested', async (t) => {
  const { page, close } = await openPage(browser);
  t.teardown(close);
  await page.goto(stack.url('maple.localhost', '/'));
  // Hold the form submission until the pending state has been seen. Playwright cannot
  // query a page that is navigating, so the page itself reports the button's text.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  t.teardown(release);
  await page.route('**/', async (route) => {
    if (route.request().method() === 'POST') await held;
    await route.continue();
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    const button = document.querySelector('button[type=submit]')!;
    new MutationObserver(() => console.log(`submit button: ${button.textContent}`)).observe(button, {
      childList: true,
      subtree: true,
      characterData: true,
    });
  });
  await page.getByLabel('Amount', { exact: true }).fill('100');
  const posted = page.waitForRequest((r) => r.method() === 'POST');
  const seen = page.waitForEvent('console', (m) => m.text() === 'submit button: PLEASE WAIT');
  await page.getByRole('button', { name: 'NEXT' }).click({ noWaitAfter: true });
  await seen;
  release();
  t.match((await posted).postData(), /browserResolution=\d+x\d+/, 'the screen size goes with the quote request');
  t.pass('button reads PLEASE WAIT');
});

t.test('a legal page ships no JavaScript; the home page loads only the boot script and its chunks', async (t) => {
  const legal = await openPage(browser);
  t.teardown(legal.close);
  await legal.page.goto(stack.url('maple.localhost', '/privacy-policy'));
  t.equal(await legal.page.locator('script[src], script[type=module]').count(), 0, 'no script elements');
  t.same(
    legal.requests.filter((u) => u.endsWith('.js')),
    [],
    'no JavaScript requested',
  );

  const home = await openPage(browser);
  t.teardown(home.close);
  await home.page.goto(stack.url('maple.localhost', '/'));
  await home.page.waitForLoadState('networkidle');
  const manifest = stack.app.assetManifest;
  const allowed = new Set([manifest.boot, ...manifest.chunks]);
  const scripts = home.requests.filter((u) => u.endsWith('.js')).map((u) => new URL(u).pathname);
  t.ok(scripts.includes(manifest.boot), 'boot script loaded');
  t.same(
    scripts.filter((s) => !allowed.has(s)),
    [],
    'nothing but the boot script and its chunks',
  );
});

/** Holds the page's scripts until released: a slow network, made certain, for what a visitor does first. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\//, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

t.test('an amount typed before the form hydrates is kept, and sent', async (t) => {
  const { page, problems, close } = await openPage(browser, { javaScriptEnabled: true });
  t.teardown(close);
  const release = await holdScripts(page);
  await page.goto(stack.url('maple.localhost', '/'), { waitUntil: 'commit' });
  const amount = page.getByLabel('Amount', { exact: true });
  await amount.fill('5');
  release();
  await hydrated(page, 'form.amount-form');
  t.equal(await amount.inputValue(), '5', 'hydration keeps what was typed');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForSelector('text=Amount must be greater than $20.');
  t.same(problems, []);
});

t.test('an eGift card and its amount chosen before the form hydrates are the ones quoted', async (t) => {
  const { page, problems, close } = await openPage(browser, { javaScriptEnabled: true });
  t.teardown(close);
  const release = await holdScripts(page);
  await page.goto(stack.url('maple.localhost', '/?type=SPEND'), { waitUntil: 'commit' });
  await page.locator('select[name="paymentMethodSubtype"]').selectOption('NORTHMART_CA');
  // Before the island runs, the amounts of every card are offered; $50 is one of Northmart's.
  const amount = page.locator('select[name="fiatAmount"]');
  await amount.selectOption({ label: '$50' });
  release();
  await hydrated(page, 'form.amount-form');
  // The island narrows the amounts to the chosen card's: the one picked stays picked.
  await page.waitForFunction(() => !document.querySelector('#spendAmount optgroup'));
  t.equal(await amount.inputValue(), '50', 'hydration keeps the amount picked');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/spend-quote', SERVER_STEP);
  t.ok(await page.getByRole('radio', { name: '$50.00' }).isChecked(), 'the quote is for the amount picked');
  t.same(problems, []);
});

t.test('the method chosen is still the one shown, and estimated, after another tab', async (t) => {
  const { page, problems, close } = await openPage(browser, { javaScriptEnabled: true });
  t.teardown(close);
  await page.goto(stack.url('maple.localhost', '/'));
  await hydrated(page, 'form.amount-form');
  const method = page.getByLabel('Payment method');
  await method.selectOption({ label: 'Credit card' });
  const estimate = page.locator('.estimate');
  const chosen = await estimate.innerText();
  await page.getByRole('tab', { name: 'Sell Bitcoin' }).click();
  await page.getByLabel('Amount to sell').waitFor();
  await page.getByRole('tab', { name: 'Buy Bitcoin' }).click();
  t.equal(await method.inputValue(), 'CREDITCARD', 'the select shows the method chosen');
  t.equal(await estimate.innerText(), chosen, 'and the estimate is still that method’s');
  t.same(problems, []);
});

t.test('a ticker too slow for the page: the estimate comes with its first rows, and moves with them', async (t) => {
  // Every upstream answer waits longer than the home page waits for the ticker.
  const slow = await startStack({ sandbox: { faults: `delay:${TICKER_WAIT_MS + 500}` } });
  t.teardown(() => slow.close());
  const { page, problems, close } = await openPage(browser, { javaScriptEnabled: true });
  t.teardown(close);
  await page.clock.install();
  const served = await page.goto(slow.url(MAPLE, '/'));
  t.notMatch(await served!.text(), 'class="estimate"', 'the page came before the prices');
  const estimate = page.locator('.estimate');
  const ticker = page.locator('.ticker');
  await estimate.getByText('1 BTC = $95,000.00 CAD').waitFor();
  t.ok(await ticker.getByText('$95,000.00 CAD').isVisible(), 'the price the ticker shows');
  t.match(await estimate.innerText(), /You receive about/, 'and what the amount buys at it');

  // The prices move: the ticker's next answer moves the estimate too.
  const answer = (await slow.app.inject({ url: '/api/pubapi/ticker/merchant', headers: { host: MAPLE } })).json() as TickerRow[];
  const moved = answer.map((row) =>
    row.cryptoCurrency === 'BTC' && row.fiatCurrency === 'CAD' ? { ...row, fiatAmount: 96_000 } : row,
  );
  await page.route('**/api/pubapi/ticker/merchant', (route) => route.fulfill({ json: moved }));
  await page.clock.runFor(TICKER_REFRESH_MS);
  await ticker.getByText('$96,000.00 CAD').waitFor();
  await estimate.getByText('1 BTC = $96,000.00 CAD').waitFor();
  t.pass('the estimate is priced as the ticker beside it');

  // A refresh with no usable prices (as the island reads a refusal or an outage too): both keep the last they showed.
  await page.unroute('**/api/pubapi/ticker/merchant');
  await page.route('**/api/pubapi/ticker/merchant', (route) => route.fulfill({ json: { rows: 'none' } }));
  const unusable = page.waitForResponse((r) => r.url().includes('/api/pubapi/ticker/merchant'));
  await page.clock.runFor(TICKER_REFRESH_MS);
  await unusable;
  await page.evaluate(() => document.body.offsetHeight); // a turn of the page's loop for the island to read it
  t.ok(await ticker.getByText('$96,000.00 CAD').isVisible(), 'the ticker keeps its prices');
  t.ok(await estimate.getByText('1 BTC = $96,000.00 CAD').isVisible(), 'and the estimate the same');
  t.same(problems, []);
});
