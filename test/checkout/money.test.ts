// How an order's figures follow from each other (checkout/money.ts): a buy's fee included,
// a sell's deducted, a spend's added; converted at the rate shown, the amount converted gives
// what the visitor receives or sends to the last digit shown, and a figure that does not is
// said not to add up.
import t from 'tap';
import { FEE_IN, roundTo, workingOf } from '../../checkout/money.ts';

t.test('each flow says how its fee stands', async (t) => {
  t.strictSame(FEE_IN, { BUY: 'included', SELL: 'deducted', SPEND: 'added' });
});

t.test('a buy: the fee is included, what is left is converted', async (t) => {
  // 100 CAD with a 1.99 fee at 95,000: 98.01 / 95,000 = 0.001031684…, shown 0.00103168.
  t.strictSame(workingOf({ kind: 'BUY', fiatAmount: 100, cryptoAmount: 0.00103168, rate: 95_000, fee: 1.99 }), {
    feeIn: 'included',
    fee: 1.99,
    rate: 95_000,
    converted: 98.01,
    adds: true,
  });
  t.equal(
    workingOf({ kind: 'BUY', fiatAmount: 100, cryptoAmount: 0.00105263, rate: 95_000, fee: 1.99 })?.adds,
    false,
    'the whole amount converted while a fee is said to be included does not add up',
  );
  t.equal(workingOf({ kind: 'BUY', fiatAmount: 100, cryptoAmount: 0.00105263, rate: 95_000 })?.adds, true, 'no fee');
  t.equal(
    workingOf({ kind: 'BUY', fiatAmount: 100, cryptoAmount: 0.00103169, rate: 95_000, fee: 1.99 })?.adds,
    false,
    'one satoshi off',
  );
});

t.test('a card: the provider fees are included the same way', async (t) => {
  // 100 CAD, 3.50 + 0.30 in fees: 96.20 / 95,000 = 0.0010126315…, shown 0.00101263.
  const working = workingOf({ kind: 'BUY', fiatAmount: 100, cryptoAmount: 0.00101263, rate: 95_000, fee: 3.8 });
  t.equal(working?.converted, 96.2);
  t.equal(working?.adds, true);
});

t.test('a sell: the coins are valued at the rate and the fee is deducted from the payout', async (t) => {
  // 0.0015 BTC at 95,000 = 142.50; less 2.50 = 140.00 paid out.
  t.strictSame(workingOf({ kind: 'SELL', fiatAmount: 140, cryptoAmount: 0.0015, rate: 95_000, fee: 2.5 }), {
    feeIn: 'deducted',
    fee: 2.5,
    rate: 95_000,
    converted: 142.5,
    adds: true,
  });
  t.equal(workingOf({ kind: 'SELL', fiatAmount: 142.5, cryptoAmount: 0.0015, rate: 95_000 })?.adds, true, 'no fee');
  t.equal(workingOf({ kind: 'SELL', fiatAmount: 142.5, cryptoAmount: 0.0015, rate: 95_000, fee: 2.5 })?.adds, false);
});

t.test('a spend: the fee is added to the card value, and the coins pay both', async (t) => {
  // A 50 CAD card with a 1.50 fee at 95,000: 51.50 / 95,000 = 0.000542105…, shown 0.00054211.
  t.strictSame(workingOf({ kind: 'SPEND', fiatAmount: 50, cryptoAmount: 0.00054211, rate: 95_000, fee: 1.5 }), {
    feeIn: 'added',
    fee: 1.5,
    rate: 95_000,
    converted: 51.5,
    adds: true,
  });
  t.equal(workingOf({ kind: 'SPEND', fiatAmount: 50, cryptoAmount: 0.00052632, rate: 95_000, fee: 1.5 })?.adds, false);
});

t.test('no rate, no working', async (t) => {
  t.equal(workingOf({ kind: 'BUY', fiatAmount: 100, cryptoAmount: 0.001, rate: null }), undefined);
  t.equal(workingOf({ kind: 'BUY', fiatAmount: 100, cryptoAmount: 0.001, rate: 0 }), undefined);
});

t.test('rounding is half-up on the decimal value', async (t) => {
  t.equal(roundTo(1.005, 2), 1.01);
  t.equal(roundTo(0.000542105263, 8), 0.00054211);
  t.equal(roundTo(0.0010316842, 8), 0.00103168);
  t.equal(roundTo(-1.005, 2), -1);
  // Numbers whose text has an exponent are shifted in it too.
  t.equal(roundTo(1.5e-7, 8), 1.5e-7);
  t.equal(roundTo(1.25e-9, 8), 0);
  t.equal(roundTo(4.9999999e-6, 6), 0.000005);
  t.equal(roundTo(1.2345e21, 2), 1.2345e21);
});
