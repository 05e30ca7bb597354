// Screen 1, the amount form. Its server HTML is a complete form that works without
// JavaScript (tabs are links, the server validates). Hydrated, it switches tabs and filters
// methods instantly and shows PLEASE WAIT while the quote is requested. Its texts and tab
// links come in its props: the island's code stays free of the message and route tables.
import { type FormEvent, type MouseEvent, useEffect, useState } from 'react';
import { readAmount } from '../checkout/amount-input.ts';
import { DEFAULT_FIAT, type FlowKind } from '../checkout/domain.ts';
import type { Texts } from '../checkout/messages.ts';
import { defaultFiat, methodsFor, type OfferedMethod } from '../checkout/offer.ts';
import type { TickerRow } from '../checkout/ticker-rows.ts';
import { described, Field } from '../ui/Field.tsx';
import { Money } from '../ui/Money.tsx';
import { useFormats } from '../ui/page-language.ts';
import { useTickerRows } from './ticker-feed.ts';

export interface AmountFormProps {
  action: string;
  /** Each tab's link (the tab without JavaScript). */
  tabs: { kind: FlowKind; label: string; href: string }[];
  kind: FlowKind;
  fiats: { id: string; symbol: string }[];
  coins: { id: string; name: string }[];
  /** With each the fee this visitor pays (fees.ts), so the estimate is the quote's working. */
  methods: (OfferedMethod & {
    name: string;
    label: string;
    fee?: number | undefined;
    /** Its fee is a provider's, known only from the provider's own quote (a card): no amount is estimated for it. */
    providerPriced?: boolean | undefined;
  })[];
  giftCards: { name: string; label: string; amounts: number[] }[];
  /** Default amount per kind, already resolved for the default method and currency. */
  defaults: { fiatAmount: string; cryptoAmount: string };
  /** A buy's default amount in each currency: switching currency replaces a default left untouched. */
  fiatDefaults?: Record<string, string>;
  values: Partial<Record<AmountField, string>>;
  errors: Partial<Record<AmountField | 'form', string>>;
  text: Texts['AMOUNT_FORM_TEXT'];
  /** The button while the form is being processed; PLEASE WAIT by default (Pro: Verifying). */
  pendingLabel?: string;
  /**
   * The ticker's prices as the page was rendered (showTicker): the form estimates what the
   * amount buys or brings, with the Ticker island's newer rows once it has fetched them.
   */
  prices?: TickerRow[];
}

type AmountField =
  | 'fiatAmount'
  | 'cryptoAmount'
  | 'fiatCurrency'
  | 'cryptoCurrency'
  | 'paymentMethod'
  | 'paymentMethodSubtype'
  | 'txnType';

export default function AmountForm(props: AmountFormProps) {
  const { values, errors } = props;
  const [kind, setKind] = useState<FlowKind>(props.kind);
  const [chosenFiat, setFiatCurrency] = useState(values.fiatCurrency ?? defaultFiat(props.fiats) ?? DEFAULT_FIAT);
  // Only buys choose a currency; the others are checked in the default one, as the server does.
  const fiatCurrency = kind === 'BUY' ? chosenFiat : (defaultFiat(props.fiats) ?? DEFAULT_FIAT);
  const [giftCard, setGiftCard] = useState(values.paymentMethodSubtype ?? '');
  const [pending, setPending] = useState(false);
  const [fiatAmount, setFiatAmount] = useState(values.fiatAmount ?? props.defaults.fiatAmount);
  const [cryptoAmount, setCryptoAmount] = useState(values.cryptoAmount ?? props.defaults.cryptoAmount);
  const [spendAmount, setSpendAmount] = useState(values.fiatAmount ?? '');
  const [coin, setCoin] = useState(values.cryptoCurrency ?? props.coins[0]?.id ?? '');
  const [chosenMethod, setMethod] = useState(values.paymentMethod ?? '');
  const formats = useFormats();
  const prices = useTickerRows(props.prices);
  // A preset as the page's locale writes a whole amount: $25, or 25 $ in French.
  const cardAmount = (amount: number) => formats.fiatLimit(amount, fiatCurrency, props.fiats);
  // The upstream wants the screen size with the quote; only the browser knows it (state,
  // not a DOM write: a re-render on submit would put the server's empty value back).
  const [resolution, setResolution] = useState('');
  useEffect(() => setResolution(`${screen.width}x${screen.height}`), []);
  // Without JavaScript the estimate could not follow a method changed after the page came:
  // the server's page shows the price alone, and what the amount buys once the island runs.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  // What the visitor typed or chose before the island hydrated: the fields are uncontrolled,
  // so hydration keeps it, and the state that filters methods and estimates catches up here.
  useEffect(() => {
    const sync = (id: string, set: (value: string) => void) => {
      const field = document.getElementById(id) as HTMLInputElement | null;
      if (field) set(field.value);
    };
    sync('fiatAmount', setFiatAmount);
    sync('cryptoAmount', setCryptoAmount);
    sync('fiatCurrency', setFiatCurrency);
    sync('cryptoCurrency', setCoin);
    sync('paymentMethodSubtype', setGiftCard);
    sync('spendAmount', setSpendAmount);
    sync('paymentMethod', setMethod);
  }, []);
  // Messages belong to the kind they were given for.
  const shownErrors = kind === props.kind ? errors : {};

  // The same rule the server checks the form with.
  const methods = methodsFor(props.methods, kind, fiatCurrency);
  // The spend tab has no method selector: its one method goes with the form.
  const spendMethod = methodsFor(props.methods, 'SPEND')[0]?.name ?? '';
  const selectedCard = props.giftCards.find((c) => c.name === giftCard);
  // The select shows the first method when the chosen one is not offered for this tab or currency.
  const method = methods.find((m) => m.name === chosenMethod) ?? methods[0];

  const switchTab = (next: FlowKind) => (event: MouseEvent) => {
    event.preventDefault();
    setKind(next);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pending) event.preventDefault();
    else setPending(true);
  };

  return (
    <form method="post" action={props.action} noValidate className="card amount-form" onSubmit={onSubmit}>
      {props.tabs.length > 1 && (
        <div className="tabs" role="tablist" aria-label={props.text.whatToDo}>
          {props.tabs.map((t) => (
            <a key={t.kind} className="tab" role="tab" href={t.href} aria-selected={t.kind === kind} onClick={switchTab(t.kind)}>
              {t.label}
            </a>
          ))}
        </div>
      )}
      {shownErrors.form && (
        <p className="form-error" role="alert">
          {shownErrors.form}
        </p>
      )}
      <input type="hidden" name="txnType" value={kind} />
      <input type="hidden" name="browserResolution" value={resolution} />

      {kind === 'BUY' && (
        <div className="row">
          <Field id="fiatAmount" label={props.text.amount} error={shownErrors.fiatAmount}>
            <span className="amount-input">
              <input
                id="fiatAmount"
                name="fiatAmount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={fiatAmount}
                onChange={(e) => setFiatAmount(e.target.value)}
                {...described('fiatAmount', shownErrors.fiatAmount, {
                  extra: 'fiatAmount-code',
                  submitted: values.fiatAmount ?? props.defaults.fiatAmount,
                })}
              />
              <span className="amount-code" id="fiatAmount-code">
                {fiatCurrency}
              </span>
            </span>
          </Field>
          {props.fiats.length > 1 ? (
            <Field id="fiatCurrency" label={props.text.currency} error={shownErrors.fiatCurrency}>
              <select
                id="fiatCurrency"
                name="fiatCurrency"
                defaultValue={fiatCurrency}
                onChange={(e) => {
                  const next = e.target.value;
                  // The last currency's default is no amount the visitor chose: the new currency's replaces it.
                  const field = document.getElementById('fiatAmount') as HTMLInputElement | null;
                  const replacing = props.fiatDefaults?.[next];
                  if (field && replacing && field.value === props.fiatDefaults?.[fiatCurrency]) {
                    field.value = replacing;
                    setFiatAmount(replacing);
                  }
                  setFiatCurrency(next);
                }}
              >
                {props.fiats.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.id}
                  </option>
                ))}
              </select>
            </Field>
          ) : (
            <input type="hidden" name="fiatCurrency" value={fiatCurrency} />
          )}
        </div>
      )}

      {kind === 'SELL' && (
        <Field id="cryptoAmount" label={props.text.amountToSell} error={shownErrors.cryptoAmount}>
          <span className="amount-input">
            <input
              id="cryptoAmount"
              name="cryptoAmount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={cryptoAmount}
              onChange={(e) => setCryptoAmount(e.target.value)}
              {...described('cryptoAmount', shownErrors.cryptoAmount, {
                extra: 'cryptoAmount-code',
                submitted: values.cryptoAmount ?? props.defaults.cryptoAmount,
              })}
            />
            <span className="amount-code" id="cryptoAmount-code">
              {coin}
            </span>
          </span>
        </Field>
      )}

      <Field id="cryptoCurrency" label={props.text.cryptocurrency} error={shownErrors.cryptoCurrency}>
        <select id="cryptoCurrency" name="cryptoCurrency" defaultValue={coin} onChange={(e) => setCoin(e.target.value)}>
          {props.coins.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.id})
            </option>
          ))}
        </select>
      </Field>

      {kind === 'SPEND' && (
        <>
          <Field id="paymentMethodSubtype" label={props.text.giftCard} error={shownErrors.paymentMethodSubtype}>
            <select
              id="paymentMethodSubtype"
              name="paymentMethodSubtype"
              defaultValue={giftCard}
              onChange={(e) => setGiftCard(e.target.value)}
              {...described('paymentMethodSubtype', shownErrors.paymentMethodSubtype)}
            >
              <option value="">{props.text.chooseGiftCard}</option>
              {props.giftCards.map((c) => (
                <option key={c.name} value={c.name}>
                  {c.label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="spendAmount" label={props.text.cardAmount} error={shownErrors.fiatAmount}>
            {/* A card chosen offers its own amounts: the list is made anew, the amount picked kept where the card has it. */}
            <select
              key={selectedCard?.name ?? ''}
              id="spendAmount"
              name="fiatAmount"
              defaultValue={spendAmount}
              onChange={(e) => setSpendAmount(e.target.value)}
            >
              {selectedCard
                ? selectedCard.amounts.map((a) => (
                    <option key={a} value={String(a)}>
                      {cardAmount(a)}
                    </option>
                  ))
                : props.giftCards.map((c) => (
                    <optgroup key={c.name} label={c.label}>
                      {c.amounts.map((a) => (
                        <option key={a} value={String(a)}>
                          {cardAmount(a)}
                        </option>
                      ))}
                    </optgroup>
                  ))}
            </select>
          </Field>
          <input type="hidden" name="fiatCurrency" value={fiatCurrency} />
        </>
      )}

      {kind === 'SPEND' ? (
        <input type="hidden" name="paymentMethod" value={spendMethod} />
      ) : (
        <Field id="paymentMethod" label={props.text.paymentMethod} error={shownErrors.paymentMethod}>
          <select
            id="paymentMethod"
            name="paymentMethod"
            // Made anew for each tab and currency, showing the method the estimate is for.
            defaultValue={method?.name}
            key={`${kind}-${fiatCurrency}`}
            onChange={(e) => setMethod(e.target.value)}
          >
            {methods.map((m) => (
              <option key={m.name} value={m.name}>
                {m.label}
              </option>
            ))}
          </select>
        </Field>
      )}

      {kind !== 'SPEND' && (
        <Estimate
          kind={kind}
          coin={coin}
          fiatCurrency={fiatCurrency}
          fiats={props.fiats}
          // What a provider-priced method buys is the provider's to say: only the price is shown.
          amount={!live || method?.providerPriced ? '' : kind === 'BUY' ? fiatAmount : cryptoAmount}
          fee={method?.fee ?? 0}
          price={prices?.find((r) => r.cryptoCurrency === coin && r.fiatCurrency === fiatCurrency)?.fiatAmount}
          text={props.text}
        />
      )}

      <button type="submit" className="button" disabled={pending} aria-live="polite">
        {pending ? (props.pendingLabel ?? props.text.pleaseWait) : props.text.next}
      </button>
    </form>
  );
}

/** A typed amount read as the form's validator reads it, or null: '', 'abc', 0 and an unclear separator are nothing to estimate. */
function typedAmount(text: string, locale: string): number | null {
  const typed = readAmount(text, locale);
  return typed.ok && typed.value > 0 ? typed.value : null;
}

/**
 * The coin's current price and what the amount buys (or a sale brings) at it, the method's
 * fee taken first as the quote takes it (checkout/money.ts): an estimate, said to be one,
 * since the quote is the price that counts. The price is the upstream's public ticker, the
 * source of the quote's rate.
 */
function Estimate(props: {
  kind: FlowKind;
  coin: string;
  fiatCurrency: string;
  fiats: { id: string; symbol: string }[];
  amount: string;
  /** The fee, in the form's currency: included in a buy, deducted from a sale. */
  fee: number;
  price: number | undefined;
  text: AmountFormProps['text'];
}) {
  const { locale } = useFormats();
  if (props.price === undefined) return null;
  const amount = typedAmount(props.amount, locale);
  const fiat = (value: number) => <Money kind="fiat" amount={value} currency={props.fiatCurrency} symbols={props.fiats} />;
  return (
    <p className="estimate">
      <span>
        {`${props.text.currentPrice} 1 ${props.coin} = `}
        {fiat(props.price)}
      </span>
      {amount !== null && (
        <span>
          {`${props.text.receiveAbout} `}
          {props.kind === 'BUY' ? (
            <Money kind="crypto" amount={Math.max(0, amount - props.fee) / props.price} currency={props.coin} />
          ) : (
            fiat(Math.max(0, amount * props.price - props.fee))
          )}
        </span>
      )}
      <small>{props.text.note}</small>
    </p>
  );
}
