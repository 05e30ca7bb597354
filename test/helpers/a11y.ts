// Accessibility and phone fit as assertions, for every screen a browser test visits:
// axe-core's rules (WCAG A/AA and best practices) and a measure of every box at 390 px.

import { AxeBuilder } from '@axe-core/playwright';
import type { NodeResult, Result } from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Test } from 'tap';

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** With SHOTS set to a folder: the page at desktop and phone size, as `<name>-desktop.png` and `<name>-phone.png`. */
export async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${dir}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${dir}/${name}-phone.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Impacts that fail a page; moderate ones fail only where the markup is the product's own. */
const ALWAYS = new Set(['serious', 'critical']);

/**
 * A node inside a frame (axe targets it through the frame's selector: a provider's page),
 * or one flagged for what it shares with such a node (a landmark like the frame's own).
 */
const inFrame = (node: { target: NodeResult['target'] }) => node.target.length > 1;
const touchesFrame = (node: NodeResult) =>
  inFrame(node) || [...node.any, ...node.all, ...node.none].some((check) => check.relatedNodes?.some(inFrame));

export interface AxeOptions {
  /**
   * A provider's page or a merchant's own HTML (the sandbox's payment pages): only serious
   * and critical violations count there. Default false: the checkout's own markup.
   */
  foreign?: boolean;
}

/** The violations that fail a screen, each as "rule (impact): help — targets". */
export function failingViolations(violations: Result[], options: AxeOptions = {}): string[] {
  return violations.flatMap((v) => {
    const nodes = ALWAYS.has(v.impact ?? '')
      ? v.nodes
      : v.impact === 'moderate' && !options.foreign
        ? v.nodes.filter((n) => !touchesFrame(n))
        : [];
    if (nodes.length === 0) return [];
    const targets = nodes
      .slice(0, 5)
      .map((n) => n.target.join(' >>> '))
      .join(', ');
    return [`${v.id} (${v.impact}): ${v.help} — ${targets}${nodes.length > 5 ? ` and ${nodes.length - 5} more` : ''}`];
  });
}

/**
 * Where the copies of script-less pages are audited: one context with scripts on per
 * browser, a page in it per copy (a context each cost more than the audit itself).
 */
const copyContexts = new WeakMap<Browser, Promise<BrowserContext>>();

function copyContext(browser: Browser): Promise<BrowserContext> {
  let context = copyContexts.get(browser);
  if (!context) {
    context = browser.newContext();
    copyContexts.set(browser, context);
  }
  return context;
}

/**
 * axe needs timers, which a page without JavaScript never runs: its document as rendered
 * (no script, <noscript> shown) is copied into a page of its own, same address and size,
 * and audited there.
 */
async function withScriptsFor<T>(page: Page, audit: (page: Page) => Promise<T>): Promise<T> {
  const html = (await page.content())
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<noscript>/gi, '<div data-noscript="">')
    .replace(/<\/noscript>/gi, '</div>');
  const browser = page.context().browser();
  if (!browser) throw new Error('the page has no browser to open a copy in');
  const size = page.viewportSize();
  if (!size) throw new Error('the page has no viewport size for its copy');
  const scratch = await (await copyContext(browser)).newPage();
  try {
    await scratch.setViewportSize(size);
    await scratch.route(
      (url) => url.href === page.url(),
      (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }),
    );
    await scratch.goto(page.url());
    return await audit(scratch);
  } finally {
    await scratch.close();
  }
}

export interface AuditOptions extends AxeOptions {
  /** Whether the page runs JavaScript: axe cannot run in a page that does not (see withScriptsFor). */
  javaScriptEnabled: boolean;
}

/**
 * axe in the page. A page with frames needs axe's run per frame, joined in a blank page of
 * its own (the default); on a page without frames that is the same single `axe.run` as the
 * legacy mode, which skips opening and priming the blank page.
 */
const analyze = (page: Page) => new AxeBuilder({ page }).setLegacyMode(page.frames().length === 1).analyze();

/** axe on the page as it is now: the violations that fail it (see failingViolations). */
export async function accessibilityFailures(page: Page, options: AuditOptions): Promise<string[]> {
  const results = !options.javaScriptEnabled ? await withScriptsFor(page, analyze) : await analyze(page);
  return failingViolations(results.violations, options);
}

/** Fails on any serious or critical violation, and on moderate ones in the product's own markup. */
export async function expectAccessible(t: Test, page: Page, screen: string, options: AuditOptions): Promise<void> {
  t.strictSame(await accessibilityFailures(page, options), [], `${screen}: no accessibility violations`);
}

/** What a card is in the markup: boxes that must hold their content. */
export const CARD_SELECTOR = '.card, .modal-card';

/**
 * Every rendered element's box whose edge runs past the viewport, or past the card it sits
 * in, by more than half a pixel. Boxes inside a scrolling or clipping container (a table
 * that scrolls sideways, the map) and visually hidden text are the container's business.
 */
export async function overflowingBoxes(page: Page): Promise<string[]> {
  // No named functions in here: the test loader would wrap them in a helper the page lacks.
  return page.evaluate((cardSelector) => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth}px wide in ${width}px`);
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body && !clipped; a = a.parentElement)
        clipped = getComputedStyle(a).overflowX !== 'visible';
      if (clipped) continue;
      const card = el.parentElement?.closest(cardSelector)?.getBoundingClientRect();
      const [left, right, where] =
        box.left < -0.5 || box.right > width + 0.5
          ? [0, width, `a ${width}px viewport`]
          : card && (box.left < card.left - 0.5 || box.right > card.right + 0.5)
            ? [card.left, card.right, 'its card']
            : [];
      if (where === undefined) continue;
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')}`;
      out.push(
        `${name}${text ? ` "${text}"` : ''}: ${Math.round(box.left)}..${Math.round(box.right)} outside ${where} (${Math.round(left!)}..${Math.round(right!)})`,
      );
    }
    return out;
  }, CARD_SELECTOR);
}

/** The smallest phone a page must fit, beside PHONE. */
export const SMALLEST_PHONE = { width: 320, height: 640 } as const;

/** At a phone's width (PHONE, or down to SMALLEST_PHONE), nothing runs past the screen or its card. */
export async function expectFitsPhone(t: Test, page: Page, screen: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  if (width < SMALLEST_PHONE.width || width > PHONE.width)
    throw new Error(`expectFitsPhone needs a phone's viewport (${SMALLEST_PHONE.width} to ${PHONE.width}px), not ${width}px`);
  t.strictSame(await overflowingBoxes(page), [], `${screen}: every box fits a ${width}px screen and its card`);
}
