// Full-page screenshots of every screen for review, without clicking through the checkout:
// each demo merchant's home and legal pages, and every screen the browser journeys pass
// through, on a desktop (1280x800) and a phone (390x844). Starts its own edge and sandbox
// on free ports and drives headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
//   npm run screenshots                 into screenshots/ (not committed)
//   npm run screenshots -- --dark       also with the system set to dark
//   npm run screenshots -- --only=otc   only screens whose name or host holds "otc"
//   npm run screenshots -- --lang=fr-CA in a language (chosen as with the header's switch)
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from '../test/helpers/a11y.ts';
import { launchBrowser, openPage } from '../test/helpers/browser.ts';
import { TOUR, type TourStop, visit } from '../test/helpers/screen-tour.ts';
import { type Stack, startStack } from '../test/helpers/stack.ts';

const { values: args } = parseArgs({
  options: {
    dark: { type: 'boolean', default: false },
    only: { type: 'string' },
    out: { type: 'string', default: 'screenshots' },
    lang: { type: 'string' },
  },
});

/**
 * The journeys' screens, plus every merchant's home and legal pages the tour does not show
 * (a page the merchant keeps on its own site, answered with a redirect, is not a screen).
 */
async function screens(stack: Stack): Promise<TourStop[]> {
  const candidates = stack.app.merchants.merchants.flatMap((merchant) => {
    const host = merchant.config.hosts[0]!;
    return ['/', ...[...merchant.legal.keys()].map((page) => `/${page}`)].map((path) => ({
      name: `${path === '/' ? 'home' : path.slice(1)} on ${host}`,
      host,
      path,
      open: (stack: Stack, page: Page) => page.goto(stack.url(host, path)).then(() => undefined),
    }));
  });
  const pages: TourStop[] = [];
  for (const page of candidates.filter((p) => !TOUR.some((s) => s.host === p.host && s.path === p.path))) {
    const answer = await stack.app.inject({ method: 'GET', url: page.path, headers: { host: page.host } });
    if (answer.statusCode === 200) pages.push(page);
  }
  const all = [...TOUR, ...pages];
  return args.only ? all.filter((s) => s.name.includes(args.only!) || s.host.includes(args.only!)) : all;
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const outDir = args.out;
await rm(outDir, { recursive: true, force: true });
const started = Date.now();
const stack = await startStack();
const browser = await launchBrowser();
const devices = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;
const schemes = args.dark ? (['light', 'dark'] as const) : (['light'] as const);
let written = 0;
const failed: string[] = [];
try {
  for (const stop of await screens(stack)) {
    const dir = join(outDir, stop.foreign ? 'provider' : stop.host.replace(/\.localhost$/, ''));
    await mkdir(dir, { recursive: true });
    for (const [device, viewport] of devices) {
      for (const colorScheme of schemes) {
        const { page, close } = await openPage(browser, { viewport, colorScheme, ...(args.lang ? { locale: args.lang } : {}) });
        if (args.lang) await page.context().addCookies([{ name: 'lang', value: args.lang, url: stack.url(stop.host, '/') }]);
        // Pages elsewhere (a merchant's own site) are not the checkout's: nothing leaves the machine.
        await page
          .context()
          .route(/^https?:\/\/(?!([a-z]+\.)?localhost|127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'));
        try {
          await visit(stack, page, stop);
          const file = join(dir, `${slug(stop.name)}-${device}${colorScheme === 'dark' ? '-dark' : ''}.png`);
          await page.screenshot({ path: file, fullPage: true });
          written++;
        } catch (err) {
          // One screen that cannot be reached must not cost the others.
          failed.push(`${stop.name} (${device}, ${colorScheme}): ${(err as Error).message.split('\n')[0]}`);
        } finally {
          await close();
        }
      }
    }
  }
} finally {
  await browser.close();
  await stack.close();
}
console.log(`${written} screenshots in ${outDir}/ in ${((Date.now() - started) / 1000).toFixed(0)} s`);
if (failed.length) {
  console.error(`not taken:\n  ${failed.join('\n  ')}`);
  process.exitCode = 1;
}
