import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import t from 'tap';
import {
  addressNetworkFor,
  addressNetworks,
  isAddressOnNetwork,
  testNetworkHint,
  validateCryptoAddress,
} from '../../checkout/validation/crypto-address.ts';

type Vector = { coin: string; network: 'prod' | 'testnet'; address: string; valid: boolean; note?: string };

// The shared address vectors, copied into the repository so a bare clone tests itself.
const file = new URL('../fixtures/crypto-addresses.json', import.meta.url);
const vectors = (JSON.parse(readFileSync(file, 'utf8')) as { vectors: Vector[] }).vectors;

const validOnProd = (v: Vector) =>
  vectors.some((p) => p.coin === v.coin && p.network === 'prod' && p.valid && p.address === v.address);

t.test('the vectors file is there and covers every checked coin', async (t) => {
  t.ok(vectors.length >= 50, `${vectors.length} vectors`);
  t.strictSame([...new Set(vectors.map((v) => v.coin))].sort(), ['BCH', 'BTC', 'ETH', 'LTC']);
});

t.test('every vector: exact network membership', async (t) => {
  for (const v of vectors) {
    t.equal(isAddressOnNetwork(v.coin, v.address, v.network), v.valid, `${v.coin} ${v.network} ${v.address} (${v.note})`);
  }
});

t.test('every vector through validateCryptoAddress', async (t) => {
  for (const v of vectors) {
    const result = validateCryptoAddress(v.coin, v.address, { network: v.network });
    t.strictSame(
      result,
      v.valid
        ? { ok: true, value: v.address }
        : { ok: false, errors: { cryptoAddress: `This is not a valid ${v.coin} address.` } },
      `${v.coin} ${v.network} ${v.address} (${v.note})`,
    );
  }
});

t.test('valid testnet vectors are refused on production hosts', async (t) => {
  const testnetOnly = vectors.filter((v) => v.network === 'testnet' && v.valid && !validOnProd(v));
  t.ok(testnetOnly.length >= 8);
  for (const v of testnetOnly) {
    t.strictSame(
      validateCryptoAddress(v.coin, v.address, { network: addressNetworkFor('PROD') }),
      { ok: false, errors: { cryptoAddress: `This is not a valid ${v.coin} address.` } },
      `${v.coin} ${v.address}`,
    );
  }
});

t.test('the network follows the merchant env', async (t) => {
  t.equal(addressNetworkFor('PROD'), 'prod');
  t.equal(addressNetworkFor('TEST'), 'testnet');
  t.equal(addressNetworkFor('DEV'), 'testnet');
});

t.test('required, trimmed, hostile', async (t) => {
  for (const raw of ['', '   ', undefined, null, 42, ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'], { cryptoAddress: ' ' }]) {
    t.strictSame(
      validateCryptoAddress('BTC', raw, { network: 'prod' }),
      { ok: false, errors: { cryptoAddress: 'Your BTC address is required.' } },
      JSON.stringify(raw),
    );
  }
  t.strictSame(validateCryptoAddress('ETH', '', { network: 'prod' }), {
    ok: false,
    errors: { cryptoAddress: 'Your ETH address is required.' },
  });
  t.strictSame(validateCryptoAddress('BTC', '  1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa \n', { network: 'prod' }), {
    ok: true,
    value: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  });
  t.strictSame(
    validateCryptoAddress('BTC', { cryptoAddress: ' bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4 ' }, { network: 'prod' }),
    { ok: true, value: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
    'the whole form works too',
  );
  // A megabyte is refused; a backtracking pattern would not return within the test's timeout.
  t.strictSame(validateCryptoAddress('BTC', '1'.repeat(1_000_000), { network: 'testnet' }), {
    ok: false,
    errors: { cryptoAddress: 'This is not a valid BTC address.' },
  });
  t.equal(validateCryptoAddress('DOGE', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L', { network: 'testnet' }).ok, false, 'unknown coin');
  t.equal(
    validateCryptoAddress('BTC', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', { network: 'prod' }).ok,
    false,
    'mixed-case bech32',
  );
  t.equal(validateCryptoAddress('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\u0000', { network: 'prod' }).ok, false, 'NUL');
});

t.test('LTCT is only trimmed', async (t) => {
  t.strictSame(validateCryptoAddress('LTCT', '  anything at all ', { network: 'testnet' }), {
    ok: true,
    value: 'anything at all',
  });
  t.strictSame(validateCryptoAddress('LTCT', ' ', { network: 'testnet' }), {
    ok: false,
    errors: { cryptoAddress: 'Your LTCT address is required.' },
  });
});

t.test('BCH formats', async (t) => {
  const bch = (a: string, testnet = false) => validateCryptoAddress('BCH', a, { network: testnet ? 'testnet' : 'prod' }).ok;
  t.ok(bch('BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A'), 'upper-case cashaddr');
  t.ok(bch('QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A'), 'upper-case, no prefix');
  t.notOk(bch('bitcoincash:QPM2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a'), 'mixed case');
  t.notOk(bch('bitcoincash:1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu'), 'prefix on a legacy address');
  t.notOk(bch('bchtest:qp63uahgrxged4z5jswyt5dn5v3lzsem6cq85x00dt'), 'testnet prefix in prod');
  t.ok(bch('qp63uahgrxged4z5jswyt5dn5v3lzsem6cq85x00dt', true), 'testnet cashaddr without prefix on a test host');
  t.notOk(bch('qp63uahgrxged4z5jswyt5dn5v3lzsem6cq85x00dt'), 'testnet cashaddr without prefix in prod');

  // Formats the spec does not list: BitPay's and regtest's.
  const require = createRequire(import.meta.url);
  const bchaddr = require('bchaddrjs') as { toBitpayAddress(a: string): string };
  const cashaddr = require('cashaddrjs') as { encode(prefix: string, type: string, hash: Uint8Array): string };
  const bitpay = bchaddr.toBitpayAddress('1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu');
  t.match(bitpay, /^C/);
  t.notOk(bch(bitpay, true), 'BitPay format');
  const regtest = cashaddr.encode('bchreg', 'P2PKH', new Uint8Array(20).fill(7));
  t.notOk(bch(regtest, true), 'regtest with prefix');
  t.notOk(bch(regtest.slice('bchreg:'.length), true), 'regtest without prefix');
});

t.test('addressNetworks', async (t) => {
  t.strictSame(addressNetworks('ETH', '0x52908400098527886E0F7030069857D2E4169EE7'), ['prod', 'testnet']);
  t.strictSame(addressNetworks('BTC', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'), ['testnet']);
  t.strictSame(addressNetworks('BTC', ''), []);
});

t.test('the test-network hint: under a refused address on a TEST or DEV host, and nowhere else', async (t) => {
  const hint = (coin: string) => `This is a test site: it takes ${coin} test-network (testnet) addresses only.`;
  const testnet = addressNetworkFor('TEST');
  // A mainnet address on a test host: the case that had no word of explanation.
  const mainnetOnly = vectors.filter((v) => v.network === 'prod' && v.valid && !isAddressOnNetwork(v.coin, v.address, 'testnet'));
  t.ok(mainnetOnly.length >= 8);
  for (const v of mainnetOnly) {
    t.equal(testNetworkHint(v.coin, v.address, testnet), hint(v.coin), `${v.coin} ${v.address}`);
    t.equal(testNetworkHint(v.coin, v.address, addressNetworkFor('DEV')), hint(v.coin), 'DEV hosts alike');
    t.equal(testNetworkHint(v.coin, v.address, addressNetworkFor('PROD')), undefined, 'a production host takes it');
  }
  for (const v of vectors.filter((v) => v.network === 'testnet' && v.valid)) {
    t.equal(testNetworkHint(v.coin, v.address, testnet), undefined, `taken: ${v.coin} ${v.address}`);
  }
  t.equal(testNetworkHint('BTC', 'not-an-address', testnet), hint('BTC'), 'any refused address');
  t.equal(testNetworkHint('BTC', 'not-an-address', 'prod'), undefined, 'never on a production host');
  t.equal(testNetworkHint('BTC', '   ', testnet), undefined, 'an empty field is "required", not a network matter');
  t.equal(testNetworkHint('BTC', undefined, testnet), undefined);
  t.equal(
    testNetworkHint('BTC', ' tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx ', testnet),
    undefined,
    'spaces around a testnet address, as the check trims them',
  );
  t.equal(testNetworkHint('LTCT', 'anything', testnet), undefined, 'LTCT takes anything');
});

t.test("the README's receiving addresses: each TEST and DEV example is a testnet address of its coin", async (t) => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const rows = [...readme.matchAll(/^\| (BTC|BCH|LTC|ETH) +\| `([^`]+)` +\| `([^`]+)` +\|$/gm)];
  t.strictSame(
    rows.map((r) => r[1]),
    ['BTC', 'BCH', 'LTC', 'ETH'],
    'one row per coin',
  );
  for (const [, coin, production, test] of rows) {
    t.ok(isAddressOnNetwork(coin!, production!, 'prod'), `${coin} production example ${production}`);
    t.ok(isAddressOnNetwork(coin!, test!, 'testnet'), `${coin} TEST and DEV example ${test}`);
    t.equal(testNetworkHint(coin!, test!, 'testnet'), undefined);
  }
});
