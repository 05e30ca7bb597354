// What every page answer says about its language: the language it is in, and, where the
// merchant offers more than one, what it was chosen by (Accept-Language, or the switch's
// cookie), so no cache hands a French page to an English visitor. Pages are not stored by
// shared caches anyway (no-store, no-cache); browsers and their back-forward caches are
// kept honest by the same headers. (The pseudo-language, outside production, is a cookie
// a developer sets on purpose: it does not make a one-language merchant's pages vary.)
import type { PageLanguage } from '../../checkout/i18n/languages.ts';
import type { Merchant } from '../tenancy/types.ts';

/** The Vary of a page in one language, and of a page whose language was negotiated. */
const ONE_LANGUAGE_VARY = 'accept-encoding';
export const NEGOTIATED_VARY = 'accept-encoding, accept-language, cookie';

const headers = new Map<string, Readonly<Record<string, string>>>();

export function pageLanguageHeaders(merchant: Merchant, language: PageLanguage): Readonly<Record<string, string>> {
  const vary = merchant.config.languages.length > 1 ? NEGOTIATED_VARY : ONE_LANGUAGE_VARY;
  const key = `${language} ${vary}`;
  let found = headers.get(key);
  if (!found) headers.set(key, (found = Object.freeze({ 'content-language': language, vary })));
  return found;
}
