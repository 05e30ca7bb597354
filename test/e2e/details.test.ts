// Screens 5-8 of a maple buy in headless Chromium over real sockets: the phone island
// (flag, calling code, formatting as you type), the spec's messages with JavaScript off,
// three wrong codes and the way home, and no console errors or CSP violations anywhere.

import type { BrowserContext, Page } from 'playwright-core';
import t from 'tap';
import { becomes, hydrated, openPage, SERVER_STEP, submitted } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, BTC_TESTNET_ADDRESS, driveTo, MAPLE } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();

/**
 * A buy quote, posted as the home form posts it and confirmed (NEXT on the quote); its
 * flow cookie goes into the browser. The quote screen has its own tests, so this one
 * starts at the receiving address.
 */
async function quote(context: BrowserContext, host = MAPLE) {
  await context.addCookies([(await driveTo(stack, '/address-input', { host })).browserCookie()]);
}

async function fillBuyer(page: Page) {
  await page.getByLabel('First Name').fill('Ada');
  await page.getByLabel('Last Name').fill('Lovelace');
  await page.getByLabel('Email Address').fill('ada@example.com');
  await page.getByLabel('Month').fill('12');
  await page.getByLabel('Day').fill('10');
  await page.getByLabel('Year').fill('1985');
}

t.test('maple buy with JavaScript: address, buyer info with the phone island, three wrong codes', async (t) => {
  const { page, context, problems, requests, close } = await openPage(browser);
  t.teardown(close);
  await quote(context);
  await page.goto(stack.url(MAPLE, '/address-input'));

  t.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Where should we send your Bitcoin?');
  t.ok(await page.getByRole('link', { name: 'Hearthstone Wallet' }).count(), 'wallet recommendation');
  t.ok(await page.getByRole('heading', { name: 'Protect yourself from scams' }).count(), 'scam warnings');
  const field = page.getByLabel('Your Bitcoin (BTC) address');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.getByText('Your BTC address is required.').waitFor();
  await page.getByLabel('Your Bitcoin (BTC) address').fill('1BoatSLRHtKNngkdXEeobR76b53LETtpyX');
  await page.getByLabel('Your Bitcoin (BTC) address').press('Enter');
  await page.getByText('This is not a valid BTC address.').waitFor();
  t.equal(await field.inputValue(), '1BoatSLRHtKNngkdXEeobR76b53LETtpyX', 'typed value kept');
  t.same(
    requests.filter((u) => u.endsWith('.js')),
    [],
    'the address screen ships no JavaScript',
  );
  const message = page.getByText('This is not a valid BTC address.');
  await field.fill(BTC_ADDRESS);
  t.ok(await becomes(message, 'hidden'), 'the message clears as the field is fixed, without JavaScript');
  await field.fill('1BoatSLRHtKNngkdXEeobR76b53LETtpyX');
  t.ok(await becomes(message, 'visible'), 'and comes back for the value it was about');
  await field.fill(BTC_ADDRESS);
  await field.press('Enter'); // Enter submits
  await page.waitForURL('**/buyer-info-input');

  // The phone island: country, calling code, formatting as the number is typed.
  const prefix = page.locator('.phone-prefix');
  t.match(await prefix.textContent(), /CA\s*Canada\s*\+1/);
  await hydrated(page, '#mobile');
  await page.getByLabel('Mobile', { exact: true }).pressSequentially('4165550199');
  t.equal(await page.getByLabel('Mobile', { exact: true }).inputValue(), '(416) 555-0199', 'formatted as typed');
  t.equal(await page.locator('select[name=mobileCountry]').count(), 0, 'no country selector in PROD');

  // Messages from the server, with the island's value kept.
  await page.getByLabel('First Name').fill('A');
  await submitted(page, () => page.getByRole('button', { name: 'NEXT' }).click());
  await page.getByText('First Name must be longer than 1 character').waitFor();
  t.ok(await page.getByText('Month required').count());
  t.equal(await page.getByLabel('Mobile', { exact: true }).inputValue(), '(416) 555-0199', 'the number survives the round trip');
  await fillBuyer(page);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/mobile-verification');

  const code = page.getByLabel('Verification code');
  t.equal(await code.getAttribute('autocomplete'), 'one-time-code');
  t.ok(await page.getByText('The code is valid for 10 minutes.').count());
  for (const [wrong, left] of [
    ['111111', 'You have 2 attempts left.'],
    ['222222', 'You have 1 attempt left: one more wrong code cancels the order.'],
  ] as const) {
    await code.fill(wrong);
    await code.press('Enter');
    await page.getByText(`Invalid verification code. ${left}`).waitFor();
  }
  await code.fill('333333');
  const notice = page.waitForResponse((r) => r.request().isNavigationRequest() && r.headers().refresh !== undefined);
  await submitted(page, () => code.press('Enter'));
  await page.getByText('Transaction has been cancelled. Redirecting to homepage in 5 seconds...').waitFor();
  t.ok(await page.getByText('You have reached the maximum number of verification attempts.').count(), "the upstream's message");
  t.ok(await page.getByText(/^Your reference ID: \S+$/).count(), 'the reference of the cancelled order');
  t.ok(await page.getByRole('link', { name: 'Go to Maple Coin now' }).count(), 'a link to where the notice leads');
  // With an error code the page leaves for the merchant's error URL with err (answered locally: no internet here).
  await page.route('https://maple.example/**', (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><title>Maple error</title><h1>Maple error</h1>',
    }),
  );
  const shownAt = Date.now();
  const errorUrl = `${stack.sandbox.siteUrl}/shop/maple/error?name=Maple+Coin&err=MOBILE.INVALIDATTEMPT.REACHED`;
  // The browser keeps the page's own 5 s (its Refresh header): not before, and however busy the machine.
  t.equal((await notice).headers().refresh, `5; url=${errorUrl}`, 'the page asks for the error URL in 5 s');
  await page.waitForURL(errorUrl, SERVER_STEP);
  const waited = Date.now() - shownAt;
  t.ok(waited >= 4000, `the error URL after about 5 s (${waited} ms)`);
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('maple buy without JavaScript: the buyer-info messages, then the code', async (t) => {
  const { page, context, problems, requests, close } = await openPage(browser, { javaScriptEnabled: false });
  t.teardown(close);
  await quote(context);
  await page.goto(stack.url(MAPLE, '/address-input'));
  await page.getByLabel('Your Bitcoin (BTC) address').fill(BTC_ADDRESS);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/buyer-info-input');

  await submitted(page, () => page.getByRole('button', { name: 'NEXT' }).click());
  for (const message of [
    'First Name required',
    'Last Name required',
    'Email Address required',
    'Mobile must be a valid CA phone number',
    'Month required',
    'Day required',
    'Year required',
  ]) {
    t.ok(await page.getByText(message, { exact: true }).count(), message);
  }
  await fillBuyer(page);
  await page.getByLabel('Email Address').fill('ada@');
  await page.getByLabel('Mobile', { exact: true }).fill('+61 412 345 678');
  await page.getByLabel('Year').fill(String(new Date().getUTCFullYear() - 5));
  await submitted(page, () => page.getByRole('button', { name: 'NEXT' }).click());
  for (const message of ['Invalid email address', 'Mobile must be a valid CA phone number', 'Must be of legal age']) {
    t.ok(await page.getByText(message, { exact: true }).count(), message);
  }
  t.equal(await page.getByLabel('First Name').inputValue(), 'Ada', 'typed values kept');
  t.equal(await page.getByLabel('Mobile', { exact: true }).inputValue(), '+61 412 345 678', 'a plain tel input keeps the number');

  await fillBuyer(page);
  await page.getByLabel('Mobile', { exact: true }).fill('416 555 0199');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/mobile-verification');
  await page.getByRole('button', { name: 'Resend Code' }).click();
  await page.getByText('A new code is on its way. Check your email.').waitFor();

  await page.getByLabel('Verification code').fill('１２３４５６');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.getByText('Invalid code.  Code must be numeric.').waitFor();
  await page.getByLabel('Verification code').fill('123456');
  const [verified] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/mobile-verification'),
    page.getByRole('button', { name: 'NEXT' }).click(),
  ]);
  t.equal(verified.status(), 303);
  t.equal(await verified.headerValue('location'), '/payment-etransfer-instructions', 'the next-screen rule');
  t.same(
    requests.filter((u) => u.endsWith('.js')),
    [],
    'nothing tried to load JavaScript',
  );
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('a DEV host offers the phone country selector; the island follows it', async (t) => {
  const { page, context, problems, close } = await openPage(browser);
  t.teardown(close);
  await quote(context, 'dev.localhost');
  await page.goto(stack.url('dev.localhost', '/address-input'));
  await page.getByLabel(/address/).fill(BTC_TESTNET_ADDRESS);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/buyer-info-input');
  await hydrated(page, '#mobile');
  await page.getByLabel('Mobile number country').selectOption('AU');
  t.match(await page.locator('select[name=mobileCountry] option:checked').textContent(), /\+61\s*Australia/);
  t.equal(await page.locator('.phone-row').count(), 1, 'the selector is the prefix: one box in front of the number');
  await page.getByLabel('Mobile', { exact: true }).pressSequentially('0412345678');
  t.equal(await page.getByLabel('Mobile', { exact: true }).inputValue(), '0412 345 678', 'formatted for Australia');
  await fillBuyer(page);
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/mobile-verification');
  t.pass('an Australian mobile is accepted when chosen outside production');
  t.same(problems, [], 'no console errors or CSP violations');
});
