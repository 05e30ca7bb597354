// Screen 20, cancelled page: nothing was charged; Try Again starts over at home.
import { ROUTES } from '../../server/checkout/routes.ts';
import { Document } from '../layout/Document.tsx';
import type { OrderSummaryData } from './TransactionSuccess.tsx';

export function TransactionCancelledPage({ order }: { order?: OrderSummaryData }) {
  return (
    <Document title="Order not complete">
      <section className="card completion">
        <h1>Order not complete</h1>
        <p>Your order was cancelled and your bank account has not been charged.</p>
        {order && <p className="hint">{`Reference ID: ${order.refId}`}</p>}
        <a className="button" href={ROUTES.home.path}>
          Try Again
        </a>
      </section>
    </Document>
  );
}
