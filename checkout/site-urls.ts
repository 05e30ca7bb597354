// Home, error and success URLs (docs/spec.md section 2 "General behaviour"). One family of
// merchants, named in merchants/tenancy.json (regionalUrlSuffix), gets /ph for PHP and
// /au for AUD appended to each.
import type { MerchantConfig } from './merchant-schema.ts';

const REGION_SUFFIX: Readonly<Record<string, string>> = { PHP: 'ph', AUD: 'au' };

export type SiteUrls = {
  home: string;
  success: string;
  /** The error URL with `err` set to the code (URL-encoded); no code, no parameter. */
  error: (code?: string) => string;
};

/** Append a path segment without doubling slashes; query and fragment stay put. */
export function appendPath(base: string, segment: string): string {
  try {
    const url = new URL(base);
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/${segment.replace(/^\/+/, '')}`;
    return url.href;
  } catch {
    return `${base.replace(/\/+$/, '')}/${segment.replace(/^\/+/, '')}`;
  }
}

/** Set one query parameter, keeping the rest of the URL. */
export function withQuery(base: string, key: string, value: string): string {
  try {
    const url = new URL(base);
    url.searchParams.set(key, value);
    return url.href;
  } catch {
    return `${base}${base.includes('?') ? '&' : '?'}${encodeURIComponent(key)}=${encodeURIComponent(value)}`;
  }
}

/**
 * The merchant's URLs for a visitor paying in `fiatCurrency`. `regionalFamily` is
 * TenancyRules.regionalUrlSuffix: the merchantName values that get the suffix.
 */
export function siteUrls(
  merchant: Pick<MerchantConfig, 'merchantName' | 'siteUrl' | 'errorUrl' | 'successUrl'>,
  fiatCurrency: string,
  regionalFamily: readonly string[],
): SiteUrls {
  const suffix =
    regionalFamily.includes(merchant.merchantName) && Object.hasOwn(REGION_SUFFIX, fiatCurrency)
      ? REGION_SUFFIX[fiatCurrency]
      : undefined;
  const regional = (url: string) => (suffix ? appendPath(url, suffix) : url);
  const errorBase = regional(merchant.errorUrl);
  return {
    home: regional(merchant.siteUrl),
    success: regional(merchant.successUrl),
    error: (code) => (code ? withQuery(errorBase, 'err', code) : errorBase),
  };
}
