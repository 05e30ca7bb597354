// A page's translator: a key and its values in, the text in the page's language out, through
// ICU MessageFormat (intl-messageformat), which does the plurals and the interpolation. Each
// message is compiled once per language. The pseudo-language (en-XA) is English with every
// literal accented and each text wrapped in ⟦…⟧: a text on a page outside the wrappers came
// from no catalogue. Pure and isomorphic.

import { type MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageKey } from './catalogues/en.ts';
import { catalogueOf } from './catalogues/index.ts';
import { localeOf, type PageLanguage, PSEUDO_LANGUAGE } from './languages.ts';

export type { MessageKey } from './catalogues/en.ts';
export type MessageValues = Readonly<Record<string, string | number>>;

export interface Translator {
  (key: MessageKey, values?: MessageValues): string;
  readonly language: PageLanguage;
  /** The locale its figures are formatted in (format.ts). */
  readonly locale: string;
}

/** Where a pseudo-language text starts and ends. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';
const ACCENTED: Readonly<Record<string, string>> = Object.fromEntries(
  [...'aàbƀcçdđeéfƒgĝhĥiîjĵkķlļmɱnñoöpþqǫrŕsšsštŧuûvṽwŵxẋyýzž'].flatMap((c, i, all) =>
    i % 2 === 0
      ? [
          [c, all[i + 1]!],
          [c.toUpperCase(), all[i + 1]!.toUpperCase()],
        ]
      : [],
  ),
);
const accent = (text: string) => text.replace(/[a-zA-Z]/g, (c) => ACCENTED[c] ?? c);

/** The message with its literals accented; the values stay as they are (data is not text). */
function pseudoElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    if (element.type === TYPE.literal) return { ...element, value: accent(element.value) };
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      const options = Object.fromEntries(
        Object.entries(element.options).map(([k, option]) => [k, { ...option, value: pseudoElements(option.value) }]),
      );
      return { ...element, options } as MessageFormatElement;
    }
    return element;
  });
}

function compile(language: PageLanguage, key: MessageKey): IntlMessageFormat {
  const locale = localeOf(language);
  if (language !== PSEUDO_LANGUAGE)
    return new IntlMessageFormat(catalogueOf(language)[key], locale, undefined, { ignoreTag: true });
  const english = new IntlMessageFormat(catalogueOf('en')[key], locale, undefined, { ignoreTag: true });
  return new IntlMessageFormat(pseudoElements(english.getAst()), locale);
}

function buildTranslator(language: PageLanguage): Translator {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  const wrap = language === PSEUDO_LANGUAGE ? (text: string) => `${PSEUDO_OPEN}${text}${PSEUDO_CLOSE}` : (text: string) => text;
  const translate = (key: MessageKey, values?: MessageValues): string => {
    let message = compiled.get(key);
    if (!message) compiled.set(key, (message = compile(language, key)));
    return wrap(String(message.format(values)));
  };
  return Object.assign(translate, { language, locale: localeOf(language) });
}

const translators = new Map<PageLanguage, Translator>();

/** The translator of `language`, built on first use. */
export function translatorFor(language: PageLanguage): Translator {
  let found = translators.get(language);
  if (!found) translators.set(language, (found = buildTranslator(language)));
  return found;
}
