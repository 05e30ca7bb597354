// An amount with its currency code: fiat with the merchant's symbol, 2 decimals and
// thousands separators (none above 100,000), crypto with 8 decimals (format.ts). Props
// only, so islands render it too.
import { cryptoDigits, formatFiat, type FiatSymbolSource } from '../../server/checkout/format.ts';

export type MoneyProps =
  | { kind: 'fiat'; amount: number; currency: string; symbols?: FiatSymbolSource | undefined; className?: string }
  | { kind: 'crypto'; amount: number; currency: string; className?: string };

export function Money(props: MoneyProps) {
  const digits = props.kind === 'fiat' ? formatFiat(props.amount, props.currency, props.symbols) : cryptoDigits(props.amount);
  const className = props.className ? `money ${props.className}` : 'money';
  // A number that is not one reads N/A, with no currency after it.
  if (!Number.isFinite(props.amount)) return <span className={className}>{digits}</span>;
  return (
    <span className={className}>
      <span className="money-amount">{digits}</span>{' '}
      <span className="money-code">{props.currency}</span>
    </span>
  );
}
