// Refused forms in headless Chromium, JavaScript on and off: a wrong code or a wrong address
// answers with a redirect to its page, which shows the refusal with what was typed and the
// cursor in the field; reload and Back send nothing again (a reloaded wrong code uses no
// attempt). In English and French; SHOTS=dir saves a desktop and a phone screenshot of each.

import type { Page } from 'playwright-core';
import t from 'tap';
import { shoot } from '../helpers/a11y.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, driveTo, upstreamCalls } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();
const path = (page: Page) => new URL(page.url()).pathname;
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

for (const javaScriptEnabled of [true, false]) {
  const js = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;

  t.test(`a wrong code: its page shows it, reload uses no attempt, then the right code goes on (${js})`, async (t) => {
    const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await context.addCookies([(await driveTo(stack, '/mobile-verification')).browserCookie()]);
    await page.goto(stack.url('maple.localhost', '/mobile-verification'));
    const sent = () => upstreamCalls(stack, '/mobileverification');
    const before = sent();
    const code = page.getByLabel('Verification code');
    await code.fill('111111');
    const [posted] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), code.press('Enter')]);
    t.equal(posted.status(), 303, 'the form is answered with a redirect');
    await page.getByText('Invalid verification code. You have 2 attempts left.').waitFor();
    t.equal(path(page), '/mobile-verification');
    t.equal(await code.inputValue(), '111111', 'what was typed');
    t.equal(await focused(page), 'verificationCode', 'the cursor in the refused field');
    if (javaScriptEnabled) await shoot(page, 'code-refused');
    t.equal(sent(), before + 1);

    await page.reload();
    t.equal(sent(), before + 1, 'reload sent no code');
    t.equal(await page.getByText('Invalid verification code.').count(), 0, 'the refusal is shown once');
    await code.fill('222222');
    await code.press('Enter');
    await page.getByText('You have 1 attempt left: one more wrong code cancels the order.').waitFor();
    t.pass('the reload used no attempt');
    await code.fill('123456');
    await code.press('Enter');
    await page.waitForURL('**/payment-etransfer-instructions');
    t.same(problems, [], 'no console errors or CSP violations');
  });

  t.test(`a wrong address: its page shows it; reload and Back send nothing (${js})`, async (t) => {
    const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await context.addCookies([(await driveTo(stack, '/address-input')).browserCookie()]);
    await page.goto(stack.url('maple.localhost', '/price-quote'));
    await page.goto(stack.url('maple.localhost', '/address-input'));
    const sent = () => upstreamCalls(stack, '/cryptoaddress');
    const before = sent();
    const field = page.getByLabel('Your Bitcoin (BTC) address');
    await field.fill('not-an-address');
    await field.press('Enter');
    await page.getByText('This is not a valid BTC address.').waitFor();
    t.equal(path(page), '/address-input');
    t.equal(await field.inputValue(), 'not-an-address');
    t.equal(await focused(page), 'cryptoAddress', 'the cursor in the refused field');
    if (javaScriptEnabled) await shoot(page, 'address-refused');
    await page.reload();
    t.equal(await page.getByText('This is not a valid BTC address.').count(), 0, 'a reload shows the form afresh');
    await page.goBack();
    t.equal(path(page), '/address-input', 'Back: the page before the refusal, no form sent again');
    await page.goBack();
    t.equal(path(page), '/price-quote');
    await page.goForward();
    await page.getByLabel('Your Bitcoin (BTC) address').fill(BTC_ADDRESS);
    await page.getByLabel('Your Bitcoin (BTC) address').press('Enter');
    await page.waitForURL('**/buyer-info-input');
    t.equal(sent(), before + 1, 'only the right address reached the upstream');
    t.same(problems, [], 'no console errors or CSP violations');
  });
}

for (const javaScriptEnabled of [true, false]) {
  t.test(
    `buyer info refused: its page, what was typed, the cursor in the first wrong field (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`,
    async (t) => {
      const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled });
      t.teardown(close);
      await context.addCookies([(await driveTo(stack, '/buyer-info-input')).browserCookie()]);
      await page.goto(stack.url('maple.localhost', '/buyer-info-input'));
      await page.getByLabel('First Name').fill('Ada');
      await page.getByLabel('Email Address').fill('ada@');
      const [posted] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === 'POST'),
        page.getByRole('button', { name: 'NEXT' }).click(),
      ]);
      t.equal(posted.status(), 303);
      await page.getByText('Last Name required').waitFor();
      t.equal(await page.getByLabel('First Name').inputValue(), 'Ada', 'what was typed');
      t.equal(await page.getByLabel('Email Address').inputValue(), 'ada@');
      t.equal(await focused(page), 'lastName', 'the cursor in the first wrong field');
      if (javaScriptEnabled) await shoot(page, 'buyer-refused');
      await page.reload();
      t.equal(await page.getByText('Last Name required').count(), 0, 'a reload shows the form afresh');
      t.same(problems, []);
    },
  );
}

t.test('in French: the refusal in French on its page', async (t) => {
  const { page, context, problems, close } = await openPage(browser, { locale: 'fr-CA' });
  t.teardown(close);
  await context.addCookies([(await driveTo(stack, '/mobile-verification')).browserCookie()]);
  await page.goto(stack.url('maple.localhost', '/mobile-verification'));
  const code = page.locator('#verificationCode');
  await code.fill('111111');
  await code.press('Enter');
  await page.getByText('Code de vérification non valide. Il vous reste 2 essais.').waitFor();
  t.equal(await focused(page), 'verificationCode');
  await shoot(page, 'code-refused-fr');
  await context.addCookies([(await driveTo(stack, '/address-input')).browserCookie()]);
  await page.goto(stack.url('maple.localhost', '/address-input'));
  await page.locator('#cryptoAddress').fill('pas-une-adresse');
  await page.locator('#cryptoAddress').press('Enter');
  await page.locator('#cryptoAddress-error').waitFor();
  t.equal(await focused(page), 'cryptoAddress');
  await shoot(page, 'address-refused-fr');
  t.same(problems, []);
});
