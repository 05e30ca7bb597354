// Screen 4's figures: what the visitor spends or sends, the fee and how it stands in the
// order, the amount the rate converts, the rate, and what the visitor receives: the working
// of checkout/money.ts, so the figures visibly add up. Where the upstream's figures do not
// add up, they are shown as given, without a converted amount made up to fit. No render
// context (the page's language only), because the QuoteTimer island renders it too: once
// for the held quote and once for a new one after expiry.
import type { FlowKind } from '../checkout/domain.ts';
import type { FiatSymbolSource } from '../checkout/format.ts';
import { FEE_IN, type QuoteFigures, workingOf } from '../checkout/money.ts';
import { useTexts } from './language.tsx';
import { useFormats } from './page-language.ts';

export type { QuoteFigures };

export interface QuoteSummaryProps {
  kind: FlowKind;
  figures: QuoteFigures;
  /** The fee the order carries, in its fiat currency; none when the method has none. */
  fee: number | null;
  fiatCurrency: string;
  cryptoCurrency: string;
  fiatSymbols: FiatSymbolSource;
}

export function QuoteSummary({ kind, figures, fee, fiatCurrency, cryptoCurrency, fiatSymbols }: QuoteSummaryProps) {
  const { NOT_AVAILABLE, QUOTE_TEXT, SUMMARY_TEXT } = useTexts();
  const formats = useFormats();
  const fiat = (amount: number) => formats.fiatWithCode(amount, fiatCurrency, fiatSymbols);
  const crypto = formats.crypto(figures.cryptoAmount, cryptoCurrency);
  const rate =
    figures.forexRatePublic == null
      ? NOT_AVAILABLE
      : formats.rate(figures.forexRatePublic, fiatCurrency, cryptoCurrency, fiatSymbols);
  const working = workingOf({
    kind,
    fiatAmount: figures.fiatAmount,
    cryptoAmount: figures.cryptoAmount,
    rate: figures.forexRatePublic,
    fee,
  });
  const converted = working?.adds ? fiat(working.converted) : undefined;
  const feeRow = fee ? { label: SUMMARY_TEXT.fee[FEE_IN[kind]], value: fiat(fee) } : undefined;
  const rows: { label: string; value: string; amount?: boolean }[] =
    kind === 'BUY'
      ? [
          { label: QUOTE_TEXT.amountToSpend, value: fiat(figures.fiatAmount), amount: true },
          ...(feeRow ? [feeRow] : []),
          ...(converted && feeRow ? [{ label: QUOTE_TEXT.converted, value: converted }] : []),
          { label: SUMMARY_TEXT.rate, value: rate },
          { label: SUMMARY_TEXT.youReceive, value: crypto, amount: true },
        ]
      : kind === 'SELL'
        ? [
            { label: QUOTE_TEXT.amountToSend, value: crypto, amount: true },
            { label: SUMMARY_TEXT.rate, value: rate },
            ...(converted && feeRow ? [{ label: QUOTE_TEXT.coinsValue, value: converted }, feeRow] : feeRow ? [feeRow] : []),
            { label: SUMMARY_TEXT.youReceive, value: fiat(figures.fiatAmount), amount: true },
          ]
        : [
            { label: SUMMARY_TEXT.giftCardValue, value: fiat(figures.fiatAmount), amount: true },
            ...(feeRow ? [feeRow] : []),
            ...(converted && feeRow ? [{ label: QUOTE_TEXT.converted, value: converted }] : []),
            { label: SUMMARY_TEXT.rate, value: rate },
            { label: QUOTE_TEXT.amountToSend, value: crypto, amount: true },
          ];
  return (
    <div className="quote-summary">
      <dl>
        {rows.map((row) => (
          <div key={row.label}>
            <dt>{row.label}</dt>
            <dd className={row.amount ? 'quote-amount' : undefined}>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p className="hint">{QUOTE_TEXT.feesStand[FEE_IN[kind]]}</p>
    </div>
  );
}
