import t from 'tap';
import { textsFor } from '../../checkout/messages.ts';
import {
  currencyChangedUnder,
  resolveAmountLimits,
  validateAmountForm,
  validateSpendAmount,
} from '../../checkout/validation/amount.ts';
import { fullMerchant, merchant } from './fixtures.ts';

const M = fullMerchant();
/** The Pro form: the method the Pro page offers. */
const PRO = { proMethod: 'ETRANSFER' };

/** The one error for `field`, or undefined when the form passed. */
function errorOf(raw: Record<string, unknown>, field: string, opts: { proMethod?: string } = {}, m = M): string | undefined {
  const result = validateAmountForm(m, raw, opts);
  return result.ok ? undefined : (result.errors as Record<string, string>)[field];
}

const buy = (fiatAmount: unknown, over: Record<string, unknown> = {}) => ({
  txnType: 'BUY',
  fiatAmount,
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  paymentMethod: 'ETRANSFER',
  ...over,
});
const sell = (cryptoAmount: unknown, over: Record<string, unknown> = {}) => ({
  txnType: 'SELL',
  cryptoAmount,
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  paymentMethod: 'ETRANSFEROUT',
  ...over,
});
const spend = (over: Record<string, unknown> = {}) => ({
  txnType: 'SPEND',
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  paymentMethodSubtype: 'AMAZON',
  fiatAmount: '50',
  ...over,
});

t.test('resolveAmountLimits: most specific level wins', async (t) => {
  const rows: [string, Parameters<typeof resolveAmountLimits>[1], { min: number; max: number; default: number }][] = [
    [
      'method override (AUD)',
      { kind: 'BUY', method: 'ETRANSFER', fiatCurrency: 'AUD', cryptoCurrency: 'BTC' },
      { min: 50, max: 1000, default: 25 },
    ],
    [
      'method min/max',
      { kind: 'BUY', method: 'ETRANSFER', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
      { min: 30, max: 3000, default: 25 },
    ],
    [
      'inputForm when the method has none',
      { kind: 'BUY', method: 'FLEXEPIN', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
      { min: 10, max: 2000, default: 25 },
    ],
    [
      'sell keyed by coin: method override',
      { kind: 'SELL', method: 'ETRANSFEROUT', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
      { min: 0.001, max: 0.05, default: 0.0015 },
    ],
    [
      'sell keyed by coin: inputForm override',
      { kind: 'SELL', method: 'ETRANSFEROUT', fiatCurrency: 'CAD', cryptoCurrency: 'ETH' },
      { min: 0.01, max: 2, default: 0.1 },
    ],
    [
      'spend keyed by fiat',
      { kind: 'SPEND', method: 'GIFTCARD', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
      { min: 10, max: 200, default: 25 },
    ],
    [
      'buy is never keyed by coin',
      { kind: 'BUY', method: 'FLEXEPIN', fiatCurrency: 'CAD', cryptoCurrency: 'ETH' },
      { min: 10, max: 2000, default: 25 },
    ],
    [
      'unknown method: inputForm',
      { kind: 'BUY', method: 'NOPE', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
      { min: 10, max: 2000, default: 25 },
    ],
    [
      'method of another kind is not used',
      { kind: 'SELL', method: 'ETRANSFER', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
      { min: 10, max: 2000, default: 0.0015 },
    ],
    [
      'prototype keys are not overrides',
      { kind: 'BUY', method: 'FLEXEPIN', fiatCurrency: '__proto__', cryptoCurrency: 'BTC' },
      { min: 10, max: 2000, default: 25 },
    ],
  ];
  for (const [name, q, want] of rows) t.strictSame(resolveAmountLimits(M, q), want, name);

  const bare = merchant();
  t.strictSame(
    resolveAmountLimits(bare, { kind: 'BUY', method: 'ETRANSFER', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' }),
    { min: 0, max: 500, default: 20 },
    'spec defaults, buy',
  );
  t.strictSame(
    resolveAmountLimits(bare, { kind: 'SELL', method: 'ETRANSFEROUT', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' }),
    { min: 0, max: 500, default: 0.0015 },
    'spec defaults, sell',
  );
});

t.test('buy amount: boundaries and hostile input (ETRANSFER CAD: 30..3000)', async (t) => {
  const rows: [unknown, string | undefined][] = [
    ['30', undefined], // equal to min is accepted (inclusive bounds)
    ['3000', undefined], // equal to max is accepted
    ['100', undefined],
    [' 12 ', 'Amount must be greater than $30.'], // trimmed, then too small
    [' 100 ', undefined],
    ['29.99', 'Amount must be greater than $30.'],
    ['3000.01', 'Amount must be less than $3,000.'],
    ['0', 'Amount must be greater than zero.'],
    ['0.00', 'Amount must be greater than zero.'],
    ['-5', 'Amount must be greater than zero.'],
    ['abc', 'Value must be a number.'],
    ['12abc', 'Value must be a number.'],
    ['1e3', 'Value must be a number.'],
    ['1,000', undefined], // grouped the English way
    ['12,50', 'Please write the amount with a point before the decimals, as in 12.50.'],
    ['0x20', 'Value must be a number.'],
    ['Infinity', 'Value must be a number.'],
    ['NaN', 'Value must be a number.'],
    ['٣٠٠', 'Value must be a number.'], // Arabic-Indic digits
    ['３００', 'Value must be a number.'], // full-width digits
    ['', 'Value must be a number.'],
    ['   ', 'Value must be a number.'],
    [undefined, 'Value must be a number.'],
    [null, 'Value must be a number.'],
    [100, 'Value must be a number.'], // not a string: forms post strings
    [['100', '200'], 'Value must be a number.'],
    [{ toString: () => '100' }, 'Value must be a number.'],
    ['1'.repeat(1_000_000), 'Value must be a number.'],
  ];
  for (const [amount, want] of rows) {
    t.equal(errorOf(buy(amount), 'fiatAmount'), want, `fiatAmount ${JSON.stringify(amount)?.slice(0, 20)}`);
  }
  const ok = validateAmountForm(M, buy(' 100.5 '));
  t.strictSame(ok, {
    ok: true,
    value: {
      kind: 'BUY',
      txnType: 'BUY',
      fiatAmount: 100.5,
      cryptoAmount: 0,
      fiatCurrency: 'CAD',
      cryptoCurrency: 'BTC',
      paymentMethod: 'ETRANSFER',
      country: 'CA',
    },
  });
});

t.test('buy limits from each level, formatted', async (t) => {
  t.equal(errorOf(buy('49', { fiatCurrency: 'AUD' }), 'fiatAmount'), 'Amount must be greater than $50.');
  t.equal(errorOf(buy('1001', { fiatCurrency: 'AUD' }), 'fiatAmount'), 'Amount must be less than $1,000.');
  t.equal(errorOf(buy('9.99', { paymentMethod: 'FLEXEPIN' }), 'fiatAmount'), 'Amount must be greater than $10.');
  t.equal(errorOf(buy('2000.01', { paymentMethod: 'FLEXEPIN' }), 'fiatAmount'), 'Amount must be less than $2,000.');
  const cents = fullMerchant({ inputForm: { min: 0.5, max: 1234.5, overrides: {} } });
  t.equal(errorOf(buy('0.49', { paymentMethod: 'FLEXEPIN' }), 'fiatAmount', {}, cents), 'Amount must be greater than $0.50.');
  t.equal(errorOf(buy('1300', { paymentMethod: 'FLEXEPIN' }), 'fiatAmount', {}, cents), 'Amount must be less than $1,234.50.');
  const peso = fullMerchant({
    supportedFiatCurrencies: [{ id: 'PHP', symbol: '₱' }],
    inputForm: { min: 1000, max: 50000, overrides: {} },
  });
  t.equal(
    errorOf(buy('999', { fiatCurrency: 'PHP', paymentMethod: 'FLEXEPIN' }), 'fiatAmount', {}, peso),
    'Amount must be greater than ₱1,000.',
  );
  const bare = merchant({
    inputAllowed: true,
    inputBuyAllowed: true,
    paymentMethods: [{ name: 'ETRANSFER', type: 'BUY', label: 'e' }],
  });
  t.equal(errorOf(buy('0'), 'fiatAmount', {}, bare), 'Amount must be greater than zero.');
  t.equal(errorOf(buy('500'), 'fiatAmount', {}, bare), undefined);
  t.equal(errorOf(buy('500.01'), 'fiatAmount', {}, bare), 'Amount must be less than $500.');
});

t.test('sell amount uses the coin code', async (t) => {
  t.equal(errorOf(sell('0.06'), 'cryptoAmount'), 'Amount must be less than BTC 0.05.');
  t.equal(errorOf(sell('0.0009'), 'cryptoAmount'), 'Amount must be greater than BTC 0.001.');
  t.equal(errorOf(sell('0.05'), 'cryptoAmount'), undefined);
  t.equal(errorOf(sell('0.001'), 'cryptoAmount'), undefined);
  t.equal(errorOf(sell('2.5', { cryptoCurrency: 'ETH' }), 'cryptoAmount'), 'Amount must be less than ETH 2.');
  t.equal(errorOf(sell('0'), 'cryptoAmount'), 'Amount must be greater than zero.');
  t.equal(errorOf(sell('1e-3'), 'cryptoAmount'), 'Value must be a number.');
  t.equal(errorOf(sell(['0.01']), 'cryptoAmount'), 'Value must be a number.');
  t.strictSame(validateAmountForm(M, sell('0.0015')), {
    ok: true,
    value: {
      kind: 'SELL',
      txnType: 'SELL',
      fiatAmount: 0,
      cryptoAmount: 0.0015,
      fiatCurrency: 'CAD',
      cryptoCurrency: 'BTC',
      paymentMethod: 'ETRANSFEROUT',
      country: 'CA',
    },
  });
  t.equal(errorOf(sell('0.01', { fiatAmount: '100' }), 'fiatAmount'), undefined, 'sell ignores fiatAmount');
});

t.test('spend: gift card and its preset amounts', async (t) => {
  t.strictSame(validateAmountForm(M, spend()), {
    ok: true,
    value: {
      kind: 'SPEND',
      txnType: 'SELL',
      fiatAmount: 50,
      cryptoAmount: 0,
      fiatCurrency: 'CAD',
      cryptoCurrency: 'BTC',
      paymentMethod: 'GIFTCARD',
      paymentMethodSubtype: 'AMAZON',
      country: 'CA',
    },
  });
  t.equal(errorOf(spend({ fiatAmount: '30' }), 'fiatAmount'), 'Payment amount not valid for this gift card');
  t.equal(errorOf(spend({ fiatAmount: '50.00' }), 'fiatAmount'), undefined);
  t.equal(errorOf(spend({ fiatAmount: '500' }), 'fiatAmount'), 'Amount must be less than $200.', 'a preset above the spend max');
  t.equal(errorOf(spend({ fiatAmount: 'x' }), 'fiatAmount'), 'Value must be a number.');
  t.equal(errorOf(spend({ fiatAmount: '-25' }), 'fiatAmount'), 'Amount must be greater than zero.');
  t.equal(errorOf(spend({ paymentMethodSubtype: '' }), 'paymentMethodSubtype'), 'Gift card must be selected.');
  t.equal(errorOf(spend({ paymentMethodSubtype: 'NOPE' }), 'paymentMethodSubtype'), 'Gift card must be selected.');
  t.equal(errorOf(spend({ paymentMethodSubtype: ['AMAZON'] }), 'paymentMethodSubtype'), 'Gift card must be selected.');
  t.equal(
    errorOf(spend({ paymentMethodSubtype: 'EMPTY', fiatAmount: '' }), 'fiatAmount'),
    'Payment amount not valid for this gift card',
  );
  const first = validateAmountForm(M, spend({ fiatAmount: '' }));
  t.equal(first.ok && first.value.fiatAmount, 25, 'no amount picked yet: the first preset');
  t.equal(errorOf(spend({ paymentMethod: 'ETRANSFER' }), 'paymentMethod'), 'Payment method not found.');
});

t.test('validateSpendAmount (gift card picker)', async (t) => {
  const q = { method: 'GIFTCARD', subtype: 'AMAZON', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' };
  t.strictSame(validateSpendAmount(M, q, { fiatAmount: '100' }), { ok: true, value: 100 });
  t.strictSame(validateSpendAmount(M, q, { fiatAmount: '75' }), {
    ok: false,
    errors: { fiatAmount: 'Payment amount not valid for this gift card' },
  });
  t.strictSame(validateSpendAmount(M, q, { fiatAmount: '٢٥' }), { ok: false, errors: { fiatAmount: 'Value must be a number.' } });
  t.strictSame(validateSpendAmount(M, { ...q, subtype: 'X' }, { fiatAmount: '25' }), {
    ok: false,
    errors: { paymentMethodSubtype: 'Gift card must be selected.' },
  });
});

t.test('payment method must be configured for the kind and currency', async (t) => {
  t.equal(errorOf(buy('100', { paymentMethod: 'PAYPAL' }), 'paymentMethod'), 'Payment method not found.');
  t.equal(
    errorOf(buy('100', { paymentMethod: 'ETRANSFEROUT' }), 'paymentMethod'),
    'Payment method not found.',
    'a sell method on buy',
  );
  t.equal(
    errorOf(buy('100', { paymentMethod: 'CREDITCARD', fiatCurrency: 'AUD' }), 'paymentMethod'),
    'Choose how to pay in AUD: the payment methods change with the currency.',
    'not for AUD: the currency changed under the form, whose methods are to follow it',
  );
  t.ok(currencyChangedUnder(M, { txnType: 'BUY', fiatCurrency: 'AUD', paymentMethod: 'CREDITCARD' }));
  t.notOk(currencyChangedUnder(M, { txnType: 'BUY', fiatCurrency: 'CAD', paymentMethod: 'CREDITCARD' }), 'offered');
  t.notOk(currencyChangedUnder(M, { txnType: 'BUY', fiatCurrency: 'AUD', paymentMethod: 'PAYPAL' }), 'offered nowhere');
  t.equal(errorOf(buy('100', { paymentMethod: 'CREDITCARD' }), 'paymentMethod'), undefined);
  t.equal(errorOf(buy('100', { paymentMethod: '' }), 'paymentMethod'), 'Payment method not found.');
  t.equal(errorOf(buy('100', { paymentMethod: ['ETRANSFER', 'FLEXEPIN'] }), 'paymentMethod'), 'Payment method not found.');
});

t.test('kinds, currencies and coins the merchant offers', async (t) => {
  t.equal(errorOf(buy('100', { txnType: 'HACK' }), 'txnType'), 'Transaction type not supported.');
  t.equal(errorOf(buy('100', { txnType: 'buy' }), 'txnType'), 'Transaction type not supported.');
  const buyOnly = fullMerchant({ inputSellAllowed: false, inputSpendAllowed: false });
  t.equal(errorOf(sell('0.01'), 'txnType', {}, buyOnly), 'Transaction type not supported.');
  const noTab = validateAmountForm(buyOnly, buy('100', { txnType: '' }));
  t.equal(noTab.ok && noTab.value.kind, 'BUY', 'a single kind needs no tab');
  t.equal(errorOf(buy('100', { txnType: '' }), 'txnType'), 'Transaction type not supported.', 'several kinds: must say which');
  const closed = fullMerchant({ inputAllowed: false });
  t.equal(errorOf(buy('100'), 'txnType', {}, closed), 'Transaction type not supported.', 'general flag off');

  t.equal(errorOf(buy('100', { fiatCurrency: 'USD' }), 'fiatCurrency'), 'Currency not supported.');
  t.equal(errorOf(buy('100', { fiatCurrency: 'PHP' }), 'fiatCurrency'), 'Currency not supported.');
  t.equal(errorOf(buy('100', { cryptoCurrency: 'LTC' }), 'cryptoCurrency'), 'Cryptocurrency not supported.');
  t.equal(
    errorOf(buy('100', { cryptoCurrency: 'LTCT' }), 'cryptoCurrency'),
    'Cryptocurrency not supported.',
    'no test coin in PROD',
  );
  const test = fullMerchant({ env: 'TEST' });
  t.equal(errorOf(buy('100', { cryptoCurrency: 'LTCT' }), 'cryptoCurrency', {}, test), undefined, 'test coin outside PROD');

  const aud = validateAmountForm(M, buy('100', { fiatCurrency: 'AUD' }));
  t.equal(aud.ok && aud.value.country, 'AU');
  const defaults = validateAmountForm(M, buy('100', { fiatCurrency: '', cryptoCurrency: undefined }));
  t.strictSame(defaults.ok && [defaults.value.fiatCurrency, defaults.value.cryptoCurrency], ['CAD', 'BTC'], 'hidden selectors');
});

t.test('never throws on hostile forms', async (t) => {
  const hostile: unknown[] = [
    null,
    undefined,
    'string',
    42,
    [],
    Object.create(null),
    { __proto__: { txnType: 'BUY' } },
    { txnType: { toString: null } },
  ];
  for (const raw of hostile) {
    const result = validateAmountForm(M, raw as Record<string, unknown>);
    t.equal(result.ok, false);
  }
  t.equal(
    errorOf({ __proto__: { txnType: 'BUY' } } as Record<string, unknown>, 'txnType'),
    'Transaction type not supported.',
    'inherited fields are ignored',
  );
});

t.test('Pro: 100..3000 CAD, Interac e-Transfer only', async (t) => {
  const pro = (fiatAmount: string, over: Record<string, unknown> = {}) => errorOf(buy(fiatAmount, over), 'fiatAmount', PRO);
  t.equal(pro('100'), undefined, 'the Pro default is valid');
  t.equal(pro('3000'), undefined);
  t.equal(pro('99.99'), 'Amount must be greater than $100.');
  t.equal(pro('3000.01'), 'Amount must be less than $3,000.');
  t.equal(pro('0'), 'Amount must be greater than zero.');
  t.equal(pro('abc'), 'Value must be a number.');
  t.equal(errorOf(buy('100', { paymentMethod: 'FLEXEPIN' }), 'paymentMethod', PRO), 'Payment method must be Interac E-Transfer');
  t.equal(
    errorOf(buy('100', { paymentMethod: 'CREDITCARD' }), 'paymentMethod', PRO),
    'Payment method must be Interac E-Transfer',
  );
  t.equal(errorOf(sell('0.01'), 'txnType', PRO), 'Transaction type not supported.');
  const result = validateAmountForm(merchant(), { fiatAmount: '250', cryptoCurrency: 'LTC' }, PRO);
  t.strictSame(result, {
    ok: true,
    value: {
      kind: 'BUY',
      txnType: 'BUY',
      fiatAmount: 250,
      cryptoAmount: 0,
      fiatCurrency: 'CAD',
      cryptoCurrency: 'LTC',
      paymentMethod: 'ETRANSFER',
      country: 'CA',
    },
  });
  t.equal(errorOf(buy('250', { fiatCurrency: 'AUD' }), 'fiatCurrency', PRO), 'Currency not supported.');
  t.equal(errorOf(buy('250', { cryptoCurrency: 'LTCT' }), 'cryptoCurrency', PRO), 'Cryptocurrency not supported.');
});

t.test('a French page reads amounts the French way, with the rule its estimate reads by', async (t) => {
  const fr = textsFor('fr-CA');
  const read = (raw: Record<string, unknown>) => validateAmountForm(M, raw, {}, fr);
  const comma = read(buy('150,50'));
  t.equal(comma.ok && comma.value.fiatAmount, 150.5, '150,50 is 150.50, not a refusal and not 15 050');
  const spaced = read(buy('1 500,50'));
  t.equal(spaced.ok && spaced.value.fiatAmount, 1500.5);
  const sold = read(sell('0,01'));
  t.equal(sold.ok && sold.value.cryptoAmount, 0.01);
  const both = read(buy('1.500,50'));
  t.equal(
    both.ok ? undefined : both.errors.fiatAmount,
    'Veuillez écrire le montant avec une virgule avant les décimales, par exemple 12,50.',
  );
});
