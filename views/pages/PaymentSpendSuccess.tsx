// Thanks page after the visitor confirmed sending their crypto (screen 17).
import { payoutPromise } from './PaymentSpend.tsx';
import { Document } from '../layout/Document.tsx';
import { DoneButton } from './TransactionSuccess.tsx';
import { OrderSummary, type OrderSummaryData } from '../components/OrderSummary.tsx';

export function PaymentSpendSuccessPage({ order }: { order?: OrderSummaryData }) {
  return (
    <Document title="Thank you">
      <section className="card completion">
        <h1>Thank you!</h1>
        <p>{payoutPromise(order?.paymentMethod ?? '')}</p>
        {order && <OrderSummary order={order} />}
        <DoneButton />
      </section>
    </Document>
  );
}
