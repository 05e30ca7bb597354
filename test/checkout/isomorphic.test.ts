// checkout/ is imported by islands: no Node built-ins, no server frameworks, and it
// must bundle for the browser and run where `global`, `process` and `Buffer` do not exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import vm from 'node:vm';
import { build } from 'esbuild';
import t from 'tap';

const root = new URL('../../', import.meta.url).pathname;
const checkout = join(root, 'checkout/');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

t.test('no node:, fastify, react or relative imports without .ts', async (t) => {
  const files = sources(checkout);
  t.ok(files.length >= 15);
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\s+'([^']+)'/g)].map(
      (m) => m[1] ?? m[2]!,
    );
    const name = relative(root, file);
    for (const s of specifiers) {
      t.notMatch(s, /^node:|^(fs|path|crypto|buffer|stream|events|util|os|url)$/, `${name}: ${s}`);
      t.notMatch(s, /^(fastify|@fastify\/|react|react-dom|pino|undici)/, `${name}: ${s}`);
      if (s.startsWith('.')) t.match(s, /\.tsx?$/, `${name}: ${s} has its extension`);
    }
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    t.notMatch(code, /\brequire\(|\bprocess\.|__dirname/, `${name}: no CommonJS or process`);
  }
});

t.test('bundles for the browser and runs without Node globals', async (t) => {
  const entry = `
    import { validateCryptoAddress } from './checkout/validation/crypto-address.ts';
    import { validateBuyerInfo } from './checkout/validation/buyer-info.ts';
    import { validateAmountForm } from './checkout/validation/amount.ts';
    import { formatFiat, formatCrypto } from './checkout/format.ts';
    import { nextScreen } from './checkout/next-screen.ts';
    import { methodTable } from './checkout/payment-method.ts';
    const bank = {
      name: 'BANKTRANSFER',
      flow: 'BUY',
      next: { CUSTOMER_PAYMENT: (s) => ({ kind: 'redirect', url: s.nextActionParams.redirectUrl }) },
      rateHold: 'countdown',
      requotes: 'fiat',
    };
    import { siteUrls } from './checkout/site-urls.ts';
    import { failureOutcome } from './checkout/failures.ts';
    globalThis.results = [
      validateCryptoAddress('BTC', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', { network: 'prod' }).ok,
      validateCryptoAddress('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', { network: 'prod' }).ok,
      validateCryptoAddress('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6b', { network: 'prod' }).ok,
      validateCryptoAddress('ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', { network: 'prod' }).ok,
      validateCryptoAddress('LTC', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9', { network: 'prod' }).ok,
      validateBuyerInfo({ env: 'PROD', blockedAreaCodes: [] }, { mobile: '0412 345 678' }, { country: 'CA', addressRequired: false, now: new Date(0) }).errors.mobile,
      formatFiat(1234.5, 'CAD'),
      formatCrypto(0.0015, 'BTC'),
      nextScreen({ nextAction: 'CUSTOMER_PAYMENT', paymentMethod: 'BANKTRANSFER', fiatCurrency: 'AUD', txnType: 'BUY', nextActionParams: { redirectUrl: 'https://bank.example/x' } }, '/poli', methodTable([bank])).kind,
      siteUrls({ merchantName: 'A', siteUrl: 'https://a.example', errorUrl: 'https://a.example/e', successUrl: 'https://a.example/s' }, 'AUD', ['A']).error('X'),
      failureOutcome({ kind: 'unavailable' }, 'load').kind,
      typeof validateAmountForm,
    ];
  `;
  const result = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'entry.ts' },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'silent',
    tsconfig: join(root, 'tsconfig.islands.json'),
  });
  t.strictSame(result.errors, []);
  const code = result.outputFiles[0]!.text;
  // A browser-like global scope: no global, process, Buffer or require.
  const context = vm.createContext({ URL, URLSearchParams });
  t.equal(
    vm.runInContext('typeof global + typeof process + typeof Buffer + typeof require', context),
    'undefinedundefinedundefinedundefined',
  );
  vm.runInContext(code, context);
  const results = JSON.parse(vm.runInContext('JSON.stringify(results)', context) as string);
  t.strictSame(results, [
    true,
    true,
    false,
    true,
    true,
    'Mobile must be a valid CA phone number',
    '$1,234.50',
    '0.00150000 BTC',
    'redirect',
    'https://a.example/e/au?err=X',
    'toast-home',
    'function',
  ]);
});
