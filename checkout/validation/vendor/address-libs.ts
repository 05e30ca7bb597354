// The only door to the CommonJS address libraries, so their quirks stay in one file.
/// <reference path="./modules.d.ts" />
import './global-shim.ts';
import bchaddr from 'bchaddrjs/dist/bchaddrjs-0.5.2.min.js';
import multicoin from 'multicoin-address-validator';
import type { Network } from '../../domain.ts';

export type { Network };

/** BTC, LTC and ETH through multicoin-address-validator, for exactly one network. */
export function multicoinValid(symbol: 'btc' | 'ltc' | 'eth', address: string, network: Network): boolean {
  try {
    return multicoin.validate(address, symbol, { networkType: network }) === true;
  } catch {
    return false;
  }
}

const CASH_PREFIX: Record<Network, string> = { prod: 'bitcoincash', testnet: 'bchtest' };

/**
 * Bitcoin Cash in cashaddr (prefix optional) or legacy format, checksums by bchaddrjs.
 * multicoin-address-validator is not used here: its cashaddr check is inverted in
 * 0.5.x (it accepts a bad checksum and refuses a good one).
 */
export function bchValid(address: string, network: Network): boolean {
  try {
    const colon = address.indexOf(':');
    if (colon === -1 && /^[qpQP]/.test(address)) {
      // Prefix-less cashaddr: the checksum covers the prefix, so try this network's one
      // (in the address's case: cashaddr refuses mixed case).
      const prefix = address === address.toUpperCase() ? CASH_PREFIX[network].toUpperCase() : CASH_PREFIX[network];
      return bchaddr.isValidAddress(`${prefix}:${address}`);
    }
    if (colon !== -1) {
      // 'bchreg:' (regtest) and any other prefix are refused here, not by the library.
      if (address.slice(0, colon).toLowerCase() !== CASH_PREFIX[network]) return false;
      return bchaddr.isValidAddress(address);
    }
    if (!bchaddr.isValidAddress(address) || bchaddr.detectAddressFormat(address) !== 'legacy') return false;
    return bchaddr.detectAddressNetwork(address) === (network === 'prod' ? 'mainnet' : 'testnet');
  } catch {
    return false;
  }
}

/**
 * A valid Bitcoin Cash address as cashaddr with its network's prefix ('bitcoincash:q…',
 * 'bchtest:q…'), whatever form it came in: the prefix is the wallet link's scheme.
 */
export function bchCashAddress(address: string): string {
  return bchaddr.toCashAddress(address);
}
