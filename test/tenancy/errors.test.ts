// Broken merchant folders: each problem names the file, the field and what is wrong.

import path from 'node:path';
import t from 'tap';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { loadMerchants, MerchantConfigError } from '../../server/tenancy/load.ts';
import type { FixtureFiles } from './fixtures.ts';
import { minimalMerchant, removeFixture, validFiles, writeFixture } from './fixtures.ts';

/** Load a fixture that must fail; returns the error and the fixture dir for messages. */
async function failure(
  t: { teardown(fn: () => unknown): void },
  files: FixtureFiles,
): Promise<{ err: MerchantConfigError; dir: string }> {
  const dir = await writeFixture(files);
  t.teardown(() => removeFixture(dir));
  try {
    await loadMerchants(dir, { methods: PAYMENT_METHODS });
  } catch (err) {
    if (err instanceof MerchantConfigError) return { err, dir };
    throw err;
  }
  throw new Error('loadMerchants should have failed');
}

const a = (dir: string) => path.join(dir, 'a', 'merchant.json');
const b = (dir: string) => path.join(dir, 'b', 'merchant.json');

t.test('the valid fixture loads', async (t) => {
  const dir = await writeFixture(validFiles());
  t.teardown(() => removeFixture(dir));
  const registry = await loadMerchants(dir, { methods: PAYMENT_METHODS });
  t.same(
    registry.merchants.map((m) => m.id),
    ['a', 'b'],
  );
});

t.test('bad JSON says where', async (t) => {
  const { err, dir } = await failure(t, validFiles({ 'a/merchant.json': '{\n  "env": "TEST",\n  "merchant": "a",,\n}' }));
  t.equal(err.name, 'MerchantConfigError');
  t.match(err.message, `${a(dir)}: invalid JSON at line 3, column 19`);
});

t.test('bad JSON in tenancy.json, and JSON cut short', async (t) => {
  const { err, dir } = await failure(t, validFiles({ 'tenancy.json': '{ "fallback": "a"' }));
  t.match(err.message, `${path.join(dir, 'tenancy.json')}: invalid JSON at line 1`);
});

t.test('unknown field', async (t) => {
  const { err, dir } = await failure(t, validFiles({ 'a/merchant.json': minimalMerchant('a', { fooo: 1 }) }));
  t.equal(err.message, `${a(dir)}: unknown field "fooo"`);
});

t.test('unknown nested field names its parent', async (t) => {
  const { err, dir } = await failure(t, validFiles({ 'a/merchant.json': minimalMerchant('a', { inputForm: { maxx: 5 } }) }));
  t.equal(err.message, `${a(dir)}: inputForm: unknown field "maxx"`);
});

t.test('wrong type', async (t) => {
  const { err, dir } = await failure(t, validFiles({ 'a/merchant.json': minimalMerchant('a', { inputForm: { max: '500' } }) }));
  t.equal(err.message, `${a(dir)}: inputForm.max: expected number, received string`);
});

t.test('wrong value inside an array names the index', async (t) => {
  const files = validFiles({
    'a/merchant.json': minimalMerchant('a', { paymentMethods: [{ name: 'CHEQUE', type: 'BUY', label: 'Cheque' }] }),
  });
  const { err, dir } = await failure(t, files);
  t.match(err.message, `${a(dir)}: paymentMethods[0].name: expected one of "ETRANSFER"`);
});

t.test('missing required field', async (t) => {
  const { title: _title, ...noTitle } = minimalMerchant('a');
  const { err, dir } = await failure(t, validFiles({ 'a/merchant.json': noTitle }));
  t.equal(err.message, `${a(dir)}: title: required field is missing (expected string)`);
});

t.test('only http(s) URLs', async (t) => {
  const { err, dir } = await failure(
    t,
    validFiles({ 'a/merchant.json': minimalMerchant('a', { siteUrl: 'javascript:alert(1)' }) }),
  );
  t.equal(err.message, `${a(dir)}: siteUrl: expected an http(s) URL`);
});

t.test('a host claimed by two merchants names both files', async (t) => {
  const files = validFiles({ 'b/merchant.json': minimalMerchant('b', { hosts: ['b.localhost', 'a.localhost'] }) });
  const { err, dir } = await failure(t, files);
  t.equal(err.message, `${b(dir)}: hosts[1]: "a.localhost" is already claimed by ${a(dir)}`);
});

t.test('hosts must be valid and normalised', async (t) => {
  const files = validFiles({
    'a/merchant.json': minimalMerchant('a', {
      hosts: ['A.localhost', 'bad host', 'a.localhost:3000', 'a.localhost', 'a.localhost'],
    }),
  });
  const { err, dir } = await failure(t, files);
  t.same(err.problems, [
    `${a(dir)}: hosts[0]: "A.localhost" is not normalised (write "a.localhost")`,
    `${a(dir)}: hosts[1]: "bad host" is not a valid host name`,
    `${a(dir)}: hosts[2]: "a.localhost:3000" is not normalised (write "a.localhost")`,
    `${a(dir)}: hosts[4]: duplicate "a.localhost"`,
  ]);
});

t.test('folder name must equal the merchant field', async (t) => {
  const { err, dir } = await failure(t, validFiles({ 'a/merchant.json': minimalMerchant('a', { merchant: 'c' }) }));
  t.equal(err.message, `${a(dir)}: merchant: "c" does not match its folder name "a"`);
});

t.test('fallback and mainBrand must exist', async (t) => {
  const { err, dir } = await failure(t, validFiles({ 'tenancy.json': { fallback: 'nope', mainBrand: 'gone' } }));
  const file = path.join(dir, 'tenancy.json');
  t.same(err.problems, [
    `${file}: fallback: no merchant "nope" (merchants are a, b)`,
    `${file}: mainBrand: no merchant "gone" (merchants are a, b)`,
  ]);
});

t.test('regionalUrlSuffix must name a merchantName', async (t) => {
  const { err, dir } = await failure(
    t,
    validFiles({ 'tenancy.json': { fallback: 'a', regionalUrlSuffix: ['Merchant a', 'Nobody'] } }),
  );
  t.equal(err.message, `${path.join(dir, 'tenancy.json')}: regionalUrlSuffix[1]: no merchant has merchantName "Nobody"`);
});

t.test('missing tenancy.json and missing merchant.json', async (t) => {
  const files = validFiles({ 'c/style.css': ':root{}' });
  delete files['tenancy.json'];
  const { err, dir } = await failure(t, files);
  t.same(err.problems, [
    `${path.join(dir, 'tenancy.json')}: file is missing`,
    `${path.join(dir, 'c', 'merchant.json')}: file is missing`,
  ]);
});

t.test('a folder that does not exist', async (t) => {
  const dir = path.join(await writeFixture({}), 'nowhere');
  t.teardown(() => removeFixture(path.dirname(dir)));
  await t.rejects(loadMerchants(dir, { methods: PAYMENT_METHODS }), {
    name: 'MerchantConfigError',
    message: /cannot read folder \(ENOENT\)/,
  });
});

t.test('rules across fields', async (t) => {
  const files = validFiles({
    'a/merchant.json': minimalMerchant('a', {
      env: 'PROD',
      inputSellAllowed: true,
      supportedCoins: [
        { id: 'BTC', name: 'Bitcoin' },
        { id: 'LTCT', name: 'Litecoin Testnet' },
      ],
      paymentMethods: [
        { name: 'ETRANSFEROUT', type: 'BUY', label: 'Payout' },
        {
          name: 'ETRANSFER',
          type: 'BUY',
          label: 'e-Transfer',
          fiatCurrencies: ['AUD'],
          amounts: { min: 50, max: 20, overrides: { USD: { min: 1 } } },
        },
      ],
      paymentMethodSubtypes: [{ name: 'CARD', label: 'Card', amounts: [] }],
    }),
  });
  const { err, dir } = await failure(t, files);
  const f = a(dir);
  t.same(err.problems, [
    `${f}: supportedCoins[1].id: the test coin LTCT is not allowed when env is PROD`,
    `${f}: paymentMethods[0].type: ETRANSFEROUT is a SELL method, not BUY`,
    `${f}: paymentMethods[1].fiatCurrencies[0]: AUD is not in supportedFiatCurrencies`,
    `${f}: paymentMethods[1].amounts: min 50 is greater than max 20`,
    `${f}: paymentMethods[1].amounts.overrides.USD: "USD" is not in fiatCurrencies`,
    `${f}: paymentMethodSubtypes[0].paymentMethod: GIFTCARD is not in paymentMethods`,
    `${f}: paymentMethodSubtypes[0].amounts: a gift card needs at least one preset amount`,
    `${f}: inputSellAllowed: is true but paymentMethods has no SELL method`,
  ]);
});

t.test('Pro is never the worse deal: a Pro fee above what a visitor without Pro pays is refused', async (t) => {
  const files = validFiles({
    'a/merchant.json': minimalMerchant('a', {
      paymentMethods: [{ name: 'ETRANSFER', type: 'BUY', label: 'e-Transfer' }],
      isPromo: true,
      etransferFee: 2.99,
      etransferFeePromo: 0,
      etransferFeePro: 1.49,
    }),
    'b/merchant.json': minimalMerchant('b', {
      paymentMethods: [{ name: 'ETRANSFER', type: 'BUY', label: 'e-Transfer' }],
      etransferFee: 1,
      etransferFeePro: 1.49,
    }),
  });
  const { err, dir } = await failure(t, files);
  t.same(err.problems, [
    `${a(dir)}: etransferFeePro: 1.49 is more than a visitor without Pro pays (etransferFeePromo: 0): Pro must never be the worse deal`,
    `${b(dir)}: etransferFeePro: 1.49 is more than a visitor without Pro pays (etransferFee: 1): Pro must never be the worse deal`,
  ]);
});

t.test('unexpected files, unsafe HTML and two favicons', async (t) => {
  const files = validFiles({
    'a/style.ccs': 'oops',
    'a/footer.html': '<p>ok</p>\n<a href="/" onclick="track()">Home</a>\n<script>alert(1)</script>',
    'a/legal/privacy.html': '<h1>Privacy</h1>',
    'a/legal/refund-policy.html': '<h1>Refunds</h1><p style="color:red">No.</p>',
    'a/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'a/favicon.ico': Buffer.from([0, 0, 1, 0, 1, 0]),
  });
  const { err, dir } = await failure(t, files);
  const at = (rel: string) => path.join(dir, 'a', rel);
  t.same(
    [...err.problems].sort(),
    [
      `${at('favicon.ico')}: keep either favicon.svg or favicon.ico, not both`,
      `${at('footer.html')}: line 2: inline event handler on <a>`,
      `${at('footer.html')}: line 3: <script> is not allowed`,
      `${at('legal/privacy.html')}: unexpected file (legal pages are privacy-policy.html, terms-of-service.html, compliance-policy.html, refund-policy.html)`,
      `${at('legal/refund-policy.html')}: line 1: inline style attribute on <p>`,
      `${at('style.ccs')}: unexpected file (allowed: merchant.json, style.css, footer.html, favicon.ico, favicon.svg, legal)`,
    ].sort(),
  );
});

t.test('every problem is reported at once, in folder order', async (t) => {
  const files = validFiles({
    'a/merchant.json': minimalMerchant('a', { fooo: true }),
    'b/merchant.json': minimalMerchant('b', { env: 'STAGING' }),
  });
  const { err, dir } = await failure(t, files);
  t.equal(err.problems.length, 2);
  t.match(err.problems[0], `${a(dir)}: unknown field "fooo"`);
  t.match(err.problems[1], `${b(dir)}: env: expected one of "DEV"|"TEST"|"PROD"`);
  t.equal(err.message, err.problems.join('\n'));
});

t.test('paths inside the working directory are shown relative to it', async (t) => {
  const { displayPath } = await import('../../server/tenancy/errors.ts');
  t.equal(displayPath(path.join(process.cwd(), 'merchants', 'maple', 'merchant.json')), 'merchants/maple/merchant.json');
  t.equal(displayPath('/elsewhere/x.json'), '/elsewhere/x.json');
});

t.test('payment hosts are exact host names, checked at start-up', async (t) => {
  for (const host of [
    'https://pay.bank.example',
    'pay.bank.example.',
    'Pay.Bank.Example',
    'pay.bank.example:443',
    'user@pay.bank.example',
    'pay.bank.example/pay',
    '',
    ' pay.bank.example',
  ]) {
    const { err, dir } = await failure(t, validFiles({ 'a/merchant.json': minimalMerchant('a', { paymentHosts: [host] }) }));
    t.match(err.message, `${a(dir)}: paymentHosts[0]: a lower-case host name`, JSON.stringify(host));
  }
  const dir = await writeFixture(
    validFiles({ 'a/merchant.json': minimalMerchant('a', { paymentHosts: ['pay.bank.example', '127.0.0.1', 'localhost'] }) }),
  );
  t.teardown(() => removeFixture(dir));
  t.ok(await loadMerchants(dir, { methods: PAYMENT_METHODS }), 'host names, loopback addresses');
});
