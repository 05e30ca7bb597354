// The ticker on maple's home (showTicker): rendered on the server from the upstream's
// public prices, cached a few seconds per merchant, refreshed by the Ticker island; no
// ticker (and no 5xx) when the upstream has none; merchants without showTicker never ask.
import t from 'tap';
import { tickerResponseSchema } from '../../checkout/contract.ts';
import { Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

let now = Date.parse('2026-11-22T10:00:00Z');
const clock = () => now;
const stack = await startStack({ listen: false, clock, sandbox: { clock } });
t.teardown(() => stack.close());

const tickerCalls = () =>
  stack.logs.filter((l) => String((l.upstream as { path?: string } | undefined)?.path ?? '').endsWith('/pubapi/ticker/merchant'))
    .length;

t.test("maple's home: its four coins in CAD, server-rendered, with the island", async (t) => {
  const before = tickerCalls();
  const home = await new Visitor(stack).get('/');
  t.equal(home.statusCode, 200);
  t.match(home.body, 'data-island="Ticker"');
  for (const [coin, price] of [
    ['BTC', '$95,000.00'],
    ['BCH', '$475.00'],
    ['LTC', '$100.00'],
    ['ETH', '$3,500.00'],
  ]) {
    t.match(home.body, `<span class="ticker-coin">${coin}</span> <span class="ticker-price">${price} CAD</span>`);
  }
  t.notMatch(home.body, 'LTCT', 'no test coin on a production merchant');
  t.notMatch(home.body, 'AUD</span>', "only maple's currency");
  t.match(home.body, '"url":"/api/pubapi/ticker/merchant"');
  t.equal(tickerCalls(), before + 1);

  // Another visitor within the cache time: the same answer, no new call.
  await new Visitor(stack).get('/');
  t.equal(tickerCalls(), before + 1, 'cached per merchant, not per visitor');
  now += 15_000; // past the cache: asked again
  const later = await new Visitor(stack).get('/');
  t.equal(tickerCalls(), before + 2);
  t.match(later.body, '$95,000.00 CAD', "the sandbox's public price is the one its quotes use");
});

t.test('the island may refresh through the public /api call', async (t) => {
  const res = await stack.app.inject({ method: 'GET', url: '/api/pubapi/ticker/merchant', headers: { host: 'maple.localhost' } });
  t.equal(res.statusCode, 200);
  t.equal(tickerResponseSchema.parse(res.json()).length, 20);
});

t.test('no ticker when the upstream fails; the page is fine', async (t) => {
  now += 60_000;
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const home = await new Visitor(stack).get('/');
  t.equal(home.statusCode, 200);
  t.notMatch(home.body, 'data-island="Ticker"');
  t.match(home.body, 'data-island="AmountForm"');
  const before = tickerCalls();
  await new Visitor(stack).get('/');
  t.equal(tickerCalls(), before, 'an outage costs one call per merchant per cache time');
  now += 6_000;
  const next = await new Visitor(stack).get('/');
  t.match(next.body, 'data-island="Ticker"', 'asked again after the cache time');
});

t.test('merchants without showTicker never ask for it', async (t) => {
  now += 60_000;
  const before = tickerCalls();
  const home = await new Visitor(stack, 'manila.localhost').get('/');
  t.equal(home.statusCode, 200);
  t.notMatch(home.body, 'data-island="Ticker"');
  t.equal(tickerCalls(), before);
});

t.test('the contract refuses a negative or absent price', async (t) => {
  t.notOk(tickerResponseSchema.safeParse([{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: -1 }]).success);
  t.notOk(tickerResponseSchema.safeParse([{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD' }]).success);
});

t.test(
  "the home estimate without JavaScript: the coin's price, never a figure for a method the visitor may change",
  async (t) => {
    const home = await new Visitor(stack).get('/');
    const estimate = /<p class="estimate">([\s\S]*?)<\/p>/.exec(home.body)?.[1] ?? '';
    t.match(estimate.replace(/<[^>]+>/g, ''), 'Current price: 1 BTC = $95,000.00 CAD', 'the price the estimate works from');
    t.notMatch(estimate, 'You receive about', 'no amount worked out for the default method');
    t.notMatch(estimate, /0\.00105263/, 'not 100 CAD at 95,000 for e-Transfer');
  },
);
