// The order as the flow's pages show it (the rows of checkout/order.ts):
// amounts with their currency, the receiving address, and the Reference ID, never the
// buyer's details; the payout email only with `payoutEmail` (beside the flow's forms). With
// `copy`, the address and the Reference ID carry copy buttons (selectable text without
// JavaScript).
import { Fragment } from 'react';
import { countryOfCurrency } from '../../checkout/domain.ts';
import { type Order, type SummaryRow, summaryRows } from '../../checkout/order.ts';
import { type ClockTexts, formatMoment } from '../../checkout/quote-timer.ts';
import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';
import { Money } from '../../ui/Money.tsx';
import { useFormats } from '../../ui/page-language.ts';
import { CopyValue } from './CopyValue.tsx';

const ROW_CLASS: Partial<Record<SummaryRow['kind'], string>> = {
  address: 'crypto-address',
  email: 'payout-email',
  reference: 'reference-id',
};

export function OrderSummary({
  order,
  copy = false,
  payoutEmail = false,
  receipt = false,
  completed = false,
}: {
  order: Order;
  copy?: boolean;
  payoutEmail?: boolean;
  /** Inside a receipt that states the total and its reference itself (summaryRows). */
  receipt?: boolean;
  /** On a completion page: when the order was placed, and what a card was charged (summaryRows). */
  completed?: boolean;
}) {
  const texts = useTexts();
  const formats = useFormats();
  const { COPY_TEXT } = texts;
  const { merchant } = useRenderContext();
  const symbols = merchant.config.supportedFiatCurrencies;
  const value = (row: SummaryRow) => {
    switch (row.kind) {
      case 'fiat':
        return <Money kind="fiat" amount={row.amount} currency={row.currency} symbols={symbols} />;
      case 'crypto':
        return <Money kind="crypto" amount={row.amount} currency={row.currency} />;
      case 'rate':
        return formats.rate(row.rate, row.fiatCurrency, row.cryptoCurrency, symbols);
      case 'address':
      case 'reference':
        return copy ? (
          <CopyValue value={row.value} label={COPY_TEXT.copy} name={COPY_TEXT.copyOf({ what: row.label })} />
        ) : (
          row.value
        );
      case 'email':
        return row.value;
      case 'date':
        return <time dateTime={new Date(row.at).toISOString()}>{placedText(row.at, row.fiatCurrency, texts)}</time>;
    }
  };
  return (
    <dl className="order-summary">
      {summaryRows(order, { payoutEmail, receipt, completed }, texts).map((row) => (
        <Fragment key={row.label}>
          <dt>{row.label}</dt>
          <dd className={'total' in row && row.total ? 'order-total' : ROW_CLASS[row.kind]}>{value(row)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** A moment in the time zone of the order's country (its fiat currency's). */
export function placedText(at: number, fiatCurrency: string, texts: ClockTexts): string {
  return formatMoment(at, countryOfCurrency(fiatCurrency), texts);
}
