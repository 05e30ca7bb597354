// The loaded merchants as the request path sees them: host -> merchant in one Map.
import { TEST_COIN } from '../../checkout/domain.ts';
import type { TenancyRules } from '../../checkout/merchant-schema.ts';
import { normaliseHost } from './host.ts';
import type { HostResolution, Merchant, MerchantRegistry, PublicationReport } from './types.ts';

export function buildRegistry(
  merchants: readonly Merchant[],
  rules: TenancyRules,
  fallback: Merchant,
  published: readonly PublicationReport[] = [],
): MerchantRegistry {
  // Host -> a ready-made answer, so resolve() allocates nothing for known hosts.
  const known = new Map<string, HostResolution>();
  for (const merchant of merchants) {
    for (const host of merchant.config.hosts) known.set(host, Object.freeze({ kind: 'known', merchant, host }));
  }
  const invalid: HostResolution = Object.freeze({ kind: 'invalid' });
  const registry: MerchantRegistry = {
    merchants,
    published,
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

const withoutTestCoin = new WeakMap<Merchant, Merchant>();

/**
 * The fallback merchant as unknown hosts meet it on a production upstream: the same
 * merchant without the test coin, so nobody can ask a real exchange for test-coin quotes
 * from a host no one configured. Made once per merchant object (a reload makes a new one).
 */
export function fallbackWithoutTestCoin(fallback: Merchant): Merchant {
  let found = withoutTestCoin.get(fallback);
  if (found === undefined) {
    const config = Object.freeze({
      ...fallback.config,
      supportedCoins: fallback.config.supportedCoins.filter((c) => c.id !== TEST_COIN),
    });
    found = Object.freeze({ ...fallback, config });
    withoutTestCoin.set(fallback, found);
  }
  return found;
}
