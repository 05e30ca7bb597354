// Screen 20, cancelled page: nothing was charged; Try Again starts over at home.
import { ACTIONS, CANCELLED_TEXT } from '../../server/checkout/messages.ts';
import { ROUTES } from '../../server/checkout/routes.ts';
import { Document } from '../layout/Document.tsx';
import type { OrderSummaryData } from './TransactionSuccess.tsx';

export function TransactionCancelledPage({ order }: { order?: OrderSummaryData }) {
  return (
    <Document title={CANCELLED_TEXT.title}>
      <section className="card completion">
        <h1>{CANCELLED_TEXT.title}</h1>
        <p>{CANCELLED_TEXT.body}</p>
        {order && <p className="hint">{`Reference ID: ${order.refId}`}</p>}
        <a className="button" href={ROUTES.home.path}>
          {ACTIONS.tryAgain}
        </a>
      </section>
    </Document>
  );
}
