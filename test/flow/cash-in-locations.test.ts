// Screen 21 without a browser: the centres within 100 miles of Manila, grouped by city
// nearest first, open or closed now in Manila time by the edge's clock; the map island
// with no tile server; leaflet's style sheet on this page only; the shipped data checked.

import { readFileSync } from 'node:fs';
import t from 'tap';
import { CENTRES_FILE, loadCentres, parseCentres } from '../../server/cash-in/centres.ts';
import { startFlow, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

// 2026-11-22 02:30 UTC = 10:30 in Manila.
let now = Date.parse('2026-11-22T02:30:00Z');
const stack = await startStack({ listen: false, clock: () => now });
t.teardown(() => stack.close());

const centre = (over: Record<string, unknown> = {}) => ({
  name: 'Cash-In Centre Test',
  address: '1 Rizal Avenue',
  city: 'Manila',
  state: 'Metro Manila',
  zip: '1000',
  country: 'PH',
  lat: 14.6,
  lng: 120.98,
  phone: '+63 2 8123 4567',
  open: '08:00',
  close: '20:00',
  ...over,
});

t.test('the shipped data: about 100 centres, all in the Philippines and in their cities', async (t) => {
  const centres = loadCentres();
  t.ok(centres.length >= 95 && centres.length <= 110, `${centres.length} centres`);
  t.equal(new Set(centres.map((c) => c.name)).size, centres.length, 'names are unique');
});

t.test('a bad row is refused at start-up, naming the row', async (t) => {
  t.throws(
    () => parseCentres([centre(), centre({ name: 'Far Away', lat: 35.68, lng: 139.69 })]),
    /row 2 \(Far Away\): lat\/lng 35.68,139.69 is outside the Philippines/,
  );
  t.throws(
    () => parseCentres([centre({ name: 'Wrong City', city: 'Manila', lat: 10.3157, lng: 123.8854 })]),
    /row 1 \(Wrong City\): .* km from Manila/,
  );
  t.throws(() => parseCentres([centre({ city: 'Atlantis' })]), /city "Atlantis" is not a known city/);
  t.throws(() => parseCentres([centre({ open: '8am' })]), /row 1 .*open: expected HH:MM/);
  t.throws(() => parseCentres([centre({ lat: undefined })]), /row 1 .*lat/);
  t.throws(() => parseCentres({}), /expected a list/);
  t.same(parseCentres(JSON.parse(readFileSync(CENTRES_FILE, 'utf8'))).length, loadCentres().length);
});

t.test('the page: map island, centres by city nearest first, open now in Manila time, no header or footer', async (t) => {
  const res = await new Visitor(stack, 'manila.localhost').get('/cash-in-locations');
  t.equal(res.statusCode, 200);
  t.match(res.body, '<body class="bare">');
  t.notMatch(res.body, 'site-header');
  t.notMatch(res.body, 'site-footer');
  t.match(res.body, 'data-island="CashInMap"');
  t.match(res.body, '"tileUrl":null', 'no tile server configured: the outline only');
  t.match(res.body, /"outlineUrl":"\/assets\/data\/ph-outline\.[0-9a-f]{12}\.json"/);
  t.match(res.body, /<link rel="stylesheet" href="\/assets\/css\/leaflet\.[0-9a-f]{12}\.css"\/>/);
  const cities = [...res.body.matchAll(/<h2 id="city-[^"]+">([^<]+)<\/h2>/g)].map((m) => m[1]);
  t.equal(cities[0], 'Manila', 'the nearest city first');
  t.ok(cities.includes('Angeles') && cities.includes('Batangas City'), 'cities within 100 miles');
  for (const far of ['Baguio', 'Cebu City', 'Davao City', 'Iloilo City', 'Naga', 'Legazpi'])
    t.notOk(cities.includes(far), `${far} is beyond 100 miles`);
  // 10:30 in Manila: the 08:00-20:00 centre is open, the 22:00-06:00 one closed, the 24-hour one open.
  t.match(res.body, /Cash-In Centre Manila Rizal<\/strong>(?:(?!<\/li>).)*centre-open-label/s);
  t.match(res.body, /08:00–20:00/);
  const night =
    /<strong>([^<]+)<\/strong><span>[^<]+<\/span><span>[^<]+<\/span><span>22:00–06:00[^<]*<\/span><span class="([^"]+)"/.exec(
      res.body,
    );
  t.equal(night?.[2], 'centre-closed-label', `${night?.[1]} is closed at 10:30`);

  now = Date.parse('2026-11-22T16:30:00Z'); // 00:30 in Manila
  const late = await new Visitor(stack, 'manila.localhost').get('/cash-in-locations');
  const open = new RegExp(
    `<strong>${night?.[1]}</strong><span>[^<]+</span><span>[^<]+</span><span>22:00–06:00[^<]*</span><span class="centre-open-label"`,
  );
  t.match(late.body, open, 'open past midnight');
});

t.test('leaflet loads on the map page only; merchants with OTC link to the map', async (t) => {
  const home = await new Visitor(stack, 'manila.localhost').get('/');
  t.match(home.body, '<a href="/cash-in-locations">Find a payment centre near you</a>');
  t.notMatch((await new Visitor(stack).get('/')).body, '/cash-in-locations', 'maple has no cash method');
  t.notMatch(home.body, 'leaflet');
  t.notMatch(home.body, 'CashInMap');
});

t.test('one unit: the radius and every distance in kilometres', async (t) => {
  const res = await new Visitor(stack, 'manila.localhost').get('/cash-in-locations');
  t.match(res.body, 'Pay for your order in cash at any of these payment centres within 161 km of Manila.');
  t.notMatch(res.body, /miles?\b/, 'no miles anywhere on the page');
  const distances = [...res.body.matchAll(/<span>[^<]* · ([^<]+)<\/span>/g)].map((m) => m[1]!);
  t.ok(distances.length >= 50, `${distances.length} centres with a distance`);
  t.ok(
    distances.every((d) => /^\d{1,3}\.\d km$/.test(d)),
    'each in km, one decimal',
  );
  t.ok(
    distances.every((d) => Number.parseFloat(d) <= 161),
    'all within the radius',
  );
});

t.test("the merchant's mark and a way back to the order, header and footer still hidden", async (t) => {
  const bar = (html: string) => /<div class="cash-in-bar">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  const stranger = await new Visitor(stack, 'manila.localhost').get('/cash-in-locations');
  t.match(
    bar(stranger.body),
    /<a class="brand brand-compact" href="\/"><img class="brand-mark" src="\/assets\/m\/manila\/favicon\.[0-9a-f]{12}\.svg" alt="" width="24" height="24"\/><span class="brand-name">Manila Crypto<\/span><\/a>/,
    'the compact brand mark, a link home',
  );
  t.match(bar(stranger.body), '<a class="cash-in-back" href="/">Back to the home page</a>', 'no order: home');
  t.notMatch(stranger.body, 'site-header');

  const cash = await startFlow(stack, { host: 'manila.localhost', currency: 'PHP', method: 'OTC', amount: 2000 });
  const withOrder = await cash.get('/cash-in-locations');
  t.match(
    bar(withOrder.body),
    '<a class="cash-in-back" href="/payment-otc">Back to my order</a>',
    'a cash order: its payment page',
  );

  const other = await startFlow(stack);
  const elsewhere = await other.get('/cash-in-locations');
  t.match(
    bar(elsewhere.body),
    '<a class="cash-in-back" href="/transaction">Back to my order</a>',
    'another order: where it stands',
  );
});
