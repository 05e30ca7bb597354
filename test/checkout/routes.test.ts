import t from 'tap';
import { ROUTES, ROUTE_LIST, buildPath, hasFlag } from '../../checkout/routes.ts';

t.test('every path of docs/spec.md section 2', async (t) => {
  const paths = ROUTE_LIST.map((r) => r.path);
  const expected = [
    '/',
    '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method',
    '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method/type/:type',
    '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method/type/:type/currency/:currency',
    '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method/type/:type/currency/:currency/subtype/:subtype',
    '/pro/:customerHash',
    '/transaction',
    '/price-quote',
    '/new-quote',
    '/address-input',
    '/email-input',
    '/buyer-info-input',
    '/mobile-verification',
    '/image-input-choice',
    '/image-input-camera',
    '/image-input-upload',
    '/audio-input',
    '/audio-input-skip',
    '/verify',
    '/verify/:country',
    '/pro/verify',
    '/verify-idenfy/:token',
    '/payment-etransfer-instructions',
    '/payment-flexepin',
    '/payment-spend',
    '/payment-spend-success',
    '/spend-quote',
    '/payment-otc',
    '/payment-otc-success',
    '/bank-select',
    '/poli',
    '/bank-payment',
    '/credit-card-quote',
    '/credit-card',
    '/transaction-in-review',
    '/transaction-success',
    '/transaction-cancelled',
    '/done',
    '/proc/:procid',
    '/cash-in-locations',
    '/state/:refId',
    '/state',
    '/order/:refId/:signature',
    '/order/:refId',
    '/privacy-policy',
    '/terms-of-service',
    '/compliance-policy',
    '/refund-policy',
  ];
  t.strictSame([...paths].sort(), [...expected].sort());
  t.equal(new Set(paths).size, paths.length, 'no duplicate paths');
  const names = ROUTE_LIST.map((r) => r.name);
  t.equal(new Set(names).size, names.length, 'no duplicate names');
  t.ok(
    names.every((n) => /^[a-z]+(-[a-z]+)*$/.test(n)),
    'kebab-case names',
  );
});

t.test("the spec's named identifiers", async (t) => {
  const named: [string, string][] = [
    ['transaction', '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method'],
    ['transaction-type', '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method/type/:type'],
    ['transaction-type-currency', '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method/type/:type/currency/:currency'],
    [
      'transaction-type-currency-subtype',
      '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method/type/:type/currency/:currency/subtype/:subtype',
    ],
    ['transaction-pro', '/pro/:customerHash'],
    ['transaction-new', '/transaction'],
    ['proc-handler', '/proc/:procid'],
    ['cash-in-locations', '/cash-in-locations'],
    ['buyer-info-input', '/buyer-info-input'],
    ['credit-card-quote', '/credit-card-quote'],
    ['verify-idenfy', '/verify-idenfy/:token'],
    ['state', '/state/:refId'],
    ['verify', '/verify'],
    ['verify-pro', '/pro/verify'],
    ['audio-input', '/audio-input'],
    ['audio-input-skip', '/audio-input-skip'],
  ];
  for (const [name, path] of named) t.equal(ROUTE_LIST.find((r) => r.name === name)?.path, path, name);
  t.equal(ROUTES.priceQuote.path, '/price-quote');
  t.equal(ROUTES.home.path, '/');
});

t.test('leave-page guard on quote screens only', async (t) => {
  const guarded = ROUTE_LIST.filter((r) => r.leavePageGuard)
    .map((r) => r.path)
    .sort();
  t.strictSame(guarded, ['/credit-card-quote', '/price-quote', '/spend-quote']);
});

t.test('every sub-path a form posts to and every query flag a screen reads', async (t) => {
  const actions = ROUTE_LIST.flatMap((r) => Object.values(r.actions)).sort();
  t.strictSame(actions, [
    '/mobile-verification/resend',
    '/new-quote/accept',
    '/payment-flexepin/requote',
    '/price-quote/accept',
    '/price-quote/decline',
    '/state/:refId/confirm',
    '/verify/complete',
    '/verify/file',
  ]);
  const flags = ROUTE_LIST.flatMap((r) => Object.values(r.flags)).sort();
  t.strictSame(flags, [
    '/bank-payment?returned=1',
    '/credit-card?paid=1',
    '/mobile-verification?sent=1',
    '/payment-etransfer-instructions?paid=1',
    '/payment-otc?confirm=1',
    '/payment-spend?confirm=1',
    '/verify-idenfy/:token?consent=1',
  ]);
  t.equal(ROUTES.done.path, '/done');
  t.equal(hasFlag({ paid: '1' }, 'paid'), true);
  for (const other of [{}, { paid: 'yes' }, { paid: ['1', '1'] }, { paid: '<b>1</b>' }, null, 'paid=1']) {
    t.equal(hasFlag(other, 'paid'), false, JSON.stringify(other));
  }
});

t.test('screen paths and parameters', async (t) => {
  t.equal(buildPath(ROUTES.state, { refId: 'R 1/2' }), '/state/R%201%2F2');
  t.equal(
    buildPath(ROUTES.transactionTypeCurrency, {
      amount: 100,
      cryptocurrency: 'BTC',
      method: 'ETRANSFER',
      type: 'BUY',
      currency: 'CAD',
    }),
    '/amount/100/cryptocurrency/BTC/method/ETRANSFER/type/BUY/currency/CAD',
  );
  t.strictSame(ROUTES.transactionTypeCurrencySubtype.params, [
    'amount',
    'cryptocurrency',
    'method',
    'type',
    'currency',
    'subtype',
  ]);
  t.throws(() => buildPath(ROUTES.state, { refId: '' }), /missing parameter refId/);
});
