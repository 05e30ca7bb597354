// Quotes: creation, requote and confirmation, with the amount-based test values.
// A quote holds for quoteTtlS seconds; after that the next step call is refused with
// QUOTE.EXPIRED until a requote is confirmed (the edge's quote-expired modal).

import type { z } from 'zod';
import type { quoteRequestSchema, requoteRequestSchema, requoteResponseSchema } from '../../checkout/contract.ts';
import { COINS, COUNTRY_BY_CURRENCY, ERROR_CODES, FIAT_CURRENCIES } from '../../checkout/domain.ts';
import { fail, SANDBOX_CODES, SandboxError } from './errors.ts';
import type { MerchantFees } from './fees.ts';
import { cryptoFor, fiatFor, priceOf, roundTo } from './prices.ts';
import type { Rail, Rails } from './rails/rail.ts';
import { type Clock, isQuoteExpired, isQuoteLocked, quoteExpiredError } from './steps.ts';
import { type Api, newRefId, type Quote, type Txn } from './store.ts';

export const PRO_VIP_TAG = 'vip-demo';
/** Buys of at least this much need the buyer's address. */
export const ADDRESS_REQUIRED_FROM = 300;

type Priced = Pick<Txn, 'api' | 'rail' | 'paymentMethod' | 'cryptoCurrency' | 'fiatCurrency' | 'pro'> & {
  /** The merchant's fee fields (fees.ts); none: no fee. */
  fees: MerchantFees | undefined;
};

const invalid = (field: string, problem: string) => fail(400, SANDBOX_CODES.requestInvalid, `${field}: ${problem}`);

function oneOf<T extends string>(list: readonly T[], value: string, field: string): T {
  if (!(list as readonly string[]).includes(value)) throw invalid(field, `must be one of ${list.join(', ')}`);
  return value as T;
}

/** The amount test values of buys (README): the three limits, a bare 500, SYSTEM on requote. */
function checkBuyAmount(fiatAmount: number, onRequote: boolean): void {
  switch (fiatAmount) {
    case 401:
      throw fail(422, ERROR_CODES.dailyLimit, 'You have reached your daily transaction limit. Please try again tomorrow.');
    case 402:
      throw fail(422, ERROR_CODES.weeklyLimit, 'You have reached your weekly transaction limit. Please try again next week.');
    case 403:
      throw fail(422, ERROR_CODES.monthlyLimit, 'You have reached your monthly transaction limit. Please try again next month.');
    case 404:
      throw new SandboxError(500, {});
    case 405:
      if (onRequote) throw fail(422, ERROR_CODES.system, 'We are unable to update your quote at this time.');
  }
}

/**
 * The fee of an order: the card provider's for a card (on the amount), else the merchant's
 * fee field for the method, its promotion's while isPromo (not for Pro), its Pro fee for Pro.
 */
export function feeOf(txn: Priced, fiatAmount: number): number {
  if (txn.rail.providerFee) return txn.rail.providerFee(fiatAmount);
  const fields = txn.fees?.fields[txn.paymentMethod];
  if (!fields || !txn.fees) return 0;
  const { amounts, isPromo } = txn.fees;
  const field = txn.pro && fields.pro ? fields.pro : isPromo && !txn.pro && fields.promo ? fields.promo : fields.regular;
  return amounts[field] ?? 0;
}

/**
 * Buys price the fiat amount, less the fee; e-transfer sells price the coin amount and pay
 * out its value less the fee; gift cards price the card's value plus the fee, and may start
 * at 0 until the amount picker requotes.
 */
function price(
  txn: Priced,
  fiatAmount: number | undefined,
  cryptoAmount: number | undefined,
  onRequote: boolean,
): { fiatAmount: number; cryptoAmount: number } {
  const { cryptoCurrency: coin, fiatCurrency: fiat } = txn;
  const { feeIn } = txn.rail;
  if (txn.api === 'buy') {
    if (!fiatAmount) throw invalid('fiatAmount', 'must be greater than 0');
    checkBuyAmount(fiatAmount, onRequote);
    const converted = roundTo(fiatAmount - feeOf(txn, fiatAmount), 2);
    if (converted <= 0) throw invalid('fiatAmount', 'too small to cover the fee');
    return { fiatAmount, cryptoAmount: cryptoFor(converted, coin, fiat) };
  }
  if (feeIn === 'added') {
    if (!fiatAmount) return { fiatAmount: 0, cryptoAmount: 0 };
    return { fiatAmount, cryptoAmount: cryptoFor(roundTo(fiatAmount + feeOf(txn, fiatAmount), 2), coin, fiat) };
  }
  if (!cryptoAmount) throw invalid('cryptoAmount', 'must be greater than 0');
  const value = fiatFor(cryptoAmount, coin, fiat);
  const payout = roundTo(value - feeOf(txn, value), 2);
  if (payout <= 0) throw invalid('cryptoAmount', 'too small to cover the fee');
  return { cryptoAmount, fiatAmount: payout };
}

function newQuote(
  clock: Clock,
  txn: Pick<Txn, 'cryptoCurrency' | 'fiatCurrency'>,
  amounts: { fiatAmount: number; cryptoAmount: number },
  subtype: string | null,
): Quote {
  const now = clock.now();
  return {
    ...amounts,
    forexRatePublic: priceOf(txn.cryptoCurrency, txn.fiatCurrency),
    paymentMethodSubtype: subtype,
    txnDate: now,
    validUntil: now + clock.quoteTtlMs,
  };
}

/** Who asks for a quote: the merchant (x-merchant) whose visitor it is, its fee fields, and the rails the exchange takes. */
export interface QuoteAsker {
  merchant: string | undefined;
  fees: MerchantFees | undefined;
  rails: Rails;
}

/** The rail of a method this API takes. */
function railOf(rails: Rails, api: Api, name: string): Rail {
  const rail = rails.get(name);
  if (rail?.api === api) return rail;
  const names = [...rails.values()].filter((r) => r.api === api).map((r) => r.name);
  throw invalid('paymentMethod', `must be one of ${names.join(', ')}`);
}

export function createQuote(clock: Clock, api: Api, req: z.output<typeof quoteRequestSchema>, asker: QuoteAsker): Txn {
  const txnType = api === 'buy' ? 'BUY' : 'SELL';
  if (req.txnType !== txnType) throw invalid('txnType', `must be ${txnType} on /txn${api}`);
  const fiatCurrency = oneOf(FIAT_CURRENCIES, req.fiatCurrency, 'fiatCurrency');
  const cryptoCurrency = oneOf(COINS, req.cryptoCurrency, 'cryptoCurrency');
  const rail = railOf(asker.rails, api, req.paymentMethod);
  const paymentMethod = rail.name;
  const country = COUNTRY_BY_CURRENCY[fiatCurrency];
  if (req.country !== country) throw invalid('country', `must be ${country} for ${fiatCurrency}`);
  if (req.vipTag !== undefined) {
    if (req.vipTag !== PRO_VIP_TAG) throw invalid('vipTag', 'unknown Pro customer (vipcheck would answer false)');
    if (!rail.pro) throw invalid('paymentMethod', 'Pro quotes must be the Pro method');
  }
  const priced: Priced = {
    api,
    rail,
    paymentMethod,
    cryptoCurrency,
    fiatCurrency,
    pro: req.vipTag !== undefined,
    fees: asker.fees,
  };
  const subtype = req.paymentMethodSubtype ?? null;
  const quote = newQuote(clock, priced, price(priced, req.fiatAmount, req.cryptoAmount, false), subtype);
  const addressRequired = api === 'buy' && quote.fiatAmount >= ADDRESS_REQUIRED_FROM;
  const { fees: _fees, ...kept } = priced;
  return {
    ...kept,
    ...(asker.merchant ? { merchant: asker.merchant } : {}),
    ...(asker.fees?.testNetwork ? { testNetwork: true } : {}),
    refId: newRefId(),
    txnType,
    country,
    paymentMethodSubtype: subtype,
    quote,
    pendingQuote: null,
    cryptoAddress: null,
    txnStatus: 'PENDING',
    nextAction: api === 'buy' ? 'INPUT_CRYPTOADDRESS' : 'INPUT_BUYERINFO',
    nextActionParams: api === 'buy' ? { addressRequired } : {},
    addressRequired,
    buyerOutcome: null,
    wrongCodes: 0,
    codeRequests: 0,
    statusCalls: 0,
    etransferInitiated: false,
    bankName: null,
    holdsRate: rail.holdsRate,
  };
}

function lockedError(txn: Txn): SandboxError {
  return fail(409, ERROR_CODES.flowActionInvalid, `The quote can no longer change: the transaction is at ${txn.nextAction}.`);
}

type RequoteResponse = z.input<typeof requoteResponseSchema>;

/** Prices a new quote for the transaction; it applies only once confirmednewquote is called. */
export function requote(
  clock: Clock,
  txn: Txn,
  req: z.output<typeof requoteRequestSchema>,
  fees: MerchantFees | undefined,
): RequoteResponse {
  if (isQuoteLocked(txn)) throw lockedError(txn);
  const fixed = {
    fiatCurrency: txn.fiatCurrency,
    cryptoCurrency: txn.cryptoCurrency,
    paymentMethod: txn.paymentMethod,
    txnType: txn.txnType,
    country: txn.country,
  };
  for (const [field, value] of Object.entries(fixed)) {
    const sent = req[field as keyof typeof fixed];
    if (sent !== undefined && sent !== value) throw invalid(field, `must be ${value}, the transaction's`);
  }
  const fiatAmount = req.fiatAmount ?? (req.cryptoAmount === undefined ? txn.quote.fiatAmount : undefined);
  const cryptoAmount = req.cryptoAmount ?? txn.quote.cryptoAmount;
  const subtype = req.paymentMethodSubtype ?? txn.quote.paymentMethodSubtype;
  const quote = newQuote(clock, txn, price({ ...txn, fees }, fiatAmount, cryptoAmount, true), subtype);
  txn.pendingQuote = quote;
  return {
    cryptoAmount: quote.cryptoAmount,
    fiatAmount: quote.fiatAmount,
    txnValidUntil: new Date(quote.validUntil).toISOString(),
    forexRatePublic: quote.forexRatePublic,
    txnDate: new Date(quote.txnDate).toISOString(),
  };
}

/** Applies the pending requote; without one it confirms the current quote if still valid. */
export function confirmNewQuote(clock: Clock, txn: Txn): void {
  if (isQuoteLocked(txn)) throw lockedError(txn);
  const pending = txn.pendingQuote;
  if (!pending) {
    if (isQuoteExpired(clock, txn)) throw quoteExpiredError();
    return;
  }
  txn.pendingQuote = null;
  if (clock.now() >= pending.validUntil && txn.holdsRate) throw quoteExpiredError();
  txn.quote = pending;
  txn.paymentMethodSubtype = pending.paymentMethodSubtype;
  if (txn.api === 'buy') {
    txn.addressRequired = pending.fiatAmount >= ADDRESS_REQUIRED_FROM;
    if (txn.nextAction === 'INPUT_CRYPTOADDRESS' || txn.nextAction === 'INPUT_BUYERINFO') {
      txn.nextActionParams = { addressRequired: txn.addressRequired };
    }
  }
}
