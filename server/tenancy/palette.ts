// A merchant's palette: the custom properties its style sheet sets (light, and dark under
// prefers-color-scheme), and the WCAG AA contrast every pair of them that meets on a page
// must reach. Style sheets come in as text; the shared sheet's defaults fill in what a
// merchant leaves out. Checked whenever merchants load (publication.ts) and by a test of
// the shipped sheets; the preview measures the same on the pages as Chromium draws them.
import { readFileSync } from 'node:fs';
import { PROJECT_ROOT } from '../root.ts';

/** The properties a merchant style sheet sets; the shared sheet gives each a default. */
export const PALETTE = [
  'brand',
  'brand-contrast',
  'brand-accent',
  'accent-contrast',
  'bg',
  'surface',
  'text',
  'muted',
  'danger',
  'danger-surface',
  'notice-surface',
  'field-border',
  'header-bg',
  'header-text',
] as const;
export type PaletteProperty = (typeof PALETTE)[number];

/** Text needs 4.5:1 (WCAG 1.4.3); the edges of controls and focus rings 3:1 (1.4.11). */
export const AA_TEXT = 4.5;
export const AA_NON_TEXT = 3;

/** Which colours meet: [foreground, background, minimum, where]. */
export const CONTRAST_PAIRS: readonly (readonly [PaletteProperty, PaletteProperty, number, string])[] = [
  ['text', 'bg', AA_TEXT, 'body text on the page'],
  ['text', 'surface', AA_TEXT, 'body text on a card'],
  ['muted', 'surface', AA_TEXT, 'hints on a card'],
  ['muted', 'bg', AA_TEXT, 'hints on the page'],
  ['brand', 'surface', AA_TEXT, 'links and quiet buttons on a card'],
  ['brand', 'bg', AA_TEXT, 'links on the page'],
  ['brand-contrast', 'brand', AA_TEXT, 'the primary button'],
  ['accent-contrast', 'brand-accent', AA_TEXT, 'the environment badge'],
  ['danger', 'surface', AA_TEXT, 'field errors'],
  ['danger', 'danger-surface', AA_TEXT, 'form errors'],
  ['text', 'notice-surface', AA_TEXT, 'notices'],
  ['text', 'danger-surface', AA_TEXT, 'warnings'],
  ['field-border', 'surface', AA_NON_TEXT, 'the edge of a field'],
  ['brand', 'surface', AA_NON_TEXT, 'the focus ring'],
  ['header-text', 'header-bg', AA_TEXT, 'the merchant name in the header'],
];

export type Rgb = readonly [number, number, number];

/** '#rgb', '#rrggbb', 'rgb(r, g, b)' / 'rgb(r g b)'; anything else is null. */
export function parseColor(value: string): Rgb | null {
  const v = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/.exec(v);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as unknown as Rgb;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)\s*(?:[,/]\s*1(?:\.0*)?\s*)?\)$/.exec(v);
  return rgb ? [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])] : null;
}

const COLOR_TOKEN = /#[0-9a-f]{3}(?:[0-9a-f]{3})?\b|rgba?\([^)]*\)/gi;

/** Every colour written in a value (a gradient has several); an unparsable one throws. */
export function colorsIn(value: string): Rgb[] {
  return (value.match(COLOR_TOKEN) ?? []).map((token) => {
    const rgb = parseColor(token);
    if (!rgb) throw new Error(`not an opaque colour: ${token}`);
    return rgb;
  });
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (WCAG 2). */
export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export type Declarations = Record<string, string>;

/** A style sheet's custom properties: on :root, and on :root inside the dark media query. */
export interface SheetProperties {
  light: Declarations;
  /** null: the sheet has no dark block. */
  dark: Declarations | null;
  /** Selectors of rules other than :root, which a merchant sheet must not have. */
  otherRules: string[];
}

const DARK_MEDIA = /@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*\{/g;

function declarations(body: string): Declarations {
  const out: Declarations = {};
  for (const part of body.split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const name = part.slice(0, colon).trim();
    if (name) out[name] = part.slice(colon + 1).trim();
  }
  return out;
}

/** Rules of a flat block: [selector, body] pairs. */
function rules(css: string): [string, string][] {
  const out: [string, string][] = [];
  for (const match of css.matchAll(/([^{}]+)\{([^{}]*)\}/g)) out.push([match[1]!.trim(), match[2]!]);
  return out;
}

/** The inside of the dark media block(s), and the sheet without them. */
function splitDark(css: string): { rest: string; dark: string[] } {
  const dark: string[] = [];
  let rest = '';
  let from = 0;
  for (const match of css.matchAll(DARK_MEDIA)) {
    const open = match.index! + match[0].length;
    let depth = 1;
    let i = open;
    while (depth > 0 && i < css.length) {
      if (css[i] === '{') depth++;
      else if (css[i] === '}') depth--;
      i++;
    }
    rest += css.slice(from, match.index);
    dark.push(css.slice(open, i - 1));
    from = i;
  }
  return { rest: rest + css.slice(from), dark };
}

export function sheetProperties(css: string): SheetProperties {
  const clean = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const { rest, dark } = splitDark(clean);
  const otherRules: string[] = [];
  const collect = (text: string, into: Declarations) => {
    for (const [selector, body] of rules(text)) {
      if (selector === ':root') Object.assign(into, declarations(body));
      else otherRules.push(selector);
    }
  };
  const light: Declarations = {};
  collect(rest, light);
  let darkProps: Declarations | null = null;
  if (dark.length > 0) {
    darkProps = {};
    for (const block of dark) collect(block, darkProps);
  }
  return { light, dark: darkProps, otherRules };
}

/** Replace var(--x) by its value, repeatedly (the shared sheet's defaults refer to others). */
export function resolve(props: Declarations, name: string, depth = 0): string {
  const value = props[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  if (depth > 10) throw new Error(`${name} refers to itself`);
  return value.replace(/var\(\s*(--[\w-]+)\s*\)/g, (_, ref: string) => resolve(props, ref, depth + 1));
}

/** A pair of CONTRAST_PAIRS below its minimum, or whose colours cannot be read. */
export interface ContrastFailure {
  /** `--brand #ffff66 on --surface #ffffff (links and quiet buttons on a card)`. */
  pair: string;
  /** The contrast found; undefined when a colour cannot be read. */
  ratio?: number;
  minimum: number;
  /** Why the colours cannot be read. */
  unreadable?: string;
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

/**
 * Every pair of CONTRAST_PAIRS below its minimum, for each colour of a gradient; a pair
 * whose colours are not written as #rrggbb or rgb() cannot be checked, and says so.
 */
export function contrastFailures(props: Declarations): ContrastFailure[] {
  const failures: ContrastFailure[] = [];
  for (const [fg, bg, minimum, where] of CONTRAST_PAIRS) {
    let fgs: Rgb[];
    let bgs: Rgb[];
    try {
      fgs = colorsIn(resolve(props, `--${fg}`));
      bgs = colorsIn(resolve(props, `--${bg}`));
      if (fgs.length === 0 || bgs.length === 0) throw new Error('no colour written as #rrggbb or rgb()');
    } catch (err) {
      failures.push({ pair: `--${fg} on --${bg} (${where})`, minimum, unreadable: (err as Error).message });
      continue;
    }
    for (const f of fgs) {
      for (const b of bgs) {
        const ratio = contrastRatio(f, b);
        if (ratio < minimum) failures.push({ pair: `--${fg} ${hex(f)} on --${bg} ${hex(b)} (${where})`, ratio, minimum });
      }
    }
  }
  return failures;
}

/** Where the shared sheet is read from: the container keeps this one source file beside dist/ (Dockerfile). */
const SHARED_SHEET = new URL('static/css/app.css', PROJECT_ROOT);
let shared: Declarations | undefined;

/** The shared sheet's palette: every property's default, which a merchant's sheet overrides. Read once. */
export function sharedPalette(): Declarations {
  shared ??= sheetProperties(readFileSync(SHARED_SHEET, 'utf8')).light;
  return shared;
}

/** 1.0609 reads 1.06:1, never rounded up past a minimum it misses. */
const asRatio = (n: number) => `${(Math.floor(n * 100) / 100).toFixed(2)}:1`;

/**
 * The sheet's palette over the shared defaults, light and (when it has a dark block) dark:
 * one line per failing pair, naming the scheme, both properties, their colours and the
 * ratio. Empty when the palette passes WCAG AA.
 */
export function paletteProblems(css: string, defaults: Declarations = sharedPalette()): string[] {
  const sheet = sheetProperties(css);
  const light = { ...defaults, ...sheet.light };
  const schemes: [string, Declarations][] = [['light', light]];
  if (sheet.dark !== null) schemes.push(['dark', { ...light, ...sheet.dark }]);
  return schemes.flatMap(([scheme, props]) =>
    contrastFailures(props).map((f) =>
      f.ratio === undefined
        ? `${scheme}: ${f.pair}: cannot check its contrast (${f.unreadable})`
        : `${scheme}: ${f.pair}: contrast ${asRatio(f.ratio)}, WCAG AA asks ${f.minimum}:1`,
    ),
  );
}
