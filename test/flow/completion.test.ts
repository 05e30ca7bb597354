// Screen 20 and resuming a flow, over real sockets: in review, success and cancelled with
// and without a flow; Done with each merchant family's success URL; /transaction and
// /state/{refId}, including hostile refIds and another merchant's transaction.

import type { FastifyReply } from 'fastify';
import t from 'tap';
import { scheduleHomeRedirect } from '../../server/flow/redirects.ts';
import { asWord, BUYER, driveTo, type Quote, resume, startFlow } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

/** A maple buy verified with a test last name: Review ends in ADMIN_REVIEW, Cancel in DONE_CANCELLED. */
async function mapleBuyVerifiedAs(lastName: 'Review' | 'Cancel'): Promise<string> {
  const target = lastName === 'Review' ? '/transaction-in-review' : '/transaction-cancelled';
  return (await driveTo(stack, target, { buyer: { lastName } })).refId();
}

const quote = async (q: Quote = {}) => (await startFlow(stack, q)).refId();

const get = (host: string, url: string, cookie?: string) =>
  stack.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

const done = (host: string, cookie?: string, origin = `http://${host}`) =>
  stack.app.inject({
    method: 'POST',
    url: '/done',
    headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: '',
  });

t.test('without its order no page claims an outcome: it says so and offers the lookup and home', async (t) => {
  const pages = ['/transaction-in-review', '/transaction-success', '/transaction-cancelled', '/payment-spend-success'];
  for (const path of pages) {
    const page = await get('maple.localhost', path);
    t.equal(page.statusCode, 200, path);
    t.match(page.body, '<h1>No order to show here</h1>', `${path}: no outcome claimed`);
    for (const claim of ['Thank you', 'Your order is complete.', 'Order not complete', 'being reviewed', 'cancelled and'])
      t.notMatch(page.body, claim, `${path}: not "${claim}"`);
    t.notMatch(page.body, 'action="/done"', `${path}: nothing to be done with an order it has not got`);
    t.match(page.body, '<form class="order-lookup" action="/state" method="get">', `${path}: the order lookup`);
    t.match(page.body, 'name="refId"');
    t.match(page.body, '<a class="button secondary" href="/">Back to the start</a>', `${path}: and home`);
    t.notMatch(page.body, '<script type="module"', 'no JavaScript');
  }
  const french = await stack.app.inject({
    method: 'GET',
    url: '/transaction-success',
    headers: { host: 'maple.localhost', 'accept-language': 'fr-CA' },
  });
  t.match(french.body, 'Aucune commande à afficher ici');
});

t.test('the order lookup: a reference typed as a receipt prints it leads to that order; anything else home', async (t) => {
  const refId = await mapleBuyVerifiedAs('Review');
  const grouped = (refId.match(/.{1,4}/g) ?? []).join(' ');
  const found = await get('maple.localhost', `/state?refId=${encodeURIComponent(` ${grouped} `)}`);
  t.equal(found.statusCode, 302);
  t.equal(found.headers.location, `/state/${refId}`, 'the spaces go');
  const page = await get('maple.localhost', found.headers.location as string);
  t.match(page.body, 'Is this your order?', 'asked before it becomes the visitor’s');
  for (const query of ['', '?refId=', '?refId=%3Cscript%3E', '?refId[]=x', `?refId=${'A'.repeat(65)}`]) {
    const lost = await get('maple.localhost', `/state${query}`);
    t.not(lost.statusCode, 302, `${query || 'nothing'}: not followed`);
    t.match(lost.body, 'Reference ID not found.', `${query || 'nothing'}: the spec's message`);
  }
});

t.test('in review: the summary by method, and the success page sends back there', async (t) => {
  const refId = await mapleBuyVerifiedAs('Review');
  const { response, cookie } = await resume(stack, refId, 'maple.localhost');
  t.equal(response.headers.location, '/transaction-in-review');
  const page = await get('maple.localhost', '/transaction-in-review', cookie);
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Once it is approved, we will email you the payment instructions within 1 hour.');
  t.match(page.body, 'Your payment must arrive within 1 hour of the instructions.');
  t.match(page.body, '$100.00');
  t.match(page.body, refId);
  t.match(page.body, /<dt>Order placed<\/dt><dd><time dateTime="[^"]+">\w+ \d{1,2}, \d{4} at \d\d:\d\d E[SD]T<\/time>/);
  t.notMatch(page.body, 'Card charged', 'no card charge for an e-Transfer');
  t.notMatch(page.body, asWord(BUYER.firstName), 'no personal data');

  const tooEarly = await get('maple.localhost', '/transaction-success', cookie);
  t.equal(tooEarly.statusCode, 303, 'success is not claimed for an order in review');
  t.equal(tooEarly.headers.location, '/transaction-in-review');
});

t.test('cancelled: the reference, Try Again goes home', async (t) => {
  const refId = await mapleBuyVerifiedAs('Cancel');
  const { response, cookie } = await resume(stack, refId, 'maple.localhost');
  t.equal(response.headers.location, '/transaction-cancelled');
  const page = await get('maple.localhost', '/transaction-cancelled', cookie);
  t.match(page.body, `Reference ID: ${refId}<br/>Order placed: `);
  t.match(page.body, /Order placed: \w+ \d{1,2}, \d{4} at \d\d:\d\d E[SD]T<\/p>/);
  t.match(page.body, 'bank account has not been charged');
});

t.test(
  'Done clears the flow and goes to the success URL with the family suffix (a 303: reload never posts it again)',
  async (t) => {
    const maple = await done('maple.localhost');
    t.equal(maple.statusCode, 303);
    t.equal(maple.headers.location, `${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`, 'to the success URL');
    t.notOk(maple.headers.refresh, 'no timed page in between');
    const page = await stack.app.inject({ method: 'GET', url: '/transaction-in-review', headers: { host: 'maple.localhost' } });
    t.match(
      page.headers['content-security-policy'],
      `form-action 'self' ${new URL(stack.sandbox.siteUrl).origin};`,
      "the page with Done may post to the merchant's success origin, which that redirect needs",
    );

    const rooRef = await quote({ host: 'roo.localhost', currency: 'AUD' });
    const roo = await resume(stack, rooRef, 'roo.localhost');
    t.ok(roo.cookie, 'roo resumes its own transaction');
    const rooDone = await done('roo.localhost', roo.cookie);
    t.equal(rooDone.headers.location, `${stack.sandbox.siteUrl}/shop/roo/thanks/au?name=Roo+Crypto`);
    t.equal(rooDone.cookies.find((c) => c.name === 'flow')?.value, '', 'flow cookie cleared');

    const manilaRef = await quote({ host: 'manila.localhost', currency: 'PHP', method: 'OTC', amount: 2000 });
    const manila = await resume(stack, manilaRef, 'manila.localhost');
    t.ok(manila.cookie);
    const manilaDone = await done('manila.localhost', manila.cookie);
    t.equal(manilaDone.headers.location, `${stack.sandbox.siteUrl}/shop/manila/thanks/ph?name=Manila+Crypto`);
  },
);

t.test('Done from another site is refused and keeps the flow', async (t) => {
  const refId = await quote();
  const { cookie } = await resume(stack, refId, 'maple.localhost');
  const forged = await done('maple.localhost', cookie, 'https://evil.example');
  t.equal(forged.statusCode, 403);
  t.notOk(
    forged.cookies.find((c) => c.name === 'flow'),
    'cookie untouched',
  );
  const noOrigin = await stack.app.inject({ method: 'POST', url: '/done', headers: { host: 'maple.localhost', cookie } });
  t.equal(noOrigin.statusCode, 403, 'a cookie-carrying POST without an origin is refused');
});

t.test('/transaction resumes the saved flow', async (t) => {
  const none = await get('maple.localhost', '/transaction');
  t.equal(none.statusCode, 302);
  t.equal(none.headers.location, '/');

  const refId = await quote();
  const { cookie } = await resume(stack, refId, 'maple.localhost');
  const page = await get('maple.localhost', '/transaction', cookie);
  t.equal(page.statusCode, 303);
  t.equal(page.headers.location, '/price-quote', 'INPUT_CRYPTOADDRESS away from the quote: the quote');

  const forged = await get('maple.localhost', '/transaction', `${cookie}x`);
  t.equal(forged.headers.location, '/', 'a forged cookie is no flow');
});

t.test('/state: missing, unknown, hostile and foreign refIds', async (t) => {
  const missing = await get('maple.localhost', '/state');
  t.equal(missing.statusCode, 404);
  t.match(missing.body, '<p class="toast toast-error">Reference ID not found.</p>');
  t.notOk(missing.cookies.find((c) => c.name === 'flow'));

  const unknown = await get('maple.localhost', '/state/SBXNOSUCHREF');
  t.equal(unknown.statusCode, 404);
  t.match(unknown.body, '<p class="toast toast-error">Reference ID not found.</p>', 'unknown and foreign refIds read the same');

  for (const hostile of [
    encodeURIComponent('<script>alert(1)</script>'),
    encodeURIComponent('١٢٣٤٥'),
    '..%2F..%2Fetransfer',
    encodeURIComponent('a b'),
  ]) {
    const page = await get('maple.localhost', `/state/${hostile}`);
    t.equal(page.statusCode, 404, `${hostile}: not found`);
    t.match(page.body, 'Reference ID not found.');
    t.notMatch(page.body, '<script>alert', 'nothing echoed');
  }
  const huge = await get('maple.localhost', `/state/${'A'.repeat(1024 * 1024)}`);
  t.ok(huge.statusCode >= 400 && huge.statusCode < 500, `1 MB refId: ${huge.statusCode}`);

  const mapleRef = await quote();
  const foreign = await resume(stack, mapleRef, 'roo.localhost');
  t.equal(foreign.response.statusCode, 404, "another merchant's transaction is not resumed");
  t.match(foreign.response.body, 'Reference ID not found.', 'the upstream scopes refIds to merchants; the answer says no more');
  t.notOk(foreign.cookie);

  const mine = await resume(stack, mapleRef, 'maple.localhost');
  const onRoo = await get('roo.localhost', '/transaction-success', mine.cookie);
  t.equal(onRoo.statusCode, 200, "maple's cookie means nothing on roo");
  t.notMatch(onRoo.body, mapleRef);
});

t.test('a sell resumed by refId keeps its kind', async (t) => {
  const refId = await quote({ kind: 'SELL', amount: 0.0015 });
  const { response, cookie } = await resume(stack, refId, 'maple.localhost');
  t.equal(response.headers.location, '/price-quote', 'INPUT_BUYERINFO on a sell, away from the quote: the quote');
  t.ok(cookie);
  const again = await get('maple.localhost', '/transaction', cookie);
  t.equal(again.headers.location, '/price-quote', 'the cookie names the sell API');
});

t.test('Done with a 1 MB body of markup still just finishes', async (t) => {
  const response = await stack.app.inject({
    method: 'POST',
    url: '/done',
    headers: { host: 'maple.localhost', origin: 'http://maple.localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: `x=${encodeURIComponent('<script>alert(1)</script>'.repeat(40_000))}`,
  });
  t.equal(response.statusCode, 303);
  t.equal(response.headers.location, `${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`);
  t.notMatch(response.body, '<script>');
});

t.test('fatal-error redirects: home after 5000 ms', async (t) => {
  const headers: Record<string, string> = {};
  const reply = {
    header: (name: string, value: string) => {
      headers[name] = value;
      return reply;
    },
  } as unknown as FastifyReply;
  scheduleHomeRedirect(reply);
  t.equal(headers.refresh, '5; url=/');
});
