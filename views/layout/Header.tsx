import { useRenderContext } from '../../server/render/context.tsx';
import { Brand } from '../components/Brand.tsx';

/** Merchant brand, plus the environment and version outside production. */
export function Header() {
  const { merchant, appVersion } = useRenderContext();
  const { config } = merchant;
  return (
    <header className="site-header">
      <Brand />
      {config.env !== 'PROD' && (
        <span className="env-label" title="Not a production environment">
          {`${config.env} · v${appVersion}`}
        </span>
      )}
    </header>
  );
}
