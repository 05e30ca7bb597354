// A method or coin with action "redirect" and a url links out instead of quoting.
import t from 'tap';
import type { MerchantConfig } from '../../checkout/merchant-schema.ts';
import { linkOutUrl } from '../../checkout/offer.ts';

const config = (over: Partial<MerchantConfig>) =>
  ({
    paymentMethods: [
      { name: 'ETRANSFER', type: 'BUY', label: 'e-Transfer' },
      { name: 'CREDITCARD', type: 'BUY', label: 'Card', action: 'redirect', url: 'https://cards.example/buy' },
    ],
    supportedCoins: [
      { id: 'BTC', name: 'Bitcoin' },
      { id: 'ETH', name: 'Ethereum', action: 'redirect', url: 'https://eth.example/' },
    ],
    ...over,
  }) as unknown as MerchantConfig;

t.test('the method first, then the coin; only with the action and a url', async (t) => {
  t.equal(
    linkOutUrl(config({}), { paymentMethod: 'CREDITCARD', cryptoCurrency: 'BTC', kind: 'BUY' }),
    'https://cards.example/buy',
  );
  t.equal(linkOutUrl(config({}), { paymentMethod: 'ETRANSFER', cryptoCurrency: 'ETH', kind: 'BUY' }), 'https://eth.example/');
  t.equal(linkOutUrl(config({}), { paymentMethod: 'ETRANSFER', cryptoCurrency: 'BTC', kind: 'BUY' }), undefined);
  const noUrl = config({
    paymentMethods: [{ name: 'ETRANSFER', type: 'BUY', label: 'e', action: 'redirect' }] as MerchantConfig['paymentMethods'],
  });
  t.equal(
    linkOutUrl(noUrl, { paymentMethod: 'ETRANSFER', cryptoCurrency: 'BTC', kind: 'BUY' }),
    undefined,
    'an action without a url quotes',
  );
  const other = config({
    paymentMethods: [
      { name: 'ETRANSFER', type: 'BUY', label: 'e', action: 'popup', url: 'https://x.example' },
    ] as MerchantConfig['paymentMethods'],
  });
  t.equal(
    linkOutUrl(other, { paymentMethod: 'ETRANSFER', cryptoCurrency: 'BTC', kind: 'BUY' }),
    undefined,
    'another action quotes',
  );
});
