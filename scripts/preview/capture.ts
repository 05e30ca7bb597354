// One merchant's pages as Chromium draws them: every stop of the preview in each of its
// languages, at each width (and dark where its palette has a dark block), each a
// full-page PNG, and, when asked, what the page checks find there (axe, contrast, the
// phone's width, texts in the default language, the merchant's files that did not load).
// One browser for the whole run; a few pages at once, each in a context of its own.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { Merchant } from '../../server/tenancy/load.ts';
import { sheetProperties } from '../../server/tenancy/palette.ts';
import { failingViolations, overflowingBoxes } from '../../test/helpers/a11y.ts';
import { openPage } from '../../test/helpers/browser.ts';
import { axeViolations, changingBoxes, contrastFindings, whereShown } from '../../test/helpers/page-checks.ts';
import { Shop, visit } from '../../test/helpers/screen-tour.ts';
import type { Stack } from '../../test/helpers/stack.ts';
import { type PreviewStop, previewStops } from '../../test/helpers/tour-states.ts';
import { fallbackNeedles } from './fallbacks.ts';

export const WIDTHS = [1280, 390, 320] as const;
/** The phones: what runs past their width is refused. */
const PHONES: readonly number[] = [390, 320];
const HEIGHT = 800;
/** A4 at 96 dpi: the order page's receipt printed. */
const PRINT_WIDTH = 794;
/** Pages at once: one's wait for a quiet network overlaps the others' checks, on two cores. */
export const PAGES_AT_ONCE = 3;

export interface Problem {
  page: string;
  /** The page's place among the preview's stops, which the lines keep. */
  place?: number;
  language: string;
  /** `1280`, `320 dark`, `print`. */
  viewport: string;
  element: string;
  what: string;
  blocking: boolean;
}

/** One picture of a page. */
export interface Shot {
  page: string;
  language: string;
  viewport: string;
  /** The PNG, relative to the report's folder. */
  file: string;
  /** What differs between two visits (references, codes, times), in the picture's pixels. */
  changing: { x: number; y: number; width: number; height: number }[];
}

export interface CaptureOptions {
  /** Only the stop of this name, else the stops whose name holds it. */
  only?: string | undefined;
  /** Only these widths. */
  widths?: readonly number[] | undefined;
  /** Only these of the merchant's languages. */
  languages?: readonly string[] | undefined;
  /** Run the checks, or take pictures only (the published version of a diff). */
  checks: boolean;
}

export interface Capture {
  /** Seconds spent in each part of the work, summed over the pages (they overlap). */
  spent: Record<string, number>;
  shots: Shot[];
  problems: Problem[];
  /** Stops that could not be shown, with why. */
  missed: Problem[];
  pages: number;
}

export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** The pictures a visit takes: each width, light then dark; the printed receipt alone. */
function viewports(stop: PreviewStop, widths: readonly number[], dark: boolean) {
  if (stop.print) return [{ width: PRINT_WIDTH, scheme: 'light' as const, label: 'print', print: true }];
  return widths.flatMap((width) =>
    (dark ? (['light', 'dark'] as const) : (['light'] as const)).map((scheme) => ({
      width,
      scheme,
      label: scheme === 'dark' ? `${width} dark` : String(width),
      print: false,
    })),
  );
}

/** `--only`: the stop of that name, else the stops whose name holds it. */
function chosen(stops: PreviewStop[], only: string | undefined): PreviewStop[] {
  if (!only) return stops;
  const exact = stops.filter((stop) => stop.name === only);
  return exact.length > 0 ? exact : stops.filter((stop) => stop.name.includes(only));
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Two animation frames: what a resize or a scheme changed is laid out and painted. */
const settled = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))));

/** Before any check runs in a page: the helper tsx names functions with, which a page lacks. */
const NAMES_HELPER = 'globalThis.__name ??= (fn) => fn;';

export async function capture(
  stack: Stack,
  browser: Browser,
  merchant: Merchant,
  outDir: string,
  options: CaptureOptions,
): Promise<Capture> {
  const shop = new Shop(merchant.config, [...merchant.legal.keys()]);
  const stops = chosen(previewStops(shop), options.only);
  const languages = merchant.config.languages.filter((l) => !options.languages || options.languages.includes(l));
  const widths = WIDTHS.filter((w) => !options.widths || options.widths.includes(w));
  const style = merchant.styleHref ? merchant.assets.get(merchant.styleHref)?.body.toString('utf8') : undefined;
  const dark = style !== undefined && sheetProperties(style).dark !== null;
  const needles = fallbackNeedles(merchant);
  const result: Capture = { spent: {}, shots: [], problems: [], missed: [], pages: 0 };
  /** `work()`, its time added to its part's. */
  const timed = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
    const from = performance.now();
    try {
      return await work();
    } finally {
      result.spent[part] = (result.spent[part] ?? 0) + (performance.now() - from) / 1000;
    }
  };
  await mkdir(outDir, { recursive: true });

  const work = stops.flatMap((stop, place) => languages.map((language) => ({ stop, place, language })));
  await eachLimited(work, PAGES_AT_ONCE, async ({ stop, place, language }) => {
    const { page, problems: console, close } = await openPage(browser, { viewport: { width: WIDTHS[0], height: HEIGHT } });
    const failed: string[] = [];
    const note = (viewport: string, element: string, what: string, blocking: boolean) =>
      result.problems.push({ page: stop.name, place, language, viewport, element, what, blocking });
    try {
      const context = page.context();
      await context.addInitScript(NAMES_HELPER);
      await context.addCookies([{ name: 'lang', value: language, url: stack.url(shop.host, '/') }]);
      // The merchant's links elsewhere are not the checkout's: nothing leaves the machine.
      await context.route(/^https?:\/\/(?!([a-z0-9-]+\.)*localhost|127\.0\.0\.1)/, (route) =>
        route.abort('internetdisconnected'),
      );
      // A file the page asks the checkout for (a logo in the merchant's style sheet resolves
      // against the sheet that uses it) that answers an error; pages are the tour's business.
      const ours = (url: string) => new URL(url).hostname === shop.host;
      page.on('response', (res) => {
        if (ours(res.url()) && !res.request().isNavigationRequest() && res.status() >= 400) {
          failed.push(`${new URL(res.url()).pathname} answered ${res.status()}`);
        }
      });
      page.on('requestfailed', (req) => {
        const error = req.failure()?.errorText ?? 'no answer';
        // Aborted: the page it was for had been left (a stop that passes through a page first).
        if (ours(req.url()) && !req.isNavigationRequest() && error !== 'net::ERR_ABORTED') {
          failed.push(`${new URL(req.url()).pathname} did not load (${error})`);
        }
      });
      // Only the page the stop shows counts, not those its way passed through.
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) failed.length = 0;
      });
      try {
        await timed('visit', () => visit(stack, page, stop));
      } catch (err) {
        result.missed.push({
          page: stop.name,
          place,
          language,
          viewport: '',
          element: '',
          what: `not shown: ${(err as Error).message.split('\n')[0]}`,
          blocking: true,
        });
        return;
      }
      result.pages++;
      if (options.checks) {
        for (const file of new Set(failed)) note('1280', 'a file the page asks for', file, true);
        for (const line of console.filter((l) => l.startsWith('console: CSP violation'))) {
          note(
            '1280',
            "the page's policy",
            `refused ${line.replace(/^console: CSP violation: /, '').replace(/ \(.*$/, '')}`,
            true,
          );
        }
        const here = (needles.get(language) ?? []).filter((n) => n.page === undefined || n.page === stop.name);
        const shown = await whereShown(
          page,
          here.map((n) => n.text),
        );
        shown.forEach((element, i) => {
          const needle = here[i]!;
          const meant = needle.declared ? ' (listed in untranslated)' : '';
          if (element)
            note('1280', element, `shown in ${merchant.config.languages[0]}: ${needle.key} is not translated${meant}`, false);
        });
      }
      for (const viewport of viewports(stop, widths, dark)) {
        await page.setViewportSize({ width: viewport.width, height: HEIGHT });
        await page.emulateMedia({ colorScheme: viewport.scheme, media: viewport.print ? 'print' : 'screen' });
        await timed('resize', () => settled(page));
        const file = `${slug(stop.name)}-${language}-${viewport.label.replace(' ', '-')}.png`;
        const changing = await changingBoxes(page);
        await timed('picture', () => page.screenshot({ path: join(outDir, file), fullPage: true }));
        result.shots.push({ page: stop.name, language, viewport: viewport.label, file, changing });
        if (!options.checks || viewport.print) continue;
        // Colours follow the scheme, not the width: contrast is measured at the first width in
        // each scheme. axe reads the markup and the layout: at the first width and the
        // narrowest, in light (the contrast in dark is the measure's).
        const first = viewport.width === widths[0];
        if (viewport.scheme === 'light' && (first || viewport.width === widths.at(-1))) {
          for (const failure of failingViolations(await timed('axe', () => axeViolations(page)), { foreign: true })) {
            const [rule, targets = ''] = failure.split(' — ');
            note(viewport.label, targets, `axe ${rule}`, true);
          }
        }
        if (first) {
          for (const found of await timed('contrast', () => contrastFindings(page))) {
            note(
              viewport.label,
              found.element,
              `${found.what} contrast ${(Math.floor(found.ratio * 100) / 100).toFixed(2)}:1 (${found.foreground} on ${found.background}), WCAG AA asks ${found.minimum}:1`,
              true,
            );
          }
        }
        if (PHONES.includes(viewport.width)) {
          for (const box of await timed('width', () => overflowingBoxes(page))) {
            const sideways = box.startsWith('the page scrolls sideways');
            const at = box.indexOf(': ');
            note(
              viewport.label,
              sideways ? 'the page' : box.slice(0, at),
              sideways ? box.slice('the page '.length) : `runs past ${box.slice(at + 2)}`,
              true,
            );
          }
        }
      }
    } finally {
      await close();
    }
  });
  await writeFile(join(outDir, 'shots.json'), JSON.stringify(result.shots));
  return result;
}
