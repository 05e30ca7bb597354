// The loaded merchants as the request path sees them: host -> merchant in one Map.
import { normaliseHost } from './host.ts';
import type { TenancyRules } from './schema.ts';
import type { HostResolution, Merchant, MerchantRegistry } from './types.ts';

export function buildRegistry(merchants: readonly Merchant[], rules: TenancyRules, fallback: Merchant): MerchantRegistry {
  // Host -> a ready-made answer, so resolve() allocates nothing for known hosts.
  const known = new Map<string, HostResolution>();
  for (const merchant of merchants) {
    for (const host of merchant.config.hosts) known.set(host, Object.freeze({ kind: 'known', merchant, host }));
  }
  const invalid: HostResolution = Object.freeze({ kind: 'invalid' });
  const registry: MerchantRegistry = {
    merchants,
    byId: new Map(merchants.map((m) => [m.id, m])),
    fallback,
    rules,
    resolve(hostHeader) {
      const host = normaliseHost(hostHeader);
      if (host === null) return invalid;
      return known.get(host) ?? { kind: 'unknown', host };
    },
  };
  if (rules.mainBrand !== undefined) registry.mainBrandId = rules.mainBrand;
  return Object.freeze(registry);
}
