// Screen 4: quote confirmation. The figures and the rate hold live in the QuoteTimer island
// (its server HTML is the no-JavaScript page); the promo box, the card warning, the terms
// and NEXT are plain HTML around it.
import { Document } from '../layout/Document.tsx';
import { Island } from '../../server/render/island.tsx';
import { useRenderContext } from '../../server/render/context.tsx';
import { formatFiat } from '../../server/checkout/format.ts';
import { QUOTE_TEXT } from '../../server/checkout/quote-timer.ts';
import type { QuoteTimerProps } from '../../islands/QuoteTimer.tsx';
import type { AnalyticsProps } from '../../islands/Analytics.tsx';

export const PRICE_QUOTE_FORM_ID = 'price-quote-form';

export interface QuotePromo {
  /** Regular fee minus promo fee, in the quote's fiat currency. */
  savings: number;
  /** The promo fee is 0. */
  noProcessingFees: boolean;
}

export interface PriceQuotePageProps {
  action: string;
  timer: QuoteTimerProps;
  promo: QuotePromo | null;
  /** CREDITCARD: the card is charged in USD. */
  chargedInUsd: boolean;
  leaveGuard: boolean;
  /** PROD with a tag manager container only. */
  analytics: (AnalyticsProps & { containerId: string }) | null;
}

export function PriceQuotePage({ action, timer, promo, chargedInUsd, leaveGuard, analytics }: PriceQuotePageProps) {
  const { merchant, nonce } = useRenderContext();
  const symbols = merchant.config.supportedFiatCurrencies;
  const currency = timer.summary.fiatCurrency;
  return (
    <Document title="Confirm your quote">
      <section className="card price-quote" aria-labelledby="price-quote-title">
        <h1 id="price-quote-title">Your price quote</h1>
        <Island name="QuoteTimer" props={timer} />
        {chargedInUsd && (
          <p className="quote-warning" role="note">
            Credit cards charged in USD
          </p>
        )}
        {promo && (
          <aside className="promo-box" aria-label="Promotion">
            {promo.noProcessingFees && <p className="promo-headline">NO PROCESSING FEES</p>}
            {promo.savings > 0 && (
              <p>
                You save <strong>{formatFiat(promo.savings, currency, symbols)}</strong> with this promotion.
              </p>
            )}
          </aside>
        )}
        <form id={PRICE_QUOTE_FORM_ID} method="post" action={action}>
          <p className="quote-terms">
            By continuing you agree to the{' '}
            <a href="/terms-of-service" target="_blank" rel="noopener">
              Terms of Service
            </a>{' '}
            and{' '}
            <a href="/privacy-policy" target="_blank" rel="noopener">
              Privacy Policy
            </a>
            .
          </p>
          {/* Focused, so Enter submits the screen (SPEC.md section 2). */}
          <button className="button" type="submit" autoFocus={!timer.expired}>
            NEXT
          </button>
        </form>
      </section>
      {leaveGuard && <Island name="LeaveGuard" props={{}} />}
      {analytics && (
        <>
          <script async src={`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(analytics.containerId)}`} nonce={nonce} />
          <Island name="Analytics" props={{ formId: analytics.formId, transaction: analytics.transaction }} />
        </>
      )}
    </Document>
  );
}

/** The SYSTEM failure of a requote without JavaScript: the message, then home after 5 s (Refresh header). */
export function QuoteRedirectHomePage({ text }: { text: string }) {
  return (
    <Document title="Your price quote">
      <section className="card" role="alert">
        <h1>{QUOTE_TEXT.expired}</h1>
        <p className="form-error">{text}</p>
        <p>{QUOTE_TEXT.redirectingHome}</p>
      </section>
    </Document>
  );
}

/** The quote could not be loaded: the upstream's message (SPEC.md section 8) and a way back. */
export function QuoteUnavailablePage({ text }: { text: string }) {
  return (
    <Document title="Your price quote">
      <section className="card">
        <h1>Your price quote</h1>
        <p className="form-error" role="alert">
          {text}
        </p>
        <p>
          <a className="button" href="/">
            Start over
          </a>
        </p>
      </section>
    </Document>
  );
}
