// The order's own page through app.inject(): found from every page of an order by its signed
// link, opened with no cookie; its stage in plain words as the order moves (awaiting
// payment, completed, in review, cancelled, expired), its figures and deadline, nothing of
// the buyer; the same 404 for a wrong or missing signature, another merchant's host and a
// reference the upstream does not know, with no upstream call for a wrong signature; its
// headers, its French, its JSON answer for the island, its own rate limit, which wrong
// signatures never spend for the order's holder.
import { randomBytes } from 'node:crypto';
import t, { type Test } from 'tap';
import { CASH_PAYMENT_EXPIRY_MS } from '../../checkout/limits.ts';
import { orderSignature } from '../../server/security/order-link.ts';
import { BUYER, cardPaid, driveTo, MAPLE, passIdentity, Visitor, walkOn } from '../helpers/journey.ts';
import { decodeQrSvg } from '../helpers/qr.ts';
import { MANILA_CASH_WALK } from '../helpers/screen-tour.ts';
import { type Stack, startStack, upstreamCallLines } from '../helpers/stack.ts';

const SECRET = 'x'.repeat(32);
let now = Date.parse('2026-11-22T08:00:00Z');
const stack = await startStack({ listen: false, clock: () => now, sandbox: { clock: () => now } });
t.teardown(() => stack.close());

/** Flow states the edge asked the upstream for. */
const flowStateCalls = (of: Stack) => upstreamCallLines(of.logs).filter((l) => l.upstream.path.includes('/flowstate/')).length;

/** The figures of a page's order summary. */
const summaryOf = (body: string) => /<dl class="order-summary">.*?<\/dl>/.exec(body)?.[0];

const ORDER_LINK = /<a rel="bookmark" href="(\/order\/[^"]+)">/;

/** The order page's link on a page of the order. */
function linkOn(t: Test, body: string): string {
  const link = ORDER_LINK.exec(body)?.[1];
  t.ok(link, 'the page links to the order page (rel=bookmark)');
  return link ?? '';
}

/** A request from someone with no cookie at all: another device. */
const stranger = (host = MAPLE, headers: Record<string, string> = {}) => ({
  get: (url: string) => stack.app.inject({ method: 'GET', url, headers: { host, ...headers } }),
});

function noBuyer(t: Test, body: string) {
  for (const value of [BUYER.firstName, BUYER.lastName, BUYER.emailAddress, BUYER.year])
    t.notMatch(body, value, `nothing of the buyer (${value})`);
}

function privateHeaders(t: Test, headers: Record<string, unknown>, what: string) {
  t.equal(headers['cache-control'], 'private, no-store', `${what}: never cached`);
  t.equal(headers['referrer-policy'], 'no-referrer', `${what}: its address is not passed on`);
  t.equal(headers['x-robots-tag'], 'noindex', `${what}: never indexed`);
}

t.test('an e-Transfer buy: the link on the payment page, awaiting payment, then completed', async (t) => {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  const refId = visitor.refId();
  const payment = await visitor.get('/payment-etransfer-instructions');
  t.equal(payment.statusCode, 200);
  const link = linkOn(t, payment.body);
  t.match(payment.body, `http://${MAPLE}${link}`, 'the whole URL, to copy');
  const qr = /<svg class="qr-code order-link-qr"[\s\S]*?<\/svg>/.exec(payment.body)?.[0] ?? '';
  t.equal(decodeQrSvg(qr), `http://${MAPLE}${link}`, 'its QR code reads the same URL');
  t.equal(link, `/order/${refId}/${orderSignature([SECRET], 'maple', refId)}`);

  const page = await stranger().get(link);
  t.equal(page.statusCode, 200, 'opens with no cookie');
  privateHeaders(t, page.headers, 'the page');
  t.match(page.body, 'Awaiting payment');
  t.match(page.body, 'We are waiting for your payment.');
  t.match(page.body, `href="/state/${refId}"`, 'the way back into the flow, through the resume question');
  t.match(page.body, '<span class="reference-group">', 'the reference in groups');
  t.match(page.body, refId.slice(0, 4));
  t.match(page.body, '$100.00', 'the total');
  t.match(page.body, 'Exchange rate');
  t.match(page.body, 'Order placed');
  t.match(page.body, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'the receiving address');
  t.match(page.body, 'payments@maple.example', 'the merchant’s support');
  t.match(page.body, 'data-island="OrderWatch"', 'with JavaScript it follows the order');
  noBuyer(t, page.body);
  t.notOk(page.headers['set-cookie'], 'no cookie set');

  const json = await stranger(MAPLE, { accept: 'application/json' }).get(link);
  t.same(json.json(), { stage: 'awaitingPayment' }, 'the island asks for the stage alone');
  privateHeaders(t, json.headers, 'the island’s answer');

  const head = await stack.app.inject({ method: 'HEAD', url: link, headers: { host: MAPLE } });
  privateHeaders(t, head.headers, 'HEAD');

  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: `/pay/etransfer/${refId}`,
    payload: 'decision=pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  t.equal(paid.statusCode, 200, 'paid at the provider');
  const reload = await stranger().get(link);
  t.match(reload.body, 'Completed');
  t.match(reload.body, 'Your order is complete.');
  t.notMatch(reload.body, `href="/state/${refId}"`, 'nothing left to continue');
  t.notMatch(reload.body, 'data-island="OrderWatch"', 'nothing more to follow');

  const success = await visitor.get('/transaction-success');
  t.equal(linkOn(t, success.body), link, 'the success page links to the same page');
  t.ok(summaryOf(success.body), 'the receipt has its figures');
  t.equal(summaryOf(reload.body), summaryOf(success.body), 'the figures read as the receipt shows them');
});

t.test('the same 404 for a wrong or missing signature, another host, an unknown reference', async (t) => {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  const refId = visitor.refId();
  const link = linkOn(t, (await visitor.get('/payment-etransfer-instructions')).body);
  const signature = link.split('/')[3]!;
  const changed = `${signature.slice(0, 5)}${signature[5] === 'A' ? 'B' : 'A'}${signature.slice(6)}`;
  const unknownRef = 'SBXNOSUCHORDER0000000000';
  const before = flowStateCalls(stack);
  const wrong = await stranger().get(`/order/${refId}/${changed}`);
  const missing = await stranger().get(`/order/${refId}`);
  const short = await stranger().get(`/order/${refId}/${signature.slice(1)}`);
  t.equal(flowStateCalls(stack), before, 'a wrong signature asks the upstream nothing');
  const otherHost = await stranger('roo.localhost').get(link);
  t.equal(flowStateCalls(stack), before, 'nor another merchant’s host');
  const unknown = await stranger().get(`/order/${unknownRef}/${orderSignature([SECRET], 'maple', unknownRef)}`);
  t.equal(flowStateCalls(stack), before + 2, 'a right signature for an unknown order asks both APIs');
  for (const [what, res] of Object.entries({ wrong, missing, short, otherHost, unknown })) {
    t.equal(res.statusCode, 404, `${what}: 404`);
    t.notMatch(res.body, refId, `${what}: not the reference`);
    t.notMatch(res.body, '100.00', `${what}: no figure of the order`);
    privateHeaders(t, res.headers, what);
  }
  t.equal(wrong.body, unknown.body, 'a wrong signature and an unknown reference read the same');
  t.equal(missing.body, unknown.body, 'a missing signature too');
});

t.test('a cash order: pay by its deadline in Manila, then expired', async (t) => {
  const saved = now;
  t.teardown(() => {
    now = saved;
  });
  const visitor = await driveTo(stack, '/image-input-choice', MANILA_CASH_WALK);
  t.equal(await passIdentity(visitor), '/payment-otc');
  const refId = visitor.refId();
  const cash = await visitor.get('/payment-otc');
  const link = linkOn(t, cash.body);
  const page = await stranger('manila.localhost').get(link);
  t.match(page.body, 'Awaiting payment');
  t.match(page.body, 'Pay by');
  t.match(page.body, 'Fee (included)', 'the method’s fee, from the one order model');
  // Ordered at 16:00 in Manila: 12 hours to pay, by 04:00 the next day, on Manila's clock.
  t.match(page.body, '4:00 AM on Monday, November 23, 2026 (Manila time)', 'the deadline as the cash page writes it');
  t.match(page.body, `<span class="reference-group">${refId.slice(0, 4)}</span>`, 'the reference in groups of four');
  now = saved + CASH_PAYMENT_EXPIRY_MS + 60_000;
  const late = await stranger('manila.localhost').get(link);
  t.match(late.body, 'Expired');
  t.match(late.body, 'The time to pay for this order has run out');
  t.notMatch(late.body, `href="/state/${refId}"`, 'nothing to continue');
});

t.test('French for a French visitor', async (t) => {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  const link = linkOn(t, (await visitor.get('/payment-etransfer-instructions')).body);
  const page = await stranger(MAPLE, { 'accept-language': 'fr-CA' }).get(link);
  t.match(page.body, '<html lang="fr-CA"');
  t.match(page.body, 'En attente du paiement');
  t.match(page.body, 'Poursuivre cette commande');
  t.match(page.body, '100,00');
});

t.test('in review and cancelled, in the words of the completion pages', async (t) => {
  for (const [lastName, target, stage, words] of [
    ['Review', '/transaction-in-review', 'In review', 'Your order is being reviewed.'],
    ['Cancel', '/transaction-cancelled', 'Cancelled', 'Your order was cancelled'],
  ] as const) {
    const visitor = await driveTo(stack, target, { buyer: { lastName } });
    const page = await visitor.get(target);
    const link = linkOn(t, page.body);
    const order = await stranger().get(link);
    t.match(order.body, stage);
    t.match(order.body, words);
    t.notMatch(order.body, `href="/state/`, `${stage}: nothing to continue`);
    noBuyer(t, order.body);
  }
});

t.test('a sell: awaiting the crypto, the deposit address, never the payout email', async (t) => {
  const visitor = await driveTo(stack, '/payment-spend', { kind: 'SELL', emtEmail: 'payout@example.com' });
  const deposit = await visitor.get('/payment-spend');
  const link = linkOn(t, deposit.body);
  const state = await visitor.state();
  const page = await stranger().get(link);
  t.match(page.body, 'Awaiting your crypto');
  t.match(page.body, 'Deposit address');
  t.match(page.body, state.cryptoAddress!);
  t.match(page.body, 'Send by');
  t.notMatch(page.body, 'payout@example.com', 'not the payout email');
  t.notMatch(page.body, BUYER.emailAddress);
});

t.test('a sell past its rate hold: the order page and the deposit page no longer ask for the crypto', async (t) => {
  const saved = now;
  t.teardown(() => {
    now = saved;
  });
  const visitor = await driveTo(stack, '/payment-spend', { kind: 'SELL' });
  const deposit = await visitor.get('/payment-spend');
  const link = linkOn(t, deposit.body);
  const state = await visitor.state();
  now = Date.parse(state.txnValidUntil!) + 60_000;
  const page = await stranger().get(link);
  t.match(page.body, 'Rate hold ended');
  t.notMatch(page.body, 'Awaiting your crypto');
  t.match(page.body, 'The rate for this order was held until');
  t.match(page.body, 'do not send BTC for this order');
  t.notMatch(page.body, 'Send by', 'no deadline still to meet');
  t.notMatch(page.body, 'Deposit address', 'no address offered to send to');
  t.notMatch(page.body, `href="/state/${visitor.refId()}"`, 'no way back to the deposit page');
  const anew = '/amount/0.0015/cryptocurrency/BTC/method/ETRANSFEROUT/type/SELL/currency/CAD';
  t.match(page.body, `<a class="button" href="${anew}">Start a new order</a>`, 'a new order for the same amount');

  const lapsed = await visitor.get('/payment-spend');
  t.equal(lapsed.statusCode, 200);
  t.match(lapsed.body, 'The rate is no longer held');
  t.match(lapsed.body, 'do not send BTC for this order');
  t.match(lapsed.body, visitor.refId(), 'the Reference ID to quote');
  t.notMatch(lapsed.body, state.nextActionParams?.cryptoAddress ?? state.cryptoAddress!, 'no deposit address');
  t.notMatch(lapsed.body, 'bitcoin:', 'no wallet link or QR code');
  t.notMatch(lapsed.body, 'I have sent my crypto');
  t.match(lapsed.body, `<a class="button" href="${anew}">Start a new order</a>`);
  t.notMatch((await visitor.get('/payment-spend?confirm=1')).body, 'Have you sent your crypto', 'nor the question');
  const started = await visitor.get(anew);
  t.equal(started.headers.location, '/price-quote', 'the new order starts with its quote');
});

t.test('a card order and a Pro order opened elsewhere: the link carries the figures the upstream does not keep', async (t) => {
  const card = await cardPaid(stack);
  const success = await card.get('/transaction-success');
  const cardLink = linkOn(t, success.body);
  t.match(cardLink, /\?quoted=3\.8,71\.58,USD$/, "the provider's fee and charge, in the link");
  const page = await stranger().get(cardLink);
  t.equal(page.statusCode, 200);
  t.equal(summaryOf(page.body), summaryOf(success.body), 'the same figures as the receipt the visitor saw');
  t.match(page.body, '$3.80', "the provider's fee");
  t.match(page.body, 'Card charged');
  t.match(page.body, '$71.58');
  // The rate converts the amount less the fee into what the order receives: (100 - 3.80) / 95,000.
  t.match(page.body, '0.00101263');
  t.match(page.body, '1 BTC = $95,000.00 CAD');
  for (const spoilt of [cardLink.replace('3.8,', '0.8,'), cardLink.replace(/\?quoted=.*$/, ''), `${cardLink}0`])
    t.equal((await stranger().get(spoilt)).statusCode, 404, `${spoilt}: changed figures open nothing`);

  const pro = new Visitor(stack, 'checkout.localhost');
  const quoted = await pro.post('/pro/vip-demo', {
    txnType: 'BUY',
    fiatAmount: '100',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'ETRANSFER',
  });
  t.equal(quoted.headers.location, '/price-quote', 'a Pro quote');
  await walkOn(pro, '/price-quote', '/payment-etransfer-instructions');
  const proLink = linkOn(t, (await pro.get('/payment-etransfer-instructions')).body);
  t.match(proLink, /\?quoted=1\.25$/, 'the Pro fee, which is not the regular one');
  const own = await pro.get(proLink);
  const elsewhere = await stranger('checkout.localhost').get(proLink);
  t.equal(summaryOf(elsewhere.body), summaryOf(own.body), 'the Pro figures on any device');
  t.match(elsewhere.body, '$1.25');
  t.notMatch(elsewhere.body, '$2.50', 'not the regular fee');

  const regular = await driveTo(stack, '/payment-etransfer-instructions');
  const regularLink = linkOn(t, (await regular.get('/payment-etransfer-instructions')).body);
  t.notMatch(regularLink, '?quoted=', 'a regular order needs nothing in its link');
});

t.test('a link made with a secret since rotated out opens nothing', async (t) => {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  const refId = visitor.refId();
  const old = 'o'.repeat(32);
  const rotated = await startStack({ listen: false, env: { SESSION_SECRET: `${SECRET},${old}` }, clock: () => now });
  t.teardown(() => rotated.close());
  // The order lives in the first stack's sandbox: only the signature check is asked here.
  const byOld = `/order/${refId}/${orderSignature([old], 'maple', refId)}`;
  const byOther = `/order/${refId}/${orderSignature(['z'.repeat(32)], 'maple', refId)}`;
  const fromOther = await rotated.app.inject({ method: 'GET', url: byOther, headers: { host: MAPLE } });
  t.equal(fromOther.statusCode, 404, 'a secret not listed: 404');
  t.equal(flowStateCalls(rotated), 0, 'a secret not listed asks the upstream nothing');
  const fromOld = await rotated.app.inject({ method: 'GET', url: byOld, headers: { host: MAPLE } });
  t.equal(flowStateCalls(rotated), 2, 'the previous secret still verifies: the upstream is asked');
  t.equal(fromOld.statusCode, 404, '(this stack’s sandbox does not know the order)');
});

t.test('its own rate limit', async (t) => {
  const limited = await startStack({ listen: false, env: { RATE_LIMITS: 'order=3/60' } });
  t.teardown(() => limited.close());
  const codes: number[] = [];
  for (let i = 0; i < 4; i++)
    codes.push((await limited.app.inject({ method: 'GET', url: `/order/SBX${i}/nope`, headers: { host: MAPLE } })).statusCode);
  t.same(codes, [404, 404, 404, 429], 'guessing is counted per address');
});

t.test('wrong signatures never lock the holder out: per order, only links that hold count', async (t) => {
  const limited = await startStack({ listen: false, env: { RATE_LIMITS: 'order.refId=5/60' } });
  t.teardown(() => limited.close());
  const visitor = await driveTo(limited, '/payment-etransfer-instructions');
  const refId = visitor.refId();
  const link = `/order/${refId}/${orderSignature([SECRET], 'maple', refId)}`;
  const open = (url: string, from: string) =>
    limited.app.inject({ method: 'GET', url, headers: { host: MAPLE }, remoteAddress: from });
  const guesses: number[] = [];
  for (let i = 0; i < 80; i++)
    guesses.push((await open(`/order/${refId}/${randomBytes(16).toString('base64url')}`, `10.0.${i}.1`)).statusCode);
  t.same(new Set(guesses), new Set([404]), '80 wrong signatures from 80 addresses: each the same 404, none a 429');
  t.equal((await open(link, '192.0.2.7')).statusCode, 200, "the holder's link still opens");
  const holders: number[] = [];
  for (let i = 0; i < 5; i++) holders.push((await open(link, `198.51.100.${i}`)).statusCode);
  t.same(holders, [200, 200, 200, 200, 429], 'links that hold count against their order, from any address');
  t.match(
    await limited.app.metrics.registry.getSingleMetricAsString('edge_rate_limited_total'),
    'limit="order",key="refId"} 1',
    'counted as the order’s',
  );
});
