// Screen 4: quote confirmation. The figures and the rate hold live in the QuoteTimer island
// (its server HTML is the no-JavaScript page); the promo box, the card warning, the terms
// and NEXT are plain HTML around it.

import type { QuotePromo } from '../../checkout/promo.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { AnalyticsProps } from '../../islands/Analytics.tsx';
import type { QuoteTimerProps } from '../../islands/QuoteTimer.tsx';
import { useRenderContext } from '../../server/render/context.tsx';
import { Island } from '../../server/render/island.tsx';
import { useTexts, withNodes } from '../../ui/language.tsx';
import { useFormats } from '../../ui/page-language.ts';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { Document } from '../layout/Document.tsx';

export const PRICE_QUOTE_FORM_ID = 'price-quote-form';

export interface PriceQuotePageProps {
  frame?: FlowFrameProps | undefined;
  action: string;
  timer: QuoteTimerProps;
  promo: QuotePromo | null;
  /** A line the payment method adds to its quote (a card is charged in USD). */
  notice?: string | undefined;
  leaveGuard: boolean;
  /** PROD with a tag manager container only. */
  analytics: (AnalyticsProps & { containerId: string }) | null;
  /** What a card is charged, in its own currency, when the provider says. */
  charge?: { amount: number; currency: string } | undefined;
  /** Production merchants with the logging form configured. */
  userAgentLog?: { url: string; refId: string } | null;
}

export function PriceQuotePage({
  action,
  timer,
  promo,
  notice,
  leaveGuard,
  analytics,
  userAgentLog,
  charge,
  frame,
}: PriceQuotePageProps) {
  const { ACTIONS, QUOTE_TEXT, QUOTE_PAGE, LEGAL_TITLES } = useTexts();
  const formats = useFormats();
  const { merchant, nonce } = useRenderContext();
  const symbols = merchant.config.supportedFiatCurrencies;
  const currency = timer.summary.fiatCurrency;
  return (
    <Document title={QUOTE_PAGE.title}>
      <FlowFrame frame={frame}>
        <section className="card price-quote" aria-labelledby="price-quote-title">
          <h1 id="price-quote-title">{QUOTE_PAGE.heading}</h1>
          <Island name="QuoteTimer" props={timer} />
          {notice && (
            <p className="quote-warning" role="note">
              {notice}
              {charge && (
                <>
                  {' '}
                  {QUOTE_TEXT.charged({
                    charge: formats.fiatWithCode(charge.amount, charge.currency),
                    order: formats.fiatWithCode(timer.summary.figures.fiatAmount, currency, symbols),
                  })}
                </>
              )}
            </p>
          )}
          {promo && (
            <aside className="promo-box" aria-label={QUOTE_PAGE.promotion}>
              {promo.noProcessingFees && <p className="promo-headline">{QUOTE_TEXT.noProcessingFees}</p>}
              {promo.savings > 0 && (
                <p>
                  {withNodes(QUOTE_PAGE.savings, {
                    amount: <strong>{formats.fiat(promo.savings, currency, symbols)}</strong>,
                  })}
                </p>
              )}
            </aside>
          )}
          <form id={PRICE_QUOTE_FORM_ID} method="post" action={action}>
            <p className="quote-terms">
              {withNodes(QUOTE_PAGE.agree, {
                terms: (
                  <a href={ROUTES.termsOfService.path} target="_blank" rel="noopener">
                    {LEGAL_TITLES['terms-of-service']}
                  </a>
                ),
                privacy: (
                  <a href={ROUTES.privacyPolicy.path} target="_blank" rel="noopener">
                    {LEGAL_TITLES['privacy-policy']}
                  </a>
                ),
              })}
            </p>
            {/* Focused, so Enter submits the screen (docs/spec.md section 2). */}
            <button className="button" type="submit" autoFocus={!timer.expired}>
              {ACTIONS.next}
            </button>
          </form>
        </section>
        {/* The guard is the same for everyone: its HTML is rendered once. */}
        {leaveGuard && <Island name="LeaveGuard" props={{}} shared />}
        {userAgentLog && <Island name="UserAgentLog" props={userAgentLog} hydrate="idle" />}
        {analytics && (
          <>
            <script
              async
              src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(analytics.containerId)}`}
              nonce={nonce}
            />
            <Island name="Analytics" props={{ formId: analytics.formId, transaction: analytics.transaction }} />
          </>
        )}
      </FlowFrame>
    </Document>
  );
}
