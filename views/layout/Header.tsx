import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Brand } from '../components/Brand.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';

/** Merchant brand and the language switch, plus the environment and version outside production. */
export function Header() {
  const { merchant, appVersion, shell } = useRenderContext();
  const { HEADER_TEXT } = useTexts();
  const { config } = merchant;
  return (
    <header className="site-header">
      <Brand />
      {config.env !== 'PROD' && (
        <span className="env-label" title={HEADER_TEXT.notProduction}>
          {`${config.env} · v${appVersion}`}
        </span>
      )}
      {shell?.mode === 'shell' ? shell.cut : <LanguageSwitch />}
    </header>
  );
}
