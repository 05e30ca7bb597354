// The words a visitor meets when something goes wrong in the middle of paying, walked
// through the real UI and on past the failure: an amount written the page's way (French
// 150,50; English 12,50 asked about), an upstream outage that ends on the home form with
// the visitor's choices, wrong verification codes counted in the visitor's language. With
// JavaScript on and off where the step works without it.

import type { Page } from 'playwright-core';
import t, { type Test } from 'tap';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo, MAPLE } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();

/** Quebec writes a no-break space between digit groups and before the dollar sign. */
const fr = (text: string) => text.replace(/ /g, '\u00a0');

async function fillHome(page: Page, words: { amount: string; coin: string; method: string }, amount: string) {
  await page.getByLabel(words.amount, { exact: true }).fill(amount);
  await page.getByLabel(words.coin).selectOption('LTC');
  await page.getByLabel(words.method).selectOption('ETRANSFER');
}

const ENGLISH = { amount: 'Amount', coin: 'Cryptocurrency', method: 'Payment method', next: 'NEXT' };
const FRENCH = { amount: 'Montant', coin: 'Cryptomonnaie', method: 'Mode de paiement', next: 'SUIVANT' };

for (const javaScript of [true, false]) {
  const how = javaScript ? 'with JavaScript' : 'without JavaScript';

  t.test(`French amounts with a decimal comma, ${how}`, async (t: Test) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled: javaScript, locale: 'fr-CA' });
    t.teardown(close);
    await page.goto(stack.url(MAPLE, '/'));
    if (javaScript) await hydrated(page, '#fiatAmount');
    await fillHome(page, FRENCH, '150,50');
    if (javaScript) {
      // The estimate reads the number the validator reads: 150.50, not 15 050.
      const estimate = page.locator('.estimate');
      await estimate.getByText('Vous recevez environ').waitFor();
      const figure = async (at: number) =>
        Number((await estimate.locator('.money-amount').nth(at).textContent())!.replace(/[^0-9,]/g, '').replace(',', '.'));
      const [price, crypto] = [await figure(0), await figure(1)];
      const spent = crypto * price;
      t.ok(spent > 140 && spent <= 150.5, `the estimate spends about 150,50 $, less the fee (${spent.toFixed(2)})`);
    }
    await page.getByRole('button', { name: FRENCH.next }).click();
    await page.waitForURL('**/price-quote', SERVER_STEP);
    const total = fr('150,50 $ CAD');
    t.ok(await page.locator('.price-quote').getByText(total, { exact: true }).count(), `the quote for ${total}`);
    t.same(problems, []);
  });

  t.test(`English amounts: an unclear separator is asked about, ${how}`, async (t: Test) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled: javaScript });
    t.teardown(close);
    await page.goto(stack.url(MAPLE, '/'));
    if (javaScript) await hydrated(page, '#fiatAmount');
    await fillHome(page, ENGLISH, '12,50');
    if (javaScript) t.equal(await page.getByText('You receive about').count(), 0, 'no estimate for a number not yet clear');
    await page.getByRole('button', { name: ENGLISH.next }).click();
    await page.getByText('Please write the amount with a point before the decimals, as in 12.50.').waitFor(SERVER_STEP);
    t.equal(await page.getByLabel(ENGLISH.amount, { exact: true }).inputValue(), '12,50', 'what was typed is kept');
    await page.getByLabel(ENGLISH.amount, { exact: true }).fill('1,250');
    await page.getByRole('button', { name: ENGLISH.next }).click();
    await page.waitForURL('**/price-quote', SERVER_STEP);
    t.ok(await page.locator('.price-quote').getByText('$1,250.00 CAD', { exact: true }).count(), 'a grouped thousand is read');
    t.same(problems, []);
  });

  t.test(`an upstream outage ends on the home form with the visitor's choices, ${how}`, async (t: Test) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled: javaScript });
    t.teardown(close);
    await page.goto(stack.url(MAPLE, '/'));
    if (javaScript) await hydrated(page, '#fiatAmount');
    // The sandbox answers the amount 404 with a 500 and no message.
    await fillHome(page, ENGLISH, '404');
    await page.getByRole('button', { name: ENGLISH.next }).click();
    await page.getByText('(attempt 1 of 5)', { exact: false }).waitFor(SERVER_STEP);
    // The page asks again every 5 s by itself (the server's Refresh header), five times.
    const gaveUp =
      'We could not get a quote: the service is not answering right now. Your choices are kept below; press NEXT to try again.';
    await page.getByText(gaveUp).waitFor({ timeout: 120_000 });
    t.equal(await page.getByLabel(ENGLISH.amount, { exact: true }).inputValue(), '404', 'the amount kept');
    t.equal(await page.getByLabel(ENGLISH.coin).inputValue(), 'LTC', 'the coin kept');
    t.equal(await page.getByLabel(ENGLISH.method).inputValue(), 'ETRANSFER', 'the method kept');
    await page.waitForTimeout(6_000);
    t.ok(await page.getByText(gaveUp).count(), 'the message stays: no timer takes the visitor away');
    if (javaScript) await hydrated(page, '#fiatAmount');
    await page.getByLabel(ENGLISH.amount, { exact: true }).fill('100');
    await page.getByRole('button', { name: ENGLISH.next }).click();
    await page.waitForURL('**/price-quote', SERVER_STEP);
    t.ok(await page.locator('.price-quote').getByText('$100.00 CAD', { exact: true }).count(), 'trying again goes on');
    // Each page that says the service is unavailable is a 503 on purpose: Chromium logs the status.
    t.same(
      problems.filter((p) => !p.includes('status of 503')),
      [],
    );
  });

  t.test(`wrong codes in French say how many tries are left, then the right one goes on, ${how}`, async (t: Test) => {
    const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled: javaScript, locale: 'fr-CA' });
    t.teardown(close);
    await context.addCookies([(await driveTo(stack, '/mobile-verification', { host: MAPLE })).browserCookie()]);
    await page.goto(stack.url(MAPLE, '/mobile-verification'));
    const code = page.getByLabel('Code de vérification');
    await code.fill('111111');
    await code.press('Enter');
    await page.getByText('Code de vérification non valide. Il vous reste 2 essais.').waitFor(SERVER_STEP);
    t.equal(await page.getByText('Invalid verification code.').count(), 0, 'no English from the upstream');
    await page.getByLabel('Code de vérification').fill('222222');
    await page.getByLabel('Code de vérification').press('Enter');
    await page
      .getByText('Code de vérification non valide. Il vous reste 1 essai\u00a0: un autre code erroné annulera la commande.')
      .waitFor(SERVER_STEP);
    await page.getByLabel('Code de vérification').fill('123456');
    await page.getByLabel('Code de vérification').press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/mobile-verification'), SERVER_STEP);
    t.pass(`the right code goes on to ${new URL(page.url()).pathname}`);
    t.same(problems, []);
  });
}
