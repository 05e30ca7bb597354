// Screen 20, success page. Also home of the order summary and the Done button that the
// other payment and completion pages share.
import type { FlowState } from '../../server/upstream/contract.ts';
import { formatCrypto, formatFiat } from '../../server/checkout/format.ts';
import { VOUCHER_DELIVERY_MAX_MS } from '../../server/checkout/limits.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { ACTIONS } from '../../server/checkout/messages.ts';
import { ROUTES } from '../../server/checkout/routes.ts';
import { Document } from '../layout/Document.tsx';

const HOUR_MS = 60 * 60 * 1000;

/** What a summary shows: amounts, the address and the reference, never the buyer's details. */
export type OrderSummaryData = Pick<
  FlowState,
  'refId' | 'txnType' | 'paymentMethod' | 'fiatAmount' | 'fiatCurrency' | 'cryptoAmount' | 'cryptoCurrency' | 'cryptoAddress'
>;

export function OrderSummary({ order }: { order: OrderSummaryData }) {
  const { merchant } = useRenderContext();
  const fiat = formatFiat(order.fiatAmount, order.fiatCurrency, merchant.config.supportedFiatCurrencies);
  const crypto = formatCrypto(order.cryptoAmount, order.cryptoCurrency);
  const buy = order.txnType === 'BUY';
  return (
    <dl className="order-summary">
      <dt>{buy ? 'Order total' : 'You receive'}</dt>
      <dd>{fiat}</dd>
      <dt>{buy ? 'Crypto amount' : 'You send'}</dt>
      <dd>{crypto}</dd>
      {buy && order.cryptoAddress && (
        <>
          <dt>Receiving address</dt>
          <dd className="crypto-address">{order.cryptoAddress}</dd>
        </>
      )}
      <dt>Reference ID</dt>
      <dd>{order.refId}</dd>
    </dl>
  );
}

/** Done resets the flow and goes to the merchant's success URL (a POST: it changes state). */
export function DoneButton({ secondary = false }: { secondary?: boolean }) {
  return (
    <form method="post" action={ROUTES.done.path} className="done-form">
      <button type="submit" className={secondary ? 'button secondary' : 'button'}>
        {ACTIONS.done}
      </button>
    </form>
  );
}

/** '1 hour', '12 hours': the promises of SPEC.md section 9, from limits.ts. */
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
