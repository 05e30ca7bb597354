// npm run check:merchants [-- dir]: load merchants/ exactly as the server does at start-up,
// print one line per merchant, exit 0; or print every problem and exit 1. Under a merchant,
// one line per thing that would hurt its visitors (server/tenancy/publication.ts): a
// production merchant with any is refused by the server too, so it exits 1; a TEST or DEV
// one serves, and is told what would refuse it in production. Run it in CI and before
// deploying a merchant change.

import { FLOW_KINDS } from '../checkout/domain.ts';
import { PAYMENT_METHODS } from '../server/methods/index.ts';
import type { Merchant } from '../server/tenancy/load.ts';
import { loadMerchants, MerchantConfigError } from '../server/tenancy/load.ts';
import { fallbacks } from '../server/tenancy/texts.ts';

const dir = process.argv[2] ?? process.env.MERCHANTS_DIR ?? 'merchants';

/** "BUY(ETRANSFER,CREDITCARD) SELL(ETRANSFEROUT)": the flows a visitor can start. */
function flows(m: Merchant): string {
  if (!m.config.inputAllowed) return '- (inputAllowed is false)';
  const allowed = {
    BUY: m.config.inputBuyAllowed,
    SELL: m.config.inputSellAllowed,
    SPEND: m.config.inputSpendAllowed,
  };
  const parts = FLOW_KINDS.filter((k) => allowed[k]).map((k) => {
    const methods = m.config.paymentMethods.filter((p) => p.type === k).map((p) => p.name);
    return `${k}(${methods.join(',')})`;
  });
  return parts.length === 0 ? '-' : parts.join(' ');
}

/** "languages=en,fr-CA (fr-CA in en: legal/fr-CA/privacy-policy.html)": what each shows in the default language. */
function languages(m: Merchant): string {
  const [fallback] = m.config.languages;
  const missing = fallbacks(m).map(({ language, files }) => `${language} in ${fallback}: ${files.join(', ')}`);
  return `languages=${m.config.languages.join(',')}${missing.length > 0 ? ` (${missing.join('; ')})` : ''}`;
}

try {
  const registry = await loadMerchants(dir, { blocking: true, methods: PAYMENT_METHODS, publication: 'report' });
  const published = new Map(registry.published.map((report) => [report.id, report]));
  const width = Math.max(...registry.merchants.map((m) => m.id.length));
  for (const m of registry.merchants) {
    const tags = [m.id === registry.fallback.id ? 'fallback' : '', m.id === registry.mainBrandId ? 'main brand' : ''].filter(
      Boolean,
    );
    console.log(
      [
        m.id.padEnd(width),
        m.config.env.padEnd(4),
        `hosts=${m.config.hosts.join(',') || '-'}`,
        `fiat=${m.config.supportedFiatCurrencies.map((c) => c.id).join(',')}`,
        `flows=${flows(m)}`,
        languages(m),
        tags.length > 0 ? `[${tags.join(', ')}]` : '',
      ]
        .filter(Boolean)
        .join('  '),
    );
    const problems = published.get(m.id)?.problems ?? [];
    if (problems.length > 0)
      console.log(`  would refuse a production publication:\n${problems.map((p) => `    ${p}`).join('\n')}`);
  }
  const refused = registry.published.filter((report) => report.env === 'PROD').map((report) => report.id);
  const ok = registry.merchants.length - registry.published.length;
  const others = registry.published.filter((report) => report.env !== 'PROD').map((report) => `${report.id} (${report.env})`);
  console.log(
    [
      `${ok} merchants OK in ${dir}`,
      ...(others.length > 0 ? [`serving with problems: ${others.join(', ')}`] : []),
      ...(refused.length > 0 ? [`refused in production: ${refused.join(', ')}`] : []),
    ].join('; '),
  );
  if (refused.length > 0) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof MerchantConfigError)) throw err;
  console.error(err.message);
  console.error(`${err.problems.length} problem(s) in ${dir}`);
  process.exitCode = 1;
}
