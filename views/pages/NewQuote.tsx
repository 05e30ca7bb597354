// The quote-expired choice on a step after the quote page (docs/spec.md sections 2 and 4):
// the new figures, Accept and Decline, as the quote page's dialog offers them.
// Plain forms, so it is the same page with or without JavaScript. Accept posts what the
// visitor had just sent back to its step (hidden fields), which confirms the new quote and
// carries on; nothing is typed again. When no new quote came, it says why and Accept asks
// again.

import { FormErrors } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';
import { QuoteSummary, type QuoteSummaryProps } from '../../ui/QuoteSummary.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { Document } from '../layout/Document.tsx';

export interface NewQuotePageProps {
  frame?: FlowFrameProps | undefined;
  /** The new quote's figures; or why none came, when Accept asks again. */
  offer: { summary: QuoteSummaryProps } | { messages: string[] };
  /** Where Accept posts, and the fields it carries (what the visitor had sent, and the marker). */
  accept: { action: string; fields: Readonly<Record<string, string>> };
  declineAction: string;
}

export function NewQuotePage({ frame, offer, accept, declineAction }: NewQuotePageProps) {
  const { ACTIONS, QUOTE_TEXT } = useTexts();
  return (
    <Document title={QUOTE_TEXT.expired}>
      <FlowFrame frame={frame}>
        <section className="card quote-expired" role="alert" aria-labelledby="new-quote-title">
          <h1 id="new-quote-title">{QUOTE_TEXT.expired}</h1>
          {'summary' in offer ? (
            <>
              <p>{QUOTE_TEXT.newQuote}</p>
              <QuoteSummary {...offer.summary} />
              <p className="hint">{QUOTE_TEXT.carriesOn}</p>
            </>
          ) : (
            <FormErrors messages={offer.messages} />
          )}
          <div className="quote-expired-actions">
            <form method="post" action={accept.action}>
              {Object.entries(accept.fields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              {/* Focused, so Enter accepts (docs/spec.md section 2: Enter submits the screen). */}
              <button className="button" type="submit" autoFocus>
                {'summary' in offer ? ACTIONS.acceptAndContinue : ACTIONS.tryAgain}
              </button>
            </form>
            <form method="post" action={declineAction}>
              <button className="button secondary" type="submit">
                {ACTIONS.decline}
              </button>
            </form>
          </div>
        </section>
      </FlowFrame>
    </Document>
  );
}
