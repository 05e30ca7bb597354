// What each of a merchant's other languages shows in its default language (the merchant
// check's list: server/tenancy/texts.ts), as the words to look for on that language's
// pages: the default text of each word left out, and a line of each footer or legal page
// left out. The preview names the element that shows one, with the text's key.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Merchant } from '../../server/tenancy/load.ts';
import { fallbacks } from '../../server/tenancy/texts.ts';

export interface Needle {
  /** As the merchant check names it: `translations.fr-CA.psa`, `legal/fr-CA/privacy-policy.html`. */
  key: string;
  text: string;
  /** Listed in the merchant's `untranslated`: meant, but still shown. */
  declared: boolean;
  /** The one page it can show on (a legal page's): else any. */
  page?: string;
}

/** The words a visitor reads of a fragment most surely its own: its longest paragraph or list item (a date line is common to many). */
function lineOf(html: string | undefined): string | undefined {
  if (html === undefined) return undefined;
  const blocks = DomUtils.findAll((e) => ['p', 'li', 'h1', 'h2', 'h3'].includes(e.name), parseDocument(html).children);
  const texts = blocks.map((e) => DomUtils.textContent(e).replace(/\s+/g, ' ').trim());
  return texts
    .reduce<string | undefined>((longest, t) => (t.length > (longest?.length ?? 0) ? t : longest), undefined)
    ?.slice(0, 120);
}

/** The default-language text a fallback's key stands for. */
function defaultText(merchant: Merchant, key: string): string | undefined {
  const { config } = merchant;
  const word = /^translations\.[^.]+\.(.+)$/.exec(key)?.[1];
  if (word === 'psa') return config.psa;
  const method = /^paymentMethods\.(.+)$/.exec(word ?? '')?.[1];
  if (method) return config.paymentMethods.find((m) => m.name === method)?.label;
  const subtype = /^paymentMethodSubtypes\.(.+)\.(label|termsCopy)$/.exec(word ?? '');
  if (subtype) return config.paymentMethodSubtypes.find((s) => s.name === subtype[1])?.[subtype[2] as 'label' | 'termsCopy'];
  if (/^footer\./.test(key)) return lineOf(merchant.footerHtml);
  const page = /^legal\/[^/]+\/(.+)\.html$/.exec(key)?.[1];
  return page ? lineOf(merchant.legal.get(page as never)) : undefined;
}

/** By language, the words its pages show in the default language. */
export function fallbackNeedles(merchant: Merchant): Map<string, Needle[]> {
  const declared = new Set(merchant.config.untranslated);
  return new Map(
    fallbacks(merchant).map(({ language, files }) => [
      language,
      files.flatMap((key) => {
        const text = defaultText(merchant, key);
        const page = /^legal\/[^/]+\/(.+)\.html$/.exec(key)?.[1];
        const needle: Needle = { key, text: text ?? '', declared: declared.has(key) || declared.has(language) };
        return text ? [page ? { ...needle, page } : needle] : [];
      }),
    ]),
  );
}
