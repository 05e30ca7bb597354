// Screen 20, cancelled page: nothing was charged; Try Again starts over at home.
import { ACTIONS, CANCELLED_TEXT, FAILURE_TEXT } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { Document } from '../layout/Document.tsx';
import type { OrderSummaryData } from '../components/OrderSummary.tsx';

export function TransactionCancelledPage({ order }: { order?: OrderSummaryData }) {
  return (
    <Document title={CANCELLED_TEXT.title}>
      <section className="card completion">
        <h1>{CANCELLED_TEXT.title}</h1>
        {/* A bank transfer that ends cancelled is a payment the bank did not complete (docs/spec.md section 8). */}
        {order?.paymentMethod === 'BANKTRANSFER' && (
          <p className="form-error" role="alert">
            {FAILURE_TEXT.bankPaymentFailed}
          </p>
        )}
        <p>{CANCELLED_TEXT.body}</p>
        {order && <p className="hint">{`Reference ID: ${order.refId}`}</p>}
        <a className="button" href={ROUTES.home.path}>
          {ACTIONS.tryAgain}
        </a>
      </section>
    </Document>
  );
}
