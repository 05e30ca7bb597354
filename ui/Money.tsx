// An amount with its currency code: fiat with the merchant's symbol, 2 decimals and
// thousands separators (none above 100,000), crypto with 8 decimals (format.ts), in the
// page's locale. No render context, so islands render it too.
import type { FiatSymbolSource } from '../checkout/format.ts';
import { useFormats } from './page-language.ts';

export type MoneyProps =
  | { kind: 'fiat'; amount: number; currency: string; symbols?: FiatSymbolSource | undefined }
  | { kind: 'crypto'; amount: number; currency: string };

export function Money(props: MoneyProps) {
  const formats = useFormats();
  const digits =
    props.kind === 'fiat' ? formats.fiat(props.amount, props.currency, props.symbols) : formats.cryptoDigits(props.amount);
  // A number that is not one reads N/A, with no currency after it.
  if (!Number.isFinite(props.amount)) return <span className="money">{digits}</span>;
  return (
    <span className="money">
      <span className="money-amount">{digits}</span>{' '}
      <span className="money-code">{props.kind === 'fiat' ? formats.fiatCode(props.currency) : props.currency}</span>
    </span>
  );
}
