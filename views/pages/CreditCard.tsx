// The card rail: the provider's quote for the order (/credit-card-quote; the banner without
// a countdown, charged in USD, the residency confirmation) and the provider's widget in a
// frame (/credit-card). Without JavaScript the frame still works; the link under it checks
// the payment, which is what the CardWidget island does when the provider reports back.
import { ACTIONS, CARD_TEXT, QUOTE_TEXT } from '../../checkout/messages.ts';
import { formatCrypto, formatFiat } from '../../checkout/format.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { Island } from '../../server/render/island.tsx';
import { useRenderContext } from '../../server/render/context.tsx';
import type { CardWidgetProps } from '../../islands/CardWidget.tsx';
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormErrors, type FormState } from '../components/Field.tsx';

/** Why the card rail cannot go on here, and the way back. */
function Unavailable({ message }: { message: string }) {
  return (
    <>
      <FormErrors messages={[message]} />
      <a className="button secondary" href={ROUTES.home.path}>
        {ACTIONS.back}
      </a>
    </>
  );
}

export interface CardQuoteFigures {
  fiatAmount: number;
  fiatCurrency: string;
  cryptoCurrency: string;
  quoteCurrencyAmount: number;
  feeAmount: number;
  extraFeeAmount: number;
}

export type CreditCardQuoteProps =
  | { kind: 'quote'; quote: CardQuoteFigures; form: FormState<FormFieldsOf<'cardResidency'>> }
  /** No quote to show: why (the spec's card-quote failure, or residency). */
  | { kind: 'unavailable'; message: string };

export function CreditCardQuotePage(props: CreditCardQuoteProps & { frame?: FlowFrameProps | undefined }) {
  const { frame } = props;
  const symbols = useRenderContext().merchant.config.supportedFiatCurrencies;
  return (
    <Document title={CARD_TEXT.quoteTitle}>
      <FlowFrame frame={frame}>
        <section className="card payment">
          <h1>{CARD_TEXT.quoteTitle}</h1>
          <p className="quote-timer quote-timer-banner">{QUOTE_TEXT.currentPriceQuote}</p>
          {props.kind === 'unavailable' ? (
            <Unavailable message={props.message} />
          ) : (
            <form method="post" action={ROUTES.creditCardQuote.path} noValidate>
              <p className="quote-warning">{QUOTE_TEXT.chargedInUsd}</p>
              <dl className="order-summary">
                <dt>{CARD_TEXT.youPay}</dt>
                <dd>{`${formatFiat(props.quote.fiatAmount, props.quote.fiatCurrency, symbols)} ${props.quote.fiatCurrency}`}</dd>
                <dt>{CARD_TEXT.youReceive}</dt>
                <dd>{formatCrypto(props.quote.quoteCurrencyAmount, props.quote.cryptoCurrency)}</dd>
                <dt>{CARD_TEXT.fee}</dt>
                <dd>{formatFiat(props.quote.feeAmount, props.quote.fiatCurrency, symbols)}</dd>
                <dt>{CARD_TEXT.extraFee}</dt>
                <dd>{formatFiat(props.quote.extraFeeAmount, props.quote.fiatCurrency, symbols)}</dd>
              </dl>
              <FormErrors messages={props.form.formErrors} />
              <div className="field" data-invalid={props.form.errors.canadianResident ? 'true' : undefined}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name="canadianResident"
                    value="yes"
                    defaultChecked={props.form.values.canadianResident === 'yes'}
                    aria-invalid={props.form.errors.canadianResident ? true : undefined}
                    aria-describedby={props.form.errors.canadianResident ? 'canadianResident-error' : undefined}
                  />{' '}
                  {CARD_TEXT.residency}
                </label>
                {props.form.errors.canadianResident && (
                  <p className="field-error" id="canadianResident-error" role="alert">
                    {props.form.errors.canadianResident}
                  </p>
                )}
              </div>
              <button type="submit" className="button">
                {ACTIONS.next}
              </button>
            </form>
          )}
        </section>
      </FlowFrame>
    </Document>
  );
}

export type CreditCardProps =
  | { kind: 'widget'; widget: CardWidgetProps; waiting: boolean }
  | { kind: 'unavailable'; message: string };

export function CreditCardPage(props: CreditCardProps & { frame?: FlowFrameProps | undefined }) {
  const { frame } = props;
  return (
    <Document title={CARD_TEXT.payTitle}>
      <FlowFrame frame={frame}>
        <section className="card payment">
          <h1>{CARD_TEXT.payTitle}</h1>
          {props.kind === 'unavailable' ? (
            <Unavailable message={props.message} />
          ) : (
            <>
              {props.waiting && <FormErrors messages={[CARD_TEXT.notReceived]} />}
              <p className="quote-warning">{QUOTE_TEXT.chargedInUsd}</p>
              <Island name="CardWidget" props={props.widget} />
            </>
          )}
        </section>
      </FlowFrame>
    </Document>
  );
}
