// Screen 4 and the quote request over real sockets (sandbox + edge): the page per method
// and merchant, NEXT through the next-screen rule, the expired state without JavaScript
// (Accept requotes and confirms, Decline starts over), SYSTEM and other requote failures,
// missing, forged and foreign flow cookies, limit errors and the no-message retry page.
import t from 'tap';
import { testClock } from '../fixtures/clock.ts';
import { directLink, type Quote, startFlow, upstreamCalls } from '../helpers/journey.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

const main = await startStack({ listen: false });
/** A hold of 0 s: every quote is over at once, even a requoted one. */
const noHold = await startStack({ listen: false, sandbox: { quoteTtlS: 0 } });
/** The sandbox's default hold, on one clock the test moves for the sandbox and the edge alike. */
const HOLD_MS = 600_000;
const clock = testClock();
const held = await startStack({ listen: false, clock: clock.now, sandbox: { clock: clock.now } });
t.teardown(async () => {
  await Promise.all([main.close(), noHold.close(), held.close()]);
});

const MAPLE = 'maple.localhost';
const FORM = 'application/x-www-form-urlencoded';
const headers = (host: string, cookie?: string) => ({
  host,
  origin: `http://${host}`,
  'content-type': FORM,
  ...(cookie ? { cookie } : {}),
});
const get = (stack: Stack, url: string, cookie?: string, host = MAPLE) =>
  stack.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });
const post = (stack: Stack, url: string, cookie?: string, payload = '', host = MAPLE) =>
  stack.app.inject({ method: 'POST', url, headers: headers(host, cookie), payload });

/** A quote through the direct link; the flow cookie it set. */
const startQuote = async (stack: Stack, quote: Quote = {}) => (await startFlow(stack, { ...quote, via: 'link' })).cookie;

/** The page's text without tags, for word-for-word checks. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");

/** The deadline the page hands its QuoteTimer island, in ms since the epoch. */
const deadline = (html: string) => Date.parse(/"deadline":"([^"]+)"/.exec(html)![1]!);

const cleared = (response: { cookies: { name: string; value: string }[] }) =>
  response.cookies.some((c) => c.name === 'flow' && c.value === '');

t.test('maple e-Transfer buy: figures, rate, fees included, promo with NO PROCESSING FEES, terms, NEXT', async (t) => {
  const cookie = await startQuote(main);
  const page = await get(main, '/price-quote', cookie);
  t.equal(page.statusCode, 200);
  const body = text(page.body);
  t.match(body, 'Amount to spend$100.00 CAD');
  t.match(body, 'You receive0.00105263 BTC');
  t.match(body, 'Exchange rate1 BTC = $95,000.00 CAD');
  t.match(body, 'All fees included.');
  t.match(body, 'NO PROCESSING FEES');
  t.match(body, 'You save $2.99 with this promotion.');
  t.match(body, 'By continuing you agree to the Terms of Service and Privacy Policy.');
  t.match(page.body, '<a href="/terms-of-service"');
  t.match(page.body, '<a href="/privacy-policy"');
  t.notMatch(body, 'Credit cards charged in USD');
  t.match(body, /Rate held until \d\d:\d\d E[DS]T/, 'the deadline as a time in Eastern time');
  t.notMatch(body, 'Your price quote has expired.');
  t.match(page.body, /<button class="button" type="submit" autofocus="">NEXT<\/button>/, 'NEXT takes Enter');
  t.match(page.body, 'data-island="QuoteTimer"');
  t.match(page.body, 'data-island="LeaveGuard"', 'the leave-page prompt is on');

  // PROD with a container: the container script carries the request's nonce, and the data-layer island is there.
  const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
  t.ok(nonce);
  t.match(page.body, `<script async="" src="https://www.googletagmanager.com/gtm.js?id=GTM-M4PL3CA" nonce="${nonce}">`);
  t.match(page.body, 'data-island="Analytics"');

  const next = await post(main, '/price-quote', cookie);
  t.equal(next.statusCode, 303);
  t.equal(next.headers.location, '/address-input', 'INPUT_CRYPTOADDRESS from the price quote');
});

t.test('maple Flexepin: the promo saves the fee difference, fees not zero', async (t) => {
  const cookie = await startQuote(main, { method: 'FLEXEPIN' });
  const body = text((await get(main, '/price-quote', cookie)).body);
  t.match(body, 'You save $2.00 with this promotion.');
  t.notMatch(body, 'NO PROCESSING FEES');
});

t.test('maple card quote: Current Price Quote, charged in USD, no countdown and no promo', async (t) => {
  const cookie = await startQuote(main, { method: 'CREDITCARD' });
  const page = await get(main, '/price-quote', cookie);
  const body = text(page.body);
  t.match(body, 'Current Price Quote');
  t.match(body, 'Credit cards charged in USD');
  t.notMatch(body, 'Rate held');
  t.notMatch(page.body, 'promo-box');
  t.match(page.body, '"deadline":null');
});

t.test('maple sell: the coin amount to send, the payout, then buyer info', async (t) => {
  const cookie = await startQuote(main, { kind: 'SELL', amount: '0.0015' });
  const body = text((await get(main, '/price-quote', cookie)).body);
  t.match(body, 'Amount to send0.00150000 BTC');
  t.match(body, 'You receive$142.50 CAD');
  t.notMatch(body, 'NO PROCESSING FEES', 'no promo on payouts');
  const next = await post(main, '/price-quote', cookie);
  t.equal(next.headers.location, '/buyer-info-input', 'INPUT_BUYERINFO for ETRANSFEROUT from the price quote');
});

t.test('test host (TEST, no promo) in AUD: Sydney time, no promo, no tag manager', async (t) => {
  const host = 'test.localhost';
  const cookie = await startQuote(main, { host, currency: 'AUD' });
  const page = await get(main, '/price-quote', cookie, host);
  const body = text(page.body);
  t.match(body, 'Amount to spend$100.00 AUD');
  t.match(body, '1 BTC = $104,500 AUD', 'no decimals above 100,000');
  t.match(body, /Rate held until \d\d:\d\d AE[DS]T/);
  t.notMatch(page.body, 'promo-box');
  t.notMatch(page.body, 'googletagmanager');
  t.notMatch(page.body, 'data-island="Analytics"');
});

t.test('no, forged or foreign flow cookie: home, and nothing reaches the upstream', async (t) => {
  const before = upstreamCalls(main, '/flowstate/') + upstreamCalls(main, '/requote');
  t.equal((await get(main, '/price-quote')).headers.location, '/');
  t.equal((await get(main, '/price-quote')).statusCode, 302);
  for (const path of ['/price-quote', '/price-quote/accept']) {
    const response = await post(main, path);
    t.equal(response.statusCode, 303, `POST ${path} without a flow`);
    t.equal(response.headers.location, '/');
  }
  const cookie = await startQuote(main);
  const forged = cookie.replace(/.{4}$/, 'AAAA');
  t.equal((await get(main, '/price-quote', forged)).headers.location, '/', 'a tampered signature reads as no flow');
  t.equal((await post(main, '/price-quote', forged)).headers.location, '/');
  // A maple flow on another merchant's host is not a flow there.
  t.equal((await get(main, '/price-quote', cookie, 'roo.localhost')).headers.location, '/');
  t.equal(upstreamCalls(main, '/flowstate/') + upstreamCalls(main, '/requote'), before, 'no upstream call');
});

t.test("a signed flow naming a transaction the upstream does not know (or another API's): home, flow cleared", async (t) => {
  const sell = await startQuote(main, { kind: 'SELL', amount: '0.0015' });
  const refId = JSON.parse(Buffer.from(main.app.unsignCookie(sell.slice(5)).value!, 'base64url').toString()).refId as string;
  const sign = (flow: object) => `flow=${main.app.signCookie(Buffer.from(JSON.stringify(flow)).toString('base64url'))}`;
  const base = {
    kind: 'BUY',
    txnType: 'BUY',
    method: 'ETRANSFER',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    pro: false,
    addressRequired: false,
    merchant: 'maple',
  };
  for (const flow of [
    { ...base, refId: 'NOSUCHREF' },
    { ...base, refId },
  ]) {
    const page = await get(main, '/price-quote', sign(flow));
    t.equal(page.statusCode, 302);
    t.equal(page.headers.location, '/');
    t.ok(cleared(page), 'flow cookie cleared');
    t.notMatch(page.body, '142.50', "never the other transaction's figures");
  }
});

t.test('hostile bodies on NEXT are ignored; a cross-site post is refused', async (t) => {
  const cookie = await startQuote(main);
  const huge = `refId=${'9'.repeat(1024 * 1024)}&x=<script>alert(1)</script>&amount=１２３`;
  const next = await post(main, '/price-quote', cookie, huge);
  t.equal(next.statusCode, 303);
  t.equal(next.headers.location, '/address-input');
  const crossSite = await main.app.inject({
    method: 'POST',
    url: '/price-quote',
    headers: { ...headers(MAPLE, cookie), origin: 'https://evil.example' },
    payload: '',
  });
  t.equal(crossSite.statusCode, 403);
});

t.test('upstream down while loading the quote: its message, no stack trace', async (t) => {
  const cookie = await startQuote(main);
  main.sandbox.app.sandbox.queueFaults(['503']);
  const page = await get(main, '/price-quote', cookie);
  t.equal(page.statusCode, 503);
  t.match(text(page.body), 'Service Temporarily Unavailable. Please try again later.');
  t.notMatch(page.body, /at .*\.ts:\d+/);
});

t.test('a hold that is over: the expired choice, server-side, with Accept and Decline', async (t) => {
  const cookie = await startQuote(noHold);
  const page = await get(noHold, '/price-quote', cookie);
  t.equal(page.statusCode, 200);
  t.match(text(page.body), 'Your price quote has expired.');
  t.match(page.body, 'action="/price-quote/accept"');
  t.match(page.body, 'action="/price-quote/decline"');
  t.notMatch(page.body, /autofocus="">NEXT/, 'focus is not pulled under the dialog');

  const before = upstreamCalls(noHold, '/cryptoaddress');
  const sent = await post(noHold, '/price-quote', cookie);
  t.equal(sent.statusCode, 303, 'NEXT after expiry does not go on: the page again, a reload posts nothing');
  t.equal(sent.headers.location, '/price-quote');
  const next = await get(noHold, '/price-quote', cookie);
  const body = text(next.body);
  t.match(body, 'Your price quote has expired.');
  t.match(body, 'Accept & Continue');
  t.match(body, 'Decline');
  t.equal(upstreamCalls(noHold, '/cryptoaddress'), before);

  // The requote is over at once too, so confirming it fails: its message, and the choice again.
  const accepting = await post(noHold, '/price-quote/accept', cookie);
  t.equal(accepting.statusCode, 303, 'Accept refused: the page again, saying why');
  t.equal(accepting.headers.location, '/price-quote');
  const kept = accepting.cookies.find((c) => c.name === 'refused')!;
  const accept = await get(noHold, '/price-quote', `${cookie}; refused=${kept.value}`);
  t.match(text(accept.body), 'The quote has expired. Please accept a new quote to continue.');
  t.notMatch(text((await get(noHold, '/price-quote', cookie)).body), 'Please accept a new quote', 'said once');
  t.match(accept.body, 'action="/price-quote/accept"');
  t.equal(upstreamCalls(noHold, '/requote'), 1);
  t.equal(upstreamCalls(noHold, '/confirmednewquote'), 1);
});

t.test('the hold ends at the deadline: the page before it, the expired choice from it on', async (t) => {
  const cookie = await startQuote(held);
  const quotedAt = clock.now();
  const first = await get(held, '/price-quote', cookie);
  t.equal(deadline(first.body), quotedAt + HOLD_MS, "the deadline is the sandbox quote's txnValidUntil");
  clock.advance(HOLD_MS - 1);
  const lastMoment = await get(held, '/price-quote', cookie);
  t.notMatch(text(lastMoment.body), 'Your price quote has expired.', 'a millisecond before the deadline');
  clock.advance(1);
  const over = await get(held, '/price-quote', cookie);
  t.match(text(over.body), 'Your price quote has expired.', 'at the deadline');
  t.equal((await post(held, '/price-quote', cookie)).headers.location, '/price-quote', 'NEXT no longer goes on');
});

t.test('Accept requotes and confirms, then continues as NEXT does, on the new quote', async (t) => {
  const cookie = await startQuote(held);
  const first = await get(held, '/price-quote', cookie);
  clock.advance(HOLD_MS);
  t.equal((await post(held, '/price-quote', cookie)).headers.location, '/price-quote', 'expired: the page again');
  const acceptedAt = clock.now();
  const accept = await post(held, '/price-quote/accept', cookie);
  t.equal(accept.statusCode, 303);
  t.equal(accept.headers.location, '/address-input', 'on to the next step, no NEXT to press again');
  const flow = accept.cookies.find((c) => c.name === 'flow')!;
  const again = await get(held, '/price-quote', `flow=${flow.value}`);
  t.equal(deadline(again.body), acceptedAt + HOLD_MS, 'a new hold from the moment of Accept');
  t.ok(deadline(again.body) > deadline(first.body), 'a later deadline');
  t.notMatch(text(again.body), 'Your price quote has expired.');
  t.match(text(again.body), 'Amount to spend$100.00 CAD', 'requoted for the same fiat amount');
});

t.test('Decline clears the flow and goes home', async (t) => {
  const cookie = await startQuote(held);
  const decline = await post(held, '/price-quote/decline', cookie);
  t.equal(decline.statusCode, 303);
  t.equal(decline.headers.location, '/');
  t.ok(cleared(decline));
});

t.test('a requote refused with SYSTEM: its message, then home in 5 seconds, flow cleared', async (t) => {
  const cookie = await startQuote(held, { amount: 405 });
  clock.advance(HOLD_MS);
  const accepting = await post(held, '/price-quote/accept', cookie);
  t.equal(accepting.statusCode, 303, 'the form is answered with a redirect');
  t.equal(accepting.headers.location, '/order-ended');
  t.ok(cleared(accepting));
  const kept = accepting.cookies.find((c) => c.name === 'refused')!;
  const accept = await get(held, '/order-ended', `refused=${kept.value}`);
  t.equal(accept.statusCode, 200);
  const body = text(accept.body);
  t.match(body, 'We are unable to update your quote at this time.');
  t.match(body, 'Redirecting to homepage in 5 seconds...');
  t.equal(
    accept.headers.refresh,
    `5; url=${held.sandbox.siteUrl}/shop/maple/error?name=Maple+Coin&err=SYSTEM`,
    "the merchant's error URL with the code, after 5 s",
  );
});

const LIMITS: [number, string][] = [
  [401, 'You have reached your daily transaction limit. Please try again tomorrow.'],
  [402, 'You have reached your weekly transaction limit. Please try again next week.'],
  [403, 'You have reached your monthly transaction limit. Please try again next month.'],
];

t.test('limit errors: the message in a modal whose close link goes home, amounts kept', async (t) => {
  for (const [amount, message] of LIMITS) {
    const form = `txnType=BUY&fiatAmount=${amount}&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER`;
    const posted = await post(main, '/', undefined, form);
    t.equal(posted.statusCode, 303, 'the form is answered with a redirect: a reload asks for no quote');
    t.equal(posted.headers.location, '/');
    const kept = posted.cookies.find((c) => c.name === 'refused')!;
    const shown = await get(main, '/', `refused=${kept.value}`);
    t.equal(shown.statusCode, 200);
    const link = await get(main, directLink({ amount }));
    t.equal(link.statusCode, 422, 'a direct link is answered with the page');
    t.notMatch((await get(main, '/')).body, message, 'the modal is shown once');
    for (const response of [shown, link]) {
      t.match(response.body, new RegExp(`role="alertdialog"[^>]*>.*${message}.*<a class="button" href="/"[^>]*>Close</a>`, 's'));
      t.match(response.body, `value="${amount}"`, 'the amount typed is kept');
      t.notOk(
        [posted, response].some((r) => r.cookies.some((c) => c.name === 'flow')),
        'no flow started',
      );
    }
  }
});

t.test(
  'a quote failure without a message: retried every 5 s, 5 times, then the home form with what was chosen and why',
  async (t) => {
    const form = 'txnType=BUY&fiatAmount=404&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER';
    const before = upstreamCalls(main, '/quoterequest');
    let response = await post(main, '/', undefined, form);
    for (let attempt = 1; attempt <= 5; attempt++) {
      t.equal(response.statusCode, 503, `attempt ${attempt} announced`);
      t.equal(response.headers['retry-after'], '5');
      const retryUrl = `${directLink({ amount: 404 })}?attempt=${attempt}`;
      t.equal(response.headers.refresh, `5; url=${retryUrl}`);
      t.match(text(response.body), `attempt ${attempt} of 5`);
      response = await get(main, retryUrl);
    }
    t.equal(response.statusCode, 503, 'after the fifth retry: still unavailable, and said so');
    t.notOk(response.headers.refresh, 'no more retries on a timer');
    t.match(
      text(response.body),
      'We could not get a quote: the service is not answering right now. Your choices are kept below; press NEXT to try again.',
    );
    t.match(response.body, /<input[^>]*name="fiatAmount"[^>]*value="404"/, 'the amount typed is kept');
    t.match(response.body, /<option value="ETRANSFER" selected=""/, 'and the method');
    t.match(response.body, /<option value="BTC" selected=""/, 'and the coin');
    t.match(response.body, /<form[^>]*method="post"[^>]*action="\/"|<form[^>]*action="\/"[^>]*method="post"/, 'NEXT asks again');
    t.equal(upstreamCalls(main, '/quoterequest') - before, 6, 'the first request and five retries');
    // A forged attempt count cannot buy more retries or break the page.
    for (const attempt of ['99', '-3', 'abc', '５']) {
      const forged = await get(main, `${directLink({ amount: 404 })}?attempt=${attempt}`);
      t.equal(forged.statusCode, 503, `attempt=${attempt}: ${forged.statusCode}`);
    }
  },
);
