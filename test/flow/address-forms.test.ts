// Screen 7's address fields follow the buyer's country, from the order's currency: a
// Philippine order on manila and an Australian one on roo get their own regions, labels
// and postcode rule, keep the spec's messages, and send the region's ISO 3166-2 code with
// the country CA (docs/spec.md section 5) — checked in the body the sandbox received.
import t from 'tap';
import { driveTo, MANILA_CASH, type Visitor } from '../helpers/journey.ts';
import { startRecordingUpstream } from '../helpers/recording-upstream.ts';
import { startStack } from '../helpers/stack.ts';

const upstream = await startRecordingUpstream();
const stack = await startStack({ listen: false, upstreamUrl: (sandbox) => upstream.forwardTo(sandbox) });
t.teardown(async () => {
  await stack.close();
  await upstream.close();
});

const BUYER = { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.com', month: '12', day: '10', year: '1985' };

/** The region select's options (value, text), "Choose…" left out. */
function regionOptions(html: string): [string, string][] {
  const select = /<select id="stateProv"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)]
    .filter((m) => m[1] !== '')
    .map((m) => [m[1]!, m[2]!]);
}

const label = (html: string, id: string) => new RegExp(`<label for="${id}">([^<]*)</label>`).exec(html)?.[1];
const fieldError = (html: string, id: string) =>
  new RegExp(`<p class="field-error" id="${id}-error" role="alert">([^<]*)</p>`).exec(html)?.[1]?.replace(/&#x27;/g, "'");

async function addressPage(visitor: Visitor) {
  const page = await visitor.get('/buyer-info-input');
  if (page.statusCode !== 200) throw new Error(`buyer info: ${page.statusCode}`);
  return page.body;
}

t.test('a Philippine order (manila, PHP): provinces and Metro Manila, ZIP code, the region code on the wire', async (t) => {
  const visitor = await driveTo(stack, '/buyer-info-input', MANILA_CASH);
  const html = await addressPage(visitor);
  const options = regionOptions(html);
  t.equal(options.length, 83, "the Philippines' 82 provinces and Metro Manila");
  t.ok(
    options.some(([code, name]) => code === '00' && name === 'Metro Manila'),
    'Metro Manila',
  );
  t.ok(
    options.some(([code, name]) => code === 'CEB' && name === 'Cebu'),
    'Cebu',
  );
  t.notOk(
    options.some(([, name]) => name === 'Ontario' || name === 'Alberta'),
    'no Canadian province',
  );
  t.equal(label(html, 'stateProv'), 'Province');
  t.equal(label(html, 'postalCode'), 'ZIP code');
  t.match(html, /<input[^>]*id="postalCode"[^>]*inputMode="numeric"/i, 'a numeric keyboard for a digits-only code');

  const buyer = { ...BUYER, mobile: '0917 123 4567', addressLine1: '1 Rizal Avenue', cityTown: 'Manila' };
  const before = upstream.bodies('/buyerinfo').length;
  const empty = await visitor.submit('/buyer-info-input', { ...buyer, stateProv: '', postalCode: '' });
  t.equal(empty.statusCode, 200);
  t.equal(fieldError(empty.body, 'stateProv'), 'Province required');
  t.equal(fieldError(empty.body, 'postalCode'), 'ZIP code required', 'in the word of the label');
  const canadian = await visitor.submit('/buyer-info-input', { ...buyer, stateProv: 'ON', postalCode: 'M5V 2T6' });
  t.equal(fieldError(canadian.body, 'stateProv'), 'Province required', 'a Canadian province is refused');
  t.equal(fieldError(canadian.body, 'postalCode'), 'ZIP code is invalid', 'a Canadian postal code is refused');
  t.match(canadian.body, 'value="1 Rizal Avenue"', 'what was typed is kept');
  t.equal(upstream.bodies('/buyerinfo').length, before, 'nothing refused went upstream');

  const done = await visitor.submit('/buyer-info-input', { ...buyer, stateProv: '00', postalCode: ' 1000 ' });
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, '/mobile-verification', 'the sandbox took it');
  const sent = upstream.bodies('/buyerinfo').at(-1) as { address?: unknown; mobile?: { countryCode?: string } };
  t.strictSame(
    sent.address,
    { addressLine1: '1 Rizal Avenue', cityTown: 'Manila', stateProv: '00', postalCode: '1000', country: 'CA' },
    "the region's ISO 3166-2 code, the country CA",
  );
  t.equal(sent.mobile?.countryCode, '63', 'a Philippine mobile');
});

t.test('an Australian order (roo, AUD): the 8 states, Postcode, the state code on the wire', async (t) => {
  const visitor = await driveTo(stack, '/buyer-info-input', { host: 'roo.localhost', currency: 'AUD', amount: 400 });
  const html = await addressPage(visitor);
  t.strictSame(
    regionOptions(html).map(([code]) => code),
    ['QLD', 'NSW', 'ACT', 'VIC', 'TAS', 'NT', 'SA', 'WA'],
  );
  t.equal(label(html, 'stateProv'), 'State');
  t.equal(label(html, 'postalCode'), 'Postcode');
  t.ok(html.indexOf('id="day"') < html.indexOf('id="month"'), 'the birthday day first, as Australians write a date');
  t.ok(html.indexOf('id="month"') < html.indexOf('id="year"'));

  const buyer = { ...BUYER, mobile: '0412 345 678', addressLine1: '1 George St', cityTown: 'Sydney' };
  const wrong = await visitor.submit('/buyer-info-input', { ...buyer, stateProv: 'ON', postalCode: '20000' });
  t.equal(wrong.statusCode, 200);
  t.equal(fieldError(wrong.body, 'stateProv'), 'State required');
  t.equal(fieldError(wrong.body, 'postalCode'), 'Postcode is invalid');
  t.equal(label(wrong.body, 'postalCode'), 'Postcode', 'the labels stay with the messages');

  const done = await visitor.submit('/buyer-info-input', { ...buyer, stateProv: 'nsw', postalCode: '2000' });
  t.equal(done.headers.location, '/mobile-verification');
  t.strictSame((upstream.bodies('/buyerinfo').at(-1) as { address?: unknown }).address, {
    addressLine1: '1 George St',
    cityTown: 'Sydney',
    stateProv: 'NSW',
    postalCode: '2000',
    country: 'CA',
  });
});

t.test('a Canadian order keeps its provinces and "Postal code"', async (t) => {
  const visitor = await driveTo(stack, '/buyer-info-input', { amount: 300 });
  const html = await addressPage(visitor);
  t.equal(regionOptions(html).length, 13);
  t.equal(label(html, 'stateProv'), 'Province');
  t.equal(label(html, 'postalCode'), 'Postal code');
  t.match(html, /<input[^>]*id="postalCode"[^>]*autoCapitalize="characters"/i, 'letters and digits');
});
