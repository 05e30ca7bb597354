// Whole journeys in headless Chromium against the sandbox over real sockets, through the
// real UI only (labelled fields, buttons, links), from the home page to the merchant's
// success URL: a maple e-Transfer buy with and without JavaScript, a maple sell to the
// deposit address, and a buy in AUD on the TEST host. No console errors, no CSP violations.

import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, MAPLE, Visitor } from '../helpers/journey.ts';
import { decodeQrPng } from '../helpers/qr.ts';

const { stack, browser } = await startBrowserStack();

const TEST = 'test.localhost';

/** The TEST host takes test-network addresses only: one the shared vectors call valid. */
const vectors = JSON.parse(readFileSync(new URL('../fixtures/crypto-addresses.json', import.meta.url), 'utf8')) as {
  vectors: { coin: string; network: string; address: string; valid: boolean }[];
};
const TESTNET_ADDRESS = vectors.vectors.find((v) => v.coin === 'BTC' && v.network === 'testnet' && v.valid)!.address;

const adultYear = String(new Date().getUTCFullYear() - 30);

/** There is no internet: the merchant's success page is answered locally. */
/** Each screen's title: "{screen} | {merchant title}". */
async function titled(t: Test, page: Page, screen: string, merchant: string): Promise<void> {
  t.equal(await page.title(), `${screen} | ${merchant}`, `title of ${new URL(page.url()).pathname}`);
}

/** Whether leaving now would ask "Are you sure?" (a beforeunload the page cancels), without leaving. */
async function leaveGuardArmed(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle'); // the guard island is hydrated
  return page.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });
}

async function next(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL(`**${path}`, SERVER_STEP);
}

/** Screen 7 as a visitor fills it in; outside production the phone country is chosen first. */
async function fillBuyer(page: Page, mobile: { country: string; number: string }, javaScript: boolean): Promise<void> {
  if (javaScript) await hydrated(page, '#mobile');
  const country = page.getByLabel('Mobile number country');
  if ((await country.count()) && (await country.inputValue()) !== mobile.country) await country.selectOption(mobile.country);
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email Address').fill('ada@example.com');
  await page.getByLabel('Mobile', { exact: true }).fill(mobile.number);
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Day').fill('10');
  await page.getByLabel('Year').fill(adultYear);
}

const CANADIAN_MOBILE = { country: 'CA', number: '416 555 0199' };
const AUSTRALIAN_MOBILE = { country: 'AU', number: '0412 345 678' };

/** The flow the browser holds, read as the edge reads it. */
async function browserFlow(context: BrowserContext, host: string): Promise<Visitor> {
  const flow = (await context.cookies(stack.url(host, '/'))).find((c) => c.name === 'flow');
  return new Visitor(stack, host, flow ? `flow=${flow.value}` : '');
}

interface Buy {
  host: string;
  merchant: string;
  currency: string;
  amount: string;
  /** What the amount buys, as the quote shows it. */
  crypto: string;
  address: string;
  mobile: { country: string; number: string };
  javaScript: boolean;
}

/**
 * A buy by e-Transfer from the home page to the payment page: quote, receiving address,
 * buyer info, code. Returns with the payment instructions on screen.
 */
async function buyToPayment(t: Test, page: Page, buy: Buy): Promise<void> {
  const { host, merchant, javaScript } = buy;
  await page.goto(stack.url(host, '/'));
  await titled(t, page, 'Buy and sell crypto', merchant);
  if (javaScript) await hydrated(page, '#fiatAmount');
  if (await page.getByLabel('Currency', { exact: true }).count()) {
    await page.getByLabel('Currency', { exact: true }).selectOption(buy.currency);
  }
  await page.getByLabel('Amount', { exact: true }).fill(buy.amount);
  await page.getByLabel('Cryptocurrency').selectOption('BTC');
  await page.getByLabel('Payment method').selectOption('ETRANSFER');
  await next(page, '/price-quote');

  await titled(t, page, 'Confirm your quote', merchant);
  const quote = page.locator('.price-quote');
  const fiat = `$${Number(buy.amount).toFixed(2)} ${buy.currency}`;
  t.ok(await quote.getByText(fiat, { exact: true }).count(), `the amount to spend: ${fiat}`);
  const rate = buy.currency === 'AUD' ? '1 BTC = $104,500 AUD' : '1 BTC = $95,000.00 CAD';
  t.ok(await quote.getByText(buy.crypto, { exact: true }).count(), `what it buys: ${buy.crypto}`);
  t.ok(await quote.getByText(rate, { exact: true }).count(), `the rate: ${rate}`);
  t.ok(await quote.getByText('All fees included.').count(), 'all fees included');
  // The leave-page guard asks on the way out, but not when the visitor goes on with NEXT.
  const prompts: string[] = [];
  page.on('dialog', (dialog) => {
    prompts.push(dialog.type());
    void dialog.accept();
  });
  if (javaScript) t.ok(await leaveGuardArmed(page), 'the leave-page guard is armed');
  await next(page, '/address-input');
  t.same(prompts, [], 'NEXT leaves the quote without "Are you sure?"');

  await titled(t, page, 'Your BTC address', merchant);
  await page.getByLabel('Your Bitcoin (BTC) address').fill(buy.address);
  await next(page, '/buyer-info-input');

  await titled(t, page, 'Your details', merchant);
  await fillBuyer(page, buy.mobile, javaScript);
  await next(page, '/mobile-verification');

  await titled(t, page, 'Verify your email', merchant);
  await page.getByLabel('Verification code').fill('123456');
  await next(page, '/payment-etransfer-instructions');

  await titled(t, page, 'Payment', merchant);
  await page.getByRole('heading', { name: 'Pay by Interac e-Transfer' }).waitFor();
  const summary = page.locator('.order-summary');
  t.ok(await summary.getByText(`$${Number(buy.amount).toFixed(2)}`, { exact: true }).count(), 'the order total');
  t.ok(await summary.getByText(buy.crypto, { exact: true }).count(), 'the crypto amount');
  t.ok(await summary.getByText(buy.address).count(), 'the receiving address');
}

/** Pays on the sandbox's e-Transfer page (a popup or a tab) and closes it. */
async function payOn(t: Test, provider: Page, buy: Buy): Promise<void> {
  await provider.waitForLoadState();
  t.match(new URL(provider.url()).pathname, /^\/pay\/etransfer\//, 'the provider page');
  await provider.getByRole('button', { name: `Pay ${Number(buy.amount).toFixed(2)} ${buy.currency}` }).click();
  await provider.getByText('Payment complete').first().waitFor(SERVER_STEP);
  await provider.close();
}

async function successThenDone(t: Test, page: Page, merchant: string, successUrl: string): Promise<void> {
  await page.getByText('Your order is complete.').waitFor(SERVER_STEP);
  await titled(t, page, 'Order complete', merchant);
  await page.getByRole('button', { name: 'Done' }).click();
  await page.waitForURL(successUrl, SERVER_STEP);
  t.equal(page.url(), successUrl, "Done leads to the merchant's success URL");
  t.match(await page.title(), /^Back at /, "the sandbox's stand-in for the merchant's site loaded");
}

/** maple is PROD: a mainnet address; CAD only. */
const MAPLE_BUY = { host: MAPLE, merchant: 'Maple Coin', currency: 'CAD', address: BTC_ADDRESS, mobile: CANADIAN_MOBILE };

t.test('maple buy, Interac e-Transfer, 100 CAD in BTC: home to the success URL, with JavaScript', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  const buy = { ...MAPLE_BUY, amount: '100', crypto: '0.00105263 BTC', javaScript: true };
  await buyToPayment(t, page, buy);

  await page.waitForLoadState('networkidle'); // the popup island is hydrated
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).click()]);
  t.equal(new URL(page.url()).pathname, '/payment-etransfer-instructions', 'the checkout stays put');
  await payOn(t, popup, buy);
  // Closing the popup makes the page check the payment.
  await page.waitForURL('**/transaction-success', SERVER_STEP);
  await successThenDone(t, page, buy.merchant, `${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`);
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('maple buy, Interac e-Transfer, without JavaScript: the payment page in a new tab, then I HAVE PAID', async (t) => {
  const { page, context, problems, requests, close } = await openPage(browser, { javaScriptEnabled: false });
  t.teardown(close);
  const buy = { ...MAPLE_BUY, amount: '120', crypto: '0.00126316 BTC', javaScript: false };
  await buyToPayment(t, page, buy);

  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).click()]);
  await payOn(t, tab, buy);
  await page.getByRole('link', { name: 'I HAVE PAID' }).click();
  await page.waitForURL('**/transaction-success', SERVER_STEP);
  await successThenDone(t, page, buy.merchant, `${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`);
  t.same(
    requests.filter((u) => u.endsWith('.js')),
    [],
    'no JavaScript was requested',
  );
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('maple sell, 0.002 BTC for an e-Transfer payout: to the deposit address and the thanks page', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/'));
  await titled(t, page, 'Buy and sell crypto', 'Maple Coin');
  await hydrated(page, '#fiatAmount');
  await page.getByRole('tab', { name: 'Sell Bitcoin' }).click();
  await page.getByLabel('Amount to sell').fill('0.002');
  t.equal(await page.getByLabel('Payment method').inputValue(), 'ETRANSFEROUT', 'the payout method');
  await next(page, '/price-quote');

  await titled(t, page, 'Confirm your quote', 'Maple Coin');
  const quote = page.locator('.price-quote');
  t.ok(await quote.getByText('0.00200000 BTC', { exact: true }).count(), 'the amount to send');
  t.ok(await quote.getByText('$190.00 CAD', { exact: true }).count(), 'the payout: 0.002 at 95,000');
  t.ok(await quote.getByText('1 BTC = $95,000.00 CAD', { exact: true }).count(), 'the rate');
  t.ok(await leaveGuardArmed(page), 'the leave-page guard is armed');
  await next(page, '/buyer-info-input'); // a prompt here would cancel the navigation

  await titled(t, page, 'Your details', 'Maple Coin');
  await fillBuyer(page, CANADIAN_MOBILE, true);
  await next(page, '/mobile-verification');
  await titled(t, page, 'Verify your email', 'Maple Coin');
  await page.getByLabel('Verification code').fill('123456');
  await next(page, '/email-input');
  await titled(t, page, 'Your e-Transfer email', 'Maple Coin');
  await page.getByLabel('E-Transfer email address').fill('ada@example.com');
  await next(page, '/payment-spend');

  await titled(t, page, 'Send your crypto', 'Maple Coin');
  const expected = (await (await browserFlow(context, MAPLE)).state()).nextActionParams?.cryptoAddress;
  t.ok(expected, 'the sandbox gave a deposit address');
  // The server's status check saw PENDING; the island's poll sees PROCESSED.
  await page.locator('.wallet-address').waitFor(SERVER_STEP);
  t.equal(
    await page.locator('.wallet-address .copy-value-text').textContent(),
    expected,
    'the deposit address, after the status poll',
  );
  t.ok(await page.getByText('Send exactly 0.00200000 BTC to this address:').isVisible(), 'the amount to send');
  const link = `bitcoin:${expected}?amount=0.00200000`;
  t.equal(await page.getByRole('link', { name: 'OPEN IN WALLET' }).getAttribute('href'), link, 'Open in wallet: the wallet link');
  const qr = page.getByRole('img', { name: 'QR code of the wallet link, with the address and the amount' });
  t.equal(decodeQrPng(await qr.screenshot()), link, 'the QR code reads the same link');

  await page.getByRole('link', { name: 'I HAVE SENT MY CRYPTO' }).click();
  const modal = page.getByRole('alertdialog', { name: 'Have you sent your crypto to our provided address?' });
  await modal.waitFor(SERVER_STEP);
  await modal.getByRole('link', { name: 'Yes', exact: true }).click();
  await page.waitForURL('**/payment-spend-success', SERVER_STEP);
  await titled(t, page, 'Thank you', 'Maple Coin');
  t.ok(await page.getByText('We will send your payout as soon as your crypto arrives.').count(), 'the payout promise');
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('TEST host buy in AUD: a testnet address, an Australian mobile, to the success URL', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  const buy: Buy = {
    host: TEST,
    merchant: 'Checkout TEST',
    currency: 'AUD',
    amount: '100',
    crypto: '0.00092833 BTC', // 100 AUD less the test host's 2.99 fee, at 104,500
    address: TESTNET_ADDRESS,
    mobile: AUSTRALIAN_MOBILE,
    javaScript: true,
  };
  await buyToPayment(t, page, buy);

  await page.waitForLoadState('networkidle');
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'OPEN PAYMENT PAGE' }).click()]);
  await payOn(t, popup, buy);
  await page.waitForURL('**/transaction-success', SERVER_STEP);
  await successThenDone(t, page, buy.merchant, `${stack.sandbox.siteUrl}/shop/test/thanks?name=Checkout+Test`);
  t.same(problems, [], 'no console errors or CSP violations');
});
