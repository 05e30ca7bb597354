// Screen 20, in-review page: thank you, how long the review takes, and what happens next,
// in the words of the order's payment method.
import { REVIEW_MAX_MS } from '../../checkout/limits.ts';
import { useTexts } from '../../ui/language.tsx';
import { DoneButton } from '../components/DoneButton.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { Document } from '../layout/Document.tsx';
import type { CompletionProps } from './completion.ts';

export function TransactionInReviewPage({ order, receipt }: CompletionProps) {
  const { RECEIPT_TEXT, TIME } = useTexts();
  return (
    <Document title={RECEIPT_TEXT.inReviewTitle}>
      <section className="card completion">
        <h1>{RECEIPT_TEXT.thankYou}</h1>
        <p>{RECEIPT_TEXT.inReview({ within: TIME.hours(REVIEW_MAX_MS) })}</p>
        <p>{receipt?.afterApproval ?? RECEIPT_TEXT.afterApproval.emailed}</p>
        {order && <OrderSummary order={order} completed />}
        <DoneButton />
      </section>
      <OrderLink />
    </Document>
  );
}
