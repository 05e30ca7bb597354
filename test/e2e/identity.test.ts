// The identity steps in headless Chromium with a fake camera: a selfie captured and
// submitted end to end, the camera refused, uploads with and without JavaScript, the
// documents uploader's states, and the identity frame through the sandbox's tokens. No
// console error or CSP violation anywhere; the camera and uploader code load only on
// their own pages.

import type { Page } from 'playwright-core';
import t from 'tap';
import { VERIFICATION_MESSAGE_DELAY_MS } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { hydrated, openPage, SERVER_STEP } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { driveTo, MAPLE } from '../helpers/journey.ts';
import { EXE, PDF, PNG, padded } from '../helpers/upload-files.ts';

const { IDENTITY_TEXT, UPLOAD_MESSAGES } = DEFAULT_TEXTS;

const { stack, browser } = await startBrowserStack();

const ADDRESS = { addressLine1: '1 Main St', cityTown: 'Toronto', stateProv: 'ON', postalCode: 'M5V 2T6' };

/** A browser whose visitor is at the selfie step of a 300 CAD maple buy. */
async function atSelfie(options: { javaScriptEnabled?: boolean } = {}) {
  const watched = await openPage(browser, options);
  const visitor = await driveTo(stack, '/image-input-choice', { amount: 300, buyer: ADDRESS });
  await watched.context.addCookies([visitor.browserCookie()]);
  return watched;
}

/**
 * Chromium logs every 4xx answer as "Failed to load resource", also the JSON refusals the
 * upload islands asked for (a refused file is a 4xx, with or without JavaScript); those,
 * and only those, are not problems.
 */
const UPLOAD_REFUSAL =
  /^console: Failed to load resource: the server responded with a status of 4\d\d .*\((http:\/\/[^)]*(\/verify\/file|\/image-input-upload|\/image-input-camera))\)$/;
const realProblems = (problems: string[]) => problems.filter((p) => !UPLOAD_REFUSAL.test(p));

const scripts = (requests: string[]) => requests.filter((u) => u.endsWith('.js')).map((u) => new URL(u).pathname);

/**
 * Which of the identity islands' code the page loaded: chunk names are content hashes, so
 * each is recognised by a word only its code holds (react-webcam's getScreenshot, the
 * uploader's list class; the texts are in the catalogue every island with words shares).
 */
async function loadedCode(requests: string[]): Promise<{ camera: boolean; uploader: boolean }> {
  const bodies = await Promise.all(
    scripts(requests).map(
      async (url) => (await stack.app.inject({ url, headers: { host: MAPLE, 'accept-encoding': 'identity' } })).body,
    ),
  );
  return {
    camera: bodies.some((b) => b.includes('getScreenshot')),
    uploader: bodies.some((b) => b.includes('upload-list')),
  };
}
const png = (name: string, buffer: Buffer = PNG, mimeType = 'image/png') => ({ name, mimeType, buffer });

t.test('a selfie by the fake camera, captured and submitted end to end', async (t) => {
  const { page, problems, requests, close } = await atSelfie();
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/image-input-choice'));
  const camera = page.getByRole('link', { name: /Use my camera/ });
  await camera.waitFor();
  t.ok(await page.getByRole('link', { name: /Upload a picture/ }).count(), 'both choices');
  await camera.click();
  await page.waitForURL('**/image-input-camera');
  t.same(await loadedCode(requests), { camera: false, uploader: false }, 'no camera code before the click');
  await page.getByRole('button', { name: 'Start camera' }).click();
  await page.locator('video').waitFor();
  await page.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement | null)?.readyState === 4);
  await page.getByRole('button', { name: 'Take picture' }).click();
  await page.getByRole('img', { name: 'What you took with the camera' }).waitFor();
  await page.getByRole('button', { name: 'Retake' }).click();
  await page.waitForFunction(() => (document.querySelector('video') as HTMLVideoElement | null)?.readyState === 4);
  await page.getByRole('button', { name: 'Take picture' }).click();
  await page.getByRole('button', { name: 'Submit picture' }).click();
  t.same(await loadedCode(requests), { camera: true, uploader: false }, 'the camera code, after the click');
  await page.waitForURL('**/payment-etransfer-instructions');
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('by keyboard: tabbing onto Start camera asks for nothing; Enter starts it', async (t) => {
  const { page, problems, requests, close } = await atSelfie();
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/image-input-camera'));
  const start = page.getByRole('button', { name: 'Start camera' });
  await start.waitFor();
  // Tab until the start button has the focus, as a keyboard user would reach it.
  for (let i = 0; i < 40 && !(await start.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press('Tab');
  t.ok(await start.evaluate((b) => b === document.activeElement), 'the button has the focus');
  await page.waitForLoadState('networkidle');
  t.equal(await page.locator('video').count(), 0, 'focus alone starts no camera');
  t.same(await loadedCode(requests), { camera: false, uploader: false }, 'nor loads its code');
  await page.keyboard.press('Enter');
  await page.locator('video').waitFor();
  t.same(problems, [], 'no console errors or CSP violations');
});

t.test('a refused camera says so and offers the upload page; the upload link appears after 5 s', async (t) => {
  const { page, context, problems, close } = await atSelfie();
  t.teardown(close);
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto(stack.url(MAPLE, '/image-input-camera'));
  const fallback = page.locator('.camera-fallback');
  t.notOk(await fallback.isVisible(), 'no upload link at first');
  await page.getByRole('button', { name: 'Start camera' }).click();
  await page.getByText(IDENTITY_TEXT.cameraDenied).waitFor();
  await page.getByRole('link', { name: 'Upload a picture instead' }).first().waitFor();
  await fallback.waitFor({ state: 'visible', ...SERVER_STEP });
  await page.getByRole('link', { name: 'Upload a picture instead' }).first().click();
  await page.waitForURL('**/image-input-upload');
  t.same(problems, []);
});

t.test('the selfie upload with JavaScript: preview, refusals from the server, then the next step', async (t) => {
  const { page, problems, requests, close } = await atSelfie();
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/image-input-upload'));
  await hydrated(page, '.upload-form');
  const input = page.getByLabel('Your selfie with your photo ID');
  await input.setInputFiles(png('big.png', padded(PNG, 5_000_000)));
  await page.getByText('File must be less than 4.5MB. Your file is 5.0MB.').waitFor();
  await input.setInputFiles(png('program.png', EXE));
  await page.getByRole('button', { name: 'Submit picture' }).click();
  await page.getByText(UPLOAD_MESSAGES.badType).waitFor();
  await input.setInputFiles(png('me.png'));
  await page.getByRole('img', { name: 'Preview of the chosen file' }).waitFor();
  await page.getByRole('button', { name: 'Submit picture' }).click();
  await page.waitForURL('**/payment-etransfer-instructions');
  t.same(await loadedCode(requests), { camera: false, uploader: false }, 'no camera or uploader code on the upload page');
  t.same(realProblems(problems), []);
});

t.test('the same uploads without JavaScript', async (t) => {
  const { page, problems, requests, close } = await atSelfie({ javaScriptEnabled: false });
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/image-input-choice'));
  t.equal(await page.getByRole('link', { name: /Use my camera/ }).count(), 0, 'upload only without JavaScript');
  await page.getByRole('link', { name: /Upload a picture/ }).click();
  const input = page.locator('input[type=file]');
  await input.setInputFiles(png('program.png', EXE));
  await page.getByRole('button', { name: 'Submit picture' }).click();
  await page.getByText(UPLOAD_MESSAGES.badType).waitFor();
  await page.locator('input[type=file]').setInputFiles(png('me.pdf', PDF, 'application/pdf'));
  await page.getByRole('button', { name: 'Submit picture' }).click();
  await page.waitForURL('**/payment-etransfer-instructions');

  await page.goto(stack.url(MAPLE, '/verify'));
  await page.getByLabel('Mobile number').fill('416 555 0199');
  await page.getByLabel('Document', { exact: true }).setInputFiles(png('id.png'));
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(UPLOAD_MESSAGES.typeMissing).waitFor();
  t.equal(await page.getByLabel('Mobile number').inputValue(), '416 555 0199', 'the mobile number is kept');
  await page.getByLabel('Document', { exact: true }).setInputFiles(png('id.png'));
  await page.getByLabel('Document type').selectOption('DRIVERSLICENSE');
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(UPLOAD_MESSAGES.complete).waitFor();
  t.same(scripts(requests), [], 'no JavaScript requested');
  t.same(problems, []);
});

async function addFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByLabel('Add documents').setInputFiles(files);
}

t.test('documents with JavaScript: types, per-file states, the 4.5MB message, completion reset by a new file', async (t) => {
  const { page, problems, requests, close } = await openPage(browser);
  t.teardown(close);
  await page.goto(stack.url(MAPLE, '/verify'));
  await hydrated(page, '.upload-form');
  await page.getByLabel('Mobile number').fill('416 555 0199');
  await addFiles(page, [png('licence.png'), png('statement.pdf', PDF, 'application/pdf')]);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(UPLOAD_MESSAGES.typeMissing).waitFor();

  await addFiles(page, [png('huge.png', padded(PNG, 5_000_000))]);
  await page.getByText('File must be less than 4.5MB. Your file is 5.0MB.').waitFor();
  t.equal(await page.locator('.upload-list li').count(), 3);

  const rows = page.locator('.upload-list li');
  await page.getByLabel('Document type of licence.png').selectOption('DRIVERSLICENSE');
  await page.getByLabel('Document type of statement.pdf').selectOption('BANKSTATEMENT');
  t.equal(await rows.nth(0).getAttribute('data-state'), 'typed');
  await page.getByLabel('Document type of huge.png').selectOption('OTHER');
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(/huge\.png: File must be less than 4\.5MB\. Your file is 5\.0MB\./).waitFor();
  t.equal(
    await page.locator('form[data-complete]').getAttribute('data-complete'),
    'false',
    'not complete while a file is refused',
  );

  // A fresh page: two good files, then a third after completion.
  await page.reload();
  await hydrated(page, '.upload-form');
  await page.getByLabel('Mobile number').fill('416 555 0199');
  await addFiles(page, [png('licence.png'), png('statement.pdf', PDF, 'application/pdf')]);
  await page.getByLabel('Document type of licence.png').selectOption('DRIVERSLICENSE');
  await page.getByLabel('Document type of statement.pdf').selectOption('BANKSTATEMENT');
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(UPLOAD_MESSAGES.complete).waitFor();
  t.same(await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-state'))), ['done', 'done']);
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(UPLOAD_MESSAGES.alreadyUploaded).waitFor();

  await addFiles(page, [png('program.png', EXE)]);
  t.equal(
    await page.locator('form[data-complete]').getAttribute('data-complete'),
    'false',
    'a new file makes the upload incomplete',
  );
  await page.getByLabel('Document type of program.png').selectOption('OTHER');
  await page.getByRole('button', { name: 'Upload' }).click();
  await page.getByText(`${UPLOAD_MESSAGES.badType}`).waitFor();
  t.equal(await rows.nth(2).getAttribute('data-state'), 'typed', 'the refused file is not done');

  const received = (await (await fetch(`${stack.sandbox.url}/thirdparty/forms/received`)).json()) as {
    received: { form: string; body: { mobileNumber?: string } }[];
  };
  t.ok(
    received.received.some((r) => r.form === 'notice' && r.body.mobileNumber === '+14165550199'),
    'the notice went to the form service',
  );
  t.same(
    await loadedCode(requests),
    { camera: false, uploader: true },
    'the uploader code, and no camera code, on the documents page',
  );
  t.same(realProblems(problems), []);
});

const START = Date.parse('2026-11-22T10:00:00Z');

for (const [token, outcome] of [
  ['approved-demo', IDENTITY_TEXT.approved],
  ['failed-demo', IDENTITY_TEXT.failed],
] as const) {
  t.test(`the identity frame: consent, the provider's frame, then the outcome (${token})`, async (t) => {
    const { page, problems, close } = await openPage(browser);
    t.teardown(close);
    await page.clock.install({ time: START });
    // The island starts the outcome's delay once the provider's message is in: the page
    // says when (a wrapper around the test clock's setTimeout).
    await page.addInitScript((delay) => {
      const set = window.setTimeout;
      window.setTimeout = ((handler: TimerHandler, ms?: number, ...rest: unknown[]) => {
        if (ms === delay) console.log('the outcome is on its way');
        return set(handler, ms, ...rest);
      }) as typeof window.setTimeout;
    }, VERIFICATION_MESSAGE_DELAY_MS);
    const messageIn = page.waitForEvent('console', (m) => m.text() === 'the outcome is on its way');
    await page.goto(stack.url(MAPLE, `/verify-idenfy/${token}`));
    await hydrated(page, '.consent');
    await page.clock.pauseAt(START + 60_000);
    await page.getByRole('link', { name: 'I agree, continue' }).click();
    await page.clock.runFor(1_000);
    const frame = page.frameLocator('iframe.identity-frame');
    await frame.getByText('Sandbox identity verification').waitFor();
    await messageIn;
    await page.clock.runFor(4_900);
    t.equal(await page.getByText(outcome).count(), 0, 'not before 5 s');
    await page.clock.runFor(200);
    await page.getByText(outcome).waitFor();
    t.same(problems, []);
  });
}

t.test('a message from another origin is ignored', async (t) => {
  const { page, problems, close } = await openPage(browser);
  t.teardown(close);
  await page.clock.install();
  await page.goto(stack.url(MAPLE, '/verify-idenfy/unknown-token?consent=1'));
  await hydrated(page, 'iframe.identity-frame');
  await page.evaluate(() => window.postMessage({ manualStatus: 'approved' }, '*'));
  await page.evaluate(() => window.postMessage('{"manualStatus":"approved"}', '*'));
  await page.clock.runFor(10_000);
  t.equal(await page.getByText(IDENTITY_TEXT.approved).count(), 0, 'the page itself is not the provider');
  t.same(
    problems.filter((p) => !/404/.test(p)),
    [],
    "nothing but the unknown token's 404 in the frame",
  );
});
