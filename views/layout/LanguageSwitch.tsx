// The header's language switch: one plain link per language the merchant offers, so it works
// without JavaScript. `?lang=` added to the page's own URL sets the choice and comes back
// to the same page (server/i18n/plugin.ts). Each name is written in its own language and
// marked so. Rendered per request (it is one of the shell's visitor parts): its links carry
// the page's URL.
import { LANGUAGE_NAMES, languageSwitchHref } from '../../checkout/i18n/languages.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';

export function LanguageSwitch() {
  const { LANGUAGE_SWITCH_LABEL } = useTexts();
  const { merchant, language, pageUrl = '' } = useRenderContext();
  const offered = merchant.config.languages;
  if (offered.length < 2) return null;
  return (
    <nav className="language-switch" aria-label={LANGUAGE_SWITCH_LABEL}>
      <ul>
        {offered.map((l) => (
          <li key={l}>
            {l === language ? (
              <span lang={l} aria-current="true">
                {LANGUAGE_NAMES[l]}
              </span>
            ) : (
              <a href={languageSwitchHref(pageUrl, l)} lang={l} hrefLang={l}>
                {LANGUAGE_NAMES[l]}
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
