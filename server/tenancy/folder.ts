// One merchant folder -> Merchant: merchant.json, style.css, footer.html, favicon.svg|ico
// and legal/*.html, each read once; static files become content-hashed assets.
import path from 'node:path';
import { ASSET_PREFIX, hashedAsset } from './assets.ts';
import { displayPath, problem } from './errors.ts';
import type { Problems } from './files.ts';
import { isDirectory, listNames, readJson, readOptional, text } from './files.ts';
import { lintHtmlFragment, sanitizeFragment } from './html-lint.ts';
import { lintStyleSheet } from './css-lint.ts';
import { checkMerchant } from './rules.ts';
import { merchantSchema } from './schema.ts';
import { LEGAL_PAGE_NAMES, isLegalPage } from './types.ts';
import type { LegalPage, Merchant, MerchantAsset } from './types.ts';

const CONFIG_FILE = 'merchant.json';
/** Everything a merchant folder may hold; anything else is most likely a misspelling. */
const MERCHANT_FILES = new Set([CONFIG_FILE, 'style.css', 'footer.html', 'favicon.ico', 'favicon.svg', 'legal']);

/** The registry is shared by every request: nothing may change it after start-up. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

async function readHtml(file: string, problems: Problems): Promise<string | undefined> {
  const body = await readOptional(file, problems);
  if (body === undefined) return undefined;
  const html = text(body);
  for (const p of lintHtmlFragment(html)) problems.push(`${displayPath(file)}: ${p}`);
  return sanitizeFragment(html);
}

async function readLegal(folder: string, problems: Problems): Promise<Map<LegalPage, string>> {
  const legal = new Map<LegalPage, string>();
  const dir = path.join(folder, 'legal');
  if (!(await isDirectory(dir))) return legal;
  const names = (await listNames(dir, problems)) ?? [];
  for (const name of names) {
    const page = name.endsWith('.html') ? name.slice(0, -'.html'.length) : name;
    if (!name.endsWith('.html') || !isLegalPage(page)) {
      problems.push(
        `${displayPath(path.join(dir, name))}: unexpected file (legal pages are ${LEGAL_PAGE_NAMES.map((p) => `${p}.html`).join(', ')})`,
      );
      continue;
    }
    const html = await readHtml(path.join(dir, name), problems);
    if (html !== undefined) legal.set(page, html);
  }
  return legal;
}

async function readFavicon(
  folder: string,
  id: string,
  assets: Map<string, MerchantAsset>,
  problems: Problems,
): Promise<{ href: string; type: string } | undefined> {
  const svgFile = path.join(folder, 'favicon.svg');
  const icoFile = path.join(folder, 'favicon.ico');
  const [svg, ico] = await Promise.all([readOptional(svgFile, problems), readOptional(icoFile, problems)]);
  if (svg !== undefined && ico !== undefined) {
    problems.push(`${displayPath(icoFile)}: keep either favicon.svg or favicon.ico, not both`);
    return undefined;
  }
  if (svg !== undefined) {
    const source = text(svg);
    if (!source.includes('<svg')) problems.push(`${displayPath(svgFile)}: not an SVG document`);
    // Served from the merchant's origin: a script inside would run there if opened directly.
    for (const p of lintHtmlFragment(source, { allowStyle: true })) problems.push(`${displayPath(svgFile)}: ${p}`);
    const { href, asset } = hashedAsset(id, 'favicon', 'svg', svg);
    assets.set(href, asset);
    return { href, type: asset.contentType };
  }
  if (ico !== undefined) {
    if (ico.length < 6 || ico.readUInt32BE(0) !== 0x00000100) problems.push(`${displayPath(icoFile)}: not an ICO file`);
    const { href, asset } = hashedAsset(id, 'favicon', 'ico', ico);
    assets.set(href, asset);
    return { href, type: asset.contentType };
  }
  return undefined;
}

export interface Loaded {
  merchant: Merchant;
  file: string;
}

export async function loadMerchant(root: string, id: string, problems: Problems): Promise<Loaded | undefined> {
  const folder = path.join(root, id);
  const file = path.join(folder, CONFIG_FILE);
  for (const name of (await listNames(folder, problems)) ?? []) {
    if (!MERCHANT_FILES.has(name)) {
      problems.push(`${displayPath(path.join(folder, name))}: unexpected file (allowed: ${[...MERCHANT_FILES].join(', ')})`);
    }
  }

  const parsed = await readJson(file, merchantSchema, problems);
  const before = problems.length;
  if (parsed !== undefined) {
    for (const f of checkMerchant(parsed, id)) problems.push(problem(file, f.path, f.what));
  }

  const assets = new Map<string, MerchantAsset>();
  const [style, footerHtml, legal, favicon] = await Promise.all([
    readOptional(path.join(folder, 'style.css'), problems),
    readHtml(path.join(folder, 'footer.html'), problems),
    readLegal(folder, problems),
    readFavicon(folder, id, assets, problems),
  ]);
  const styleFile = path.join(folder, 'style.css');
  if (style !== undefined) for (const p of lintStyleSheet(text(style), `${ASSET_PREFIX}${id}/`)) problems.push(`${displayPath(styleFile)}: ${p}`);
  if (parsed === undefined || problems.length > before) return undefined;

  const merchant: Merchant = { id, config: deepFreeze(parsed), legal, assets };
  if (style !== undefined) {
    const { href, asset } = hashedAsset(id, 'style', 'css', style);
    assets.set(href, asset);
    merchant.styleHref = href;
  }
  if (favicon !== undefined) {
    merchant.faviconHref = favicon.href;
    merchant.faviconType = favicon.type;
  }
  if (footerHtml !== undefined) merchant.footerHtml = footerHtml;
  return { merchant: Object.freeze(merchant), file };
}
