// One merchant folder -> Merchant: merchant.json, style.css, footer.html, favicon.svg|ico
// and legal/*.html, each read once, with the footer and legal pages of its other languages
// (footer.fr-CA.html, legal/fr-CA/*.html); static files become content-hashed assets.
import path from 'node:path';
import type { z } from 'zod';
import { isLanguage, LANGUAGES, type Language } from '../../checkout/i18n/languages.ts';
import type { MerchantConfig, merchantSchemaFor } from '../../checkout/merchant-schema.ts';
import type { MethodTable } from '../../checkout/payment-method.ts';
import { ASSET_PREFIX, type AssetExtension, hashedAsset } from './assets.ts';
import { lintStyleSheet, styleSheetFindings } from './css-lint.ts';
import { displayPath, problem } from './errors.ts';
import type { JsonCheck, Problems, Reader } from './files.ts';
import { listNames, readJson, readOptional, readOptionalText, text } from './files.ts';
import { lintHtmlFragment, sanitizeFragment } from './html-lint.ts';
import type { ContentPool } from './pool.ts';
import { publicationProblems } from './publication.ts';
import { checkMerchant } from './rules.ts';
import type { LegalPage, Merchant, MerchantAsset, MerchantTexts } from './types.ts';
import { isLegalPage, LEGAL_PAGE_NAMES } from './types.ts';

const CONFIG_FILE = 'merchant.json';
/** Everything a merchant folder may hold; anything else is most likely a misspelling. */
const MERCHANT_FILES = new Set([CONFIG_FILE, 'style.css', 'footer.html', 'favicon.ico', 'favicon.svg', 'legal']);
/** Beside them, a footer per language the checkout speaks (footer.fr-CA.html). */
const LANGUAGE_FOOTERS = new Set(LANGUAGES.map(footerFile));

/** footer.html in the default language, footer.fr-CA.html in another. */
function footerFile(language?: Language): string {
  return language === undefined ? 'footer.html' : `footer.${language}.html`;
}

/** The registry is shared by every request: nothing may change it after start-up. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** What every merchant of one load shares: where, how merchant.json is read, the pool. */
export interface LoadContext {
  root: string;
  read: Reader;
  /** merchant.json's check (configCheck). */
  config: JsonCheck<MerchantConfig>;
  /** The payment methods the checkout knows: a merchant's methods must be of their flow. */
  methods: MethodTable;
  pool: ContentPool;
}

/** A footer or legal page: what the lint finds in it, and what the sanitiser keeps of it. */
const checkFragment = (html: string) => ({ problems: lintHtmlFragment(html), html: sanitizeFragment(html) });

async function readHtml(ctx: LoadContext, file: string, problems: Problems): Promise<string | undefined> {
  const body = await readOptionalText(file, problems, false, ctx.read);
  if (body === undefined) return undefined;
  const checked = ctx.pool.lint(body, checkFragment);
  for (const p of checked.problems) problems.push(`${displayPath(file)}: ${p}`);
  return checked.html;
}

/**
 * legal/*.html, or with `language` legal/{language}/*.html; the other languages' folders
 * are theirs. `listed`: the folder's names, when already read.
 */
async function readLegal(
  ctx: LoadContext,
  folder: string,
  problems: Problems,
  language?: Language,
  listed?: readonly string[],
): Promise<Map<LegalPage, string>> {
  const legal = new Map<LegalPage, string>();
  const dir = path.join(folder, 'legal', language ?? '');
  const names = listed ?? (await listNames(dir, problems, ctx.read)) ?? [];
  for (const name of names) {
    if (language === undefined && isLanguage(name)) continue;
    const page = name.endsWith('.html') ? name.slice(0, -'.html'.length) : name;
    if (!name.endsWith('.html') || !isLegalPage(page)) {
      problems.push(
        `${displayPath(path.join(dir, name))}: unexpected file (legal pages are ${LEGAL_PAGE_NAMES.map((p) => `${p}.html`).join(', ')})`,
      );
      continue;
    }
    const html = await readHtml(ctx, path.join(dir, name), problems);
    if (html !== undefined) legal.set(page, html);
  }
  return legal;
}

/**
 * The footer and legal pages of the merchant's other languages. A file for a language the
 * merchant does not offer is a problem: it would never be shown.
 */
async function readTranslations(
  ctx: LoadContext,
  folder: string,
  config: MerchantConfig,
  present: ReadonlySet<string>,
  legalNames: readonly string[],
  problems: Problems,
): Promise<Map<Language, MerchantTexts>> {
  const [, ...others] = config.languages;
  const legalFolders = new Set(legalNames);
  for (const language of LANGUAGES) {
    if (others.includes(language)) continue;
    const stray = [footerFile(language), path.join('legal', language)].filter((name) =>
      name.startsWith('legal') ? legalFolders.has(language) : present.has(name),
    );
    for (const name of stray) {
      problems.push(
        `${displayPath(path.join(folder, name))}: ${language} is not among the merchant's other languages (languages)`,
      );
    }
  }
  const translations = new Map<Language, MerchantTexts>();
  for (const language of others) {
    const [footerHtml, legal] = await Promise.all([
      present.has(footerFile(language)) ? readHtml(ctx, path.join(folder, footerFile(language)), problems) : undefined,
      legalFolders.has(language) ? readLegal(ctx, folder, problems, language) : new Map<LegalPage, string>(),
    ]);
    translations.set(language, footerHtml === undefined ? { legal } : { footerHtml, legal });
  }
  return translations;
}

/** The file's bytes when the folder lists it: a missing optional file costs no system call. */
function readPresent(
  ctx: LoadContext,
  folder: string,
  name: string,
  present: ReadonlySet<string>,
  problems: Problems,
): Promise<Buffer | undefined> {
  return present.has(name) ? readOptional(path.join(folder, name), problems, false, ctx.read) : Promise.resolve(undefined);
}

/** The content-hashed URL and the pooled asset for one of the merchant's files. */
function addAsset(
  ctx: LoadContext,
  id: string,
  assets: Map<string, MerchantAsset>,
  stem: string,
  ext: AssetExtension,
  body: Buffer,
): MerchantAsset & { href: string } {
  const { href, asset } = hashedAsset(id, stem, ext, body);
  const pooled = ctx.pool.asset(asset);
  assets.set(href, pooled);
  return { ...pooled, href };
}

/** An SVG favicon may style itself: it is never inserted into a page. */
const lintSvg = (source: string) => lintHtmlFragment(source, { allowStyle: true });

async function readFavicon(
  ctx: LoadContext,
  folder: string,
  id: string,
  present: ReadonlySet<string>,
  assets: Map<string, MerchantAsset>,
  problems: Problems,
): Promise<{ href: string; type: string } | undefined> {
  const svgFile = path.join(folder, 'favicon.svg');
  const icoFile = path.join(folder, 'favicon.ico');
  const [svg, ico] = await Promise.all([
    readPresent(ctx, folder, 'favicon.svg', present, problems),
    readPresent(ctx, folder, 'favicon.ico', present, problems),
  ]);
  if (svg !== undefined && ico !== undefined) {
    problems.push(`${displayPath(icoFile)}: keep either favicon.svg or favicon.ico, not both`);
    return undefined;
  }
  if (svg !== undefined) {
    const source = text(svg);
    if (!source.includes('<svg')) problems.push(`${displayPath(svgFile)}: not an SVG document`);
    // Served from the merchant's origin: a script inside would run there if opened directly.
    for (const p of ctx.pool.lint(source, lintSvg)) problems.push(`${displayPath(svgFile)}: ${p}`);
    const { href, contentType } = addAsset(ctx, id, assets, 'favicon', 'svg', svg);
    return { href, type: contentType };
  }
  if (ico !== undefined) {
    if (ico.length < 6 || ico.readUInt32BE(0) !== 0x00000100) problems.push(`${displayPath(icoFile)}: not an ICO file`);
    const { href, contentType } = addAsset(ctx, id, assets, 'favicon', 'ico', ico);
    return { href, type: contentType };
  }
  return undefined;
}

export interface Loaded {
  merchant: Merchant;
  file: string;
  /** What would hurt its visitors (publication.ts): a production merchant with any is refused. */
  hurts: string[];
}

/**
 * Fields of one merchant by rule (hosts) or mostly (texts, links), and numbers and flags,
 * which check to themselves: pooling them would only fill the pool. A field left out is
 * pooled, so its default is one object for every merchant that leaves it out.
 */
const isOwnValue = (name: string, value: unknown) =>
  name === 'hosts' || value === null || (value !== undefined && typeof value !== 'object');

/**
 * merchant.json checked field by field: settings many merchants repeat (payment methods,
 * coins, limits) are checked once per distinct value and kept as one frozen object. A
 * file with any problem is checked whole again, so its report is exactly zod's.
 */
export function configCheck(schema: ReturnType<typeof merchantSchemaFor>, pool: ContentPool): JsonCheck<MerchantConfig> {
  const fields: Record<string, z.ZodType> = schema.shape;
  /** A field's value checked, with defaults applied and frozen; undefined when it fails. */
  const checkField = (field: z.ZodType) => (value: unknown) => {
    const result = field.safeParse(value);
    return result.success ? { value: deepFreeze(result.data) } : undefined;
  };
  const checks = new Map(Object.entries(fields).map(([name, field]) => [name, checkField(field)]));
  return {
    safeParse(data) {
      if (data === null || typeof data !== 'object' || Array.isArray(data)) return schema.safeParse(data);
      const given = data as Record<string, unknown>;
      for (const name of Object.keys(given)) if (!checks.has(name)) return schema.safeParse(data);
      const config: Record<string, unknown> = {};
      for (const [name, check] of checks) {
        const value = given[name];
        const checked = isOwnValue(name, value) ? check(value) : pool.parsed(name, value, check);
        if (checked === undefined) return schema.safeParse(data);
        // An optional field left out stays out, as zod leaves it.
        if (checked.value !== undefined) config[name] = checked.value;
      }
      return { success: true, data: deepFreeze(config as MerchantConfig) };
    },
  };
}

export async function loadMerchant(ctx: LoadContext, id: string, problems: Problems): Promise<Loaded | undefined> {
  const folder = path.join(ctx.root, id);
  const file = path.join(folder, CONFIG_FILE);
  const present = new Set((await listNames(folder, problems, ctx.read)) ?? []);
  for (const name of present) {
    if (!MERCHANT_FILES.has(name) && !LANGUAGE_FOOTERS.has(name)) {
      problems.push(`${displayPath(path.join(folder, name))}: unexpected file (allowed: ${[...MERCHANT_FILES].join(', ')})`);
    }
  }

  const parsed = await readJson(file, ctx.config, problems, ctx.read);
  const before = problems.length;
  if (parsed !== undefined) {
    for (const f of checkMerchant(parsed, id, ctx.methods)) problems.push(problem(file, f.path, f.what));
  }

  const assets = new Map<string, MerchantAsset>();
  // Listed once: its pages are the default language's, its folders the other languages'.
  const legalNames = present.has('legal') ? ((await listNames(path.join(folder, 'legal'), problems, ctx.read)) ?? []) : [];
  const [style, footerHtml, legal, favicon] = await Promise.all([
    readPresent(ctx, folder, 'style.css', present, problems),
    present.has('footer.html') ? readHtml(ctx, path.join(folder, 'footer.html'), problems) : undefined,
    present.has('legal') ? readLegal(ctx, folder, problems, undefined, legalNames) : new Map<LegalPage, string>(),
    readFavicon(ctx, folder, id, present, assets, problems),
  ]);
  const styleFile = path.join(folder, 'style.css');
  const css = style === undefined ? undefined : text(style);
  if (css !== undefined) {
    for (const p of lintStyleSheet(css, `${ASSET_PREFIX}${id}/`, ctx.pool.lint(css, styleSheetFindings))) {
      problems.push(`${displayPath(styleFile)}: ${p}`);
    }
  }
  const translations =
    parsed === undefined ? new Map() : await readTranslations(ctx, folder, parsed, present, legalNames, problems);
  if (parsed === undefined || problems.length > before) return undefined;

  const merchant: Merchant = { id, config: parsed, legal, translations, assets };
  if (style !== undefined) merchant.styleHref = addAsset(ctx, id, assets, 'style', 'css', style).href;
  if (favicon !== undefined) {
    merchant.faviconHref = favicon.href;
    merchant.faviconType = favicon.type;
  }
  if (footerHtml !== undefined) merchant.footerHtml = footerHtml;
  const hurts = publicationProblems(merchant, folder, css, ctx.pool);
  return { merchant: Object.freeze(merchant), file, hurts };
}
