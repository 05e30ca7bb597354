// What a page shows as Chromium draws it, measured in the page: the WCAG AA contrast of
// every text on the background behind it (links and the brand's buttons are text too), of
// every focus ring on what surrounds it, and of every field's edge; and where the page
// shows a text given as its needle. For the preview (scripts/preview.ts), beside axe and
// the phone-fit measure of a11y.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';

/** axe-core's browser build, as @axe-core/playwright injects it. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's violations on the page as it is drawn now (all its rules; frames are not entered).
 * axe is put in the document once and run again at each size and scheme: putting it in
 * costs more than a run.
 */
export async function axeViolations(page: Page): Promise<Result[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Result[] }> } }).axe
      .run(document, { resultTypes: ['violations'], iframes: false })
      .then((results) => results.violations),
  );
}

/** One element below its minimum: what it is, and the colours measured. */
export interface ContrastFinding {
  /** `a.button "NEXT"`, `input#fiatAmount`. */
  element: string;
  what: 'text' | 'focus ring' | 'field edge';
  ratio: number;
  minimum: number;
  foreground: string;
  background: string;
}

/** The elements a visitor can focus, at most this many per page (a long list of banks has many alike). */
const FOCUSABLE_MAX = 80;

/**
 * Every text, focus ring and field edge below WCAG AA on the page as it is drawn now:
 * text 4.5:1 (3:1 from 24 px, or 18.7 px bold), focus rings and field edges 3:1 (1.4.11).
 * A background is the first opaque one behind the element, with the translucent ones over
 * it blended in; on a gradient each of its colours counts; behind an image alone it cannot
 * be known and the element is left out. Focus rings are read with the keyboard's focus
 * style (a Tab first), each element focused in turn, then focus is given back to the page.
 */
export async function contrastFindings(page: Page): Promise<ContrastFinding[]> {
  await page.keyboard.press('Tab');
  // No named functions in here: the test loader would wrap them in a helper the page lacks.
  return page.evaluate((focusableMax) => {
    type Rgba = [number, number, number, number];
    const canvas = document.createElement('canvas').getContext('2d')!;
    const parse = (css: string): Rgba | null => {
      const rgb = /^rgba?\(([^)]+)\)$/.exec(css);
      if (rgb) {
        const [r, g, b, a = '1'] = rgb[1]!.split(/[\s,/]+/).filter(Boolean);
        return [Number(r), Number(g), Number(b), Number(a)];
      }
      // color(srgb …), oklch(…), a named colour: the canvas writes it back as #rrggbb or rgba().
      canvas.fillStyle = '#000';
      canvas.fillStyle = css;
      const out = canvas.fillStyle as string;
      if (out.startsWith('#')) return [1, 3, 5].map((i) => parseInt(out.slice(i, i + 2), 16)).concat(1) as Rgba;
      const again = /^rgba?\(([^)]+)\)$/.exec(out);
      if (!again) return null;
      const [r, g, b, a = '1'] = again[1]!.split(/[\s,/]+/).filter(Boolean);
      return [Number(r), Number(g), Number(b), Number(a)];
    };
    const over = (top: Rgba, under: Rgba): Rgba => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i]! * a + under[i]! * (1 - a)).concat(1) as Rgba;
    };
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    const lum = (c: Rgba) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    const hex = (c: Rgba) =>
      `#${c
        .slice(0, 3)
        .map((v) => Math.round(v).toString(16).padStart(2, '0'))
        .join('')}`;
    const GRADIENT_COLOUR = /(?:rgba?|color|oklch|oklab|lab|lch|hsla?)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;
    /** The colours behind `from` (several on a gradient), or null where an image alone is behind it. */
    const backgrounds = (from: Element | null): Rgba[] | null => {
      const layers: Rgba[] = [];
      for (let at = from; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        const colour = parse(style.backgroundColor) ?? [0, 0, 0, 0];
        if (style.backgroundImage.includes('gradient')) {
          const stops = (style.backgroundImage.match(GRADIENT_COLOUR) ?? []).map(parse).filter((c): c is Rgba => c !== null);
          const base = colour[3] > 0 ? colour : null;
          const under = base ?? backgrounds(at.parentElement)?.[0] ?? [255, 255, 255, 1];
          return stops.map((stop) =>
            layers.reduceRight((acc, layer) => over(layer, acc), over(stop, over(under, [255, 255, 255, 1]))),
          );
        }
        if (style.backgroundImage !== 'none' && colour[3] === 0) return null;
        if (colour[3] > 0) {
          layers.push(colour);
          if (colour[3] >= 1) break;
        }
      }
      // The canvas under everything: white, as Chromium paints a page without a background.
      return [layers.reduceRight<Rgba>((acc, layer) => over(layer, acc), [255, 255, 255, 1])];
    };
    const opacity = (el: Element) => {
      let product = 1;
      for (let at: Element | null = el; at; at = at.parentElement) product *= Number(getComputedStyle(at).opacity);
      return product;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width <= 1 || box.height <= 1 || style.visibility !== 'visible') return false;
      for (let at: Element | null = el; at; at = at.parentElement) {
        const s = getComputedStyle(at);
        if (s.clipPath !== 'none' || (s.clip !== 'auto' && s.position === 'absolute')) return false;
      }
      return true;
    };
    const name = (el: Element) => {
      // A field is named by what identifies it, not by the options it holds.
      const field = el.matches('select, input, textarea');
      const text = field ? '' : (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const id = el.id ? `#${el.id}` : '';
      const classes = [...el.classList].map((c) => `.${c}`).join('');
      return `${el.tagName.toLowerCase()}${id}${classes}${text ? ` "${text}"` : ''}`;
    };
    const found: ContrastFinding[] = [];
    const judge = (el: Element, what: ContrastFinding['what'], fg: Rgba, behind: Rgba[] | null, minimum: number) => {
      if (behind === null) return;
      for (const bg of behind) {
        const seen = over(fg, bg);
        const r = ratio(seen, bg);
        if (r < minimum) {
          found.push({ element: name(el), what, ratio: r, minimum, foreground: hex(seen), background: hex(bg) });
          return;
        }
      }
    };
    for (const el of document.body.querySelectorAll('*')) {
      const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      if (!hasText || el.closest('option, script, style, noscript, [inert]') || !shown(el)) continue;
      if ((el as HTMLButtonElement).disabled) continue;
      const style = getComputedStyle(el);
      const colour = parse(style.color);
      if (!colour) continue;
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const seen: Rgba = [colour[0], colour[1], colour[2], colour[3] * opacity(el)];
      judge(el, 'text', seen, backgrounds(el), large ? 3 : 4.5);
    }
    const fields = document.querySelectorAll<HTMLElement>(
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]):not([type=file]), select, textarea',
    );
    for (const field of fields) {
      if (!shown(field)) continue;
      const style = getComputedStyle(field);
      const edge = parse(style.borderTopColor);
      if (!edge || parseFloat(style.borderTopWidth) === 0) continue;
      judge(field, 'field edge', edge, backgrounds(field.parentElement), 3);
    }
    const focusable = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])',
      ),
    ]
      .filter(shown)
      .slice(0, focusableMax);
    const scroll = [window.scrollX, window.scrollY] as const;
    for (const el of focusable) {
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      const style = getComputedStyle(el);
      const ring = parse(style.outlineColor);
      if (!ring || style.outlineStyle === 'none' || parseFloat(style.outlineWidth) === 0) continue;
      // The ring is drawn around the element, over what surrounds it.
      judge(el, 'focus ring', ring, backgrounds(parseFloat(style.outlineOffset) >= 0 ? el.parentElement : el), 3);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(scroll[0], scroll[1]);
    return found;
  }, FOCUSABLE_MAX);
}

/** For each needle the page shows, the innermost element holding it (`p.psa "…"`). */
export async function whereShown(page: Page, needles: readonly string[]): Promise<(string | null)[]> {
  return page.evaluate((wanted) => {
    const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
    return wanted.map((needle) => {
      const text = squash(needle);
      if (!text) return null;
      let best: Element | null = null;
      for (const el of document.body.querySelectorAll('*')) {
        if (squash((el as HTMLElement).innerText ?? '').includes(text)) best = el;
      }
      if (!best) return null;
      const id = best.id ? `#${best.id}` : '';
      const classes = [...best.classList].map((c) => `.${c}`).join('');
      return `${best.tagName.toLowerCase()}${id}${classes} "${text.slice(0, 40)}${text.length > 40 ? '…' : ''}"`;
    });
  }, needles);
}

/**
 * The boxes, in page coordinates, of what differs between two visits of one page: the
 * order's reference and other codes, its QR code, dates, times and countdowns. A diff of
 * two versions of a merchant leaves them out.
 */
export async function changingBoxes(page: Page): Promise<{ x: number; y: number; width: number; height: number }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[translate="no"], time, [role="timer"], .countdown, .qr-code, .ticker-price')].flatMap(
      (el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0
          ? [{ x: box.left + window.scrollX, y: box.top + window.scrollY, width: box.width, height: box.height }]
          : [];
      },
    ),
  );
}
