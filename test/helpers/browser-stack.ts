// What every browser test file starts with: the whole edge over real sockets and a
// headless Chromium, both closed when the file's tests are done.
import t from 'tap';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.ts';
import { NEVER_SHED, startStack, type Stack } from './stack.ts';

export async function startBrowserStack(
  options: Parameters<typeof startStack>[0] = {},
): Promise<{ stack: Stack; browser: Browser }> {
  // A browser beside the edge keeps this machine busy: no test here is about shedding.
  const stack = await startStack({ ...options, env: { ...NEVER_SHED, ...options.env } });
  const browser = await launchBrowser();
  t.teardown(async () => {
    await browser.close();
    await stack.close();
  });
  return { stack, browser };
}
