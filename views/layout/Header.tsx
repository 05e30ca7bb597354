import { ROUTES } from '../../checkout/routes.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useTexts } from '../language.tsx';

/** Merchant brand and the language switch, plus the environment and version outside production. */
export function Header() {
  const { merchant, appVersion } = useRenderContext();
  const { HEADER_TEXT } = useTexts();
  const { config } = merchant;
  return (
    <header className="site-header">
      <a className="brand" href={ROUTES.home.path}>
        {merchant.faviconHref && <img className="brand-mark" src={merchant.faviconHref} alt="" width={32} height={32} />}
        <span className="brand-name">{config.title}</span>
      </a>
      {config.env !== 'PROD' && (
        <span className="env-label" title={HEADER_TEXT.notProduction}>
          {`${config.env} · v${appVersion}`}
        </span>
      )}
      <LanguageSwitch />
    </header>
  );
}
