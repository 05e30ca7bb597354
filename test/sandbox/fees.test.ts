// The sandbox's exchange charges the fees of the merchant's own file (x-merchant), so the
// demo's figures add up: a buy's fee is included (what is left is converted), a spend's is
// added to the card's value, a Pro visitor pays the Pro fee and never the promotion's, and a
// card pays the card provider's fees. A merchant it does not know charges nothing.
import t from 'tap';
import { BUY_QUOTE, SELL_QUOTE, sandboxFor } from './helpers.ts';

const as = (merchant: string) => ({ 'x-merchant': merchant });

t.test('a buy: the fee is included, the rest converted at the rate', async (t) => {
  const c = await sandboxFor(t);
  // test: etransferFee 2.99, no promotion. 97.01 / 95,000 = 0.00102116.
  const regular = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 100 }, as('test'));
  t.match(regular.body, { fiatAmount: 100, cryptoAmount: 0.00102116, forexRatePublic: 95_000 });
  // maple runs a promotion: its e-Transfer promo fee is 0, its Flexepin promo fee 1.99.
  const promo = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 100 }, as('maple'));
  t.match(promo.body, { cryptoAmount: 0.00105263 }, 'no fee during the promotion');
  const voucher = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 100, paymentMethod: 'FLEXEPIN' }, as('maple'));
  t.match(voucher.body, { cryptoAmount: 0.00103168 }, '98.01 converted');
  // manila's cash fee is 50 PHP: 950 / 3,895,000 PHP per BTC.
  const cash = await c.post(
    '/txnbuy/quoterequest',
    { ...BUY_QUOTE, fiatAmount: 1000, fiatCurrency: 'PHP', country: 'PH', paymentMethod: 'OTC' },
    as('manila'),
  );
  t.match(cash.body, { fiatAmount: 1000, cryptoAmount: 0.0002439 });
});

t.test('a Pro quote pays the Pro fee', async (t) => {
  const c = await sandboxFor(t);
  // test: Pro fee 1.49. 198.51 / 95,000 = 0.00208958.
  const pro = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 200, vipTag: 'vip-demo' }, as('test'));
  t.match(pro.body, { cryptoAmount: 0.00208958 });
});

t.test('a card pays the card provider fees, the same the provider quotes', async (t) => {
  const c = await sandboxFor(t);
  const card = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 100, paymentMethod: 'CREDITCARD' }, as('maple'));
  const provider = await c.get('/thirdparty/card/quote?key=k&baseCurrency=CAD&amount=100&quoteCurrency=BTC');
  t.match(card.body, { cryptoAmount: 0.00101263 });
  t.equal(card.body.cryptoAmount, provider.body.quoteCurrencyAmount);
});

t.test('a spend: the fee is added to the card value', async (t) => {
  const c = await sandboxFor(t);
  const spend = await c.post(
    '/txnsell/quoterequest',
    { ...SELL_QUOTE, cryptoAmount: 0, fiatAmount: 50, paymentMethod: 'GIFTCARD', paymentMethodSubtype: 'APPVAULT' },
    as('maple'),
  );
  // 50 + 1.50 = 51.50 / 95,000 = 0.00054211.
  t.match(spend.body, { fiatAmount: 50, cryptoAmount: 0.00054211 });
  const requoted = await c.post('/txnsell/requote', { refId: spend.body.refId, fiatAmount: 25 }, as('maple'));
  t.match(requoted.body, { fiatAmount: 25, cryptoAmount: 0.00027895 }, 'the picker requotes with the fee');
});

t.test('a sell: the coins at the rate, less a fee where the merchant has one', async (t) => {
  const c = await sandboxFor(t);
  const sell = await c.post('/txnsell/quoterequest', SELL_QUOTE, as('maple'));
  t.match(sell.body, { cryptoAmount: 0.0015, fiatAmount: 142.5 }, 'no sell fee in the spec: the whole value');
});

t.test('an order too small for its fee is refused with a message', async (t) => {
  const c = await sandboxFor(t);
  const tiny = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 2 }, as('test'));
  t.equal(tiny.status, 400);
  t.match(tiny.body, { error: { msg: 'fiatAmount: too small to cover the fee' } });
});

t.test('a merchant the sandbox cannot read charges nothing', async (t) => {
  const c = await sandboxFor(t);
  const unknown = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 100 }, as('nobody'));
  t.match(unknown.body, { cryptoAmount: 0.00105263 });
  const hostile = await c.post('/txnbuy/quoterequest', { ...BUY_QUOTE, fiatAmount: 100 }, as('../etc'));
  t.match(hostile.body, { cryptoAmount: 0.00105263 }, 'a name that is no folder is not read');
});
