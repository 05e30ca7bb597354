// The card rail against the sandbox: the provider's quote, the residency confirmation, the
// widget framed from exactly its origin, the provider's Pay read back through the
// upstream, and the failures (no quote, a merchant without a key, a non-CAD order).
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import type { UpstreamClient } from '../../server/upstream/client.ts';
import { cardPaid, driveTo } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

let quoteLost = false;
const realForRequest = stack.app.upstream.forRequest.bind(stack.app.upstream);
stack.app.upstream.forRequest = (context) => {
  const real = realForRequest(context);
  const wrapped: UpstreamClient = {
    ...real,
    cardQuote: async (query) =>
      quoteLost ? { ok: false, failure: { kind: 'unavailable', reason: 'timeout' } } : real.cardQuote(query),
  };
  return wrapped;
};

const cardBuy = () => driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 });

t.test('the quote, residency, the framed widget, Pay, success', async (t) => {
  const visitor = await cardBuy();
  const quote = await visitor.get('/credit-card-quote');
  t.equal(quote.statusCode, 200);
  t.match(quote.body, 'Step 4 of 4: Pay', 'a step forward from verification, never back to the quote');
  t.match(quote.body, 'The current price: a card quote is not held');
  t.notMatch(quote.body, 'Rate held', 'no countdown');
  t.match(quote.body, 'Credit cards charged in USD');
  // 100 CAD is charged 71.58 USD (68,000 USD per BTC against 95,000 CAD); fee 3.50 and 0.30,
  // 96.20 converted at 95,000 CAD per BTC.
  t.match(quote.body, '<dd class="order-total">$71.58 USD (for $100.00 CAD)</dd>');
  t.match(quote.body, '<dt>Card processing fee</dt><dd>$3.50 CAD</dd><dt>Network fee</dt><dd>$0.30 CAD</dd>');
  t.match(quote.body, '<dt>Converted at the rate</dt><dd>$96.20 CAD</dd>');
  t.match(quote.body, '<dt>You receive</dt><dd>0.00101263 BTC</dd>');

  const unconfirmed = await visitor.post('/credit-card-quote', {});
  t.equal(unconfirmed.statusCode, 303, 'a refusal answers with a redirect to the quote');
  t.equal(unconfirmed.headers.location, '/credit-card-quote');
  const refused = await visitor.get('/credit-card-quote');
  t.equal(refused.statusCode, 200);
  t.match(refused.body, 'Card payments are available to residents of Canada only.');
  t.match(refused.body, /aria-invalid="true"[^>]*name="canadianResident"/, 'the box marked as the one to tick');
  t.notMatch((await visitor.get('/credit-card-quote')).body, 'residents of Canada only', 'a reload shows it no more');
  const next = await visitor.post('/credit-card-quote', { canadianResident: 'yes' });
  t.equal(next.statusCode, 303);
  t.equal(next.headers.location, '/credit-card');

  const page = await visitor.get('/credit-card');
  t.equal(page.statusCode, 200);
  const src = /<iframe class="card-frame" src="([^"]+)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&');
  t.ok(src, 'the widget frame');
  const widget = new URL(src!);
  const frame = await stack.sandbox.app.inject({ url: `${widget.pathname}${widget.search}` });
  t.match(frame.body, '71.58 USD (for 100.00 CAD)', "the provider's frame charges what the quote said");
  t.match(frame.body, '0.00101263 BTC');
  t.equal(widget.origin + widget.pathname, stack.sandbox.thirdParty.cardWidgetUrl);
  t.equal(widget.searchParams.get('apiKey'), 'pk_sandbox_maple_4f8c21d97a3e');
  t.equal(widget.searchParams.get('refId'), visitor.refId());
  t.equal(widget.searchParams.get('colorCode'), '#c8102e');
  t.match(String(page.headers['content-security-policy']), `frame-src 'self' ${widget.origin}`);

  const early = await visitor.get('/credit-card?paid=1');
  t.match(early.body, 'We have not received your card payment yet.');
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: '/thirdparty/card/widget',
    payload: { apiKey: 'pk_sandbox_maple_4f8c21d97a3e', refId: visitor.refId(), decision: 'pay' },
  });
  t.match(paid.body, 'data-card-status="approved"');
  const done = await visitor.get('/credit-card?paid=1');
  t.equal(done.headers.location, '/transaction-success');
  const success = await visitor.get('/transaction-success');
  t.match(success.body, '0.00101263');
  t.match(success.body, 'Fee (included)');
  // The receipt says when, and what the card was charged in the provider's currency.
  t.match(success.body, /<dt>Order placed<\/dt><dd><time dateTime="[^"]+">\w+ \d{1,2}, \d{4} at \d\d:\d\d E[SD]T<\/time><\/dd>/);
  t.match(success.body, /<dt>Card charged<\/dt><dd><span class="money">.*?\$71\.58.*?USD/);
  t.match(success.body, `<dt>Reference ID</dt><dd class="reference-id">${visitor.refId()}</dd>`);
});

t.test("paid, then the visitor's own /state link: the success page keeps the provider's fee", async (t) => {
  const visitor = await cardPaid(stack);
  const resumed = await visitor.get(`/state/${visitor.refId()}`);
  t.equal(resumed.headers.location, '/transaction-success', 'resumed at once, at the end');
  const success = await visitor.get('/transaction-success');
  // The state does not carry the provider's fee: 0.00101263 BTC is 96.20 converted, not 100.
  t.match(success.body, '<dt>Fee (included)</dt><dd><span class="money"><span class="money-amount">$3.80</span>');
  t.match(success.body, '<span class="money-amount">0.00101263</span>');
});

t.test('a declined card charges nothing and the widget stays', async (t) => {
  const visitor = await cardBuy();
  const declined = await stack.sandbox.app.inject({
    method: 'POST',
    url: '/thirdparty/card/widget',
    payload: { apiKey: 'k', refId: visitor.refId(), decision: 'decline' },
  });
  t.match(declined.body, 'data-card-status="declined"');
  t.match(
    declined.body,
    `<a href="/thirdparty/card/widget?apiKey=k&amp;refId=${visitor.refId()}">Try another card</a>`,
    "the provider offers a fresh form, without the page's script too",
  );
  t.match(await visitor.state(), { nextAction: 'CUSTOMER_PAYMENT' });
  const page = await visitor.get('/credit-card');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Check my card payment', 'the check claims no payment');
  t.notMatch(page.body, /I have completed/i);
  t.match(page.body, '"startOverAction":"/price-quote/decline"', 'another method: starting over');
  t.match(page.body, `"statusUrl":"/api/txnbuy/status/${visitor.refId()}"`, 'the page watches the order');
});

t.test('no card quote: the spec message, a way back', async (t) => {
  const visitor = await cardBuy();
  quoteLost = true;
  const page = await visitor.get('/credit-card-quote');
  quoteLost = false;
  t.equal(page.statusCode, 503);
  t.match(page.body, 'It looks we&#x27;re having issues. Our team has been notified. Please try again later.');
  t.match(page.body, '<a class="button" href="/credit-card-quote">Try Again</a>', 'the visitor stays on the card quote');
  t.match(page.body, '<a class="button secondary" href="/">Back</a>');
});

t.test('card payments switched off (CARD_QUOTE_URL unset): home with a message, not an outage', async (t) => {
  const off = await startStack({ listen: false, thirdParty: ({ cardQuoteUrl: _off, ...rest }) => rest });
  t.teardown(() => off.close());
  t.notOk(off.app.thirdParty.available.card, 'card payments are off');
  const visitor = await driveTo(off, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 });
  for (const path of ['/credit-card-quote', '/credit-card']) {
    const page = await visitor.get(path);
    t.equal(page.statusCode, 200, `${path}: a page, not a 5xx`);
    t.match(page.body, 'Card payments are not available right now. Please choose another payment method.');
    t.match(page.body, 'name="fiatAmount"', 'the home form: the way back');
  }
});

t.test('a merchant without a card key: logged as an error, home with a message', async (t) => {
  // The demo merchants, maple without its key.
  const dir = await mkdtemp(join(tmpdir(), 'merchants-'));
  await cp(join(import.meta.dirname, '../../merchants'), dir, { recursive: true });
  const file = join(dir, 'maple/merchant.json');
  const maple = JSON.parse(await readFile(file, 'utf8'));
  delete maple.cardWidget.apiKey;
  await writeFile(file, JSON.stringify(maple));
  const keyless = await startStack({ listen: false, env: { MERCHANTS_DIR: dir } });
  t.teardown(async () => {
    await keyless.close();
    await rm(dir, { recursive: true, force: true });
  });

  const visitor = await driveTo(keyless, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 });
  for (const path of ['/credit-card-quote', '/credit-card']) {
    const page = await visitor.get(path);
    t.equal(page.statusCode, 200, `${path}: switched off by the merchant's configuration, not an outage`);
    t.match(page.body, 'Card payments are not available right now. Please choose another payment method.');
    t.match(page.body, 'name="fiatAmount"', 'the home form');
  }
  t.ok(
    keyless.logs.some((l) => l.level === 50 && String(l.msg).includes('apiKey missing')),
    'logged as an error',
  );
});
