// The header's language switch: one plain link per language the merchant offers, so it works
// without JavaScript. `?lang=` added to the page's own URL sets the choice and comes back
// to the same page (server/i18n/plugin.ts). Each name is written in its own language and
// marked so. Rendered per request (it is one of the shell's visitor parts): its links carry
// the page's URL, so the list is kept per merchant's languages with a hole for each link
// (server/render/static-part.tsx) and the page's links are escaped into it.
import { LANGUAGE_NAMES, type Language, languageSwitchHref, type PageLanguage } from '../../checkout/i18n/languages.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { attributeText, staticPieces } from '../../server/render/static-part.tsx';
import { useTexts } from '../../ui/language.tsx';

/** The list itself: the page's language named, each other one a link to `href(language)`. */
export function LanguageList({
  offered,
  language,
  href,
}: {
  offered: readonly Language[];
  language: PageLanguage;
  href: (language: Language) => string;
}) {
  return (
    <ul>
      {offered.map((l) => (
        <li key={l}>
          {l === language ? (
            <span lang={l} aria-current="true">
              {LANGUAGE_NAMES[l]}
            </span>
          ) : (
            <a href={href(l)} lang={l} hrefLang={l}>
              {LANGUAGE_NAMES[l]}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

export function LanguageSwitch() {
  const { LANGUAGE_SWITCH_LABEL } = useTexts();
  const { merchant, language, pageUrl = '' } = useRenderContext();
  const offered = merchant.config.languages;
  if (offered.length < 2) return null;
  const pieces = staticPieces(`language-switch ${offered.join(' ')}`, language, (hole) => (
    <LanguageList offered={offered} language={language} href={() => hole} />
  ));
  const linked = offered.filter((l) => l !== language);
  let html = pieces[0]!;
  for (let i = 0; i < linked.length; i++) html += attributeText(languageSwitchHref(pageUrl, linked[i]!)) + pieces[i + 1]!;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own render of the list, each link escaped as React escapes it
  return <nav className="language-switch" aria-label={LANGUAGE_SWITCH_LABEL} dangerouslySetInnerHTML={{ __html: html }} />;
}
