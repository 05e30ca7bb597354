// Refused forms in headless Chromium, JavaScript on and off: a wrong code (and the last one,
// which ends the order), a wrong address,
// an amount out of bounds, a used voucher or an unticked residency answers with a redirect
// to its page, which shows the refusal with what was typed and the cursor in the field;
// reload and Back send nothing again (a reloaded wrong code uses no attempt). In English and
// French; SHOTS=dir saves a desktop and a phone screenshot of each.

import type { Page } from 'playwright-core';
import t from 'tap';
import { shoot } from '../helpers/a11y.ts';
import { focused, hydrated, openPage, SERVER_STEP, withoutRefresh } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { BTC_ADDRESS, driveTo, MAPLE, upstreamCalls } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();
const path = (page: Page) => new URL(page.url()).pathname;

/** The status the form's POST was answered with, `submit` being how the visitor sent it. */
async function postStatus(page: Page, submit: () => Promise<void>): Promise<number> {
  const [posted] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), submit()]);
  return posted.status();
}

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
    t.equal(await postStatus(page, () => code.press('Enter')), 303, 'the form is answered with a redirect');
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

  t.test(`the last wrong code: the page that ends the order, once; reload sends no code (${js})`, async (t) => {
    const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    const visitor = await driveTo(stack, '/mobile-verification');
    const refId = visitor.refId();
    for (const wrong of ['111111', '222222']) await visitor.submit('/mobile-verification', { verificationCode: wrong });
    await context.addCookies([visitor.browserCookie()]);
    // What the page says, not the merchant's site its Refresh leaves for after 5 seconds.
    await withoutRefresh(page, '**/order-ended');
    await page.goto(stack.url('maple.localhost', '/mobile-verification'));
    const sent = () => upstreamCalls(stack, '/mobileverification');
    const before = sent();
    const code = page.getByLabel('Verification code');
    await code.fill('333333');
    t.equal(await postStatus(page, () => code.press('Enter')), 303, 'the form is answered with a redirect');
    await page.getByText('You have reached the maximum number of verification attempts.').waitFor();
    t.equal(path(page), '/order-ended');
    t.ok(await page.getByText(`Your reference ID: ${refId}`).isVisible(), 'the reference of the ended order');
    t.ok(await page.getByText('Transaction has been cancelled. Redirecting to homepage in 5 seconds...').isVisible());
    t.ok(await page.getByRole('link', { name: 'Go to Maple Coin now' }).isVisible(), 'a way on, now');
    if (javaScriptEnabled) await shoot(page, 'order-ended');
    t.equal(sent(), before + 1);
    await page.reload();
    t.equal(sent(), before + 1, 'reload sent no code');
    t.equal(path(page), '/', 'shown once: the reload goes home, where the page was taking the visitor');
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
      t.equal(await postStatus(page, () => page.getByRole('button', { name: 'NEXT' }).click()), 303);
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

for (const javaScriptEnabled of [true, false]) {
  const js = `JavaScript ${javaScriptEnabled ? 'on' : 'off'}`;

  t.test(`an amount out of bounds: the home page shows it once, then a good amount quotes (${js})`, async (t) => {
    const { page, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await page.goto(stack.url(MAPLE, '/'));
    if (javaScriptEnabled) await hydrated(page, '#fiatAmount');
    const sent = () => upstreamCalls(stack, '/quoterequest');
    const before = sent();
    const amount = page.getByLabel('Amount', { exact: true });
    await amount.fill('5');
    await page.getByLabel('Payment method').selectOption('ETRANSFER');
    t.equal(
      await postStatus(page, () => page.getByRole('button', { name: 'NEXT' }).click()),
      303,
      'the form is answered with a redirect',
    );
    await page.getByText('Amount must be greater than $20.').waitFor(SERVER_STEP);
    t.equal(path(page), '/');
    t.equal(await amount.inputValue(), '5', 'what was typed');
    t.equal(await page.getByLabel('Payment method').inputValue(), 'ETRANSFER', 'and what was chosen');
    if (javaScriptEnabled) await shoot(page, 'amount-refused');
    await page.reload();
    t.equal(await page.getByText('Amount must be greater than $20.').count(), 0, 'a reload shows the form afresh');
    t.equal(sent(), before, 'nothing reached the upstream');
    if (javaScriptEnabled) await hydrated(page, '#fiatAmount');
    await amount.fill('100');
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/price-quote', SERVER_STEP);
    t.same(problems, [], 'no console errors or CSP violations');
  });

  t.test(`a used voucher: its page shows it once, nothing sent again, a good voucher goes on (${js})`, async (t) => {
    const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await context.addCookies([(await driveTo(stack, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 })).browserCookie()]);
    await page.goto(stack.url(MAPLE, '/payment-flexepin'));
    const sent = () => upstreamCalls(stack, '/vouchernumber');
    const before = sent();
    const voucher = page.getByLabel('Voucher number');
    await voucher.fill('0000000000000000');
    t.equal(await postStatus(page, () => voucher.press('Enter')), 303, 'the form is answered with a redirect');
    await page.getByText('This voucher has already been used.').waitFor(SERVER_STEP);
    t.equal(path(page), '/payment-flexepin');
    t.equal(await voucher.inputValue(), '0000000000000000', 'what was typed');
    t.equal(await focused(page), 'voucherNumber', 'the cursor in the refused field');
    const cookies = await context.cookies();
    t.notOk(
      cookies.some((c) => c.value.includes('0000000000000000')),
      'the voucher number is in no cookie',
    );
    if (javaScriptEnabled) await shoot(page, 'voucher-refused');
    t.equal(sent(), before + 1);
    await page.reload();
    t.equal(sent(), before + 1, 'reload sent nothing');
    t.equal(await page.getByText('This voucher has already been used.').count(), 0, 'the refusal is shown once');
    await voucher.fill('1234567812345678');
    await voucher.press('Enter');
    await page.waitForURL('**/transaction-in-review', SERVER_STEP);
    t.same(problems, [], 'no console errors or CSP violations');
  });

  t.test(`card residency unticked: the card quote says why once, then ticked goes on (${js})`, async (t) => {
    const { page, context, problems, close } = await openPage(browser, { javaScriptEnabled });
    t.teardown(close);
    await context.addCookies([
      (await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 })).browserCookie(),
    ]);
    await page.goto(stack.url(MAPLE, '/credit-card-quote'));
    t.equal(await postStatus(page, () => page.getByRole('button', { name: 'NEXT' }).click()), 303);
    await page.getByText('Card payments are available to residents of Canada only.').waitFor(SERVER_STEP);
    t.equal(path(page), '/credit-card-quote');
    t.equal(await focused(page), 'canadianResident', 'the cursor on the box');
    if (javaScriptEnabled) await shoot(page, 'residency-refused');
    await page.reload();
    t.equal(await page.getByText('Card payments are available to residents of Canada only.').count(), 0, 'shown once');
    await page.getByLabel('I am a resident of Canada').check();
    await page.getByRole('button', { name: 'NEXT' }).click();
    await page.waitForURL('**/credit-card', SERVER_STEP);
    t.same(problems, []);
  });
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

  await page.goto(stack.url(MAPLE, '/'));
  await page.getByLabel('Montant', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'SUIVANT' }).click();
  await page.getByText('Le montant doit être supérieur à').waitFor(SERVER_STEP);
  await shoot(page, 'amount-refused-fr');

  await context.addCookies([(await driveTo(stack, '/payment-flexepin', { method: 'FLEXEPIN', amount: 100 })).browserCookie()]);
  await page.goto(stack.url(MAPLE, '/payment-flexepin'));
  await page.locator('#voucherNumber').fill('0000000000000000');
  await page.locator('#voucherNumber').press('Enter');
  await page.getByText('Ce bon a déjà été utilisé.').waitFor(SERVER_STEP);
  t.equal(await focused(page), 'voucherNumber');
  await shoot(page, 'voucher-refused-fr');

  await context.addCookies([(await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 })).browserCookie()]);
  await page.goto(stack.url(MAPLE, '/credit-card-quote'));
  await page.getByRole('button', { name: 'SUIVANT' }).click();
  await page.getByText('Le paiement par carte est offert aux résidents du Canada seulement.').waitFor(SERVER_STEP);
  await shoot(page, 'residency-refused-fr');
  t.same(problems, []);
});
