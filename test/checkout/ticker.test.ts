// The ticker's rows: the merchant's coins in its currencies, nothing with a bad price.
import t from 'tap';
import { tickerRows } from '../../checkout/ticker-rows.ts';

const entry = (cryptoCurrency: string, fiatCurrency: string, fiatAmount: unknown) => ({
  cryptoCurrency,
  fiatCurrency,
  fiatAmount,
});

t.test("only the merchant's coins and currencies, coins first in its order", async (t) => {
  const answer = [
    entry('BTC', 'CAD', 95000),
    entry('ETH', 'CAD', 3500),
    entry('BTC', 'AUD', 104500),
    entry('LTC', 'CAD', 100),
    entry('ETH', 'AUD', 3850),
  ];
  t.strictSame(tickerRows(answer, ['ETH', 'BTC'], ['CAD']), [entry('ETH', 'CAD', 3500), entry('BTC', 'CAD', 95000)]);
  t.strictSame(tickerRows(answer, ['BTC'], ['CAD', 'AUD']), [entry('BTC', 'CAD', 95000), entry('BTC', 'AUD', 104500)]);
});

t.test('a negative, zero, absent or non-numeric price is left out; a non-list is nothing', async (t) => {
  const answer = [
    entry('BTC', 'CAD', -95000),
    entry('BCH', 'CAD', 0),
    { cryptoCurrency: 'LTC', fiatCurrency: 'CAD' },
    entry('ETH', 'CAD', '3500'),
    entry('LTCT', 'CAD', Number.POSITIVE_INFINITY),
    null,
  ];
  t.strictSame(tickerRows(answer, ['BTC', 'BCH', 'LTC', 'ETH', 'LTCT'], ['CAD']), []);
  t.strictSame(tickerRows({ error: { code: 'X' } }, ['BTC'], ['CAD']), []);
  t.strictSame(tickerRows(undefined, ['BTC'], ['CAD']), []);
});
