// Screen 20, success page. Also home of the order summary and the Done button that the
// other payment and completion pages share.
import { VOUCHER_DELIVERY_MAX_MS } from '../../checkout/limits.ts';
import { ACTIONS } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { Document } from '../layout/Document.tsx';
import { OrderSummary, type OrderSummaryData } from '../components/OrderSummary.tsx';

const HOUR_MS = 60 * 60 * 1000;

/** Done resets the flow and goes to the merchant's success URL (a POST: it changes state). */
export function DoneButton({ quiet = false }: { quiet?: boolean }) {
  return (
    <form method="post" action={ROUTES.done.path} className="done-form">
      <button type="submit" className={quiet ? 'button quiet' : 'button'}>
        {ACTIONS.done}
      </button>
    </form>
  );
}

/** '1 hour', '12 hours': the promises of docs/spec.md section 9, from limits.ts. */
export function hours(ms: number): string {
  const n = Math.round(ms / HOUR_MS);
  return n === 1 ? '1 hour' : `${n} hours`;
}

function deliveryNote(order: OrderSummaryData): string {
  switch (order.paymentMethod) {
    case 'FLEXEPIN':
      return `Your ${order.cryptoCurrency} will be delivered to your receiving address within ${hours(VOUCHER_DELIVERY_MAX_MS)}.`;
    case 'ETRANSFEROUT':
      return 'Your Interac e-Transfer payout is on its way to your email.';
    case 'GIFTCARD':
      return 'Your eGift card is on its way to your email.';
    default:
      return `Your ${order.cryptoCurrency} is on its way to your receiving address.`;
  }
}

export function TransactionSuccessPage({ order }: { order?: OrderSummaryData }) {
  return (
    <Document title="Order complete">
      <section className="card completion">
        <h1>Thank you!</h1>
        <p>Your order is complete.</p>
        {order && (
          <>
            <p>{deliveryNote(order)}</p>
            <OrderSummary order={order} />
          </>
        )}
        <DoneButton />
      </section>
    </Document>
  );
}
