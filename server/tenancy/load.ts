// merchants/ -> MerchantRegistry, at start-up and on every reload. Every file is read and
// checked, and all problems are reported together in one MerchantConfigError, so a bad
// merchant folder stops the server (and `npm run check:merchants`), or is refused by a
// reload, with one line per mistake.
import path from 'node:path';
import type { MerchantSchemaOptions, TenancyRules } from '../../checkout/merchant-schema.ts';
import { merchantSchemaFor, tenancySchema } from '../../checkout/merchant-schema.ts';
import { displayPath, MerchantConfigError, problem } from './errors.ts';
import type { Problems } from './files.ts';
import { blockingReader, listFolders, mapLimit, readInPool, readJson } from './files.ts';
import type { LoadContext, Loaded } from './folder.ts';
import { configCheck, deepFreeze, loadMerchant } from './folder.ts';
import { ContentPool } from './pool.ts';
import { buildRegistry } from './registry.ts';
import type { Merchant, MerchantRegistry } from './types.ts';

export type { MerchantConfig, TenancyRules } from '../../checkout/merchant-schema.ts';
export { MerchantConfigError } from './errors.ts';
export type { HostResolution, LegalPage, Merchant, MerchantAsset, MerchantRegistry, PublicationReport } from './types.ts';
export { isLegalPage, LEGAL_PAGE_NAMES } from './types.ts';

const TENANCY_FILE = 'tenancy.json';
/** Merchant folders read at once: enough to keep the thread pool busy, far below any fd limit. */
const FOLDER_CONCURRENCY = 32;

export interface LoadOptions extends MerchantSchemaOptions {
  /** The set being replaced: its unchanged files keep their objects (and compressed copies). */
  previous?: readonly Merchant[];
  /** Read files on the main thread: fastest, for start-up; a reload reads in the thread pool. */
  blocking?: boolean;
  /**
   * `enforce` (the server, by default): a production merchant with anything that would hurt
   * its visitors refuses the load, as a bad file does. `report` (the merchant check): every
   * merchant loads, and `published` says what each would be refused for.
   */
  publication?: 'enforce' | 'report';
}

/**
 * Checks that span merchants: one owner per host, and the ids tenancy.json refers to.
 * Ids come from the folders, so a merchant with its own problems does not also show up
 * as a missing fallback; names are checked only when every merchant loaded.
 */
function checkTenancy(
  tenancyFile: string,
  rules: TenancyRules,
  ids: readonly string[],
  loaded: readonly Loaded[],
  problems: Problems,
): void {
  const owner = new Map<string, Loaded>();
  for (const entry of loaded) {
    entry.merchant.config.hosts.forEach((host, i) => {
      const first = owner.get(host);
      if (first === undefined) owner.set(host, entry);
      else if (first !== entry) {
        problems.push(problem(entry.file, ['hosts', i], `"${host}" is already claimed by ${displayPath(first.file)}`));
      }
    });
  }
  // Listing every id is for the report only: a fleet's list is long.
  const known = () => (ids.length === 0 ? 'there are no merchants' : `merchants are ${ids.join(', ')}`);
  if (!ids.includes(rules.fallback))
    problems.push(problem(tenancyFile, ['fallback'], `no merchant "${rules.fallback}" (${known()})`));
  if (rules.mainBrand !== undefined && !ids.includes(rules.mainBrand)) {
    problems.push(problem(tenancyFile, ['mainBrand'], `no merchant "${rules.mainBrand}" (${known()})`));
  }
  if (loaded.length < ids.length) return;
  const names = new Set(loaded.map((l) => l.merchant.config.merchantName));
  rules.regionalUrlSuffix.forEach((name, i) => {
    if (!names.has(name)) problems.push(problem(tenancyFile, ['regionalUrlSuffix', i], `no merchant has merchantName "${name}"`));
  });
}

/**
 * Read `dir/tenancy.json` and every `dir/<id>/` folder (merchant.json, style.css,
 * footer.html, favicon.svg|ico, legal/*.html). Throws MerchantConfigError listing every
 * problem found, each naming its file and field.
 */
export async function loadMerchants(dir: string, options: LoadOptions): Promise<MerchantRegistry> {
  const root = path.resolve(dir);
  const problems: Problems = [];
  const tenancyFile = path.join(root, TENANCY_FILE);

  const folders = await listFolders(root, problems);
  if (folders === undefined) throw new MerchantConfigError(problems);

  // Each merchant collects its own problems so the report keeps folder order.
  const perFolder = folders.map(() => [] as string[]);
  const tenancyProblems: Problems = [];
  const pool = new ContentPool(options.previous);
  const ctx: LoadContext = {
    root,
    read: options.blocking === true ? blockingReader() : readInPool,
    config: configCheck(merchantSchemaFor(options), pool),
    methods: options.methods,
    pool,
  };
  const [rules, results] = await Promise.all([
    readJson(tenancyFile, tenancySchema, tenancyProblems, ctx.read),
    mapLimit(folders, FOLDER_CONCURRENCY, (id, i) => loadMerchant(ctx, id, perFolder[i]!)),
  ]);
  problems.push(...tenancyProblems, ...perFolder.flat());
  const loaded = results.filter((r): r is Loaded => r !== undefined);

  if (rules !== undefined) checkTenancy(tenancyFile, rules, folders, loaded, problems);
  const enforced = (l: Loaded) => options.publication !== 'report' && l.merchant.config.env === 'PROD';
  for (const l of loaded) if (enforced(l)) problems.push(...l.hurts);
  if (problems.length > 0 || rules === undefined) throw new MerchantConfigError(problems);

  const merchants = loaded.map((l) => l.merchant);
  const fallback = merchants.find((m) => m.id === rules.fallback)!;
  const published = loaded
    .filter((l) => l.hurts.length > 0 && !enforced(l))
    .map((l) => Object.freeze({ id: l.merchant.id, env: l.merchant.config.env, problems: Object.freeze(l.hurts) }));
  return buildRegistry(Object.freeze(merchants), deepFreeze(rules), fallback, Object.freeze(published));
}
