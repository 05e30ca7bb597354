// What every browser test file starts with: the whole edge over real sockets and a
// headless Chromium, both closed when the file's tests are done.

import type { Browser } from 'playwright-core';
import t from 'tap';
import { BROWSER_FILE_TIME_LIMIT_MS, launchBrowser } from './browser.ts';
import { type Stack, startStack } from './stack.ts';

export async function startBrowserStack(
  options: Parameters<typeof startStack>[0] = {},
): Promise<{ stack: Stack; browser: Browser }> {
  t.setTimeout(BROWSER_FILE_TIME_LIMIT_MS);
  const stack = await startStack(options);
  const browser = await launchBrowser();
  t.teardown(async () => {
    await browser.close();
    await stack.close();
  });
  return { stack, browser };
}
