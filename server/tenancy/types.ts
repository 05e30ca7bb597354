// The shapes the rest of the server sees once merchants/ has been loaded.

import type { Language } from '../../checkout/i18n/languages.ts';
import { LEGAL_PAGES, type LegalPageName } from '../../checkout/legal.ts';
import type { MerchantConfig, TenancyRules } from '../../checkout/merchant-schema.ts';

export const LEGAL_PAGE_NAMES: readonly LegalPageName[] = LEGAL_PAGES.map((p) => p.page);
export type LegalPage = LegalPageName;

export function isLegalPage(value: string): value is LegalPage {
  return (LEGAL_PAGE_NAMES as readonly string[]).includes(value);
}

export interface MerchantTexts {
  footerHtml?: string;
  legal: ReadonlyMap<LegalPage, string>;
}

export interface MerchantAsset {
  body: Buffer;
  contentType: string;
  /** Strong ETag (quoted), derived from the content hash. */
  etag: string;
}

export interface Merchant {
  id: string;
  /** Validated, defaults applied, deeply frozen. */
  config: MerchantConfig;
  styleHref?: string;
  faviconHref?: string;
  faviconType?: string;
  /** undefined -> the built-in footer is shown. */
  footerHtml?: string;
  /** HTML fragments; a missing page sends the visitor home. */
  legal: ReadonlyMap<LegalPage, string>;
  /**
   * The footer and legal pages in the merchant's other languages (footer.fr-CA.html,
   * legal/fr-CA/): what is missing there is shown in the default language (texts.ts).
   */
  translations: ReadonlyMap<Language, MerchantTexts>;
  /** URL path -> asset, only this merchant's files. */
  assets: ReadonlyMap<string, MerchantAsset>;
}

export type HostResolution =
  /** host: the normalised Host. */
  { kind: 'known'; merchant: Merchant; host: string } | { kind: 'unknown'; host: string } | { kind: 'invalid' };

/** A merchant that loaded although something would hurt its visitors (publication.ts). */
export interface PublicationReport {
  id: string;
  env: MerchantConfig['env'];
  /** One line each, naming the file and the field or line. */
  problems: readonly string[];
}

export interface MerchantRegistry {
  merchants: readonly Merchant[];
  /**
   * The merchants serving with problems a production publication refuses: the TEST and DEV
   * ones (a production one with any is refused), or every one when loaded to report.
   */
  published: readonly PublicationReport[];
  byId: ReadonlyMap<string, Merchant>;
  fallback: Merchant;
  mainBrandId?: string;
  rules: TenancyRules;
  /** One Map lookup after normalising. */
  resolve(hostHeader: string | undefined): HostResolution;
  /**
   * The set the last reload replaced, kept until the next one: a page rendered just before
   * a reload still gets the style sheet and favicon it links to.
   */
  readonly previous?: MerchantRegistry | undefined;
}
