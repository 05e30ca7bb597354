// What would hurt a merchant's visitors, found without a browser whenever a folder loads
// (start-up, SIGHUP, a change on disk): a palette below WCAG AA, light or dark; a file the
// style sheet asks for that the merchant does not have (a logo); a footer or legal image
// the page's policy refuses, or a link to a page of the checkout that does not exist (the
// visitor lands home instead); a text of another language shown in the default one without
// being declared so (`untranslated`); a word of the title too long for the smallest phone.
// A production merchant with any of these is refused (load.ts); the others load and are
// logged. `npm run check:merchants` prints them all, and the preview adds what only a
// browser sees (scripts/preview.ts).
import path from 'node:path';
import { Parser } from 'htmlparser2';
import { ROUTES } from '../../checkout/routes.ts';
import { ASSET_PREFIX } from './assets.ts';
import { type StyleSheetAddress, styleSheetFindings } from './css-lint.ts';
import { displayPath } from './errors.ts';
import { paletteProblems } from './palette.ts';
import type { ContentPool } from './pool.ts';
import { fallbacks } from './texts.ts';
import type { Merchant } from './types.ts';
import { isLegalPage } from './types.ts';

/**
 * The longest word the header's title can show on a 320-pixel phone: the title is one
 * unbreakable line per word beside the mark (measured in docs/merchants.md).
 */
export const TITLE_WORD_MAX = 24;

/** An address a footer or legal page links to or shows, and the line its tag starts on. */
export interface FragmentAddress {
  tag: 'a' | 'img';
  url: string;
  line: number;
  /** Its host name; '' for an address on the page's own origin (`/privacy-policy`). */
  host: string;
  /** Its path, for an http(s) address; undefined for mailto:, tel: and the like. */
  path?: string;
}

/** The links and images of an HTML fragment (sanitised: what the page shows), in order. */
export function fragmentAddresses(html: string): FragmentAddress[] {
  const found: FragmentAddress[] = [];
  let line = 1;
  let counted = 0;
  const add = (tag: FragmentAddress['tag'], raw: string) => {
    let url: URL;
    try {
      url = new URL(raw, `${RELATIVE}/`);
    } catch {
      return;
    }
    const host = url.origin === RELATIVE ? '' : url.hostname;
    const web = url.protocol === 'https:' || url.protocol === 'http:';
    found.push(web ? { tag, url: raw, line, host, path: url.pathname } : { tag, url: raw, line, host });
  };
  const parser = new Parser({
    onopentag(name, attribs) {
      for (; counted < parser.startIndex; counted++) if (html.charCodeAt(counted) === 10) line++;
      if (name === 'a' && attribs.href !== undefined) add('a', attribs.href);
      if (name === 'img' && attribs.src !== undefined) add('img', attribs.src);
    },
  });
  parser.end(html);
  return found;
}

/**
 * A fragment's addresses that may fail some merchant, by host ('' for the page's own
 * origin): every image, and every web link but to the home page. A footer's many links to
 * other sites matter only to a merchant answering on that host.
 */
function addressesToCheck(html: string): Map<string, FragmentAddress[]> {
  const byHost = new Map<string, FragmentAddress[]>();
  for (const address of fragmentAddresses(html)) {
    if (address.tag === 'a' && (address.path === undefined || address.path === '/')) continue;
    const list = byHost.get(address.host);
    if (list === undefined) byHost.set(address.host, [address]);
    else list.push(address);
  }
  return byHost;
}

/** The fragment's addresses to check for one merchant, in line order. */
function addressesFor(merchant: Merchant, byHost: Map<string, FragmentAddress[]>): FragmentAddress[] {
  const found: FragmentAddress[] = [];
  for (const [host, addresses] of byHost) {
    const own = host === '' || merchant.config.hosts.includes(host);
    for (const address of addresses) if (own || address.tag === 'img') found.push(address);
  }
  return found.length > 1 ? found.sort((a, b) => a.line - b.line) : found;
}

/** Where an address without a host resolves while reading it: it never names a real one. */
const RELATIVE = 'https://relative.invalid';

/** The paths a link may lead to on the checkout: every route (a parameter matches any one segment). */
const ROUTE_PATTERNS = Object.values(ROUTES).map(
  (route) => new RegExp(`^${route.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`),
);

/** What is wrong with a link or image of the merchant's, or undefined: it works. */
function addressProblem(merchant: Merchant, address: FragmentAddress): string | undefined {
  const own = address.host === '' || merchant.config.hosts.includes(address.host);
  const shown = address.url.slice(0, 80);
  if (address.tag === 'img') {
    if (own && address.path !== undefined && merchant.assets.has(address.path)) return undefined;
    return own
      ? `image ${shown}: no such file (a merchant's own files are its style sheet and favicon)`
      : `image ${shown}: the page's policy (img-src) shows images from the checkout itself only`;
  }
  const { path: at } = address;
  if (!own || at === undefined || at === '/') return undefined;
  const page = at.slice(1);
  if (isLegalPage(page)) {
    return merchant.legal.has(page) ? undefined : `link ${at}: the merchant has no ${page}.html (the visitor is sent home)`;
  }
  if (ROUTE_PATTERNS.some((pattern) => pattern.test(at))) return undefined;
  return `link ${at}: no such page of the checkout (the visitor is sent home)`;
}

/** The merchant's footers and legal pages, each with its file's name in the folder. */
function fragments(merchant: Merchant): [string, string][] {
  const files: [string, string][] = [];
  if (merchant.footerHtml !== undefined) files.push(['footer.html', merchant.footerHtml]);
  for (const [page, html] of merchant.legal) files.push([`legal/${page}.html`, html]);
  for (const [language, texts] of merchant.translations) {
    if (texts.footerHtml !== undefined) files.push([`footer.${language}.html`, texts.footerHtml]);
    for (const [page, html] of texts.legal) files.push([`legal/${language}/${page}.html`, html]);
  }
  return files;
}

/** The style sheet's addresses that are the merchant's own files by their form but none it has (`url(logo.svg)`). */
function missingFiles(merchant: Merchant, css: string, pool: ContentPool): string[] {
  const assetPath = `${ASSET_PREFIX}${merchant.id}/`;
  return pool
    .lint(css, styleSheetFindings)
    .filter((f): f is StyleSheetAddress => typeof f !== 'string' && !f.url.startsWith('#'))
    .filter((f) => !merchant.assets.has(f.url.startsWith('/') ? f.url : assetPath + f.url))
    .map(
      (f) =>
        `line ${f.line}: ${f.fn === undefined ? `url(${f.url.slice(0, 80)})` : `"${f.url.slice(0, 80)}" in ${f.fn}()`} is no file of the merchant's (its own files are its style sheet and favicon)`,
    );
}

/** Words of the title, in each language, that no phone can show: the header does not break a word. */
function longTitleWords(merchant: Merchant): string[] {
  const { config } = merchant;
  const titles: [string, string][] = [
    ['title', config.title],
    ...Object.entries(config.translations).flatMap(([language, words]) =>
      words?.title === undefined ? [] : [[`translations.${language}.title`, words.title] as [string, string]],
    ),
  ];
  return titles.flatMap(([field, title]) =>
    title
      .split(/[\s\u00ad\u200b-]+/)
      .filter((word) => [...word].length > TITLE_WORD_MAX)
      .map(
        (word) =>
          `${field}: "${word.slice(0, 30)}…" is a ${[...word].length}-character word: the header shows at most ${TITLE_WORD_MAX} on a 320-pixel phone (break it with a space or a soft hyphen, U+00AD)`,
      ),
  );
}

/**
 * What would hurt the merchant's visitors, one line per problem naming the file (and the
 * field or line): empty when the folder may go live. `css`: its style sheet's text. A
 * fleet loads thousands of copies of a few folders: what depends on a file's text alone is
 * worked out once per text (the pool), and paths are joined only for a problem found.
 */
export function publicationProblems(merchant: Merchant, folder: string, css: string | undefined, pool: ContentPool): string[] {
  const at = (name: string) => (line: string) => `${displayPath(path.join(folder, name))}: ${line}`;
  const problems: string[] = [];
  if (css !== undefined) {
    const inSheet = [...pool.lint(css, paletteProblems), ...missingFiles(merchant, css, pool)];
    if (inSheet.length > 0) problems.push(...inSheet.map(at('style.css')));
  }
  for (const [name, html] of fragments(merchant)) {
    for (const address of addressesFor(merchant, pool.lint(html, addressesToCheck))) {
      const problem = addressProblem(merchant, address);
      if (problem !== undefined) problems.push(at(name)(`line ${address.line}: ${problem}`));
    }
  }
  const [fallback] = merchant.config.languages;
  if (merchant.config.languages.length > 1) {
    const declared = new Set(merchant.config.untranslated);
    for (const { language, files } of fallbacks(merchant)) {
      if (declared.has(language)) continue;
      for (const name of files.filter((name) => !declared.has(name))) {
        problems.push(
          name.startsWith('translations.')
            ? at('merchant.json')(
                `${name}: missing, so ${language} pages show it in ${fallback}: translate it, or list "${name}" in untranslated`,
              )
            : at(name)(
                `missing, so ${language} pages show the ${fallback} one: write it, or list "${name}" in untranslated (merchant.json)`,
              ),
        );
      }
    }
  }
  problems.push(...longTitleWords(merchant).map(at('merchant.json')));
  return problems;
}
