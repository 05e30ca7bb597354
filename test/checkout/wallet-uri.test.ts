// The wallet link of each coin, on each network: the scheme wallets register, the address
// as the wallet needs it, and the exact amount the deposit page shows.
import t from 'tap';
import { walletUri } from '../../checkout/wallet-uri.ts';

t.test(
  'the bitcoin family: BIP 21 with the amount to 8 decimals; the test networks keep the scheme (the address says the network)',
  async (t) => {
    const cases = [
      [
        'BTC',
        'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        0.0015,
        'prod',
        'bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00150000',
      ],
      [
        'BTC',
        '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu',
        12.5,
        'prod',
        'bitcoin:1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu?amount=12.50000000',
      ],
      [
        'BTC',
        'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
        0.0015,
        'testnet',
        'bitcoin:mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn?amount=0.00150000',
      ],
      [
        'LTC',
        'LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9',
        0.25,
        'prod',
        'litecoin:LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9?amount=0.25000000',
      ],
      [
        'LTC',
        'tltc1qu78xur5xnq6fjy83amy0qcjfau8m367defyhms',
        0.25,
        'testnet',
        'litecoin:tltc1qu78xur5xnq6fjy83amy0qcjfau8m367defyhms?amount=0.25000000',
      ],
      [
        'LTCT',
        'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn',
        3,
        'testnet',
        'litecoin:mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn?amount=3.00000000',
      ],
    ] as const;
    for (const [coin, address, amount, network, uri] of cases)
      t.equal(walletUri(coin, address, amount, network), uri, `${coin} ${network}`);
  },
);

t.test('the amount is the one shown: rounded half up at the 8th decimal, never in exponent form', async (t) => {
  const amount = (value: number) => walletUri('BTC', 'A', value, 'prod').split('amount=')[1];
  t.equal(amount(0.000000015), '0.00000002');
  t.equal(amount(0.0014999999999), '0.00150000');
  t.equal(amount(1e-7), '0.00000010');
  t.equal(amount(21_000_000), '21000000.00000000');
});

t.test('bitcoin cash: the cashaddr prefix is the scheme, written once whatever form the address came in', async (t) => {
  const prod = 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a?amount=0.10000000';
  t.equal(walletUri('BCH', 'bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 0.1, 'prod'), prod, 'prefixed');
  t.equal(walletUri('BCH', 'qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a', 0.1, 'prod'), prod, 'without its prefix');
  t.equal(walletUri('BCH', '1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu', 0.1, 'prod'), prod, 'legacy');
  const test = 'bchtest:qqjr7yu573z4faxw8ltgvjwpntwys08fysk07zmvce?amount=0.10000000';
  t.equal(walletUri('BCH', 'bchtest:qqjr7yu573z4faxw8ltgvjwpntwys08fysk07zmvce', 0.1, 'testnet'), test, 'test network, prefixed');
  t.equal(walletUri('BCH', 'qqjr7yu573z4faxw8ltgvjwpntwys08fysk07zmvce', 0.1, 'testnet'), test, 'test network, bare');
  t.equal(walletUri('BCH', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 0.1, 'testnet'), test, 'test network, legacy');
});

t.test('ether: EIP-681 with the chain of the network and the value in wei, exactly', async (t) => {
  const address = '0x52908400098527886E0F7030069857D2E4169EE7';
  t.equal(walletUri('ETH', address, 1.5, 'prod'), `ethereum:${address}@1?value=1500000000000000000`);
  t.equal(walletUri('ETH', address, 1.5, 'testnet'), `ethereum:${address}@11155111?value=1500000000000000000`, 'Sepolia');
  const wei = (value: number) => walletUri('ETH', address, value, 'prod').split('value=')[1];
  t.equal(wei(0.1), '100000000000000000', 'no binary fraction (0.1 * 1e18 is not exact)');
  t.equal(wei(1.23456789), '1234567890000000000');
  t.equal(wei(0.00000001), '10000000000');
  t.equal(wei(12345.6789), '12345678900000000000000');
});
