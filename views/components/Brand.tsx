import { ROUTES } from '../../checkout/routes.ts';
import { useMerchantWords, useRenderContext } from '../../server/render/context.tsx';

/** The merchant's mark and title, a link home: in the header, and on the pages that hide it. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { merchant } = useRenderContext();
  const { title } = useMerchantWords();
  const size = compact ? 24 : 32;
  return (
    <a className={compact ? 'brand brand-compact' : 'brand'} href={ROUTES.home.path}>
      {merchant.faviconHref && <img className="brand-mark" src={merchant.faviconHref} alt="" width={size} height={size} />}
      <span className="brand-name">{title}</span>
    </a>
  );
}
