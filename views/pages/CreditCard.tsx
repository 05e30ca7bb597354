// The card rail: the provider's quote for the order (/credit-card-quote; the banner without
// a countdown, charged in USD, the residency confirmation) and the provider's widget in a
// frame (/credit-card). Without JavaScript the frame still works; the link under it checks
// the payment, which is what the CardWidget island does when the provider reports back.
import { Fragment } from 'react';
import { type ProviderQuote, providerFee, workingOf } from '../../checkout/money.ts';
import type { Order } from '../../checkout/order.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import type { CardWidgetProps } from '../../islands/CardWidget.tsx';
import { useRenderContext } from '../../server/render/context.tsx';
import { Island } from '../../server/render/island.tsx';
import { FormErrors, type FormState } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';
import { useFormats } from '../../ui/page-language.ts';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { SubmitButton, Unavailable } from '../components/FormParts.tsx';
import { OrderLink } from '../components/OrderLink.tsx';
import { Document } from '../layout/Document.tsx';

export type CreditCardQuoteProps =
  | {
      kind: 'quote';
      order: Order;
      /** The provider's own figures: its fees, what the visitor receives, what the card is charged. */
      provider: ProviderQuote;
      form: FormState<FormFieldsOf<'cardResidency'>>;
    }
  /** No quote to show: why (the spec's card-quote failure, or residency), and whether asking again may help. */
  | { kind: 'unavailable'; message: string; retry?: string | undefined };

/**
 * The card's charge (in USD, and the order it stands for), the provider's fees, the amount
 * they leave converted at the order's rate, and what the visitor receives: the same figures
 * the provider's frame charges and the success page confirms.
 */
function CardFigures({ order, provider }: { order: Order; provider: ProviderQuote }) {
  const symbols = useRenderContext().merchant.config.supportedFiatCurrencies;
  const { CARD_TEXT, QUOTE_TEXT, SUMMARY_TEXT } = useTexts();
  const formats = useFormats();
  const fiat = (amount: number) => formats.fiatWithCode(amount, order.fiatCurrency, symbols);
  const working = workingOf({ ...order, fee: providerFee(provider), cryptoAmount: provider.receives });
  return (
    <dl className="order-summary">
      <dt>{CARD_TEXT.youPay}</dt>
      <dd className="order-total">
        {provider.charge
          ? CARD_TEXT.charge({
              charge: formats.fiatWithCode(provider.charge.amount, provider.charge.currency),
              order: fiat(order.fiatAmount),
            })
          : fiat(order.fiatAmount)}
      </dd>
      {provider.fees.map((fee) => (
        <Fragment key={fee.label}>
          <dt>{fee.label}</dt>
          <dd>{fiat(fee.amount)}</dd>
        </Fragment>
      ))}
      {working?.adds && (
        <>
          <dt>{QUOTE_TEXT.converted}</dt>
          <dd>{fiat(working.converted)}</dd>
        </>
      )}
      {order.rate ? (
        <>
          <dt>{SUMMARY_TEXT.rate}</dt>
          <dd>{formats.rate(order.rate, order.fiatCurrency, order.cryptoCurrency, symbols)}</dd>
        </>
      ) : null}
      <dt>{CARD_TEXT.youReceive}</dt>
      <dd>{formats.crypto(provider.receives, order.cryptoCurrency)}</dd>
    </dl>
  );
}

export function CreditCardQuotePage(props: CreditCardQuoteProps & { frame?: FlowFrameProps | undefined }) {
  const { CARD_TEXT, QUOTE_TEXT } = useTexts();
  const { frame } = props;
  return (
    <Document title={CARD_TEXT.quoteTitle}>
      <FlowFrame frame={frame}>
        <section className="card payment">
          <h1>{CARD_TEXT.quoteTitle}</h1>
          <p className="quote-timer quote-timer-banner">{QUOTE_TEXT.currentPriceQuote}</p>
          {props.kind === 'unavailable' ? (
            <Unavailable message={props.message} retry={props.retry} />
          ) : (
            <form method="post" action={ROUTES.creditCardQuote.path} noValidate>
              <p className="quote-warning">{QUOTE_TEXT.chargedInUsd}</p>
              <CardFigures order={props.order} provider={props.provider} />
              <p className="hint">{CARD_TEXT.currentPrice}</p>
              <FormErrors messages={props.form.formErrors} />
              <div className="field" data-invalid={props.form.errors.canadianResident ? 'true' : undefined}>
                <label className="checkbox">
                  <input
                    type="checkbox"
                    name="canadianResident"
                    value="yes"
                    defaultChecked={props.form.values.canadianResident === 'yes'}
                    aria-invalid={props.form.errors.canadianResident ? true : undefined}
                    autoFocus={props.form.errors.canadianResident !== undefined || undefined}
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
              <SubmitButton />
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
  const { CARD_TEXT, QUOTE_TEXT } = useTexts();
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
        <OrderLink />
      </FlowFrame>
    </Document>
  );
}
