import t from 'tap';
import { SHARED_NEXT_ACTIONS } from '../../checkout/domain.ts';
import { type NextScreenState, type NextStep, nextScreen } from '../../checkout/next-screen.ts';
import type { ScreenPath } from '../../checkout/routes.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';

const state = (nextAction: string, over: Partial<NextScreenState> = {}): NextScreenState => ({
  nextAction,
  paymentMethod: 'ETRANSFER',
  fiatCurrency: 'CAD',
  txnType: 'BUY',
  nextActionParams: null,
  ...over,
});
const nav = (path: string): NextStep => ({ kind: 'navigate', path });

type Row = [name: string, s: NextScreenState, from: ScreenPath, want: NextStep];

const rows: Row[] = [
  ['INPUT_CRYPTOADDRESS from the quote', state('INPUT_CRYPTOADDRESS'), '/price-quote', nav('/address-input')],
  ['INPUT_CRYPTOADDRESS from home', state('INPUT_CRYPTOADDRESS'), '/', nav('/price-quote')],
  ['INPUT_CRYPTOADDRESS from address input', state('INPUT_CRYPTOADDRESS'), '/address-input', nav('/price-quote')],
  [
    'INPUT_BUYERINFO ETRANSFEROUT from the quote',
    state('INPUT_BUYERINFO', { paymentMethod: 'ETRANSFEROUT', txnType: 'SELL' }),
    '/price-quote',
    nav('/buyer-info-input'),
  ],
  [
    'INPUT_BUYERINFO ETRANSFEROUT from home',
    state('INPUT_BUYERINFO', { paymentMethod: 'ETRANSFEROUT', txnType: 'SELL' }),
    '/',
    nav('/price-quote'),
  ],
  [
    'INPUT_BUYERINFO GIFTCARD from the quote',
    state('INPUT_BUYERINFO', { paymentMethod: 'GIFTCARD', txnType: 'SELL' }),
    '/price-quote',
    nav('/buyer-info-input'),
  ],
  [
    'INPUT_BUYERINFO GIFTCARD from home',
    state('INPUT_BUYERINFO', { paymentMethod: 'GIFTCARD', txnType: 'SELL' }),
    '/',
    nav('/spend-quote'),
  ],
  [
    'INPUT_BUYERINFO GIFTCARD from the spend quote',
    state('INPUT_BUYERINFO', { paymentMethod: 'GIFTCARD', txnType: 'SELL' }),
    '/spend-quote',
    nav('/spend-quote'),
  ],
  ['INPUT_BUYERINFO ETRANSFER from address input', state('INPUT_BUYERINFO'), '/address-input', nav('/buyer-info-input')],
  [
    'INPUT_BUYERINFO FLEXEPIN from the quote',
    state('INPUT_BUYERINFO', { paymentMethod: 'FLEXEPIN' }),
    '/price-quote',
    nav('/buyer-info-input'),
  ],
  ['VERIFY_MOBILE', state('VERIFY_MOBILE'), '/buyer-info-input', nav('/mobile-verification')],
  ['SUBMIT_SELFIEDOC', state('SUBMIT_SELFIEDOC'), '/mobile-verification', nav('/image-input-choice')],
  ['ADMIN_REVIEW', state('ADMIN_REVIEW'), '/image-input-upload', nav('/transaction-in-review')],
  [
    'INPUT_VOUCHERNUMBER',
    state('INPUT_VOUCHERNUMBER', { paymentMethod: 'FLEXEPIN' }),
    '/mobile-verification',
    nav('/payment-flexepin'),
  ],
  [
    'CUSTOMER_PAYMENT OTC',
    state('CUSTOMER_PAYMENT', { paymentMethod: 'OTC', fiatCurrency: 'PHP' }),
    '/mobile-verification',
    nav('/payment-otc'),
  ],
  ['CUSTOMER_PAYMENT ETRANSFER', state('CUSTOMER_PAYMENT'), '/mobile-verification', nav('/payment-etransfer-instructions')],
  [
    'CUSTOMER_PAYMENT BANKTRANSFER AUD',
    state('CUSTOMER_PAYMENT', {
      paymentMethod: 'BANKTRANSFER',
      fiatCurrency: 'AUD',
      nextActionParams: { redirectUrl: 'https://bank.example/pay?ref=R1' },
    }),
    '/poli',
    { kind: 'redirect', url: 'https://bank.example/pay?ref=R1', page: '/bank-payment' },
  ],
  [
    'CUSTOMER_PAYMENT BANKTRANSFER AUD without redirectUrl',
    state('CUSTOMER_PAYMENT', { paymentMethod: 'BANKTRANSFER', fiatCurrency: 'AUD', nextActionParams: {} }),
    '/poli',
    { kind: 'none', reason: 'CUSTOMER_PAYMENT BANKTRANSFER AUD without redirectUrl' },
  ],
  // The rule passes the URL on as given; the edge checks it against the merchant's payment
  // hosts before following it (test/checkout/payment-url.test.ts).
  [
    'CUSTOMER_PAYMENT BANKTRANSFER AUD with a javascript: URL',
    state('CUSTOMER_PAYMENT', {
      paymentMethod: 'BANKTRANSFER',
      fiatCurrency: 'AUD',
      nextActionParams: { redirectUrl: 'javascript:alert(1)' },
    }),
    '/poli',
    { kind: 'redirect', url: 'javascript:alert(1)', page: '/bank-payment' },
  ],
  [
    "CUSTOMER_PAYMENT BANKTRANSFER CAD: the bank's page inside the checkout",
    state('CUSTOMER_PAYMENT', { paymentMethod: 'BANKTRANSFER', nextActionParams: { htmlDoc: '<html><form></form></html>' } }),
    '/bank-select',
    { kind: 'navigate', path: '/bank-payment' },
  ],
  [
    'CUSTOMER_PAYMENT BANKTRANSFER CAD without htmlDoc',
    state('CUSTOMER_PAYMENT', { paymentMethod: 'BANKTRANSFER', nextActionParams: null }),
    '/bank-select',
    { kind: 'none', reason: 'CUSTOMER_PAYMENT BANKTRANSFER without htmlDoc' },
  ],
  [
    'CUSTOMER_PAYMENT ETRANSFEROUT',
    state('CUSTOMER_PAYMENT', { paymentMethod: 'ETRANSFEROUT', txnType: 'SELL' }),
    '/mobile-verification',
    nav('/payment-spend'),
  ],
  [
    'CUSTOMER_PAYMENT GIFTCARD',
    state('CUSTOMER_PAYMENT', { paymentMethod: 'GIFTCARD', txnType: 'SELL' }),
    '/mobile-verification',
    nav('/payment-spend'),
  ],
  [
    'CUSTOMER_PAYMENT CREDITCARD',
    state('CUSTOMER_PAYMENT', { paymentMethod: 'CREDITCARD' }),
    '/mobile-verification',
    { kind: 'navigate', path: '/credit-card-quote' },
  ],
  [
    'INITIATE_BANKTRANSFER AUD',
    state('INITIATE_BANKTRANSFER', { paymentMethod: 'BANKTRANSFER', fiatCurrency: 'AUD' }),
    '/mobile-verification',
    nav('/poli'),
  ],
  [
    'INITIATE_BANKTRANSFER CAD',
    state('INITIATE_BANKTRANSFER', { paymentMethod: 'BANKTRANSFER' }),
    '/mobile-verification',
    nav('/bank-select'),
  ],
  ['INITIATE_ETRANSFER', state('INITIATE_ETRANSFER'), '/mobile-verification', nav('/payment-etransfer-instructions')],
  [
    'INPUT_EMTEMAIL',
    state('INPUT_EMTEMAIL', { paymentMethod: 'ETRANSFEROUT', txnType: 'SELL' }),
    '/price-quote',
    nav('/email-input'),
  ],
  ['DONE_COMPLETED', state('DONE_COMPLETED'), '/payment-flexepin', nav('/transaction-success')],
  ['DONE_CANCELLED', state('DONE_CANCELLED'), '/payment-flexepin', nav('/transaction-cancelled')],
  ['unknown action', state('SOMETHING_NEW'), '/price-quote', { kind: 'none', reason: 'unknown nextAction SOMETHING_NEW' }],
  ['empty action', state(''), '/price-quote', { kind: 'none', reason: 'unknown nextAction ' }],
];

t.test('next-screen table', async (t) => {
  for (const [name, s, from, want] of rows) t.strictSame(nextScreen(s, from, PAYMENT_METHODS), want, name);
});

t.test("every known nextAction is a row of the table: the shared ones and every method's own", async (t) => {
  const owned = PAYMENT_METHODS.list.flatMap((m) => Object.keys(m.next));
  for (const action of new Set([...SHARED_NEXT_ACTIONS, ...owned]))
    t.ok(
      rows.some(([, s]) => s.nextAction === action),
      action,
    );
});
