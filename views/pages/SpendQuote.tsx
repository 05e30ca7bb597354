// Screen 16: the gift card's preset amounts as large choices (radio buttons, so it works
// without JavaScript), what the visitor sends at the quote shown (and, for a newly chosen
// amount, a line saying NEXT confirms those figures), the spend fee, and the
// card's details from its subtype. An unknown card reads N/A and offers no amounts.
// The moment another tile is chosen, the stylesheet (spend.css) swaps those figures for a
// line asking for NEXT, with or without JavaScript: figures never stand beside an amount
// they were not quoted for.

import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import type { FormState } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';
import { QuoteSummary, type QuoteSummaryProps } from '../../ui/QuoteSummary.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormCard } from '../components/FormParts.tsx';
import type { Toast } from '../components/Toasts.tsx';
import { Document } from '../layout/Document.tsx';

export interface GiftCardDetails {
  label: string;
  amounts: readonly number[];
  website?: string | undefined;
  faqURL?: string | undefined;
  termsURL?: string | undefined;
  termsCopy?: string | undefined;
}

export interface SpendQuoteProps {
  frame?: FlowFrameProps | undefined;
  /** null: the subtype is unknown to this merchant. */
  card: GiftCardDetails | null;
  /** Each preset formatted in the quote's currency, by amount. */
  amountLabels: Readonly<Record<number, string>>;
  /** The amount of the quote whose figures the page shows. */
  currentAmount: number;
  /** Those figures are a requote for a newly chosen amount, not confirmed yet. */
  requoted?: boolean | undefined;
  /** The card's value, the fee added to it, the rate and what the visitor sends (the order's working). */
  summary: QuoteSummaryProps;
  form: FormState<FormFieldsOf<'spendAmount'>>;
  toasts: Toast[];
}

export function SpendQuotePage({ card, amountLabels, currentAmount, requoted, summary, form, toasts, frame }: SpendQuoteProps) {
  const { ACTIONS, NOT_AVAILABLE, SPEND_QUOTE_TEXT } = useTexts();
  const chosen = form.values.fiatAmount ?? String(currentAmount);
  const error = form.errors.fiatAmount;
  // An unknown card, or one without amounts, offers nothing to choose and nothing to submit.
  const choosable = card !== null && card.amounts.length > 0;
  return (
    <Document title={SPEND_QUOTE_TEXT.title} toasts={toasts}>
      <FlowFrame frame={frame}>
        <FormCard
          action={ROUTES.spendQuote.path}
          title={card?.label ?? NOT_AVAILABLE}
          messages={form.formErrors}
          className="spend-quote"
          submit={choosable ? ACTIONS.next : null}
        >
          {choosable && (
            <fieldset className="amount-choices" aria-describedby={error ? 'fiatAmount-error' : undefined}>
              <legend>{SPEND_QUOTE_TEXT.amountLegend}</legend>
              {card.amounts.map((amount) => (
                <label key={amount} className="amount-choice">
                  <input
                    type="radio"
                    name="fiatAmount"
                    value={String(amount)}
                    defaultChecked={chosen === String(amount)}
                    data-quoted={amount === currentAmount ? '' : undefined}
                  />
                  <span>{amountLabels[amount]}</span>
                </label>
              ))}
              {error && (
                <p className="field-error" id="fiatAmount-error" role="alert">
                  {error}
                </p>
              )}
            </fieldset>
          )}
          <div className="quoted-figures">
            {requoted && (
              <p className="notice" role="status">
                {SPEND_QUOTE_TEXT.requoted}
              </p>
            )}
            <QuoteSummary {...summary} />
          </div>
          {choosable && (
            <p className="notice figures-on-next" role="status">
              {SPEND_QUOTE_TEXT.figuresOnNext}
            </p>
          )}
          {card && (
            <section className="gift-card-details" aria-label={SPEND_QUOTE_TEXT.terms}>
              <p className="row links">
                {card.website && (
                  <a href={card.website} rel="noopener noreferrer" target="_blank">
                    {SPEND_QUOTE_TEXT.website}
                  </a>
                )}
                {card.faqURL && (
                  <a href={card.faqURL} rel="noopener noreferrer" target="_blank">
                    {SPEND_QUOTE_TEXT.faq}
                  </a>
                )}
                {card.termsURL && (
                  <a href={card.termsURL} rel="noopener noreferrer" target="_blank">
                    {SPEND_QUOTE_TEXT.terms}
                  </a>
                )}
              </p>
              {card.termsCopy && <p className="hint">{card.termsCopy}</p>}
            </section>
          )}
        </FormCard>
      </FlowFrame>
    </Document>
  );
}
