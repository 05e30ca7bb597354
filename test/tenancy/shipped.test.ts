// The six demo merchants in merchants/ load and match the table of the brief.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import { feeAmount } from '../../checkout/fees.ts';
import { SANDBOX_STAND_IN } from '../../checkout/merchant-schema.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import type { Merchant } from '../../server/tenancy/load.ts';
import { isLegalPage, LEGAL_PAGE_NAMES, loadMerchants } from '../../server/tenancy/load.ts';
import { shippedDir } from './fixtures.ts';

const registry = await loadMerchants(shippedDir, { methods: PAYMENT_METHODS });
const get = (id: string): Merchant => {
  const m = registry.byId.get(id);
  if (m === undefined) throw new Error(`no merchant ${id}`);
  return m;
};

const TABLE = [
  { id: 'maple', host: 'maple.localhost', env: 'PROD', fiat: ['CAD'] },
  { id: 'roo', host: 'roo.localhost', env: 'TEST', fiat: ['AUD'] },
  { id: 'manila', host: 'manila.localhost', env: 'TEST', fiat: ['PHP'] },
  { id: 'checkout', host: 'checkout.localhost', env: 'PROD', fiat: ['CAD'] },
  { id: 'test', host: 'test.localhost', env: 'TEST', fiat: ['CAD', 'AUD', 'PHP', 'IDR'] },
  { id: 'dev', host: 'dev.localhost', env: 'DEV', fiat: ['CAD', 'AUD', 'PHP', 'IDR'] },
] as const;

t.test('the six merchants, their hosts, envs and currencies', async (t) => {
  t.same(
    registry.merchants.map((m) => m.id),
    ['checkout', 'dev', 'manila', 'maple', 'roo', 'test'],
  );
  for (const row of TABLE) {
    const m = get(row.id);
    t.same(m.config.hosts, [row.host], `${row.id} hosts`);
    t.equal(m.config.env, row.env, `${row.id} env`);
    t.same(
      m.config.supportedFiatCurrencies.map((c) => c.id),
      row.fiat,
      `${row.id} fiat`,
    );
    const found = registry.resolve(row.host);
    t.equal(found.kind === 'known' && found.merchant, m, `${row.host} resolves to ${row.id}`);
    for (const url of [m.config.siteUrl, m.config.errorUrl, m.config.successUrl]) {
      // Without a running sandbox its merchant site is the reserved stand-in.
      t.ok(url.startsWith(`${SANDBOX_STAND_IN}/shop/${row.id}`), `${row.id} leads to the sandbox's merchant site`);
    }
  }
});

t.test('tenancy rules: dev is the fallback, checkout the main brand, roo and manila the family', async (t) => {
  t.equal(registry.fallback, get('dev'));
  t.equal(registry.mainBrandId, 'checkout');
  t.same(
    [...registry.rules.regionalUrlSuffix].sort(),
    [get('manila').config.merchantName, get('roo').config.merchantName].sort(),
  );
});

t.test('resolve: exact lookups only', async (t) => {
  const maple = get('maple');
  for (const h of ['maple.localhost', 'MAPLE.localhost', 'maple.localhost:3000', 'maple.localhost.']) {
    const r = registry.resolve(h);
    t.equal(r.kind === 'known' && r.merchant, maple, h);
  }
  t.same(registry.resolve('maple.localhost.evil.test'), { kind: 'unknown', host: 'maple.localhost.evil.test' });
  t.same(registry.resolve('evil.maple.localhost'), { kind: 'unknown', host: 'evil.maple.localhost' });
  t.same(registry.resolve('localhost:3000'), { kind: 'unknown', host: 'localhost' });
  t.same(registry.resolve('[::1]:3000'), { kind: 'unknown', host: '[::1]' });
  t.same(registry.resolve(undefined), { kind: 'invalid' });
  t.same(registry.resolve('maple.localhost\r\nx: y'), { kind: 'invalid' });
  t.same(registry.resolve('a'.repeat(256)), { kind: 'invalid' });
});

t.test('flows and methods', async (t) => {
  const methods = (id: string, type: string) =>
    get(id)
      .config.paymentMethods.filter((p) => p.type === type)
      .map((p) => p.name);
  for (const merchant of registry.byId.values()) {
    for (const offered of merchant.config.paymentMethods) {
      t.equal(PAYMENT_METHODS.get(offered.name)?.flow, offered.type, `${merchant.id} offers ${offered.name} on its own tab`);
    }
  }
  // The demo merchants between them offer every method, so npm start can walk each.
  const offered = new Set([...registry.byId.values()].flatMap((m) => m.config.paymentMethods.map((p) => p.name)));
  t.strictSame(
    PAYMENT_METHODS.list.map((m) => m.name).filter((name) => !offered.has(name)),
    [],
  );
  for (const id of ['test', 'dev']) {
    for (const flow of ['BUY', 'SELL', 'SPEND']) {
      const all = PAYMENT_METHODS.list.filter((m) => m.flow === flow).map((m) => m.name);
      t.same(methods(id, flow).toSorted(), all.toSorted(), `${id} offers every ${flow} method`);
    }
    const c = get(id).config;
    t.ok(c.inputBuyAllowed && c.inputSellAllowed && c.inputSpendAllowed, `${id} allows every flow`);
  }
  for (const id of ['roo', 'manila', 'checkout']) {
    const c = get(id).config;
    t.ok(c.inputBuyAllowed && !c.inputSellAllowed && !c.inputSpendAllowed, `${id} buys only`);
  }
});

t.test('maple: limits, promo, gift cards, analytics and card widget', async (t) => {
  const c = get('maple').config;
  t.equal(c.isPromo, true);
  t.equal(feeAmount(c, 'etransferFee'), 2.99);
  t.equal(feeAmount(c, 'etransferFeePromo'), 0);
  t.equal(c.showTicker, true);
  t.match(c.gtm, /^GTM-[A-Z0-9]{7}$/);
  t.match(c.cardWidget.apiKey, /^pk_sandbox_/);
  const limits = Object.fromEntries(c.paymentMethods.map((p) => [p.name, p.amounts]));
  t.match(limits.ETRANSFER, { min: 20, max: 3000 });
  t.match(limits.FLEXEPIN, { min: 50, max: 500 });
  t.match(limits.CREDITCARD, { min: 50, max: 1000 });
  t.match(limits.ETRANSFEROUT?.overrides.BTC, { min: 0.0005, max: 0.1 });
  t.equal(c.paymentMethodSubtypes.length, 2);
  for (const s of c.paymentMethodSubtypes) {
    t.equal(s.paymentMethod, 'GIFTCARD');
    t.ok(s.amounts.length >= 3, `${s.name} has preset amounts`);
    t.ok(s.website && s.faqURL && s.termsURL && s.termsCopy, `${s.name} has website, faqURL, termsURL, termsCopy`);
  }
  t.same(
    c.paymentMethodSubtypes.map((s) => s.amounts),
    [
      [25, 50, 100],
      [15, 25, 50],
    ],
  );
});

t.test('coins: LTCT (Litecoin Testnet) only outside PROD, names everywhere', async (t) => {
  const names: Record<string, string> = {
    BTC: 'Bitcoin',
    BCH: 'Bitcoin Cash',
    LTC: 'Litecoin',
    ETH: 'Ethereum',
    LTCT: 'Litecoin Testnet',
  };
  for (const m of registry.merchants) {
    for (const coin of m.config.supportedCoins) t.equal(coin.name, names[coin.id], `${m.id} ${coin.id}`);
    const hasTestCoin = m.config.supportedCoins.some((c) => c.id === 'LTCT');
    if (m.config.env === 'PROD') t.notOk(hasTestCoin, `${m.id} is PROD: no LTCT`);
  }
  t.ok(
    get('dev').config.supportedCoins.some((c) => c.id === 'LTCT'),
    'dev has LTCT',
  );
  for (const id of ['maple', 'test', 'dev']) t.match(get(id).config.cardWidget.apiKey, /^pk_sandbox_/, `${id} card widget key`);
});

t.test('footers and legal pages', async (t) => {
  t.equal(get('checkout').footerHtml, undefined, 'checkout shows the built-in footer');
  for (const id of ['maple', 'roo', 'manila', 'test']) {
    const html = get(id).footerHtml ?? '';
    for (const page of LEGAL_PAGE_NAMES) t.match(html, `href="/${page}"`, `${id} footer links /${page}`);
  }
  // A link to a legal page the merchant does not have would send visitors home.
  for (const m of registry.merchants) {
    const footers = [m.footerHtml, ...[...m.translations.values()].map((each) => each.footerHtml)];
    for (const html of footers.filter((each) => each !== undefined)) {
      const linked = [...html.matchAll(/href="\/([a-z-]+)"/g)].map((match) => match[1]!);
      for (const page of linked.filter(isLegalPage)) t.ok(m.legal.has(page), `${m.id}'s footer links /${page}, which it has`);
    }
  }
  for (const id of ['maple', 'roo', 'manila', 'checkout', 'test']) {
    t.same([...get(id).legal.keys()].sort(), [...LEGAL_PAGE_NAMES].sort(), `${id} has the four legal pages`);
    for (const [page, html] of get(id).legal) t.match(html, /^<h1>/, `${id} ${page} starts with its heading`);
  }
  t.equal(get('dev').legal.size, 0, 'dev has none: visitors are sent home');
  t.match(get('maple').legal.get('privacy-policy'), /Maple Coin/);
  t.match(get('roo').legal.get('privacy-policy'), /Privacy Act 1988/);
  t.match(get('manila').legal.get('privacy-policy'), /Data Privacy Act of 2012/);
});

t.test('each merchant has its own style sheet (all palette variables) and favicon', async (t) => {
  const vars = ['--brand', '--brand-contrast', '--brand-accent', '--bg', '--surface', '--text', '--muted', '--radius', '--font'];
  const palettes = new Set<string>();
  for (const m of registry.merchants) {
    t.match(m.styleHref, new RegExp(`^/assets/m/${m.id}/style\\.[0-9a-f]{12}\\.css$`), `${m.id} style`);
    t.match(m.faviconHref, new RegExp(`^/assets/m/${m.id}/favicon\\.[0-9a-f]{12}\\.svg$`), `${m.id} favicon`);
    t.equal(m.faviconType, 'image/svg+xml');
    const css = m.assets.get(m.styleHref ?? '')?.body.toString('utf8') ?? '';
    const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    for (const v of vars) t.match(root, new RegExp(`${v}\\s*:`), `${m.id} sets ${v}`);
    palettes.add(/--brand\s*:\s*([^;]+);/.exec(root)?.[1] ?? '');
    const onDisk = await readFile(path.join(shippedDir, m.id, 'style.css'));
    t.same(m.assets.get(m.styleHref ?? '')?.body, onDisk, `${m.id} serves the file as read`);
  }
  t.equal(palettes.size, registry.merchants.length, 'every merchant has its own --brand colour');
});

t.test('configs are frozen: one registry is shared by every request', async (t) => {
  const c = get('maple').config;
  t.ok(Object.isFrozen(c) && Object.isFrozen(c.paymentMethods) && Object.isFrozen(c.inputForm.overrides));
  t.throws(() => {
    (c as { title: string }).title = 'changed';
  });
});
