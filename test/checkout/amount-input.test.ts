// The one rule the home form's validator and its estimate read an amount by.
import t from 'tap';
import { decimalExample, readAmount, writeAmount } from '../../checkout/amount-input.ts';

const value = (typed: string, locale: string) => {
  const read = readAmount(typed, locale);
  return read.ok ? read.value : read.problem;
};

t.test('French writes a decimal comma and groups with spaces', async (t) => {
  t.equal(value('150,50', 'fr-CA'), 150.5);
  t.equal(value('1 500,50', 'fr-CA'), 1500.5);
  t.equal(value('1\u202f500', 'fr-CA'), 1500, 'the narrow no-break space Intl groups with');
  t.equal(value('150.50', 'fr-CA'), 150.5, 'a point from the keyboard is a decimal mark too');
  t.equal(value(',5', 'fr-CA'), 0.5);
  t.equal(value('1.500,50', 'fr-CA'), 'ambiguous-separator', 'both marks: which one is the decimal?');
  t.equal(value('1,2,3', 'fr-CA'), 'not-a-number');
});

t.test('English writes a decimal point and may group with commas', async (t) => {
  t.equal(value('150.50', 'en-CA'), 150.5);
  t.equal(value('1,250', 'en-CA'), 1250);
  t.equal(value('12,345,678.90', 'en-CA'), 12345678.9);
  t.equal(value('12,50', 'en-CA'), 'ambiguous-separator', 'not 1,250, not 12.50: asked, never guessed');
  t.equal(value('1,5', 'en-CA'), 'ambiguous-separator');
  t.equal(value('1,2500', 'en-CA'), 'ambiguous-separator');
  t.equal(value('0,0015', 'en-CA'), 'ambiguous-separator');
});

t.test('Indonesian writes a decimal comma and groups with points', async (t) => {
  t.equal(value('150.000', 'id-ID'), 150_000, 'a hundred and fifty thousand rupiah, never 150');
  t.equal(value('1.250.000', 'id-ID'), 1_250_000);
  t.equal(value('1.250.000,50', 'id-ID'), 1_250_000.5);
  t.equal(value('150,5', 'id-ID'), 150.5);
  t.equal(value('150000', 'id-ID'), 150_000);
  t.equal(value('12.5', 'id-ID'), 'ambiguous-separator', 'a point that groups nothing: asked, never guessed');
  t.equal(value('1.25.000', 'id-ID'), 'ambiguous-separator');
});

t.test('Filipino writes numbers as English does', async (t) => {
  t.equal(value('2,000.50', 'fil-PH'), 2000.5);
  t.equal(value('12,50', 'fil-PH'), 'ambiguous-separator');
});

t.test('what is not a typed amount stays refused in every locale', async (t) => {
  for (const locale of ['en-CA', 'fr-CA', 'fil-PH', 'id-ID']) {
    for (const typed of ['', 'abc', '1e3', '0x10', 'Infinity', '١٢', '１２', '12 $', '9'.repeat(40)])
      t.equal(value(typed, locale), 'not-a-number', `${locale} ${JSON.stringify(typed)}`);
    t.equal(value('-3', locale), -3, 'a sign reads, so the validator can say it must be above zero');
    t.equal(value(' 20 ', locale), 20);
  }
});

t.test('the separator message shows the locale own way to write decimals', async (t) => {
  t.equal(decimalExample('en-CA'), '12.50');
  t.equal(decimalExample('fr-CA'), '12,50');
  t.equal(decimalExample('id-ID'), '12,50');
});

t.test('an amount written for a field reads back as itself in every locale: a form takes its own default', async (t) => {
  for (const locale of ['en-CA', 'fr-CA', 'fil-PH', 'id-ID']) {
    for (const value of [0.0015, 20, 100, 1_500_000, 0.00000001, 12.5, 2_500.75]) {
      const written = writeAmount(value, locale);
      t.same(readAmount(written, locale), { ok: true, value }, `${locale}: ${value} written ${written}`);
    }
  }
  t.equal(writeAmount(0.0015, 'id-ID'), '0,0015', 'Indonesian: a decimal comma');
  t.equal(writeAmount(0.0015, 'fr-CA'), '0,0015');
  t.equal(writeAmount(0.0015, 'en-CA'), '0.0015');
  t.equal(writeAmount(1_500_000, 'id-ID'), '1500000', 'no grouping: nothing a field would read as a decimal');
});
