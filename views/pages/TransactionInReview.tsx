// Screen 20, in-review page: thank you, how long the review takes, and what happens next
// for the order's payment method (the figures of docs/spec.md section 9).
import {
  CASH_PAYMENT_EXPIRY_MS,
  PAYMENT_DEADLINE_MS,
  PAYMENT_EMAIL_MAX_MS,
  REVIEW_MAX_MS,
  VOUCHER_DELIVERY_MAX_MS,
} from '../../checkout/limits.ts';
import { Document } from '../layout/Document.tsx';
import { DoneButton, hours } from './TransactionSuccess.tsx';
import { OrderSummary, type OrderSummaryData } from '../components/OrderSummary.tsx';

function afterApproval(order: OrderSummaryData): string {
  switch (order.paymentMethod) {
    case 'ETRANSFER':
    case 'BANKTRANSFER':
      return `Once it is approved, we will email you the payment instructions within ${hours(PAYMENT_EMAIL_MAX_MS)}. Your payment must arrive within ${hours(PAYMENT_DEADLINE_MS)} of the instructions.`;
    case 'FLEXEPIN':
      return `Once it is approved, your ${order.cryptoCurrency} will be delivered to your receiving address within ${hours(VOUCHER_DELIVERY_MAX_MS)}.`;
    case 'OTC':
      return `Once it is approved, we will email you your payment details. Cash payments expire after ${hours(CASH_PAYMENT_EXPIRY_MS)}.`;
    case 'CREDITCARD':
      return `Once it is approved, your ${order.cryptoCurrency} will be sent to your receiving address.`;
    case 'ETRANSFEROUT':
    case 'GIFTCARD':
      return `Once it is approved, we will email you the address to send your ${order.cryptoCurrency} to within ${hours(PAYMENT_EMAIL_MAX_MS)}.`;
    default:
      return 'We will email you once it is approved.';
  }
}

export function TransactionInReviewPage({ order }: { order?: OrderSummaryData }) {
  return (
    <Document title="Order in review">
      <section className="card completion">
        <h1>Thank you!</h1>
        <p>{`Your order is being reviewed. A review may take up to ${hours(REVIEW_MAX_MS)}.`}</p>
        <p>{order ? afterApproval(order) : 'We will email you once it is approved.'}</p>
        {order && <OrderSummary order={order} />}
        <DoneButton />
      </section>
    </Document>
  );
}
