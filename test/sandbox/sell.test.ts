// Sell (e-transfer payout) and spend (gift card, a SELL upstream) journeys: the deposit
// address, and the status that turns PROCESSED on the second poll.
import { createRequire } from 'node:module';
import t from 'tap';
import { statusResponseSchema } from '../../checkout/contract.ts';
import { isAddressOnNetwork } from '../../checkout/validation/crypto-address.ts';
import { depositAddress } from '../../server/sandbox/wallets.ts';
import { BUYER, errorOf, sandboxFor } from './helpers.ts';

// CommonJS without types: validate(address, coin, network) -> boolean.
const addressValidator = createRequire(import.meta.url)('multicoin-address-validator') as {
  validate(address: string, coin: string, network?: string): boolean;
};

t.test('sell: fiat from coin amount, buyer info, verification, e-transfer email, deposit', async (t) => {
  const c = await sandboxFor(t);
  const quote = await c.sellQuote({ cryptoAmount: 0.0015 });
  t.match(quote, {
    txnType: 'SELL',
    fiatAmount: 142.5,
    cryptoAmount: 0.0015,
    nextAction: 'INPUT_BUYERINFO',
    cryptoAddress: null,
  });

  const verified = await c.verifiedSell({ cryptoAmount: 0.0015 });
  t.equal(verified.nextAction, 'INPUT_EMTEMAIL');
  const payment = await c.step('/txnsell/emtemail', { refId: verified.refId, emtEmail: 'ada@example.com' });
  t.equal(payment.nextAction, 'CUSTOMER_PAYMENT');
  const address = payment.nextActionParams?.cryptoAddress ?? '';
  t.equal(address, depositAddress('BTC', verified.refId, 'prod'), 'derived from the refId, on mainnet for a production merchant');
  t.equal(payment.cryptoAddress, address);
  t.ok(addressValidator.validate(address, 'BTC'), 'a valid BTC address');

  const first = statusResponseSchema.parse((await c.get(`/txnsell/status/${verified.refId}`)).body);
  t.same(first, { txnStatus: 'PENDING', cryptoAddress: address, cryptoCurrency: 'BTC', cryptoAmount: 0.0015 });
  const second = statusResponseSchema.parse((await c.get(`/txnsell/status/${verified.refId}`)).body);
  t.equal(second.txnStatus, 'PROCESSED');
  t.equal((await c.get(`/txnsell/status/${verified.refId}`)).body.txnStatus, 'PROCESSED', 'stays PROCESSED');
  t.equal((await c.get(`/txnsell/flowstate/${verified.refId}`)).body.txnStatus, 'PROCESSED');
});

t.test('status before CUSTOMER_PAYMENT does not count towards PROCESSED', async (t) => {
  const c = await sandboxFor(t);
  const verified = await c.verifiedSell();
  t.equal((await c.get(`/txnsell/status/${verified.refId}`)).body.txnStatus, 'PENDING');
  t.equal((await c.get(`/txnsell/status/${verified.refId}`)).body.txnStatus, 'PENDING');
  await c.step('/txnsell/emtemail', { refId: verified.refId, emtEmail: 'ada@example.com' });
  t.equal((await c.get(`/txnsell/status/${verified.refId}`)).body.txnStatus, 'PENDING', 'first call after payment');
  t.equal((await c.get(`/txnsell/status/${verified.refId}`)).body.txnStatus, 'PROCESSED', 'second call');
});

t.test('spend: a gift-card quote starts at 0, the picker requotes, deposit without e-transfer email', async (t) => {
  const c = await sandboxFor(t);
  const quote = await c.sellQuote({ paymentMethod: 'GIFTCARD', paymentMethodSubtype: 'AMAZON', cryptoAmount: 0, fiatAmount: 0 });
  t.match(quote, {
    txnType: 'SELL',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: 'AMAZON',
    fiatAmount: 0,
    cryptoAmount: 0,
    nextAction: 'INPUT_BUYERINFO',
  });

  const picked = await c.post('/txnsell/requote', {
    refId: quote.refId,
    fiatAmount: 50,
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'GIFTCARD',
    paymentMethodSubtype: 'STEAM',
    txnType: 'SELL',
    country: 'CA',
  });
  t.equal(picked.status, 200);
  t.match(picked.body, { fiatAmount: 50, cryptoAmount: 0.00052632 });
  const confirmed = await c.step('/txnsell/confirmednewquote', { refId: quote.refId });
  t.match(confirmed, { fiatAmount: 50, cryptoAmount: 0.00052632, paymentMethodSubtype: 'STEAM' });

  await c.step('/txnsell/buyerinfo', { refId: quote.refId, ...BUYER });
  const payment = await c.step('/txnsell/mobileverification', { refId: quote.refId, verificationCode: '123456' });
  t.equal(payment.nextAction, 'CUSTOMER_PAYMENT', 'no e-transfer email for a gift card');
  t.ok(addressValidator.validate(payment.nextActionParams?.cryptoAddress ?? '', 'BTC'));

  const emt = await c.post('/txnsell/emtemail', { refId: quote.refId, emtEmail: 'ada@example.com' });
  t.equal(errorOf(emt).code, 'FLOWACTION.INVALID');
});

t.test('deposit addresses are valid for every coin', async (t) => {
  const c = await sandboxFor(t);
  for (const coin of ['BTC', 'BCH', 'LTC', 'ETH', 'LTCT']) {
    const verified = await c.verifiedSell({ cryptoCurrency: coin, cryptoAmount: 0.01 });
    const payment = await c.step('/txnsell/emtemail', { refId: verified.refId, emtEmail: 'ada@example.com' });
    const address = payment.nextActionParams?.cryptoAddress ?? '';
    const valid =
      coin === 'LTCT' ? addressValidator.validate(address, 'LTC', 'testnet') : addressValidator.validate(address, coin);
    t.ok(valid, `${coin} ${address}`);
  }
});

t.test('the sell API does not take buy-only steps, and vice versa', async (t) => {
  const c = await sandboxFor(t);
  const sell = await c.sellQuote();
  const address = await c.post('/txnsell/cryptoaddress', { refId: sell.refId, cryptoAddress: 'bc1q' });
  t.equal(address.status, 409);
  t.equal(errorOf(address).code, 'FLOWACTION.INVALID');
  const init = await c.post('/etransfer/init', { refId: sell.refId });
  t.equal(errorOf(init).code, 'FLOWACTION.INVALID');
});

t.test('deposit addresses are on the network asked for, as the edge checks a receiving address', async (t) => {
  for (const coin of ['BTC', 'BCH', 'LTC', 'ETH', 'LTCT'] as const) {
    for (const network of ['prod', 'testnet'] as const) {
      const address = depositAddress(coin, 'SBXREF', network);
      t.ok(isAddressOnNetwork(coin, address, network), `${coin} ${network}: ${address}`);
      const other = network === 'prod' ? 'testnet' : 'prod';
      // ETH has one format everywhere; LTCT is a test coin, never checked.
      if (coin !== 'ETH' && coin !== 'LTCT') t.notOk(isAddressOnNetwork(coin, address, other), `${coin} not on ${other}`);
    }
  }
});
