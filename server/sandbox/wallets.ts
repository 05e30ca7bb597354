// Deposit addresses for sells: derived from the refId so a transaction always shows the
// same address, and encoded with the coin's real checksum so wallets and validators accept
// them, on the network the merchant trades on (a test or dev host's addresses are test-network
// ones). Nobody holds the keys: never send real coins to them.
import { createHash } from 'node:crypto';
import type { Coin, Network } from '../../checkout/domain.ts';

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/**
 * P2PKH version bytes by network: on mainnet BTC and BCH (legacy format) 0x00, LTC 0x30 ('L');
 * every test network (and the test coin LTCT) 0x6f ('m' or 'n').
 */
const P2PKH_VERSION: Record<Network, Record<Exclude<Coin, 'ETH'>, number>> = {
  prod: { BTC: 0x00, BCH: 0x00, LTC: 0x30, LTCT: 0x6f },
  testnet: { BTC: 0x6f, BCH: 0x6f, LTC: 0x6f, LTCT: 0x6f },
};

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function base58(bytes: Buffer): string {
  let n = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (n > 0n) {
    out = BASE58[Number(n % 58n)] + out;
    n /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`; // each leading zero byte is a leading '1'
  }
  return out;
}

/** A legacy address (BTC, BCH, LTC): the version byte and a 20-byte hash, Base58Check. */
export function base58check(version: number, payload: Buffer): string {
  const body = Buffer.concat([Buffer.from([version]), payload]);
  return base58(Buffer.concat([body, sha256(sha256(body)).subarray(0, 4)]));
}

export function depositAddress(coin: Coin, refId: string, network: Network): string {
  const hash160 = sha256(Buffer.from(`sandbox-deposit:${coin}:${refId}`)).subarray(0, 20);
  // All-lowercase hex is a valid Ethereum address (the mixed-case checksum is optional).
  if (coin === 'ETH') return `0x${hash160.toString('hex')}`;
  return base58check(P2PKH_VERSION[network][coin], hash160);
}
