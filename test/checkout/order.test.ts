// The order, once: what each flow's summary shows, in which order, what the flow cookie keeps
// of a flow state, and which screens show the cookie's order.
import t from 'tap';
import type { FlowState } from '../../checkout/contract.ts';
import { flowCookieSchema } from '../../checkout/flow-cookie.ts';
import { SUMMARY_ADDRESS_MAX, SUMMARY_EMAIL_MAX } from '../../checkout/limits.ts';
import { type FlowOrderSource, orderFiguresOf, orderOf, summaryRows } from '../../checkout/order.ts';
import { showsFlowSummary } from '../../checkout/progress.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { stepOf } from '../helpers/screens.ts';

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';

function stateOf(overrides: Partial<FlowState> = {}): FlowState {
  return {
    refId: 'SBXREF',
    fiatAmount: 100,
    fiatCurrency: 'CAD',
    cryptoAmount: 0.00105263,
    cryptoCurrency: 'BTC',
    forexRatePublic: 95_000,
    cryptoAddress: null,
    paymentMethod: 'ETRANSFER',
    txnType: 'BUY',
    txnStatus: 'PENDING',
    nextAction: 'INPUT_BUYERINFO',
    ...overrides,
  };
}

const labels = (state: FlowState, payoutEmail = true) =>
  summaryRows(orderOf(flowOf(state), state)!, { payoutEmail }).map((r) => r.label);

function flowOf(state: FlowState, fee: number | null = null): FlowOrderSource {
  return {
    refId: state.refId,
    kind: PAYMENT_METHODS.get(state.paymentMethod)?.flow ?? 'BUY',
    txnType: state.txnType,
    method: state.paymentMethod,
    fiatCurrency: state.fiatCurrency as FlowOrderSource['fiatCurrency'],
    cryptoCurrency: state.cryptoCurrency,
    order: orderFiguresOf(state, fee),
  };
}

const RATE = { kind: 'rate', label: 'Exchange rate', rate: 95_000, fiatCurrency: 'CAD', cryptoCurrency: 'BTC' };

t.test('a buy: the total, the fee when the quote had one, the rate, the coins, the address once known', async (t) => {
  t.same(summaryRows(orderOf(flowOf(stateOf()))!), [
    { kind: 'fiat', label: 'Order total', amount: 100, currency: 'CAD', total: true },
    RATE,
    { kind: 'crypto', label: 'Crypto amount', amount: 0.00105263, currency: 'BTC' },
    { kind: 'reference', label: 'Reference ID', value: 'SBXREF' },
  ]);
  const withAddress = stateOf({ cryptoAddress: ADDRESS, paymentMethod: 'FLEXEPIN', cryptoAmount: 0.00103168 });
  t.same(summaryRows(orderOf(flowOf(withAddress, 1.99))!), [
    { kind: 'fiat', label: 'Order total', amount: 100, currency: 'CAD', total: true },
    { kind: 'fiat', label: 'Fee (included)', amount: 1.99, currency: 'CAD' },
    RATE,
    { kind: 'crypto', label: 'Crypto amount', amount: 0.00103168, currency: 'BTC' },
    { kind: 'address', label: 'Receiving address', value: ADDRESS },
    { kind: 'reference', label: 'Reference ID', value: 'SBXREF' },
  ]);
});

t.test('a completion page: when the order was placed, and what the card was charged while it stands', async (t) => {
  const card = stateOf({ paymentMethod: 'CREDITCARD', cryptoAmount: 0.00101263, txnDate: '2026-11-28T19:05:00.000Z' });
  const charge = { amount: 71.58, currency: 'USD', forFiat: 100 };
  const flow = { ...flowOf(card, 3.8), order: orderFiguresOf(card, 3.8, charge) };
  const rows = summaryRows(orderOf(flow, card)!, { completed: true });
  t.same(rows.slice(0, 3), [
    { kind: 'date', label: 'Order placed', at: Date.parse('2026-11-28T19:05:00.000Z'), fiatCurrency: 'CAD' },
    { kind: 'fiat', label: 'Card charged', amount: 71.58, currency: 'USD' },
    { kind: 'fiat', label: 'Order total', amount: 100, currency: 'CAD', total: true },
  ]);
  t.notOk(
    summaryRows(orderOf(flow, card)!).some((r) => r.kind === 'date' || r.label === 'Card charged'),
    'the forms before the end show neither',
  );
  // A requote to another amount: the provider's charge no longer stands for the order.
  const requoted = { ...card, fiatAmount: 150 };
  t.notOk(orderFiguresOf(requoted, 3.8, charge).charge);
  t.notOk(orderOf(flow, requoted)!.charge);
  t.notOk(orderOf(flow, { ...card, txnDate: 'not a date' })!.placedAt, 'an unreadable date is left out');
});

t.test('inside a receipt that states the total and its reference itself: the figures between', async (t) => {
  const cash = stateOf({ paymentMethod: 'OTC', cryptoAmount: 0.00103168 });
  t.same(summaryRows(orderOf(flowOf(cash, 1.99))!, { receipt: true }), [
    { kind: 'fiat', label: 'Fee (included)', amount: 1.99, currency: 'CAD' },
    RATE,
    { kind: 'crypto', label: 'Crypto amount', amount: 0.00103168, currency: 'BTC' },
  ]);
});

t.test('a sell: what it receives, the coins it sends, the payout email, never the deposit address', async (t) => {
  const sell = stateOf({
    txnType: 'SELL',
    paymentMethod: 'ETRANSFEROUT',
    cryptoAddress: 'tb1qdeposit',
    cryptoAmount: 0.0015,
    fiatAmount: 140.55,
  });
  t.same(labels(sell), ['You receive', 'Exchange rate', 'You send', 'Reference ID'], "the deposit address is the payment page's");
  const withEmail = { ...sell, emtEmail: 'payout@example.com' };
  t.same(labels(withEmail), ['You receive', 'Exchange rate', 'You send', 'Payout email', 'Reference ID']);
  t.same(summaryRows(orderOf(flowOf(withEmail))!, { payoutEmail: true })[3], {
    kind: 'email',
    label: 'Payout email',
    value: 'payout@example.com',
  });
  t.same(
    labels(withEmail, false),
    ['You receive', 'Exchange rate', 'You send', 'Reference ID'],
    'the pages after the flow show no personal data',
  );
});

t.test('a gift-card spend: the card value, the spend fee added, the rate; no payout email, no address', async (t) => {
  const spend = stateOf({
    txnType: 'SELL',
    paymentMethod: 'GIFTCARD',
    fiatAmount: 25,
    cryptoAddress: 'tb1qdeposit',
    emtEmail: 'x@example.com',
  });
  t.same(
    summaryRows(orderOf(flowOf(spend, 1.5))!, { payoutEmail: true }).map((r) => [
      r.label,
      'amount' in r ? r.amount : 'rate' in r ? r.rate : 'at' in r ? r.at : r.value,
    ]),
    [
      ['eGift card value', 25],
      ['Fee (added)', 1.5],
      ['Exchange rate', 95_000],
      ['You send', 0.00105263],
      ['Reference ID', 'SBXREF'],
    ],
  );
});

t.test('the cookie keeps only the figures, and leaves out what would not fit', async (t) => {
  t.same(
    orderFiguresOf(stateOf({ cryptoAddress: ADDRESS, emtEmail: 'a@example.com' }), 0),
    {
      fiatAmount: 100,
      cryptoAmount: 0.00105263,
      rate: 95_000,
      cryptoAddress: ADDRESS,
      emtEmail: 'a@example.com',
    },
    'no fee of 0',
  );
  const long = orderFiguresOf(stateOf({ cryptoAddress: 'x'.repeat(SUMMARY_ADDRESS_MAX + 1) }), 2.99);
  t.same(
    long,
    { fiatAmount: 100, cryptoAmount: 0.00105263, rate: 95_000, fee: 2.99 },
    'an address too long for the cookie is left out',
  );
  t.equal(orderOf({ ...flowOf(stateOf()), order: undefined }), undefined, 'no order in the cookie, no state: none');
});

t.test("a state just read wins over the cookie; the fee stays the cookie's", async (t) => {
  const cookie = flowOf(stateOf(), 1.99);
  const fresh = stateOf({ fiatAmount: 120, cryptoAddress: ADDRESS });
  const order = orderOf(cookie, fresh)!;
  t.equal(order.fiatAmount, 120);
  t.equal(order.cryptoAddress, ADDRESS);
  t.equal(order.fee, 1.99);
});

t.test('the largest flow cookie stays far below the 4 KB a browser keeps', async (t) => {
  const cookie = flowCookieSchema.parse({
    refId: 'R'.repeat(64),
    kind: 'SELL',
    txnType: 'SELL',
    method: 'M'.repeat(32),
    subtype: 'S'.repeat(64),
    fiatCurrency: 'CAD',
    cryptoCurrency: 'C'.repeat(8),
    pro: true,
    addressRequired: true,
    merchant: 'm'.repeat(64),
    at: `/${'a'.repeat(63)}`,
    order: {
      fiatAmount: 1234567.89,
      cryptoAmount: 12345.12345678,
      cryptoAddress: 'x'.repeat(SUMMARY_ADDRESS_MAX),
      emtEmail: 'e'.repeat(SUMMARY_EMAIL_MAX),
      fee: 12.34,
    },
  });
  // The signature adds '.' and 43 characters; the name and attributes about 100 more.
  const value = Buffer.from(JSON.stringify(cookie)).toString('base64url').length + 44;
  t.ok(value < 1500, `${value} bytes`);
  t.notOk(
    flowCookieSchema.safeParse({ ...cookie, order: { ...cookie.order, emtEmail: 'e'.repeat(SUMMARY_EMAIL_MAX + 1) } }).success,
    'nothing longer is read back',
  );
});

t.test("the forms between the quote and the payment show the cookie's summary; the others do not", async (t) => {
  for (const route of [
    ROUTES.addressInput,
    ROUTES.buyerInfoInput,
    ROUTES.emailInput,
    ROUTES.mobileVerification,
    ROUTES.imageInputChoice,
    ROUTES.imageInputCamera,
    ROUTES.imageInputUpload,
    ROUTES.audioInput,
    ROUTES.verify,
  ]) {
    t.ok(showsFlowSummary(stepOf(route.path)), route.path);
  }
  for (const route of [
    ROUTES.home,
    ROUTES.priceQuote,
    ROUTES.spendQuote,
    ROUTES.creditCardQuote,
    ROUTES.paymentEtransferInstructions,
    ROUTES.paymentSpend,
    ROUTES.paymentOtc,
    ROUTES.transactionNew,
  ]) {
    t.notOk(showsFlowSummary(stepOf(route.path)), route.path);
  }
});
