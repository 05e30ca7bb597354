// Screen 4's figures: what the visitor spends or sends, what they receive, the rate, and
// that all fees are included. Props only (no render context), because the QuoteTimer
// island renders it too: once for the held quote and once for a new one after expiry.
import type { FlowKind } from '../../checkout/domain.ts';
import { formatCrypto, formatFiat, type FiatSymbolSource } from '../../checkout/format.ts';
import { useTexts } from '../language.tsx';

export interface QuoteFigures {
  fiatAmount: number;
  cryptoAmount: number;
  forexRatePublic: number | null;
}

export interface QuoteSummaryProps {
  kind: FlowKind;
  figures: QuoteFigures;
  fiatCurrency: string;
  cryptoCurrency: string;
  fiatSymbols: FiatSymbolSource;
}

export function QuoteSummary({ kind, figures, fiatCurrency, cryptoCurrency, fiatSymbols }: QuoteSummaryProps) {
  const { QUOTE_TEXT, SUMMARY_TEXT } = useTexts();
  const fiat = `${formatFiat(figures.fiatAmount, fiatCurrency, fiatSymbols)} ${fiatCurrency}`;
  const crypto = formatCrypto(figures.cryptoAmount, cryptoCurrency);
  const rate =
    figures.forexRatePublic == null
      ? 'N/A'
      : `1 ${cryptoCurrency} = ${formatFiat(figures.forexRatePublic, fiatCurrency, fiatSymbols)} ${fiatCurrency}`;
  const buying = kind === 'BUY';
  return (
    <div className="quote-summary">
      <dl>
        <div>
          <dt>{buying ? 'Amount to spend' : 'Amount to send'}</dt>
          <dd className="quote-amount">{buying ? fiat : crypto}</dd>
        </div>
        <div>
          <dt>{kind === 'SPEND' ? SUMMARY_TEXT.giftCardValue : SUMMARY_TEXT.youReceive}</dt>
          <dd className="quote-amount">{buying ? crypto : fiat}</dd>
        </div>
        <div>
          <dt>Exchange rate</dt>
          <dd>{rate}</dd>
        </div>
      </dl>
      <p className="hint">{QUOTE_TEXT.feesIncluded}</p>
    </div>
  );
}
