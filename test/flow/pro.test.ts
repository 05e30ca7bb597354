// Screen 3 over real sockets: /pro/{customerHash} asks vipcheck (vip-demo holds, anything
// else goes home), quotes with vipTag and Pro's rules, keeps the Pro flag in the flow
// cookie, and retries a quote without an answer every 2 s, 3 times, then says so.
import t from 'tap';
import { Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const PRO = '/pro/vip-demo';
const form = (over: Record<string, string> = {}) => ({
  txnType: 'BUY',
  fiatAmount: '100',
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  paymentMethod: 'ETRANSFER',
  ...over,
});
const vipchecks = () =>
  stack.logs.filter((l) => String((l.upstream as { path?: string } | undefined)?.path ?? '').endsWith('/vipcheck')).length;

t.test('the Pro page: heading, note, Pro fee, default 100 CAD, the four coins', async (t) => {
  const page = await new Visitor(stack).get(PRO);
  t.equal(page.statusCode, 200);
  t.match(page.body, '<h1>Higher limits, lower fees</h1>');
  t.match(page.body, 'Interac E-transfer only, increased daily limit of $2,500 CAD and a reduced fee.');
  t.match(page.body, '<strong>$0.00</strong>', "maple's etransferFeePro: never more than the promotion's");
  t.match(page.body, /name="fiatAmount"[^>]*value="100"/);
  for (const coin of ['BTC', 'BCH', 'LTC', 'ETH']) t.match(page.body, `<option value="${coin}"`);
  t.match(page.body, '"pendingLabel":"Verifying"');
  t.notMatch(page.body, 'NO PROCESSING FEES', 'no promo for Pro');
});

t.test('an unknown hash, a 10 KB hash, path characters: home, never a 5xx', async (t) => {
  const visitor = new Visitor(stack);
  const before = vipchecks();
  const unknown = await visitor.get('/pro/not-invited');
  t.equal(unknown.statusCode, 302);
  t.equal(unknown.headers.location, '/');
  t.equal(vipchecks(), before + 1, 'the upstream said false');
  for (const url of [`/pro/${'a'.repeat(10_240)}`, '/pro/..%2F..%2Ftxnbuy', '/pro/a%00b', '/pro/%2e%2e']) {
    const res = await visitor.get(url);
    t.ok(res.statusCode < 500, `${url.slice(0, 30)}: ${res.statusCode}, never a 5xx`);
    t.notMatch(res.body, 'Higher limits', 'no Pro page');
  }
  t.equal(vipchecks(), before + 1, 'malformed hashes never reach the upstream');
  const posted = await visitor.post('/pro/not-invited', form());
  t.equal(posted.statusCode, 303);
  t.equal(posted.headers.location, '/');
});

t.test("Pro's rules with the spec's messages", async (t) => {
  const visitor = new Visitor(stack);
  const refused = await visitor.post(PRO, form({ fiatAmount: '99' }));
  t.equal(refused.statusCode, 303, 'a refusal answers with a redirect to the invitation');
  t.equal(refused.headers.location, PRO);
  const low = await visitor.get(PRO);
  t.equal(low.statusCode, 200);
  t.match(low.body, 'Amount must be greater than $100.');
  t.match(low.body, /name="fiatAmount"[^>]*value="99"/, 'what was typed is kept');
  t.notMatch((await visitor.get(PRO)).body, 'Amount must be greater', 'a reload shows it no more');
  const high = await visitor.submit(PRO, form({ fiatAmount: '3001' }));
  t.match(high.body, 'Amount must be less than $3,000.');
  const card = await visitor.submit(PRO, form({ paymentMethod: 'CREDITCARD' }));
  t.equal(card.statusCode, 200);
  t.match(card.body, 'Payment method must be Interac E-Transfer');
  t.match(card.body, /name="fiatAmount"[^>]*value="100"/, 'what was typed is kept');
});

t.test('a Pro limit reached: a redirect to the invitation, its modal once, the amount kept', async (t) => {
  const visitor = new Visitor(stack);
  const sent = await visitor.post(PRO, form({ fiatAmount: '401' }));
  t.equal(sent.statusCode, 303, 'a reload asks for no quote');
  t.equal(sent.headers.location, PRO);
  const shown = await visitor.get(PRO);
  t.match(shown.body, /role="alertdialog"[^>]*>.*You have reached your daily transaction limit\. Please try again tomorrow\./s);
  t.match(shown.body, /name="fiatAmount"[^>]*value="401"/, 'what was typed is kept');
  t.notMatch((await visitor.get(PRO)).body, 'daily transaction limit', 'shown once');
  t.equal(visitor.cookie, '', 'no flow started');
});

t.test('a Pro quote: vipTag upstream, the Pro flag in the cookie, the quote page', async (t) => {
  const visitor = new Visitor(stack);
  const res = await visitor.post(PRO, form({ fiatAmount: '2000', cryptoCurrency: 'ETH' }));
  t.equal(res.statusCode, 303);
  t.equal(res.headers.location, '/price-quote');
  t.equal((visitor.flow() as unknown as { pro: boolean }).pro, true);
  const state = await visitor.state();
  t.equal(state.fiatAmount, 2000, 'above the regular daily limits the sandbox tests (401-403 only)');
  t.equal(state.cryptoCurrency, 'ETH');
  const quote = await visitor.get('/price-quote');
  t.equal(quote.statusCode, 200);
  t.notMatch(quote.body, 'NO PROCESSING FEES', 'no promo for Pro');
  t.notMatch(quote.body, 'Fee (included)', "the Pro fee of 0: Pro never pays more than maple's promotion");
  t.equal(state.cryptoAmount, 0.57142857, '2000 CAD at 3,500, nothing taken');
  const regular = new Visitor(stack);
  await regular.post('/', form());
  t.notMatch((await regular.get('/price-quote')).body, 'Fee (included)', "a regular e-transfer quote at maple's promo fee of 0");
});

t.test("a Pro visitor's own /state link: still Pro, the Pro fee in the order's figures", async (t) => {
  // test.localhost charges 2.99 for an e-Transfer buy, 1.49 for Pro: 198.51 / 95,000 = 0.00208958.
  const visitor = new Visitor(stack, 'test.localhost');
  await visitor.post(PRO, form({ fiatAmount: '200' }));
  t.match((await visitor.get('/price-quote')).body, '$1.49 CAD', 'the quote: the Pro fee');
  const resumed = await visitor.get(`/state/${visitor.refId()}`);
  t.equal(resumed.headers.location, '/price-quote', 'resumed at once, where the order is');
  t.equal((visitor.flow() as unknown as { pro: boolean }).pro, true, 'still Pro');
  const quote = (await visitor.get('/price-quote')).body;
  t.match(quote, '$1.49 CAD', 'the quote still shows the Pro fee');
  t.notMatch(quote, '$2.99', "not the regular visitor's fee");
  t.equal((await visitor.state()).cryptoAmount, 0.00208958, 'the upstream priced it with the Pro fee');
});

t.test('no answer: asked again every 2 s, 3 times, then Service Temporarily Unavailable', async (t) => {
  const visitor = new Visitor(stack);
  stack.sandbox.app.sandbox.queueFaults(['pass', '503']);
  const first = await visitor.post(PRO, form({ fiatAmount: '150' }));
  t.equal(first.statusCode, 503);
  t.equal(first.headers['retry-after'], '2');
  const retryUrl = '/pro/vip-demo?fiatAmount=150&cryptoCurrency=BTC&attempt=1';
  t.match(String(first.headers.refresh), retryUrl);
  t.match(first.body, '<h1>Getting quote</h1>');
  t.match(first.body, `href="${retryUrl.replaceAll('&', '&amp;')}"`, 'Try again now, without JavaScript');

  stack.sandbox.app.sandbox.queueFaults(['pass', '503']);
  const second = await visitor.get(retryUrl);
  t.match(String(second.headers.refresh), 'attempt=2');
  stack.sandbox.app.sandbox.queueFaults(['pass', '503']);
  const third = await visitor.get(retryUrl.replace('attempt=1', 'attempt=2'));
  t.match(String(third.headers.refresh), 'attempt=3');
  stack.sandbox.app.sandbox.queueFaults(['pass', '503']);
  const last = await visitor.get(retryUrl.replace('attempt=1', 'attempt=3'));
  t.equal(last.statusCode, 503);
  t.notOk(last.headers.refresh, 'no more tries');
  t.match(last.body, 'Service Temporarily Unavailable. Please try again later.');
  t.match(last.body, '<h1>Higher limits, lower fees</h1>', 'on the Pro page');

  const ok = await visitor.get(retryUrl);
  t.equal(ok.headers.location, '/price-quote', 'a retry that gets an answer goes on');
});

t.test('the user-agent log island: on production merchants only, with the refId', async (t) => {
  const visitor = new Visitor(stack);
  await visitor.post(PRO, form());
  const quote = await visitor.get('/price-quote');
  t.match(quote.body, 'data-island="UserAgentLog"');
  t.match(quote.body, `"refId":"${visitor.refId()}"`);
  t.match(quote.body, /"url":"http:\/\/[^"]+\/thirdparty\/ualog"/);
  t.match(
    String(quote.headers['content-security-policy']),
    /connect-src 'self' http:\/\/127\.0\.0\.1:\d+/,
    'the form service origin may be reached',
  );
  const manila = new Visitor(stack, 'manila.localhost');
  await manila.post('/', {
    txnType: 'BUY',
    fiatAmount: '1000',
    fiatCurrency: 'PHP',
    cryptoCurrency: 'BTC',
    paymentMethod: 'OTC',
  });
  t.notMatch((await manila.get('/price-quote')).body, 'UserAgentLog', 'a TEST merchant never logs');
});
