// Screen 20, success page: the order summary, how the order reaches the visitor (in its
// payment method's words), and Done.

import { useTexts } from '../../ui/language.tsx';
import { DoneButton } from '../components/DoneButton.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { Document } from '../layout/Document.tsx';
import type { CompletionProps } from './completion.ts';

export function TransactionSuccessPage({ order, receipt }: CompletionProps) {
  const { RECEIPT_TEXT } = useTexts();
  return (
    <Document title={RECEIPT_TEXT.successTitle}>
      <section className="card completion">
        <h1>{RECEIPT_TEXT.thankYou}</h1>
        <p>{RECEIPT_TEXT.complete}</p>
        {order && (
          <>
            {receipt && <p>{receipt.delivery}</p>}
            <OrderSummary order={order} completed />
          </>
        )}
        <DoneButton />
      </section>
      <OrderLink />
    </Document>
  );
}
