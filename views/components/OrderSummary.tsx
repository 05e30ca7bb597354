// The order as the payment and completion pages show it: amounts with their currency,
// the receiving address and the Reference ID, never the buyer's details. With `copy`, the
// address and the Reference ID carry copy buttons (selectable text without JavaScript).
import type { FlowState } from '../../server/upstream/contract.ts';
import { COPY_TEXT, SUMMARY_TEXT } from '../../server/checkout/messages.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { CopyValue } from './CopyValue.tsx';
import { Money } from './Money.tsx';

export type OrderSummaryData = Pick<
  FlowState,
  'refId' | 'txnType' | 'paymentMethod' | 'fiatAmount' | 'fiatCurrency' | 'cryptoAmount' | 'cryptoCurrency' | 'cryptoAddress'
>;

export function OrderSummary({ order, copy = false }: { order: OrderSummaryData; copy?: boolean }) {
  const { merchant } = useRenderContext();
  const fiat = <Money kind="fiat" amount={order.fiatAmount} currency={order.fiatCurrency} symbols={merchant.config.supportedFiatCurrencies} />;
  const crypto = <Money kind="crypto" amount={order.cryptoAmount} currency={order.cryptoCurrency} />;
  const buy = order.txnType === 'BUY';
  return (
    <dl className="order-summary">
      <dt>{buy ? SUMMARY_TEXT.total : SUMMARY_TEXT.youReceive}</dt>
      <dd className="order-total">{fiat}</dd>
      <dt>{buy ? SUMMARY_TEXT.cryptoAmount : SUMMARY_TEXT.youSend}</dt>
      <dd>{crypto}</dd>
      {buy && order.cryptoAddress && (
        <>
          <dt>{SUMMARY_TEXT.address}</dt>
          <dd className="crypto-address">
            {copy ? <CopyValue value={order.cryptoAddress} label={COPY_TEXT.copy} name={COPY_TEXT.copyOf(SUMMARY_TEXT.address)} /> : order.cryptoAddress}
          </dd>
        </>
      )}
      <dt>{SUMMARY_TEXT.reference}</dt>
      <dd className="reference-id">
        {copy ? <CopyValue value={order.refId} label={COPY_TEXT.copy} name={COPY_TEXT.copyOf(SUMMARY_TEXT.reference)} /> : order.refId}
      </dd>
    </dl>
  );
}
