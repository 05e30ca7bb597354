import { useMerchantFooter, useRenderContext } from '../../server/render/context.tsx';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { useTexts } from '../language.tsx';
import { ROUTES } from '../../checkout/routes.ts';
import { SupportContacts } from '../components/SupportContacts.tsx';

/**
 * The merchant's own footer.html when it has one; otherwise the built-in footer with
 * product, company, support and legal links. Footer files are checked at start-up to
 * hold no scripts, so they are safe to insert as they are.
 */
export function Footer() {
  const { merchant } = useRenderContext();
  const { FOOTER_TEXT, LEGAL_TITLES } = useTexts();
  const footerHtml = useMerchantFooter();
  if (footerHtml !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the merchant's footer, sanitised once at load (tenancy/)
    return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: footerHtml }} />;
  }
  const { config } = merchant;
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <nav aria-label={FOOTER_TEXT.label}>
        <section>
          <h2>{FOOTER_TEXT.product}</h2>
          <ul>
            <li>
              <a href={ROUTES.home.path}>{FOOTER_TEXT.buyCrypto}</a>
            </li>
            <li>
              <a href={config.siteUrl}>{config.merchantName}</a>
            </li>
          </ul>
        </section>
        <section>
          <h2>{FOOTER_TEXT.company}</h2>
          <ul>
            <li>
              <a href={config.siteUrl}>{FOOTER_TEXT.about(config.merchantName)}</a>
            </li>
          </ul>
        </section>
        <section>
          <h2>{FOOTER_TEXT.support}</h2>
          <ul>
            <SupportContacts />
            <li>
              <a href={config.siteUrl}>{FOOTER_TEXT.helpCentre}</a>
            </li>
          </ul>
        </section>
        <section>
          <h2>{FOOTER_TEXT.legal}</h2>
          <ul>
            {LEGAL_PAGES.map((page) => (
              <li key={page.page}>
                <a href={page.route.path}>{LEGAL_TITLES[page.page]}</a>
              </li>
            ))}
          </ul>
        </section>
      </nav>
      <p className="copyright">
        © {year} {config.merchantName}
      </p>
    </footer>
  );
}
