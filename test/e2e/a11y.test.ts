// Every screen of the browser journeys, visited once per JavaScript on/off and desktop
// (1280x800) / phone (390x844): axe finds no serious or critical violation anywhere and no
// moderate one in the checkout's own markup; each of the checkout's own pages has a meta
// description naming the merchant; at phone width no box runs past the screen or
// its card. With JavaScript on at desktop size, each screen's scripts are weighed (the
// table is printed): a screen without islands loads none, the home page no more than the
// React runtime plus 8 KiB gzip, and with JavaScript off no screen requests any. The checks themselves are shown to fail on a broken page.
import t from 'tap';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { openPage } from '../helpers/browser.ts';
import { DESKTOP, PHONE, accessibilityFailures, expectAccessible, expectFitsPhone, overflowingBoxes } from '../helpers/a11y.ts';
import { TOUR, visit } from '../helpers/screen-tour.ts';
import { HOME_SCRIPT_BUDGET_BYTES, reactRuntime, scriptWeight, weigh } from '../helpers/script-weight.ts';
import { MAPLE } from '../helpers/journey.ts';

const { stack, browser } = await startBrowserStack();
// Some 180 visits, each audited: minutes, more than the browser tests' default allows.
t.setTimeout(20 * 60_000);

const weights: string[] = [];

const merchantTitle = (host: string) => {
  const found = stack.app.merchants.resolve(host);
  if (found.kind !== 'known') throw new Error(`${host} is not a demo merchant's`);
  return found.merchant.config.title;
};

for (const javaScriptEnabled of [true, false]) {
  for (const [device, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    t.test(`every screen, JavaScript ${javaScriptEnabled ? 'on' : 'off'}, ${device}`, async (t) => {
      for (const stop of TOUR) {
        await t.test(stop.name, async (t) => {
          const { page, requests, close } = await openPage(browser, { javaScriptEnabled, viewport });
          t.teardown(close);
          // The screen's own requests: those since the browser last arrived on a document.
          let arrived = 0;
          page.on('framenavigated', (frame) => {
            if (frame === page.mainFrame()) arrived = requests.length;
          });
          await visit(stack, page, stop, javaScriptEnabled);
          await expectAccessible(t, page, stop.name, { foreign: stop.foreign, javaScriptEnabled });
          if (device === 'phone') await expectFitsPhone(t, page, stop.name);
          const islands = await page.locator('[data-island]').count();
          const scripts = await scriptWeight(stack, stop.host, requests.slice(arrived));
          if (!javaScriptEnabled) t.equal(scripts.files, 0, 'no JavaScript requested');
          else if (islands === 0) t.equal(scripts.files, 0, 'no islands, no JavaScript');
          else t.ok(scripts.files > 0, `${islands} islands load their code`);
          if (javaScriptEnabled && device === 'desktop') {
            if (!stop.foreign) {
              const description = await page.locator('head meta[name="description"]').getAttribute('content');
              t.match(description, merchantTitle(stop.host), `a meta description naming the merchant: ${description}`);
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
            weights.push(
              `| ${stop.name} | ${stop.host}${stop.path} | ${islands} | ${scripts.files} | ${(scripts.gzipBytes / 1024).toFixed(1)} |`,
            );
          }
        });
      }
    });
  }
}

for (const javaScriptEnabled of [true, false]) {
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

t.test('the JavaScript each screen loads', async (t) => {
  t.equal(weights.length, TOUR.length, 'every screen weighed');
  t.comment(['| screen | address | islands | scripts | JavaScript, gzip KiB |', '|---|---|---|---|---|', ...weights].join('\n'));
});
