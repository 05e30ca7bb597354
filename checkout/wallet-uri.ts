// The wallet link of a deposit: the URI a wallet opens with the address and the exact
// amount filled in, drawn as the deposit page's QR code and its "Open in wallet" link.
// BIP 21 for the bitcoin family ('bitcoin:ADDRESS?amount=0.00150000'; the scheme is the
// same on the test networks, whose addresses say which network they are on); for Bitcoin
// Cash the scheme is the cashaddr prefix, 'bitcoincash:' or on the test network 'bchtest:',
// never written twice. EIP-681 for Ether: 'ethereum:ADDRESS@CHAIN?value=WEI', the chain
// naming the network. The amount is the one the page shows, to its last digit. Pure.
import type { Coin, Network } from './domain.ts';
import { CRYPTO_DECIMALS } from './limits.ts';
import { roundTo } from './money.ts';
import { bchCashAddress } from './validation/vendor/address-libs.ts';

/** EIP-155 chain ids: Ethereum mainnet, and Sepolia where the test networks run. */
const ETHEREUM_CHAIN: Record<Network, number> = { prod: 1, testnet: 11_155_111 };

/** Ether has 18 decimals: a wei is 10^-18 ETH. */
const WEI_DECIMALS = 18;

/**
 * '0.00150000': the amount as the page shows it, in the plain decimal form wallets take
 * (a URI's, and the one the deposit page copies), whatever the page's language.
 */
export function walletAmount(amount: number): string {
  return roundTo(amount, CRYPTO_DECIMALS).toFixed(CRYPTO_DECIMALS);
}

/** The amount in the coin's smallest unit, exactly (no binary fraction on the way). */
function baseUnits(amount: number, decimals: number): string {
  const [whole = '0', fraction = ''] = walletAmount(amount).split('.');
  return (BigInt(whole + fraction) * 10n ** BigInt(decimals - fraction.length)).toString();
}

/**
 * The deposit address as the page shows it, copies it and links it: one string for one fact.
 * A Bitcoin Cash address in its prefixed cashaddr form, as its link carries it, however the
 * upstream wrote it; every other coin's as it came. The address must be a valid one of the
 * coin, as a page checks before it shows one.
 */
const WALLET_ADDRESS: Partial<Record<Coin, (address: string) => string>> = { BCH: bchCashAddress };

export function walletAddress(coin: string, address: string): string {
  return (Object.hasOwn(WALLET_ADDRESS, coin) ? WALLET_ADDRESS[coin as Coin] : undefined)?.(address) ?? address;
}

const bip21 = (scheme: string) => (address: string, amount: number) => `${scheme}:${address}?amount=${walletAmount(amount)}`;

/** Each coin's link; a coin added to the vocabulary does not compile until it has one. */
const WALLET_URI: Record<Coin, (address: string, amount: number, network: Network) => string> = {
  BTC: bip21('bitcoin'),
  LTC: bip21('litecoin'),
  LTCT: bip21('litecoin'),
  // The prefixed cashaddr is already 'scheme:address'.
  BCH: (address, amount) => `${walletAddress('BCH', address)}?amount=${walletAmount(amount)}`,
  ETH: (address, amount, network) => `ethereum:${address}@${ETHEREUM_CHAIN[network]}?value=${baseUnits(amount, WEI_DECIMALS)}`,
};

/**
 * The wallet URI sending `amount` of `coin` to `address` on `network`. The address must
 * be a valid `coin` address on that network, as the deposit page checks before it shows
 * one (no address is valid for a coin outside the vocabulary): anything else is a bug.
 */
export function walletUri(coin: string, address: string, amount: number, network: Network): string {
  if (!Object.hasOwn(WALLET_URI, coin)) throw new Error(`no wallet link for the coin ${coin}`);
  return WALLET_URI[coin as Coin](address, amount, network);
}
