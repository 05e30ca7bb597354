// Screen 4's figures: what the visitor spends or sends, what they receive, the rate, and
// that all fees are included. No render context (the page's language only), because the QuoteTimer
// island renders it too: once for the held quote and once for a new one after expiry.
import type { FlowKind } from '../../checkout/domain.ts';
import type { FiatSymbolSource } from '../../checkout/format.ts';
import { useFormats } from '../page-language.ts';
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
  const { QUOTE_TEXT, SUMMARY_TEXT, NOT_AVAILABLE } = useTexts();
  const formats = useFormats();
  const fiat = `${formats.fiat(figures.fiatAmount, fiatCurrency, fiatSymbols)} ${fiatCurrency}`;
  const crypto = formats.crypto(figures.cryptoAmount, cryptoCurrency);
  const rate =
    figures.forexRatePublic == null
      ? NOT_AVAILABLE
      : `1 ${cryptoCurrency} = ${formats.fiat(figures.forexRatePublic, fiatCurrency, fiatSymbols)} ${fiatCurrency}`;
  const buying = kind === 'BUY';
  return (
    <div className="quote-summary">
      <dl>
        <div>
          <dt>{buying ? SUMMARY_TEXT.amountToSpend : SUMMARY_TEXT.amountToSend}</dt>
          <dd className="quote-amount">{buying ? fiat : crypto}</dd>
        </div>
        <div>
          <dt>{kind === 'SPEND' ? SUMMARY_TEXT.giftCardValue : SUMMARY_TEXT.youReceive}</dt>
          <dd className="quote-amount">{buying ? crypto : fiat}</dd>
        </div>
        <div>
          <dt>{SUMMARY_TEXT.exchangeRate}</dt>
          <dd>{rate}</dd>
        </div>
      </dl>
      <p className="hint">{QUOTE_TEXT.feesIncluded}</p>
    </div>
  );
}
