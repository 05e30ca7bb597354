// Rules of one merchant file that the zod shape cannot say on its own: they tie fields
// together (a method's type, the currencies its limits are keyed by, the test coin and
// the environment). Each finding carries the field path so the message can name it.

import type { FlowKind } from '../../checkout/domain.ts';
import { TEST_COIN } from '../../checkout/domain.ts';
import { feeAmount } from '../../checkout/fees.ts';
import type { MerchantConfig } from '../../checkout/merchant-schema.ts';
import { KIND_FLAGS } from '../../checkout/offer.ts';
import type { MethodTable } from '../../checkout/payment-method.ts';
import { normaliseHost } from './host.ts';

export interface Finding {
  path: PropertyKey[];
  what: string;
}

function duplicates<T>(items: readonly T[], key: (item: T) => string, at: string, findings: Finding[]): void {
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const k = key(item);
    if (seen.has(k)) findings.push({ path: [at, i], what: `duplicate "${k}"` });
    seen.add(k);
  });
}

interface Limits {
  min?: number | undefined;
  max?: number | undefined;
  default?: number | undefined;
}

function minMax(limits: Limits, at: PropertyKey[], findings: Finding[]): void {
  const { min, max } = limits;
  if (min !== undefined && max !== undefined && min > max) {
    findings.push({ path: at, what: `min ${min} is greater than max ${max}` });
  }
  const d = limits.default;
  if (d !== undefined && ((min !== undefined && d < min) || (max !== undefined && d > max))) {
    findings.push({ path: [...at, 'default'], what: `default ${d} is outside min..max` });
  }
}

/**
 * Pro is never the worse deal: a Pro visitor pays the Pro fee and never the promotion's
 * (docs/spec.md section 4: the promo state applies only when the Pro flow is off), so the
 * Pro fee may not exceed what a visitor without Pro pays: the promotion's fee while isPromo,
 * else the regular one.
 */
function proNeverWorse(config: MerchantConfig, methods: MethodTable, findings: Finding[]): void {
  for (const offered of config.paymentMethods) {
    const fields = methods.get(offered.name)?.fees;
    if (!fields?.pro) continue;
    const ordinaryField = config.isPromo && fields.promo ? fields.promo : fields.regular;
    const pro = feeAmount(config, fields.pro);
    const ordinary = feeAmount(config, ordinaryField);
    if (pro > ordinary) {
      findings.push({
        path: [fields.pro],
        what: `${pro} is more than a visitor without Pro pays (${ordinaryField}: ${ordinary}): Pro must never be the worse deal`,
      });
    }
  }
}

export function checkMerchant(config: MerchantConfig, folder: string, methods: MethodTable): Finding[] {
  const findings: Finding[] = [];

  if (config.merchant !== folder) {
    findings.push({ path: ['merchant'], what: `"${config.merchant}" does not match its folder name "${folder}"` });
  }

  config.hosts.forEach((host, i) => {
    const normal = normaliseHost(host);
    if (normal === null) findings.push({ path: ['hosts', i], what: `"${host}" is not a valid host name` });
    else if (normal !== host) {
      findings.push({ path: ['hosts', i], what: `"${host}" is not normalised (write "${normal}")` });
    }
  });
  duplicates(config.hosts, (h) => h, 'hosts', findings);

  const coins = new Set<string>(config.supportedCoins.map((c) => c.id));
  const fiats = new Set<string>(config.supportedFiatCurrencies.map((c) => c.id));
  duplicates(config.supportedCoins, (c) => c.id, 'supportedCoins', findings);
  duplicates(config.supportedFiatCurrencies, (c) => c.id, 'supportedFiatCurrencies', findings);
  duplicates(config.languages, (l) => l, 'languages', findings);
  if (config.env === 'PROD') {
    config.supportedCoins.forEach((c, i) => {
      if (c.id === TEST_COIN) {
        findings.push({ path: ['supportedCoins', i, 'id'], what: `the test coin ${TEST_COIN} is not allowed when env is PROD` });
      }
    });
  }

  duplicates(config.paymentMethods, (m) => m.name, 'paymentMethods', findings);
  config.paymentMethods.forEach((m, i) => {
    const flow = methods.get(m.name)?.flow;
    if (flow !== undefined && m.type !== flow)
      findings.push({ path: ['paymentMethods', i, 'type'], what: `${m.name} is a ${flow} method, not ${m.type}` });
    m.fiatCurrencies?.forEach((c, j) => {
      if (!fiats.has(c))
        findings.push({ path: ['paymentMethods', i, 'fiatCurrencies', j], what: `${c} is not in supportedFiatCurrencies` });
    });
    if (m.amounts === undefined) return;
    const at = ['paymentMethods', i, 'amounts'];
    minMax(m.amounts, at, findings);
    // Sell limits are in coins, buy and gift-card limits in fiat (docs/spec.md section 5).
    const methodFiats = m.fiatCurrencies === undefined ? fiats : new Set<string>(m.fiatCurrencies);
    const keys = flow === 'SELL' ? coins : methodFiats;
    const keyKind =
      flow === 'SELL' ? 'supportedCoins' : m.fiatCurrencies === undefined ? 'supportedFiatCurrencies' : 'fiatCurrencies';
    for (const [key, limits] of Object.entries(m.amounts.overrides)) {
      if (!keys.has(key)) findings.push({ path: [...at, 'overrides', key], what: `"${key}" is not in ${keyKind}` });
      minMax(limits, [...at, 'overrides', key], findings);
    }
  });

  minMax(config.inputForm, ['inputForm'], findings);
  for (const [key, limits] of Object.entries(config.inputForm.overrides)) {
    const at = ['inputForm', 'overrides', key];
    if (!coins.has(key) && !fiats.has(key)) {
      findings.push({ path: at, what: `"${key}" is neither a supported fiat currency nor a supported coin` });
    }
    minMax(limits, at, findings);
  }

  proNeverWorse(config, methods, findings);

  const offered = new Set<string>(config.paymentMethods.map((m) => m.name));
  const isSpend = (name: string | undefined) => methods.get(name)?.flow === 'SPEND';
  duplicates(config.paymentMethodSubtypes, (s) => s.name, 'paymentMethodSubtypes', findings);
  config.paymentMethodSubtypes.forEach((s, i) => {
    if (s.paymentMethod === undefined || !offered.has(s.paymentMethod)) {
      findings.push({ path: ['paymentMethodSubtypes', i, 'paymentMethod'], what: `${s.paymentMethod} is not in paymentMethods` });
    }
    if (isSpend(s.paymentMethod) && s.amounts.length === 0) {
      findings.push({ path: ['paymentMethodSubtypes', i, 'amounts'], what: 'a gift card needs at least one preset amount' });
    }
  });

  const others = new Set<string>(config.languages.slice(1));
  const subtypes = new Set(config.paymentMethodSubtypes.map((s) => s.name));
  for (const [language, words] of Object.entries(config.translations)) {
    if (!others.has(language)) {
      findings.push({ path: ['translations', language], what: "is not among the merchant's other languages (languages)" });
      continue;
    }
    for (const name of Object.keys(words?.paymentMethods ?? {})) {
      if (!offered.has(name))
        findings.push({ path: ['translations', language, 'paymentMethods', name], what: 'is not in paymentMethods' });
    }
    for (const name of Object.keys(words?.paymentMethodSubtypes ?? {})) {
      if (!subtypes.has(name)) {
        findings.push({
          path: ['translations', language, 'paymentMethodSubtypes', name],
          what: 'is not in paymentMethodSubtypes',
        });
      }
    }
  }

  for (const [flow, flag] of Object.entries(KIND_FLAGS) as [FlowKind, (typeof KIND_FLAGS)[FlowKind]][]) {
    if (config[flag] && !config.paymentMethods.some((m) => m.type === flow)) {
      findings.push({ path: [flag], what: `is true but paymentMethods has no ${flow} method` });
    }
  }
  if (config.inputSpendAllowed && !config.paymentMethodSubtypes.some((s) => isSpend(s.paymentMethod))) {
    findings.push({ path: ['inputSpendAllowed'], what: 'is true but paymentMethodSubtypes has no gift card' });
  }

  return findings;
}
