// Receipts that say when, test networks, and forms that fit the country, in headless
// Chromium: the card's success page dates the order and states the USD charge, then Done
// leaves; the in-review and cancelled pages date it too; a dev host's deposit page shows
// a test-network address with the reference and the deadline, then the sent-it question
// and the thanks page; an Australian birthday asks the day first and outlines what is
// missing; switching the currency to IDR replaces the CAD default. JavaScript on and off
// where the step works without it, desktop and phone, English and French.
// SHOTS=dir saves a desktop and a phone screenshot of each screen.

import type { Page } from 'playwright-core';
import t from 'tap';
import { isAddressOnNetwork } from '../../checkout/validation/crypto-address.ts';
import { DESKTOP, PHONE, shoot } from '../helpers/a11y.ts';
import { focused, openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { cardPaid, driveTo } from '../helpers/journey.ts';
import { resumeIn } from '../helpers/screen-tour.ts';

// 14:05 in Toronto: every date on the receipts is this one.
const NOW = Date.parse('2026-11-28T19:05:00Z');
const { stack, browser } = await startBrowserStack({ clock: () => NOW, sandbox: { clock: () => NOW } });

const LOOKS = [
  { javaScriptEnabled: true, viewport: DESKTOP, locale: 'en-CA', name: 'JavaScript on, desktop, English' },
  { javaScriptEnabled: false, viewport: PHONE, locale: 'fr-CA', name: 'JavaScript off, phone, French' },
] as const;

const summaryValue = (page: Page, label: string) =>
  page.locator('.order-summary dt', { hasText: label }).locator('xpath=following-sibling::dd[1]').innerText();

for (const look of LOOKS) {
  // Maple speaks French; the other demo hosts speak English whatever the browser asks.
  const french = look.locale === 'fr-CA';
  const lang = french ? 'fr' : 'en';

  t.test(`card success: when, the USD charge, the reference, then Done (${look.name})`, async (t) => {
    const { page, problems, close } = await openPage(browser, look);
    t.teardown(close);
    const visitor = await cardPaid(stack);
    await resumeIn(stack, page, visitor);
    await page.waitForURL('**/transaction-success');
    t.equal(
      await summaryValue(page, french ? 'Date de la commande' : 'Order placed'),
      french ? '28 novembre 2026 à 14 h 05 HNE' : 'November 28, 2026 at 14:05 EST',
    );
    t.match(
      await summaryValue(page, french ? 'Montant porté à la carte' : 'Card charged'),
      french ? /^71,58\s\$\sUS$/ : /^\$71\.58 USD$/,
    );
    t.equal(await summaryValue(page, french ? 'Numéro de référence' : 'Reference ID'), visitor.refId());
    await shoot(page, `transaction-success-card-${lang}`);
    await page.getByRole('button', { name: french ? 'Terminé' : 'Done' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/transaction-success'), { timeout: 30_000 });
    t.same(problems, []);
  });

  t.test(`in review and cancelled: dated, with the reference (${look.name})`, async (t) => {
    const { page, problems, close } = await openPage(browser, look);
    t.teardown(close);
    const review = await driveTo(stack, '/transaction-in-review', { buyer: { lastName: 'Review' } });
    await resumeIn(stack, page, review);
    await page.waitForURL('**/transaction-in-review');
    t.equal(
      await summaryValue(page, french ? 'Date de la commande' : 'Order placed'),
      french ? '28 novembre 2026 à 14 h 05 HNE' : 'November 28, 2026 at 14:05 EST',
    );
    t.equal(await summaryValue(page, french ? 'Numéro de référence' : 'Reference ID'), review.refId());
    await shoot(page, `transaction-in-review-${lang}`);

    const cancelled = await driveTo(stack, '/transaction-cancelled', { buyer: { lastName: 'Cancel' } });
    await resumeIn(stack, page, cancelled);
    await page.waitForURL('**/transaction-cancelled');
    const hint = await page.locator('.completion .hint').innerText();
    t.match(hint, cancelled.refId());
    t.match(hint, french ? 'Commande passée le 28 novembre 2026 à 14 h 05 HNE' : 'Order placed: November 28, 2026 at 14:05 EST');
    await shoot(page, `transaction-cancelled-${lang}`);
    await page.getByRole('link', { name: french ? 'Réessayer' : 'Try Again' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    t.same(problems, []);
  });

  t.test(`a dev host's deposit page: a testnet address, the reference, the deadline, to the end (${look.name})`, async (t) => {
    const { page, problems, close } = await openPage(browser, look);
    t.teardown(close);
    const seller = await driveTo(stack, '/payment-spend', { host: 'dev.localhost', kind: 'SELL', amount: 0.0015 });
    await seller.get('/payment-spend'); // the first status check (PENDING); the page's own finds PROCESSED
    await resumeIn(stack, page, seller);
    await page.waitForURL('**/payment-spend');
    const french = (await page.locator('html').getAttribute('lang')) === 'fr';
    const address = page.locator('.wallet-address .copy-value-text').first();
    await address.waitFor({ timeout: 30_000 });
    const shown = await address.innerText();
    t.ok(isAddressOnNetwork('BTC', shown, 'testnet') && !isAddressOnNetwork('BTC', shown, 'prod'), `${shown}: testnet only`);
    t.match(
      await page.locator('.deposit-deadline').first().innerText(),
      french ? /^Envoyez vos cryptomonnaies d’ici \d\d h \d\d HNE/ : /^Send your crypto by \d\d:\d\d EST/,
    );
    t.equal(await page.locator('.deposit-reference .reference-id').first().innerText(), seller.refId());
    await shoot(page, `payment-spend-dev-${lang}`);
    await page
      .getByRole('link', { name: french ? 'J’ai envoyé mes cryptomonnaies' : 'I have sent my crypto' })
      .first()
      .click();
    await page.getByRole('link', { name: french ? 'Oui' : 'Yes' }).click();
    await page.waitForURL('**/payment-spend-success');
    t.same(problems, []);
  });

  t.test(`an Australian birthday: day first, what is missing outlined (${look.name})`, async (t) => {
    const { page, problems, close } = await openPage(browser, look);
    t.teardown(close);
    const buyer = await driveTo(stack, '/buyer-info-input', { host: 'roo.localhost', currency: 'AUD', amount: 400 });
    await page.context().addCookies([buyer.browserCookie()]);
    await page.goto(stack.url('roo.localhost', '/buyer-info-input'));
    const french = (await page.locator('html').getAttribute('lang')) === 'fr';
    const order = await page.locator('fieldset.birthday input').evaluateAll((inputs) => inputs.map((input) => input.id));
    t.same(order, ['day', 'month', 'year'], 'day, month, year');
    await page.getByRole('button', { name: french ? 'SUIVANT' : 'NEXT' }).click();
    await page.waitForLoadState('load');
    for (const part of ['day', 'month', 'year']) {
      t.equal(await page.locator(`#${part}`).getAttribute('aria-invalid'), 'true', `${part} outlined`);
    }
    t.ok(await page.getByText(french ? 'Jour : champ obligatoire' : 'Day required', { exact: true }).count());
    t.equal(await focused(page), 'firstName', 'the cursor in the first wrong field');
    await shoot(page, `buyer-info-au-${lang}`);
    t.same(problems, []);
  });
}

t.test('switching the currency to IDR replaces the CAD default, and the quote follows', async (t) => {
  const { page, problems, close } = await openPage(browser, { viewport: DESKTOP });
  t.teardown(close);
  await page.goto(stack.url('test.localhost', '/'));
  await page.waitForLoadState('networkidle');
  const amount = page.locator('#fiatAmount');
  const before = await amount.inputValue();
  await page.locator('#fiatCurrency').selectOption('IDR');
  t.not(await amount.inputValue(), before, 'the CAD default is gone');
  t.equal(await amount.inputValue(), '1500000', "IDR's own default");
  await page.locator('#fiatCurrency').selectOption('CAD');
  t.equal(await amount.inputValue(), before, 'and back');
  await amount.fill('250');
  await page.locator('#fiatCurrency').selectOption('IDR');
  t.equal(await amount.inputValue(), '250', 'an amount the visitor typed stays');
  t.same(problems, []);
});

t.test('the home estimate: what the amount buys only for a method whose fee is known before its quote', async (t) => {
  const { page, problems, close } = await openPage(browser, { viewport: DESKTOP });
  t.teardown(close);
  await page.goto(stack.url('maple.localhost', '/'));
  await page.waitForLoadState('networkidle');
  const estimate = page.locator('.estimate');
  await estimate.waitFor();
  t.match(await estimate.innerText(), 'You receive about', 'e-Transfer: its fee is the merchant file’s');
  await page.locator('#paymentMethod').selectOption('CREDITCARD');
  t.notMatch(await estimate.innerText(), 'You receive about', 'a card: the provider’s fee is in its own quote only');
  t.match(await estimate.innerText(), 'Current price', 'the price itself still shown');
  await page.getByRole('button', { name: 'NEXT' }).click();
  await page.waitForURL('**/price-quote');
  t.same(problems, []);
});
