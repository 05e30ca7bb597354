// What crawlers get: each merchant host's /robots.txt, read by a parser that follows RFC 9309
// as crawlers do, lets them read home and the legal pages the host shows and nothing of an
// order; it carries the edge's headers. Every page says what it is in a meta description
// that names the merchant (the screen tour's browser walk checks it on every screen).
import robotsModule from 'robots-parser';
import t from 'tap';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { ROUTE_LIST, ROUTES } from '../../checkout/routes.ts';
import { driveTo, MAPLE, startFlow } from '../helpers/journey.ts';
import { MERCHANT_HOSTS } from '../helpers/screen-tour.ts';
import { startStack } from '../helpers/stack.ts';

// Its types declare an ES default export; the package is CommonJS, the function is module.exports.
const robotsParser = robotsModule as unknown as typeof robotsModule.default;

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const get = (host: string, url: string, method: 'GET' | 'HEAD' = 'GET') => stack.app.inject({ method, url, headers: { host } });

/** A route's path with a sample value for each parameter. */
const sample = (path: string) => path.replace(/:[A-Za-z]+/g, 'SAMPLE1');
const PUBLIC_PATHS = new Set<string>([ROUTES.home.path, ...LEGAL_PAGES.map(({ route }) => route.path)]);

const titleOf = (host: string) => {
  const found = stack.app.merchants.resolve(host);
  if (found.kind !== 'known') throw new Error(`${host} is a demo merchant`);
  return found.merchant.config.title;
};

/** The page's meta description, unescaped as a browser reads it; the status when the answer is no page. */
const descriptionOf = ({ statusCode, body }: { statusCode: number; body: string }) =>
  statusCode !== 200
    ? `(status ${statusCode})`
    : /<meta name="description" content="([^"]*)"\/?>/
        .exec(body)?.[1]
        ?.replace(/&amp;/g, '&')
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"');

t.test('robots.txt: home and the legal pages the host shows, nothing of an order', async (t) => {
  for (const host of MERCHANT_HOSTS) {
    const res = await get(host, '/robots.txt');
    t.equal(res.statusCode, 200, `${host}: a robots file, not a redirect home`);
    t.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    const robots = robotsParser(`http://${host}/robots.txt`, res.body);
    const allowed = (path: string) => robots.isAllowed(`http://${host}${path}`, 'Googlebot');
    t.ok(allowed('/'), `${host}: home`);
    for (const { route } of LEGAL_PAGES) {
      const shown = (await get(host, route.path)).statusCode === 200;
      t.equal(allowed(route.path), shown, `${host}${route.path}: ${shown ? 'shown here, allowed' : 'sent elsewhere, not'}`);
    }
    for (const route of ROUTE_LIST.filter((r) => !PUBLIC_PATHS.has(r.path))) {
      t.notOk(allowed(sample(route.path)), `${host}: ${route.path} disallowed`);
    }
    t.notOk(allowed('/api/pubapi/ticker/merchant'), `${host}: the API disallowed`);
    t.notOk(allowed('/?type=SELL'), `${host}: a home tab is home again, not a page of its own`);
    t.notOk(allowed('/no-such-page'), `${host}: an address that is no page`);
    t.ok(allowed(stack.app.assetManifest.styles['app.css']!), `${host}: the style sheet the pages need`);
  }
});

t.test("robots.txt carries the edge's headers, and answers HEAD", async (t) => {
  const page = await get(MAPLE, ROUTES.termsOfService.path);
  const robots = await get(MAPLE, '/robots.txt');
  for (const header of [
    'strict-transport-security',
    'x-content-type-options',
    'cross-origin-resource-policy',
    'referrer-policy',
    'x-frame-options',
  ]) {
    t.equal(robots.headers[header], page.headers[header], header);
  }
  t.ok(robots.headers['x-request-id'], 'a request id, as every answer');
  t.match(robots.headers['cache-control'], /^public, max-age=\d+$/, 'crawlers and caches may keep it');
  const head = await get(MAPLE, '/robots.txt', 'HEAD');
  t.equal(head.statusCode, 200);
  t.equal(head.body, '');
  t.equal(head.headers['content-type'], 'text/plain; charset=utf-8');
});

t.test('robots.txt follows the Host: a host no merchant has gets the fallback merchant, as every page', async (t) => {
  const res = await get('unknown.example', '/robots.txt');
  t.equal(res.statusCode, 200);
  t.equal(res.body, (await get('dev.localhost', '/robots.txt')).body, 'the fallback merchant (dev) answers');
});

t.test('home: a meta description of what the merchant offers, from its title', async (t) => {
  for (const host of MERCHANT_HOSTS) {
    const description = descriptionOf(await get(host, '/'));
    t.ok(description?.startsWith(`${titleOf(host)}: `), `${host}: ${description}`);
  }
  t.equal(
    descriptionOf(await get(MAPLE, '/')),
    'Maple Coin: buy, sell, or spend Bitcoin, Bitcoin Cash, Litecoin, and Ethereum online, in a few steps.',
  );
  t.equal(
    descriptionOf(await get('roo.localhost', '/')),
    'Roo Crypto: buy Bitcoin, Ethereum, and Litecoin online, in a few steps.',
    'a merchant offering buying only says so',
  );
});

t.test('legal pages and the steps of an order: the page and the merchant', async (t) => {
  t.equal(descriptionOf(await get(MAPLE, ROUTES.termsOfService.path)), 'The Terms of Service of Maple Coin.');
  for (const [visitor, path, description] of [
    [await startFlow(stack), ROUTES.priceQuote.path, 'Confirm your quote — your order at Maple Coin.'],
    [
      await driveTo(stack, ROUTES.paymentEtransferInstructions.path),
      ROUTES.paymentEtransferInstructions.path,
      'Payment — your order at Maple Coin.',
    ],
  ] as const) {
    t.equal(descriptionOf(await visitor.get(path)), description, path);
  }
});
