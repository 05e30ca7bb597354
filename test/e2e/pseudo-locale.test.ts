// The pseudo-language walk: every screen of the accessibility tour with the `lang=en-XA`
// cookie, JavaScript on, desktop size. Every text a visitor can read on the checkout's own
// pages (text nodes, and the placeholder, aria-label, title, alt and button values) comes
// wrapped (⟦…⟧) from a catalogue, or is data: the merchant's own words (merchant.json,
// footer and legal HTML), the visitor's own entries, names Intl gives, codes, figures,
// dates, addresses, e-mail addresses and URLs. Anything else was written into the product
// instead of a catalogue, and is named with its screen.
import { readFileSync } from 'node:fs';
import type { ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { Page } from 'playwright-core';
import t from 'tap';
import { LANGUAGE_NAMES, PSEUDO_LANGUAGE } from '../../checkout/i18n/languages.ts';
import { PSEUDO_CLOSE, PSEUDO_OPEN } from '../../checkout/i18n/translate.ts';
import { CENTRES_FILE } from '../../server/cash-in/centres.ts';
import { LANGUAGE_COOKIE } from '../../server/i18n/negotiate.ts';
import { BANKS } from '../../server/sandbox/banks.ts';
import { bankInitials } from '../../views/pages/BankSelect.tsx';
import { DESKTOP } from '../helpers/a11y.ts';
import { TOUR_TIME_LIMIT_MS } from '../helpers/a11y-tour.ts';
import { openPage } from '../helpers/browser.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { ADDRESS, BTC_ADDRESS, BTC_TESTNET_ADDRESS, BUYER, ID_ADDRESS, PH_ADDRESS } from '../helpers/journey.ts';
import { TOUR, visit } from '../helpers/screen-tour.ts';

const { stack, browser } = await startBrowserStack();
t.setTimeout(TOUR_TIME_LIMIT_MS);

/** Screens visited at once, each in a browser context of its own (as the accessibility tour does). */
const SCREENS_AT_ONCE = 3;

/** Every string in a value (merchant.json, the journey's buyer), however deep. */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** The texts of an HTML fragment (the merchant's footer and legal pages), its attributes' too. */
function htmlTexts(html: string): string[] {
  const out: string[] = [];
  const walk = (node: ChildNode) => {
    if (node.type === 'text') out.push(node.data);
    if ('attribs' in node) out.push(...Object.values(node.attribs));
    if ('children' in node) (node.children as ChildNode[]).forEach(walk);
  };
  parseDocument(html, { decodeEntities: true }).children.forEach(walk);
  return out;
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The merchant's own words on its host: every string of its merchant.json, footer and legal pages. */
function merchantWords(host: string): string[] {
  const found = stack.app.merchants.resolve(host);
  if (found.kind !== 'known') return [];
  const { merchant } = found;
  const html = [merchant.footerHtml ?? '', ...merchant.legal.values()];
  for (const translated of merchant.translations.values()) html.push(translated.footerHtml ?? '', ...translated.legal.values());
  return [...stringsIn(merchant.config), ...html.flatMap(htmlTexts)];
}

/**
 * Words that are data on every host: what the journeys typed in (the buyer's name, addresses,
 * wallet addresses), each language's name in itself (the switch), and the region names Intl
 * gives in the page's locale (the phone country and address pickers list them).
 */
const regionNames = new Intl.DisplayNames(['en-CA'], { type: 'region' });
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const REGION_CODES = LETTERS.flatMap((a) => LETTERS.map((b) => `${a}${b}`)).filter((code) => regionNames.of(code) !== code);
const REGIONS = REGION_CODES.map((code) => regionNames.of(code)!);
const SHARED_WORDS = [
  ...stringsIn([BUYER, ADDRESS, PH_ADDRESS, ID_ADDRESS, BTC_ADDRESS, BTC_TESTNET_ADDRESS]),
  // The upstream's data: the banks it lists, the cash-in centres (names, addresses, cities).
  ...stringsIn(BANKS),
  ...Object.values(BANKS).flatMap((banks) => banks.map((bank) => bankInitials(bank.bankName))),
  ...stringsIn(JSON.parse(readFileSync(CENTRES_FILE, 'utf8'))),
  ...Object.values(LANGUAGE_NAMES),
  ...REGIONS,
];

/**
 * Texts the checkout cannot catalogue, each allowed for its reason: the native file input's
 * own words are the browser's (Chromium writes them in its own language, not the page's).
 */
const NOT_OURS = ['Choose File', 'Choose Files', 'No file chosen'];
/**
 * Parts of the page that are a third party's own: the map library's credit line, which
 * Leaflet writes and its licence asks to keep, and the bank's page shown inside the
 * checkout's (its words are the bank's).
 */
const NOT_OURS_SELECTORS = ['.leaflet-control-attribution', '.bank-document'];
/** What the page itself marks as no words to translate: codes such as the cash payment's reference. */
const NOT_WORDS_SELECTOR = '[translate="no"]';

/** Currency symbols as Intl writes money in the page's locale (the pseudo-language formats as English). */
const CURRENCY_SYMBOLS = new Set(
  Intl.supportedValuesOf('currency').flatMap((currency) =>
    (['symbol', 'narrowSymbol'] as const).map(
      (currencyDisplay) =>
        new Intl.NumberFormat('en-CA', { style: 'currency', currency, currencyDisplay })
          .formatToParts(1)
          .find((part) => part.type === 'currency')!.value,
    ),
  ),
);

/** The words of data: figures, money, rates, dates, times, codes, references, e-mail addresses, URLs. */
const DATA_WORD = [
  /^[^\p{L}]*$/u, // figures, amounts, phone numbers, times, punctuation
  /^(?=.*\d)[A-Z0-9-]{4,}$/, // references and vouchers: SBX3B2…, ORDER-7
  /^[A-Za-z0-9]{20,}$/, // wallet addresses, tokens
  /@/, // e-mail addresses
  /^(https?:\/\/|www\.)|\.(example|localhost|com|ca)\b/, // URLs and domains
  /^v\d+(\.\d+)+$/, // the release's version
  /^\d+(st|nd|rd|th|am|pm|AM|PM|h|m|s|min)$/, // 10:00am, 3h, 1st
];
/** Codes Intl knows: currencies (CAD, PHP), regions (CA, PH), time zones as dates name them (EST, UTC). */
const CODES = new Set([
  ...Intl.supportedValuesOf('currency'),
  ...REGION_CODES,
  ...['UTC', ...Intl.supportedValuesOf('timeZone')].map(
    (timeZone) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, timeZoneName: 'short' })
        .formatToParts(0)
        .find((part) => part.type === 'timeZoneName')!.value,
  ),
]);
/** Month and weekday names as Intl writes dates in the page's locale, and the words it puts between a date's parts ("at"). */
const DATE_WORDS = new Set([
  ...Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 15))).flatMap((d) =>
    (['long', 'short'] as const).flatMap((style) => [
      d.toLocaleString('en-CA', { month: style, timeZone: 'UTC' }),
      d.toLocaleString('en-CA', { weekday: style, timeZone: 'UTC' }),
    ]),
  ),
  ...new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeStyle: 'short' })
    .formatToParts(0)
    .filter((part) => part.type === 'literal')
    .flatMap((part) => part.value.split(/[\s,]+/))
    .filter((word) => /\p{L}/u.test(word)),
  // The day's periods (a.m., p.m.), as a word is read: without its final stop.
  ...[0, 13].flatMap((hour) =>
    new Intl.DateTimeFormat('en-CA', { hour: 'numeric', timeZone: 'UTC' })
      .formatToParts(Date.UTC(2026, 0, 15, hour))
      .filter((part) => part.type === 'dayPeriod')
      .map((part) => part.value.replace(/\.$/, '')),
  ),
]);

/** Length units' symbols as Intl writes them (the cash-in distances, the map's scale): km, m. */
const UNIT_SYMBOLS = new Set(
  ['kilometer', 'meter'].flatMap((unit) =>
    new Intl.NumberFormat('en-CA', { style: 'unit', unit })
      .formatToParts(1)
      .filter((part) => part.type === 'unit')
      .map((part) => part.value.trim()),
  ),
);

/** Money: a figure with the currency's symbol before or after it. */
function isMoney(word: string): boolean {
  const symbol = /^([^\d\s-]*)-?[\d.,\u00a0\u202f]+([^\d\s]*)$/u.exec(word);
  return !!symbol && [symbol[1]!, symbol[2]!].every((s) => s === '' || CURRENCY_SYMBOLS.has(s));
}

function isDataWord(word: string): boolean {
  const bare = word.replace(/^[("'«“‘]+|[)"'»”’.,;:!?]+$/g, '');
  return (
    bare === '' ||
    DATE_WORDS.has(bare) ||
    CODES.has(bare) ||
    UNIT_SYMBOLS.has(bare) ||
    isMoney(bare) ||
    DATA_WORD.some((pattern) => pattern.test(bare))
  );
}

/** One pattern for a host's own words, longest first, each matched as whole words. */
function wordsPattern(words: readonly string[]): RegExp {
  const escaped = words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'gu');
}

/** Between two text nodes: a wrapped text may run over several (a link inside a sentence). */
const NODE_BREAK = '\n';

/**
 * The runs of `texts` (the page's text nodes in order) outside the wrappers: a wrapper may
 * hold others (a sentence with a catalogued word inside) and span text nodes.
 */
function outsideWrappers(texts: readonly string[]): string[] {
  const runs: string[] = [];
  let depth = 0;
  let run = '';
  for (const c of texts.map(squeeze).join(NODE_BREAK)) {
    if (c === PSEUDO_OPEN || c === PSEUDO_CLOSE || c === NODE_BREAK) {
      runs.push(run);
      run = '';
      if (c === PSEUDO_OPEN) depth++;
      else if (c === PSEUDO_CLOSE) depth = Math.max(0, depth - 1);
    } else if (depth === 0) run += c;
  }
  runs.push(run);
  return runs;
}

/** The parts of the page's texts outside the wrappers that are not data, given the host's own words. */
function unwrappedParts(texts: readonly string[], words: RegExp): string[] {
  return outsideWrappers(texts)
    .map((run) => squeeze(run.replace(words, ' ')))
    .filter((rest) => rest !== '' && !NOT_OURS.includes(rest) && !rest.split(' ').every(isDataWord));
}

/** What a visitor can read on the page: rendered text nodes and the readable attributes. */
function visibleTexts(page: Page): Promise<{ nodes: string[]; attributes: string[] }> {
  // No named functions inside: the page runs this code as it is, without the compiler's helpers.
  return page.evaluate(
    (notOurs) => {
      const skipped = ['script', 'style', 'noscript', 'template', 'iframe', ...notOurs].join(',');
      const read: [Element, string, boolean][] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        // An <option> of a closed <select> is not painted, yet the visitor reads it on opening.
        if (parent && node.textContent?.trim()) read.push([parent.closest('select') ?? parent, node.textContent, true]);
      }
      for (const el of document.body.querySelectorAll(
        '[placeholder],[aria-label],[title],[alt],input[type=submit],input[type=button]',
      )) {
        for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
          const value = el.getAttribute(name);
          if (value?.trim()) read.push([el, value, false]);
        }
        if (el instanceof HTMLInputElement && (el.type === 'submit' || el.type === 'button')) read.push([el, el.value, false]);
      }
      const seen = read.filter(([el]) => !el.closest(skipped) && el.checkVisibility({ visibilityProperty: true }));
      return {
        nodes: seen.filter(([, , isNode]) => isNode).map(([, text]) => text),
        attributes: seen.filter(([, , isNode]) => !isNode).map(([, text]) => text),
      };
    },
    [...NOT_OURS_SELECTORS, NOT_WORDS_SELECTOR],
  );
}

const HOSTS = [...new Set(TOUR.filter((stop) => !stop.foreign).map((stop) => stop.host))];
const WORDS = new Map(
  HOSTS.map((host) => [
    host,
    wordsPattern(
      [...new Set([...merchantWords(host), ...SHARED_WORDS].map(squeeze).filter((w) => /\p{L}/u.test(w)))].sort(
        (a, b) => b.length - a.length,
      ),
    ),
  ]),
);

t.test('the helpers tell catalogue text from data and from hard-coded text', async (t) => {
  const words = WORDS.get('maple.localhost')!;
  t.strictSame(unwrappedParts(['⟦Ƀûý⟧ 0.00123456 BTC'], words), [], 'a wrapped text and a figure');
  t.strictSame(unwrappedParts(['$100.00 CAD · Maple Coin'], words), [], 'money and the merchant’s name');
  t.strictSame(unwrappedParts(['payments@maple.example'], words), [], 'an e-mail address');
  t.strictSame(unwrappedParts(['⟦Ƥåý⟧ Pay now'], words), ['Pay now'], 'English beside a wrapped text');
  t.strictSame(unwrappedParts(['Loading…'], words), ['Loading…'], 'a hard-coded word');
  t.strictSame(
    unwrappedParts(['⟦Ŕéàđ ŧĥé ', '⟦ŧéŕɱš⟧', ' àñđ⟧', ' now'], words),
    ['now'],
    'a wrapper over several nodes, with one inside',
  );
  t.strictSame(unwrappedParts(['Rp1,092,500,000 · 0.5 km', '08:00–20:00'], words), [], 'money, a distance, hours');
  t.strictSame(unwrappedParts(['Dec 2, 2026, 4:22:05 a.m.', '1:05 p.m.'], words), [], 'a moment, in the morning or after noon');
  t.strictSame(unwrappedParts(['in 1 day'], words), ['in 1 day'], 'but not a duration in words');
});

let walked = 0;
t.test(`every screen in ${PSEUDO_LANGUAGE}, JavaScript on, desktop`, { jobs: SCREENS_AT_ONCE }, async (t) => {
  for (const stop of TOUR) {
    t.test(stop.name, async (t) => {
      if (stop.foreign) {
        t.comment(`${stop.name}: a provider's page, not the checkout's words`);
        return;
      }
      const { page, context, close } = await openPage(browser, { viewport: DESKTOP });
      t.teardown(close);
      await context.addCookies(
        HOSTS.map((host) => ({ name: LANGUAGE_COOKIE, value: PSEUDO_LANGUAGE, url: stack.url(host, '/') })),
      );
      await visit(stack, page, stop);
      t.equal(await page.locator('html').getAttribute('lang'), PSEUDO_LANGUAGE, `${stop.name} is in the pseudo-language`);
      const words = WORDS.get(stop.host)!;
      const { nodes, attributes } = await visibleTexts(page);
      const found = [...new Set([...unwrappedParts(nodes, words), ...attributes.flatMap((a) => unwrappedParts([a], words))])];
      t.strictSame(found, [], `${stop.name}: no text outside the catalogues but data`);
      walked++;
    });
  }
});

t.test('every screen of the checkout walked', async (t) => {
  t.equal(walked, TOUR.filter((stop) => !stop.foreign).length, `${walked} screens`);
});
