import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { useMerchantFooter, useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { hasSupportContacts, SupportContacts } from '../components/SupportContacts.tsx';

/**
 * `full` on the pages anyone arrives at (home, Pro entry, legal): the merchant's own
 * footer.html, or the built-in one. `compact` on every page of an order: one line with
 * support and the legal pages, nothing that draws the visitor away from the step.
 */
export type FooterKind = 'full' | 'compact';

export function Footer({ kind }: { kind: FooterKind }) {
  return kind === 'full' ? <FullFooter /> : <CompactFooter />;
}

/**
 * The merchant's own footer.html when it has one; otherwise the built-in footer with
 * product, company, support and legal links. Footer files are checked at start-up to
 * hold no scripts, so they are safe to insert as they are.
 */
function FullFooter() {
  const { merchant } = useRenderContext();
  const { FOOTER_TEXT } = useTexts();
  const footerHtml = useMerchantFooter();
  if (footerHtml !== undefined) {
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the merchant's footer, sanitised once at load (tenancy/)
    return <footer className="site-footer" dangerouslySetInnerHTML={{ __html: footerHtml }} />;
  }
  const { config } = merchant;
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
              <a href={config.siteUrl}>{FOOTER_TEXT.about({ merchant: config.merchantName })}</a>
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
          <LegalLinks pages={LEGAL_PAGES} />
        </section>
      </nav>
      <Copyright />
    </footer>
  );
}

/**
 * Built from the merchant's configuration, never cut from its footer.html: the support
 * contacts the built-in footer shows, and the legal pages the merchant has.
 */
function CompactFooter() {
  const { merchant } = useRenderContext();
  const { FOOTER_TEXT } = useTexts();
  const legal = LEGAL_PAGES.filter((page) => merchant.legal.has(page.page));
  return (
    <footer className="site-footer compact">
      <Copyright />
      <nav aria-label={FOOTER_TEXT.label}>
        {hasSupportContacts(merchant.config) && (
          <ul>
            <SupportContacts labelled />
          </ul>
        )}
        {legal.length > 0 && <LegalLinks pages={legal} />}
      </nav>
    </footer>
  );
}

function LegalLinks({ pages }: { pages: readonly (typeof LEGAL_PAGES)[number][] }) {
  const { LEGAL_TITLES } = useTexts();
  return (
    <ul>
      {pages.map((page) => (
        <li key={page.page}>
          <a href={page.route.path}>{LEGAL_TITLES[page.page]}</a>
        </li>
      ))}
    </ul>
  );
}

function Copyright() {
  const { merchantName } = useRenderContext().merchant.config;
  return (
    <p className="copyright">
      © {new Date().getUTCFullYear()} {merchantName}
    </p>
  );
}
