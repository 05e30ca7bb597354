// A maple buy by Interac e-Transfer in Canadian French, home to the merchant's success URL,
// through the real UI: once with the browser asking for French (Accept-Language) and
// JavaScript on, once chosen with the header's switch and JavaScript off. The words are the
// French catalogue's, the figures are written the Quebec way, and axe finds nothing
// serious on the French pages (their lang included).

import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { expectAccessible } from '../helpers/a11y.ts';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, MAPLE } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();

/** Quebec writes a no-break space between digit groups and before the dollar sign. */
const fr = (text: string) => text.replace(/ /g, '\u00a0');
const adultYear = String(new Date().getUTCFullYear() - 30);
const MERCHANT = 'Maple Coin';

async function titled(t: Test, page: Page, screen: string): Promise<void> {
  t.equal(await page.title(), `${screen} | ${MERCHANT}`, `title of ${new URL(page.url()).pathname}`);
  t.equal(await page.locator('html').getAttribute('lang'), 'fr-CA', `<html lang> of ${new URL(page.url()).pathname}`);
}

async function next(page: Page, path: string): Promise<void> {
  await page.getByRole('button', { name: 'SUIVANT' }).click();
  await page.waitForURL(`**${path}`, SERVER_STEP);
}

async function buyInFrench(t: Test, page: Page, javaScript: boolean, amount: string, crypto: string): Promise<void> {
  const audit = (screen: string) => expectAccessible(t, page, screen, { javaScriptEnabled: javaScript });
  await titled(t, page, 'Acheter et vendre des cryptomonnaies');
  await audit('accueil');
  if (javaScript) await hydrated(page, '#fiatAmount');
  await page.getByLabel('Montant', { exact: true }).fill(amount);
  await page.getByLabel('Cryptomonnaie').selectOption('BTC');
  const method = page.getByLabel('Mode de paiement');
  t.equal(
    await method.locator('option[value="ETRANSFER"]').textContent(),
    'Virement Interac',
    "the method by the merchant's French label",
  );
  await method.selectOption('ETRANSFER');
  await next(page, '/price-quote');

  await titled(t, page, 'Confirmez votre cotation');
  const quote = page.locator('.price-quote');
  const total = fr(`${amount},00 $ CAD`);
  t.ok(await quote.getByText(total, { exact: true }).count(), `the amount to spend: ${total}`);
  t.ok(await quote.getByText(fr(crypto), { exact: true }).count(), `what it buys: ${crypto}`);
  const rate = fr('1 BTC = 95 000,00 $ CAD');
  t.ok(await quote.getByText(rate, { exact: true }).count(), `the rate: ${rate}`);
  t.ok(await quote.getByText('Tous les frais sont compris.').count(), 'all fees included');
  // Before hydration (and without JavaScript) the hold reads as the deadline's wall-clock time.
  if (!javaScript)
    t.match(await quote.locator('time').first().textContent(), /^\d{2} h \d{2} /, 'the deadline, 24-hour, the Quebec way');
  else {
    // Hydrated, the hold counts down: the island's words come from the French catalogue, fetched for this page.
    await quote.getByText('Taux garanti pendant').first().waitFor(SERVER_STEP);
    t.pass('the hydrated countdown speaks French');
  }
  await audit('cotation');
  await next(page, '/address-input');

  await titled(t, page, 'Votre adresse BTC');
  await page.getByLabel('Votre adresse Bitcoin (BTC)').fill(BTC_ADDRESS);
  await next(page, '/buyer-info-input');

  await titled(t, page, 'Vos coordonnées');
  if (javaScript) await hydrated(page, '#mobile');
  await page.getByLabel('Prénom').fill('Ada');
  await page.getByLabel('Nom de famille').fill('Lovelace');
  await page.getByLabel('Adresse courriel').fill('ada@example.com');
  await page.getByLabel('Cellulaire', { exact: true }).fill('416 555 0199');
  await page.getByLabel('Mois').fill('12');
  await page.getByLabel('Jour').fill('10');
  await page.getByLabel('Année').fill(adultYear);
  await audit('coordonnées');
  await next(page, '/mobile-verification');

  await titled(t, page, 'Vérifiez votre adresse courriel');
  await page.getByLabel('Code de vérification').fill('123456');
  await next(page, '/payment-etransfer-instructions');

  await titled(t, page, 'Paiement');
  await page.getByRole('heading', { name: 'Payer par virement Interac' }).waitFor();
  const summary = page.locator('.order-summary');
  t.ok(await summary.getByText('Total de la commande', { exact: true }).count(), 'the summary in French');
  t.ok(await summary.getByText(fr(`${amount},00 $`), { exact: true }).count(), 'the order total, the Quebec way');
  await audit('paiement');
}

async function payOn(provider: Page, amount: string): Promise<void> {
  await provider.waitForLoadState();
  await provider.getByRole('button', { name: `Pay ${Number(amount).toFixed(2)} CAD` }).click();
  await provider.getByText('Payment complete').first().waitFor(SERVER_STEP);
  await provider.close();
}

async function successThenDone(t: Test, page: Page, javaScript: boolean): Promise<void> {
  await page.getByText('Votre commande est terminée.').waitFor(SERVER_STEP);
  await titled(t, page, 'Commande terminée');
  await expectAccessible(t, page, 'succès', { javaScriptEnabled: javaScript });
  const successUrl = `${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`;
  await page.getByRole('button', { name: 'Terminé' }).click();
  await page.waitForURL(successUrl, SERVER_STEP);
  t.equal(page.url(), successUrl, "Terminé leads to the merchant's success URL");
}

t.test('maple e-Transfer buy in French chosen by the browser (Accept-Language), JavaScript on', async (t) => {
  const { page, problems, close } = await openPage(browser, { locale: 'fr-CA' });
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/'));
  await buyInFrench(t, page, true, '100', '0,00105263 BTC');
  await page.waitForLoadState('networkidle'); // the popup island is hydrated
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'OUVRIR LA PAGE DE PAIEMENT' }).click(),
  ]);
  await payOn(popup, '100');
  await page.waitForURL('**/transaction-success', SERVER_STEP);
  await successThenDone(t, page, true);
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('maple e-Transfer buy in French chosen with the header switch, JavaScript off', async (t) => {
  const { page, context, problems, requests, close } = await openPage(browser, { javaScriptEnabled: false, locale: 'en-CA' });
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/'));
  t.equal(await page.locator('html').getAttribute('lang'), 'en', 'an English browser gets English');
  await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Français' }).click();
  await page.waitForURL(stack.url(MAPLE, '/'), SERVER_STEP);
  const chosen = (await context.cookies(stack.url(MAPLE, '/'))).find((c) => c.name === 'lang');
  t.equal(chosen?.value, 'fr-CA', 'the choice is remembered');
  t.notOk(chosen?.domain.startsWith('.'), 'on this host only');
  await buyInFrench(t, page, false, '120', '0,00126316 BTC');
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('link', { name: 'OUVRIR LA PAGE DE PAIEMENT' }).click(),
  ]);
  await payOn(tab, '120');
  await page.getByRole('link', { name: 'J’AI PAYÉ' }).click();
  await page.waitForURL('**/transaction-success', SERVER_STEP);
  await successThenDone(t, page, false);
  t.same(
    requests.filter((u) => u.endsWith('.js')),
    [],
    'no JavaScript was requested',
  );
  t.same(problems, [], 'no console errors or CSP violations');
});
