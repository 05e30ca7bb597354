import { readFileSync } from 'node:fs';
import t from 'tap';
import { buildPath, hasFlag, ROUTE_LIST, ROUTES } from '../../checkout/routes.ts';

/** The routes docs/spec.md section 2 lists, as the route table spells them: `{x}` is `:x`, each `[…]` part optional. */
function specRoutes(): string[] {
  const spec = readFileSync(new URL('../../docs/spec.md', import.meta.url), 'utf8');
  const table = spec.slice(spec.indexOf('### Routes'), spec.indexOf('### Next-screen rule'));
  const cells = [...table.matchAll(/^\| (\/[^|]*?) +\|/gm)].map((m) => m[1]!);
  const expand = (route: string): string[] => {
    const open = route.indexOf('[');
    if (open < 0) return [route];
    const close = route.lastIndexOf(']');
    const head = route.slice(0, open);
    return [head, ...expand(route.slice(open + 1, close)).map((tail) => head + tail)];
  };
  return cells
    .flatMap((cell) => cell.split(', '))
    .flatMap(expand)
    .map((route) => route.replace(/\{(\w+)\}/g, ':$1'));
}

t.test('every path of docs/spec.md section 2 is a route', async (t) => {
  const paths = ROUTE_LIST.map((r) => r.path);
  const spec = specRoutes();
  t.ok(spec.length > 30, `${spec.length} routes in the spec`);
  t.strictSame(
    spec.filter((route) => !paths.includes(route)),
    [],
  );
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
