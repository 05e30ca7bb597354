// The receiving address (docs/spec.md section 5 "Crypto address"). Mainnet addresses are valid
// everywhere; test-network addresses only where the merchant env is not PROD.

import { DEFAULT_TEXTS, type Texts } from '../messages.ts';
import { fail, fieldOrValue, ok, type Validated } from './result.ts';
import { bchValid, multicoinValid, type Network } from './vendor/address-libs.ts';

export type { Network } from './vendor/address-libs.ts';

/** No address of these coins is longer (bech32 caps at 90); stops megabyte inputs early. */
const MAX_ADDRESS_LENGTH = 128;

/**
 * The networks `address` is a valid `coin` address on: [] when invalid, both for ETH
 * (one format everywhere), and for LTCT (not checked, per the spec).
 */
export function addressNetworks(coin: string, address: string): Network[] {
  if (address.length === 0 || address.length > MAX_ADDRESS_LENGTH) return [];
  const on = (check: (network: Network) => boolean): Network[] =>
    (['prod', 'testnet'] as const).filter((network) => check(network));
  switch (coin) {
    case 'BTC':
      return on((n) => multicoinValid('btc', address, n));
    case 'LTC':
      return on((n) => multicoinValid('ltc', address, n));
    case 'ETH':
      return on((n) => multicoinValid('eth', address, n));
    case 'BCH':
      return on((n) => bchValid(address, n));
    case 'LTCT':
      return ['prod', 'testnet'];
    default:
      return [];
  }
}

/** Exact check for one network: what the shared address vectors describe. */
export function isAddressOnNetwork(coin: string, address: string, network: Network): boolean {
  return addressNetworks(coin, address).includes(network);
}

/** Production merchants take mainnet addresses; test and dev hosts run on the test network. */
export function addressNetworkFor(env: 'DEV' | 'TEST' | 'PROD'): Network {
  return env === 'PROD' ? 'prod' : 'testnet';
}

/**
 * `cryptoAddress` for `coin`; `raw` is the form or the field's value. Returns it trimmed.
 * The address must belong to the merchant's network (see addressNetworkFor), exactly as
 * the shared address vectors describe.
 */
export function validateCryptoAddress(
  coin: string,
  raw: unknown,
  opts: { network: Network },
  texts: Texts = DEFAULT_TEXTS,
): Validated<string, 'cryptoAddress'> {
  const address = fieldOrValue(raw, 'cryptoAddress');
  if (address === '') return fail({ cryptoAddress: texts.ADDRESS_MESSAGES.required({ coin }) });
  return isAddressOnNetwork(coin, address, opts.network)
    ? ok(address)
    : fail({ cryptoAddress: texts.ADDRESS_MESSAGES.invalid({ coin }) });
}

/**
 * The line a host on the test network adds under a refused address (a mainnet address is
 * the usual reason): none on production hosts, none for an empty field or an address it took.
 */
export function testNetworkHint(
  coin: string,
  address: string | undefined,
  network: Network,
  texts: Texts = DEFAULT_TEXTS,
): string | undefined {
  const typed = address?.trim() ?? '';
  if (network !== 'testnet' || typed === '' || isAddressOnNetwork(coin, typed, network)) return undefined;
  return texts.ADDRESS_MESSAGES.testNetworkOnly({ coin });
}
