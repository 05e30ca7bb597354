// The accessibility tour, for one of JavaScript on or off (a file each, so the two halves
// run side by side): every screen of the browser journeys at desktop (1280x800) and phone
// (390x844) size, one visit each: axe finds no serious or critical violation anywhere and no moderate one
// in the checkout's own markup; each of the checkout's own pages has a meta description
// naming the merchant; at phone width no box runs past the screen or its card;
// each screen's scripts are weighed: a screen without islands loads none, the home page no
// more than the React runtime plus 8 KiB gzip, and with JavaScript off no screen requests
// any. The checks themselves are shown to fail on a broken page.

import type { Browser } from 'playwright-core';
import t from 'tap';
import { accessibilityFailures, DESKTOP, expectAccessible, expectFitsPhone, overflowingBoxes, PHONE } from './a11y.ts';
import { openPage } from './browser.ts';
import { MAPLE } from './journey.ts';
import { TOUR, visit } from './screen-tour.ts';
import { HOME_SCRIPT_BUDGET_BYTES, reactRuntime, scriptWeight, weigh } from './script-weight.ts';
import type { Stack } from './stack.ts';

/** Every screen visited and audited at two sizes: minutes, more than the browser tests' default allows. */
export const TOUR_TIME_LIMIT_MS = 20 * 60_000;

/**
 * Screens visited at once, each in a browser context of its own: one screen's wait for a
 * quiet network overlaps the others' audits.
 */
const SCREENS_AT_ONCE = 3;

function merchantTitle(stack: Stack, host: string): string {
  const found = stack.app.merchants.resolve(host);
  if (found.kind !== 'known') throw new Error(`${host} is not a demo merchant's`);
  return found.merchant.config.title;
}

/**
 * Every screen of the tour, JavaScript on or off, audited at desktop size and then, the
 * same page made phone-sized, audited again: one walk to each screen serves both sizes, as
 * a visitor turning a tablet would see it. With JavaScript on, also weighed at desktop
 * size: the weigh-in's table rows, by the screen's place in the tour.
 */
export function auditEveryScreen(stack: Stack, browser: Browser, javaScriptEnabled: boolean): Map<number, string> {
  const weights = new Map<number, string>();
  t.test(
    `every screen, JavaScript ${javaScriptEnabled ? 'on' : 'off'}, desktop then phone`,
    { jobs: SCREENS_AT_ONCE },
    async (t) => {
      for (const [place, stop] of TOUR.entries()) {
        t.test(stop.name, async (t) => {
          const { page, requests, close } = await openPage(browser, { javaScriptEnabled, viewport: DESKTOP });
          t.teardown(close);
          // The screen's own requests: those since the browser last arrived on a document.
          let arrived = 0;
          page.on('framenavigated', (frame) => {
            if (frame === page.mainFrame()) arrived = requests.length;
          });
          await visit(stack, page, stop, javaScriptEnabled);
          const islands = await page.locator('[data-island]').count();
          for (const [device, viewport] of [
            ['desktop', DESKTOP],
            ['phone', PHONE],
          ] as const) {
            await page.setViewportSize(viewport);
            const screen = `${stop.name}, ${device}`;
            await expectAccessible(t, page, screen, { foreign: stop.foreign, javaScriptEnabled });
            if (device === 'phone') await expectFitsPhone(t, page, screen);
            const scripts = await scriptWeight(stack, stop.host, requests.slice(arrived));
            if (!javaScriptEnabled) t.equal(scripts.files, 0, `${device}: no JavaScript requested`);
            else if (islands === 0) t.equal(scripts.files, 0, `${device}: no islands, no JavaScript`);
            else t.ok(scripts.files > 0, `${device}: ${islands} islands load their code`);
            if (javaScriptEnabled && device === 'desktop') {
              if (!stop.foreign) {
                const description = await page.locator('head meta[name="description"]').getAttribute('content');
                t.match(description, merchantTitle(stack, stop.host), `a meta description naming the merchant: ${description}`);
              }
              if (stop.name.startsWith('home')) {
                const runtime = reactRuntime(stack);
                const loaded = [
                  ...new Set(
                    requests
                      .slice(arrived)
                      .map((u) => new URL(u))
                      .filter((u) => u.port === String(stack.port) && u.pathname.endsWith('.js'))
                      .map((u) => u.pathname),
                  ),
                ];
                const beyond = await weigh(
                  stack,
                  stop.host,
                  loaded.filter((path) => !runtime.has(path)),
                );
                t.ok(
                  beyond.gzipBytes <= HOME_SCRIPT_BUDGET_BYTES,
                  `${(beyond.gzipBytes / 1024).toFixed(1)} KiB gzip beyond the React runtime`,
                );
              }
              weights.set(
                place,
                `| ${stop.name} | ${stop.host}${stop.path} | ${islands} | ${scripts.files} | ${(scripts.gzipBytes / 1024).toFixed(1)} |`,
              );
            }
          }
        });
      }
    },
  );
  return weights;
}

/** The checks themselves fail on a page broken on purpose. */
export function checksFailOnABrokenPage(stack: Stack, browser: Browser, javaScriptEnabled: boolean): void {
  t.test(`the checks fail on a broken page, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async (t) => {
    const { page, close } = await openPage(browser, { javaScriptEnabled, viewport: PHONE });
    t.teardown(close);
    await page.goto(stack.url(MAPLE, '/'));
    await page.waitForLoadState('networkidle');
    t.strictSame(await accessibilityFailures(page, { javaScriptEnabled }), [], 'the home page passes');
    t.strictSame(await overflowingBoxes(page), [], 'and fits');

    await page.evaluate(() => {
      // A field without its label (critical), text outside every landmark (moderate), and
      // a reference too wide for the card.
      for (const label of document.querySelectorAll('label')) label.remove();
      const stray = document.createElement('p');
      stray.textContent = 'Outside every landmark';
      document.body.prepend(stray);
      const wide = document.createElement('code');
      wide.textContent = 'X'.repeat(80);
      wide.style.whiteSpace = 'nowrap';
      document.querySelector('.card')!.append(wide);
    });
    const failing = await accessibilityFailures(page, { javaScriptEnabled });
    t.ok(
      failing.some((v) => v.startsWith('label (critical)')),
      'the unlabelled field fails',
    );
    t.ok(
      failing.some((v) => v.startsWith('region (moderate)')),
      'text outside a landmark fails on our own page',
    );
    const foreign = await accessibilityFailures(page, { javaScriptEnabled, foreign: true });
    t.notOk(
      foreign.some((v) => v.startsWith('region')),
      'but not on a provider page',
    );
    const overflow = await overflowingBoxes(page);
    t.ok(
      overflow.some((o) => o.startsWith('code "XXXX')),
      'the wide reference is reported',
    );
    t.ok(
      overflow.some((o) => o.startsWith('the page scrolls sideways')),
      'and the sideways scroll',
    );
  });
}
