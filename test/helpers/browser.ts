// Headless Chromium from Debian, driven by playwright-core. Every page records console
// errors, page errors and CSP violations, so a test can assert there were none.
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

/**
 * How long a browser file may run: longer than a unit file, whose time limit is tap's
 * (package.json), as it runs beside them in `npm test`.
 */
export const BROWSER_FILE_TIME_LIMIT_MS = 240_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

/**
 * The page's own modal dialog. The unsupported-browser notice is an alertdialog too, hidden
 * only by the stylesheet; on a page whose stylesheet has not applied yet (a busy machine,
 * just after a navigation) it still counts, so tests ask for the modal (aria-modal) one.
 */
export function modalDialog(page: Page): Locator {
  return page.getByRole('alertdialog').and(page.locator('[aria-modal="true"]'));
}

/**
 * How long a step that waits on the server (a navigation, a page's own check) may take: on
 * a machine busy with other work that is tens of seconds. A step that goes well takes what
 * it takes; this only bounds one that never comes.
 */
export const SERVER_STEP = { timeout: 90_000 } as const;

/**
 * Whether the locator comes to be visible or hidden (Playwright's auto-waiting, within
 * SERVER_STEP), as a boolean for a test to assert.
 */
export function becomes(locator: Locator, state: 'visible' | 'hidden'): Promise<boolean> {
  return locator.waitFor({ state, ...SERVER_STEP }).then(
    () => true,
    () => false,
  );
}

export interface WatchedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught page errors and CSP violations, as text. */
  problems: string[];
  /** Every URL the page requested. */
  requests: string[];
  close(): Promise<void>;
}

export async function openPage(
  browser: Browser,
  options: {
    javaScriptEnabled?: boolean;
    viewport?: { width: number; height: number };
    colorScheme?: 'light' | 'dark';
    /** The browser's language (its Accept-Language): 'fr-CA'. */
    locale?: string;
  } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    ...(options.viewport ? { viewport: options.viewport } : {}),
    ...(options.colorScheme ? { colorScheme: options.colorScheme } : {}),
    ...(options.locale ? { locale: options.locale } : {}),
  });
  // There is no internet here: a PROD merchant's tag manager gets an empty stand-in
  // (a test may route it to something of its own; the last route registered wins).
  await context.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: '' }),
  );
  const page = await context.newPage();
  const problems: string[] = [];
  const requests: string[] = [];
  // A page answered with 4xx on purpose (422 for a form with mistakes) makes Chromium log
  // "Failed to load resource" for the document itself; that is the status, not an error.
  const documents = new Set<string>();
  page.on('response', (res) => {
    if (res.request().isNavigationRequest()) documents.add(res.url());
  });
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const isDocumentStatus =
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(msg.text()) &&
      documents.has(msg.location().url);
    // The quote screens' leave-page guard (docs/spec.md) asks before leaving; a test that
    // navigates by script, with no click on the page, gets Chromium's notice that it did not.
    const isUnaskedGuard = msg.text().startsWith("Blocked attempt to show a 'beforeunload' confirmation panel");
    if (!isDocumentStatus && !isUnaskedGuard) problems.push(`console: ${msg.text()} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('request', (req) => requests.push(req.url()));
  // Runs before any page script and regardless of the page's CSP.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, context, problems, requests, close: () => context.close() };
}

/**
 * Sends a form by `submit` and resolves once the page it led to (the same address or another)
 * has loaded: a click resolves when the next page starts loading, and a browser may still be
 * parsing it when the test looks, on a busy machine.
 */
export async function submitted(page: Page, submit: () => Promise<void>): Promise<void> {
  const navigated = page.waitForEvent('framenavigated', {
    predicate: (frame) => frame === page.mainFrame(),
    timeout: SERVER_STEP.timeout,
  });
  await submit();
  await navigated;
  await page.waitForLoadState('load', SERVER_STEP);
}

/** Resolves once React has hydrated the element (React marks the DOM nodes it owns). */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await page.waitForFunction((s) => {
    const el = document.querySelector(s);
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  }, selector);
}

/**
 * Opens a resume link (/state/{refId}) and answers "Is this your order?" with yes, as the
 * visitor who started the order would; resolves on the page the flow goes on to.
 */
export async function resumeOrder(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await Promise.all([
    page.waitForURL((u) => !u.pathname.startsWith('/state/')),
    page.getByRole('button', { name: 'Yes, this is my order' }).click(),
  ]);
}

/**
 * The pages at `glob` without their timed Refresh (the page that says an order ended leaves
 * for the merchant's site after 5 seconds): a test reads the page, not where it goes. Fetched
 * from loopback naming the host, as the browser asks (Node resolves no *.localhost name).
 */
export async function withoutRefresh(page: Page, glob: string): Promise<void> {
  await page.route(glob, async (route) => {
    const url = new URL(route.request().url());
    const headers = { ...(await route.request().allHeaders()), host: url.host };
    url.hostname = '127.0.0.1';
    const response = await route.fetch({ url: url.href, headers, maxRedirects: 0 });
    const { refresh: _, ...rest } = response.headers();
    await route.fulfill({ response, headers: rest });
  });
}

/**
 * The focused field's id (or its name, where it has no id) once one has focus: a browser moves
 * focus to an autofocus field in a rendering step after the page is shown, which a busy machine
 * may not have reached yet.
 */
export async function focused(page: Page): Promise<string | null> {
  await page
    .locator('[id]:focus, [name]:focus')
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  return page.evaluate(() => {
    const field = document.activeElement as HTMLInputElement | null;
    return field?.id || field?.name || null;
  });
}
