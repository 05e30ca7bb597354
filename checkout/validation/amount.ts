// The home form (docs/spec.md section 5 "Amount (buy/sell)" and "Pro"): what the visitor asks
// a quote for. Produces the typed quote input the flow layer sends upstream.
//
// Bounds are inclusive: an amount equal to min or max is accepted. The messages say
// "greater than"/"less than", but the spec's Pro rule reads "at least 100 ... at most 3000"
// with those same messages, and the Pro default (100) must itself be valid.

import { decimalExample, readAmount, type TypedAmount } from '../amount-input.ts';
import {
  COUNTRY_BY_CURRENCY,
  type Coin,
  type Country,
  DEFAULT_COIN,
  DEFAULT_FIAT,
  FIAT_CURRENCIES,
  type FiatCurrency,
  type FlowKind,
  type TxnType,
  txnTypeOf,
} from '../domain.ts';
import { formatsFor } from '../format.ts';
import {
  DEFAULT_BUY_AMOUNT,
  DEFAULT_MAX_AMOUNT,
  DEFAULT_MIN_AMOUNT,
  DEFAULT_SELL_AMOUNT,
  PRO_COINS,
  PRO_DEFAULT,
  PRO_FIAT_CURRENCY,
  PRO_MAX,
  PRO_MIN,
} from '../limits.ts';
import type { MerchantConfig } from '../merchant-schema.ts';
import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { allowedKinds, coinsFor, defaultFiat, methodsFor } from '../offer.ts';
import { type FieldErrors, fail, field, hasErrors, ok, type Validated } from './result.ts';

export type AmountField =
  | 'txnType'
  | 'fiatAmount'
  | 'cryptoAmount'
  | 'fiatCurrency'
  | 'cryptoCurrency'
  | 'paymentMethod'
  | 'paymentMethodSubtype';

/** What a quote request needs from the visitor (browserResolution and vipTag come from elsewhere). */
export type QuoteInput = {
  kind: FlowKind;
  txnType: TxnType;
  fiatAmount: number;
  cryptoAmount: number;
  fiatCurrency: FiatCurrency;
  cryptoCurrency: Coin;
  paymentMethod: string;
  paymentMethodSubtype?: string;
  country: Country;
};

export type AmountLimits = { min: number; max: number; default: number };

export type LimitsMerchant = Pick<MerchantConfig, 'paymentMethods' | 'inputForm'>;

function own<V>(record: Readonly<Record<string, V>> | undefined, key: string): V | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}

/**
 * min/max/default for one quote. Most specific first: the payment method's override for
 * the key, the method's own min/max, inputForm's override, inputForm, the spec defaults.
 * The key is the fiat currency for BUY and SPEND (gift-card sell), the coin for SELL.
 */
export function resolveAmountLimits(
  merchant: LimitsMerchant,
  q: { kind: FlowKind; method: string; fiatCurrency: string; cryptoCurrency: string },
): AmountLimits {
  const key = q.kind === 'SELL' ? q.cryptoCurrency : q.fiatCurrency;
  const method = merchant.paymentMethods.find((m) => m.name === q.method && m.type === q.kind);
  const methodOverride = own(method?.amounts?.overrides, key);
  const form = merchant.inputForm;
  const formOverride = own(form?.overrides, key);
  const formDefault = q.kind === 'SELL' ? (form?.defaultSell ?? DEFAULT_SELL_AMOUNT) : (form?.defaultBuy ?? DEFAULT_BUY_AMOUNT);
  return {
    min: methodOverride?.min ?? method?.amounts?.min ?? formOverride?.min ?? form?.min ?? DEFAULT_MIN_AMOUNT,
    max: methodOverride?.max ?? method?.amounts?.max ?? formOverride?.max ?? form?.max ?? DEFAULT_MAX_AMOUNT,
    default: methodOverride?.default ?? formOverride?.default ?? formDefault,
  };
}

/** The amount under `key` as the page's locale writes numbers (checkout/amount-input.ts). */
function typedAmount(raw: unknown, key: AmountField, texts: Texts): TypedAmount {
  return readAmount(field(raw, key), texts.locale);
}

/** Check order: a number, above zero, then the bounds (inclusive, see top of file). */
function amountError(
  typed: TypedAmount,
  limits: AmountLimits | undefined,
  show: (x: number) => string,
  texts: Texts,
): string | undefined {
  if (!typed.ok)
    return typed.problem === 'ambiguous-separator'
      ? texts.AMOUNT_MESSAGES.separator({ example: decimalExample(texts.locale) })
      : texts.AMOUNT_MESSAGES.notANumber;
  const n = typed.value;
  if (n <= 0) return texts.AMOUNT_MESSAGES.zero;
  if (limits === undefined) return undefined;
  if (n < limits.min) return texts.AMOUNT_MESSAGES.greaterThan({ limit: show(limits.min) });
  if (n > limits.max) return texts.AMOUNT_MESSAGES.lessThan({ limit: show(limits.max) });
  return undefined;
}

function pickKind(merchant: MerchantConfig, value: string, pro: boolean): FlowKind | undefined {
  // Pro is an invited e-transfer buy: the tab flags do not apply to it.
  if (pro) return value === '' || value === 'BUY' ? 'BUY' : undefined;
  // The tabs the home page shows (offer.ts), so the form and its check agree.
  const allowed = allowedKinds(merchant);
  // One kind means no tabs, so the form may not post it.
  if (value === '') return allowed.length === 1 ? allowed[0] : undefined;
  return allowed.find((k) => k === value);
}

function pickFiat(merchant: MerchantConfig, value: string, pro: boolean): FiatCurrency | undefined {
  if (pro) return value === '' || value === PRO_FIAT_CURRENCY ? PRO_FIAT_CURRENCY : undefined;
  // The selector is hidden when there is only one currency, and sells and spends have none.
  const id = value === '' ? defaultFiat(merchant.supportedFiatCurrencies) : value;
  return FIAT_CURRENCIES.find((c) => c === id && merchant.supportedFiatCurrencies.some((s) => s.id === c));
}

function pickCoin(merchant: MerchantConfig, value: string, pro: boolean): Coin | undefined {
  const ids: readonly Coin[] = pro ? PRO_COINS : coinsFor(merchant).map((c) => c.id);
  if (value === '') return ids.includes(DEFAULT_COIN) ? DEFAULT_COIN : ids[0];
  return ids.find((id) => id === value);
}

type MethodPick = { method: string } | { error: string };

function pickMethod(
  merchant: MerchantConfig,
  value: string,
  kind: FlowKind,
  fiatCurrency: FiatCurrency | undefined,
  proMethod: string | undefined,
  texts: Texts,
): MethodPick {
  if (proMethod !== undefined) {
    return value === '' || value === proMethod ? { method: proMethod } : { error: texts.AMOUNT_MESSAGES.proMethod };
  }
  // Configured for this kind and serving this currency (offer.ts).
  const methods = methodsFor(merchant.paymentMethods, kind, fiatCurrency);
  // The spend tab has no method selector: the gift card method is implied.
  const found = value === '' && kind === 'SPEND' ? methods[0] : methods.find((m) => m.name === value);
  if (found) return { method: found.name };
  // A method of another currency: the currency was changed where no script could change the
  // methods with it (JavaScript off). The form is shown again with this currency's methods.
  if (fiatCurrency && methodsFor(merchant.paymentMethods, kind).some((m) => m.name === value))
    return { error: texts.AMOUNT_MESSAGES.methodForCurrency({ currency: fiatCurrency }) };
  return { error: texts.AMOUNT_MESSAGES.methodNotFound };
}

/**
 * Whether the form names a method of the tab that the chosen currency does not offer: the
 * currency changed where nothing changed the methods with it (the form without JavaScript).
 */
export function currencyChangedUnder(merchant: MerchantConfig, raw: unknown): boolean {
  const kind = pickKind(merchant, field(raw, 'txnType'), false);
  const fiatCurrency = pickFiat(merchant, field(raw, 'fiatCurrency'), false);
  const method = field(raw, 'paymentMethod');
  if (!kind || !fiatCurrency || method === '') return false;
  const offered = (currency?: string) => methodsFor(merchant.paymentMethods, kind, currency).some((m) => m.name === method);
  return !offered(fiatCurrency) && offered();
}

/**
 * Validate the home form (or the Pro form, with the method Pro offers as `proMethod`) into a quote input.
 * Fields: txnType (BUY, SELL or SPEND), fiatAmount (buy and spend), cryptoAmount (sell),
 * fiatCurrency, cryptoCurrency, paymentMethod, paymentMethodSubtype (spend: gift card).
 * Empty selectors fall back to what the page would have shown: the only allowed kind,
 * CAD (or the merchant's first currency), BTC (or the first coin), the spend method,
 * the first preset of the chosen gift card.
 */
export function validateAmountForm(
  merchant: MerchantConfig,
  raw: unknown,
  opts: { proMethod?: string } = {},
  texts: Texts = DEFAULT_TEXTS,
): Validated<QuoteInput, AmountField> {
  const pro = opts.proMethod !== undefined;
  const errors: FieldErrors<AmountField> = {};

  const kind = pickKind(merchant, field(raw, 'txnType'), pro);
  if (!kind) errors.txnType = texts.AMOUNT_MESSAGES.kindNotAllowed;

  const fiatCurrency = pickFiat(merchant, field(raw, 'fiatCurrency'), pro);
  if (!fiatCurrency) errors.fiatCurrency = texts.AMOUNT_MESSAGES.fiatNotSupported;

  const cryptoCurrency = pickCoin(merchant, field(raw, 'cryptoCurrency'), pro);
  if (!cryptoCurrency) errors.cryptoCurrency = texts.AMOUNT_MESSAGES.coinNotSupported;

  if (!kind) return fail(errors); // the kind decides which amount field even exists

  const picked = pickMethod(merchant, field(raw, 'paymentMethod'), kind, fiatCurrency, opts.proMethod, texts);
  const method = 'method' in picked ? picked.method : undefined;
  if ('error' in picked) errors.paymentMethod = picked.error;

  const limits: AmountLimits | undefined = pro
    ? { min: PRO_MIN, max: PRO_MAX, default: PRO_DEFAULT }
    : method && fiatCurrency && cryptoCurrency
      ? resolveAmountLimits(merchant, { kind, method, fiatCurrency, cryptoCurrency })
      : undefined;
  const showFiat = (x: number) =>
    formatsFor(texts.locale).fiatLimit(x, fiatCurrency ?? DEFAULT_FIAT, merchant.supportedFiatCurrencies);

  let fiatAmount = 0;
  let cryptoAmount = 0;
  let subtypeName: string | undefined;

  if (kind === 'BUY') {
    const typed = typedAmount(raw, 'fiatAmount', texts);
    const error = amountError(typed, limits, showFiat, texts);
    if (error !== undefined) errors.fiatAmount = error;
    else if (typed.ok) fiatAmount = typed.value;
  } else if (kind === 'SELL') {
    const typed = typedAmount(raw, 'cryptoAmount', texts);
    const error = amountError(
      typed,
      limits,
      (x) => formatsFor(texts.locale).cryptoLimit(x, cryptoCurrency ?? DEFAULT_COIN),
      texts,
    );
    if (error !== undefined) errors.cryptoAmount = error;
    else if (typed.ok) cryptoAmount = typed.value;
  } else {
    const subtype = method ? findSubtype(merchant, method, field(raw, 'paymentMethodSubtype')) : undefined;
    if (method && !subtype) errors.paymentMethodSubtype = texts.AMOUNT_MESSAGES.giftCardMissing;
    if (subtype) {
      subtypeName = subtype.name;
      const first = subtype.amounts[0];
      const typed: TypedAmount | undefined =
        field(raw, 'fiatAmount') === ''
          ? first === undefined
            ? undefined
            : { ok: true, value: first }
          : typedAmount(raw, 'fiatAmount', texts);
      const error =
        typed === undefined
          ? texts.AMOUNT_MESSAGES.giftCardAmount
          : spendAmountError(typed, subtype.amounts, limits, showFiat, texts);
      if (error !== undefined) errors.fiatAmount = error;
      else if (typed?.ok) fiatAmount = typed.value;
    }
  }

  if (!method || !fiatCurrency || !cryptoCurrency || hasErrors(errors)) return fail(errors);

  const value: QuoteInput = {
    kind,
    txnType: txnTypeOf(kind),
    fiatAmount,
    cryptoAmount,
    fiatCurrency,
    cryptoCurrency,
    paymentMethod: method,
    country: COUNTRY_BY_CURRENCY[fiatCurrency],
  };
  if (subtypeName !== undefined) value.paymentMethodSubtype = subtypeName;
  else if (kind !== 'SPEND') {
    // Direct links may carry a subtype for other methods; keep it only when configured.
    const subtype = findSubtype(merchant, method, field(raw, 'paymentMethodSubtype'));
    if (subtype) value.paymentMethodSubtype = subtype.name;
  }
  return ok(value);
}

function findSubtype(merchant: MerchantConfig, method: string, name: string) {
  if (name === '') return undefined;
  return merchant.paymentMethodSubtypes.find((s) => s.name === name && s.paymentMethod === method);
}

function spendAmountError(
  typed: TypedAmount,
  presets: readonly number[],
  limits: AmountLimits | undefined,
  show: (x: number) => string,
  texts: Texts,
): string | undefined {
  // A number above zero that is not one of the card's amounts; the rest as for any amount.
  if (typed.ok && typed.value > 0 && !presets.includes(typed.value)) return texts.AMOUNT_MESSAGES.giftCardAmount;
  return amountError(typed, limits, show, texts);
}

/**
 * The gift-card amount picker (/spend-quote): `fiatAmount` must be one of the chosen
 * subtype's presets and within the spend limits for that currency.
 */
export function validateSpendAmount(
  merchant: MerchantConfig,
  q: { method: string; subtype: string; fiatCurrency: string; cryptoCurrency: string },
  raw: unknown,
  texts: Texts = DEFAULT_TEXTS,
): Validated<number, 'fiatAmount' | 'paymentMethodSubtype'> {
  const subtype = findSubtype(merchant, q.method, q.subtype);
  if (!subtype) return fail({ paymentMethodSubtype: texts.AMOUNT_MESSAGES.giftCardMissing });
  const typed = typedAmount(raw, 'fiatAmount', texts);
  const limits = resolveAmountLimits(merchant, { kind: 'SPEND', ...q });
  const error = spendAmountError(
    typed,
    subtype.amounts,
    limits,
    (x) => formatsFor(texts.locale).fiatLimit(x, q.fiatCurrency, merchant.supportedFiatCurrencies),
    texts,
  );
  if (error !== undefined || !typed.ok) return fail({ fiatAmount: error ?? texts.AMOUNT_MESSAGES.notANumber });
  return ok(typed.value);
}
