// Thanks page after the visitor confirmed sending their crypto (screen 17).

import { useTexts } from '../../ui/language.tsx';
import { DoneButton } from '../components/DoneButton.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { OrderSummary } from '../components/OrderSummary.tsx';
import { Document } from '../layout/Document.tsx';
import type { CompletionProps } from './completion.ts';

export function PaymentSpendSuccessPage({ order, receipt }: CompletionProps) {
  const { RECEIPT_TEXT } = useTexts();
  return (
    <Document title={RECEIPT_TEXT.thankYouTitle}>
      <section className="card completion">
        <h1>{RECEIPT_TEXT.thankYou}</h1>
        <p>{receipt?.onDeposit ?? RECEIPT_TEXT.onDeposit.payout}</p>
        {order && <OrderSummary order={order} completed />}
        <DoneButton />
      </section>
      <OrderLink />
    </Document>
  );
}
