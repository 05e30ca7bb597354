import { execFileSync } from 'node:child_process';
import t from 'tap';
import { fiatSymbol, formatCrypto, formatCryptoLimit, formatFiat, formatFiatLimit, formatsFor } from '../../checkout/format.ts';
import { FIAT_DECIMALS, FIAT_NO_DECIMALS_ABOVE } from '../../checkout/limits.ts';

t.test('fiat: 2 decimals, thousands separators, none above 100000', async (t) => {
  const rows: [number, string, string][] = [
    [1234.5, 'CAD', '$1,234.50'],
    [0, 'CAD', '$0.00'],
    [0.5, 'CAD', '$0.50'],
    [20, 'AUD', '$20.00'],
    [99999.99, 'CAD', '$99,999.99'],
    [100000, 'CAD', '$100,000.00'], // not above 100000
    [100000.5, 'CAD', '$100,001'], // above: rounded, no decimals
    [100000.4, 'CAD', '$100,000'],
    [250000, 'CAD', '$250,000'],
    [1234567.891, 'CAD', '$1,234,568'],
    [1.005, 'CAD', '$1.01'],
    [-5, 'CAD', '-$5.00'],
    [500, 'PHP', '₱500.00'],
    [150000, 'IDR', 'Rp150,000'],
    [10, 'USD', '$10.00'],
    [10, 'EUR', 'EUR 10.00'],
    [Number.NaN, 'CAD', 'N/A'],
    [Number.POSITIVE_INFINITY, 'CAD', 'N/A'],
  ];
  for (const [amount, currency, want] of rows) t.equal(formatFiat(amount, currency), want, `${amount} ${currency}`);
  t.equal(formatFiat(1234.5, 'CAD', [{ id: 'CAD', symbol: 'C$' }]), 'C$1,234.50', "the merchant's symbol wins");
  t.equal(formatFiat(1234.5, 'AUD', [{ id: 'CAD', symbol: 'C$' }]), '$1,234.50', 'other currencies keep the default');
  t.equal(fiatSymbol('toString'), 'toString ', 'no prototype lookups');
});

t.test('crypto: 8 decimals and the coin code', async (t) => {
  t.equal(formatCrypto(0.0015, 'BTC'), '0.00150000 BTC');
  t.equal(formatCrypto(1, 'ETH'), '1.00000000 ETH');
  t.equal(formatCrypto(0.123456789, 'LTC'), '0.12345679 LTC');
  t.equal(formatCrypto(1234.5, 'BCH'), '1,234.50000000 BCH');
  t.equal(formatCrypto(0, 'BTC'), '0.00000000 BTC');
  t.equal(formatCrypto(Number.NaN, 'BTC'), 'N/A');
});

t.test('limits inside messages', async (t) => {
  t.equal(formatFiatLimit(3000, 'CAD'), '$3,000');
  t.equal(formatFiatLimit(100, 'CAD'), '$100');
  t.equal(formatFiatLimit(0.5, 'CAD'), '$0.50');
  t.equal(formatFiatLimit(1234.5, 'AUD'), '$1,234.50');
  t.equal(formatFiatLimit(250000, 'CAD'), '$250,000');
  t.equal(formatCryptoLimit(0.05, 'BTC'), 'BTC 0.05');
  t.equal(formatCryptoLimit(0.0015, 'BTC'), 'BTC 0.0015');
  t.equal(formatCryptoLimit(2, 'ETH'), 'ETH 2');
  t.equal(formatCryptoLimit(1500, 'LTC'), 'LTC 1,500');
});

t.test('the same output whatever the default locale', async (t) => {
  // A process whose default locale is German or Canadian French formats '1.234,5' or
  // '1 234,5'; the module must not care.
  const script = `import { formatFiat, formatCrypto } from ${JSON.stringify(new URL('../../checkout/format.ts', import.meta.url).href)};
    console.log(new Intl.NumberFormat().format(1234.5) + '|' + formatFiat(1234.5, 'CAD') + '|' + formatCrypto(1234.5, 'BTC'));`;
  for (const locale of ['de_DE.UTF-8', 'fr_CA.UTF-8']) {
    const out = execFileSync(process.execPath, ['--import=tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, LC_ALL: locale, LANG: locale },
      encoding: 'utf8',
    }).trim();
    const [runtime, fiat, crypto] = out.split('|');
    // (A Node built without full ICU ignores LANG; the check below still holds.)
    if (runtime === '1,234.5') t.comment(`${locale}: this Node ignores the default locale`);
    t.equal(fiat, '$1,234.50', locale);
    t.equal(crypto, '1,234.50000000 BTC', locale);
  }
});

t.test('the page locale: fr-CA writes the symbol after, groups with a space and keeps 8 crypto decimals', async (t) => {
  const fr = formatsFor('fr-CA');
  const nbsp = (s: string) => s.replace(/ /g, '\u00a0');
  t.equal(fr.fiat(100, 'CAD'), nbsp('100,00 $'));
  t.equal(fr.fiat(1234.56, 'CAD'), nbsp('1 234,56 $'));
  t.equal(fr.fiat(-5, 'CAD'), nbsp('-5,00 $'));
  t.equal(fr.fiat(250000, 'CAD'), nbsp('250 000 $'));
  t.equal(fr.fiat(10, 'EUR'), nbsp('10,00 EUR'), 'a code without symbol, with no trailing space');
  t.equal(fr.fiatLimit(3000, 'CAD'), nbsp('3 000 $'));
  t.equal(fr.crypto(1234.5, 'BTC'), `${nbsp('1 234,50000000')} BTC`);
  t.equal(fr.cryptoLimit(0.05, 'BTC'), 'BTC 0,05');
  t.equal(formatsFor('en-CA').fiat(100, 'CAD'), '$100.00', 'English as the spec writes it');
  t.equal(formatsFor('fr-CA'), fr, 'built once per locale');
});

t.test("fiat: the sign replaced where Intl's parts put it, in every locale and for any amount", async (t) => {
  // What the parts say, the reference the faster replacement in format.ts must match.
  const byParts = (locale: string, amount: number, symbol: string) => {
    const digits = Math.abs(amount) > FIAT_NO_DECIMALS_ABOVE ? 0 : FIAT_DECIMALS;
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CAD',
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).formatToParts(amount);
    const last = parts.length - 1;
    return parts.map((p, i) => (p.type !== 'currency' ? p.value : i === last ? symbol.trimEnd() : symbol)).join('');
  };
  const amounts = [
    0, -0, 0.004, -0.004, 0.005, 1, -1, 12.345, 999.995, -1234.56, 100_000, 100_000.01, -250_000, 1e9, 123_456_789.5,
  ];
  for (const locale of ['en-CA', 'fr-CA', 'en-US', 'de-DE', 'ja-JP']) {
    const formats = formatsFor(locale);
    for (const amount of amounts)
      for (const [currency, symbol] of [
        ['CAD', '$'],
        ['IDR', 'Rp'],
        ['EUR', 'EUR '],
      ] as const)
        t.equal(formats.fiat(amount, currency), byParts(locale, amount, symbol), `${locale} ${amount} ${currency}`);
  }
});

t.test('the code after a fiat amount: French writes US dollars « $ US »', async (t) => {
  const fr = formatsFor('fr-CA');
  t.equal(fr.fiatWithCode(71.58, 'USD').replace(/\s/g, ' '), '71,58 $ US');
  t.equal(fr.fiatWithCode(100, 'CAD').replace(/\s/g, ' '), '100,00 $ CAD');
  t.equal(fr.fiatCode('USD'), 'US');
  t.equal(formatsFor('en-CA').fiatWithCode(71.58, 'USD'), '$71.58 USD');
  t.equal(formatsFor('en-CA').fiatCode('USD'), 'USD');
});
