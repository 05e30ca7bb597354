// The checkout tried as an attacker would: forms posted out of order, HEAD on payment
// pages, someone else's order adopted through /state/{refId} or ?refId=, unknown hosts on
// a production upstream, the flow cookie's name and secrets, hostile merchant style
// sheets and fragments, and the headers of the bad-Host page. Each case asserts what the
// visitor gets and, where it matters, what the upstream (the sandbox) received.

import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import pino from 'pino';
import { register } from 'prom-client';
import t from 'tap';
import { maskAddress } from '../../checkout/masks.ts';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { loadMerchants, MerchantConfigError } from '../../server/tenancy/load.ts';
import { BTC_ADDRESS, BUYER, driveTo, MAPLE, quoteForm, resumeQuestion, startFlow, Visitor } from '../helpers/journey.ts';
import { neverShedForDelay } from '../helpers/pressure.ts';
import { startStack } from '../helpers/stack.ts';
import { multipartBody, PNG } from '../helpers/upload-files.ts';
import { removeFixture, validFiles, writeFixture } from '../tenancy/fixtures.ts';

const OLD_SECRET = 'o'.repeat(32);
const NEW_SECRET = 'n'.repeat(32);

const stack = await startStack({ listen: false, env: { SESSION_SECRET: OLD_SECRET } });
t.teardown(() => stack.close());

/** The sandbox's API requests (method and path), as it received them. */
const received: string[] = [];
stack.sandbox.app.server.on('request', (req: IncomingMessage) => received.push(`${req.method} ${req.url}`));
/** What reached the sandbox while `run` ran. */
async function upstreamDuring(run: () => Promise<unknown>): Promise<string[]> {
  const from = received.length;
  await run();
  // The sandbox's 'request' event fires before its answer; every call has been answered.
  return received.slice(from);
}

t.test('a form posted for another step is not sent upstream: the visitor goes to their step', async (t) => {
  const buy = await startFlow(stack);
  const buyerOnBuy = await upstreamDuring(async () => {
    const res = await buy.submit('/buyer-info-input', BUYER);
    t.equal(res.statusCode, 303);
    t.equal(res.headers.location, '/price-quote', 'buyer info before the quote is confirmed: back to the quote');
  });
  t.same(buyerOnBuy, [], 'nothing reached the upstream');

  const payoutOnBuy = await upstreamDuring(async () => {
    const res = await buy.submit('/email-input', { emtEmail: 'thief@example.com' });
    t.equal(res.headers.location, '/price-quote', 'a payout email on a buy: back to the quote');
  });
  t.same(payoutOnBuy, [], 'no /emtemail reached the upstream');

  // A sell's quote names INPUT_BUYERINFO at once: only NEXT on the quote leads there.
  const sell = await startFlow(stack, { kind: 'SELL' });
  const early = await upstreamDuring(async () => {
    const res = await sell.submit('/buyer-info-input', BUYER);
    t.equal(res.headers.location, '/price-quote', "a sell's buyer info before its quote is confirmed");
  });
  t.same(early, [], 'nothing reached the upstream');
  t.equal((await sell.state()).nextAction, 'INPUT_BUYERINFO', 'the upstream still waits for buyer info');

  const confirmed = await sell.post('/price-quote');
  t.equal(confirmed.headers.location, '/buyer-info-input', 'NEXT on the quote');
  const inOrder = await upstreamDuring(() => sell.submit('/buyer-info-input', BUYER));
  t.ok(
    inOrder.some((r) => r.endsWith('/txnsell/buyerinfo')),
    'in order, the form is sent',
  );

  const atAddress = await driveTo(stack, '/address-input');
  const code = await upstreamDuring(async () => {
    const res = await atAddress.post('/mobile-verification', { verificationCode: '123456' });
    t.equal(res.headers.location, '/address-input', 'a code before the address: back to the address');
  });
  t.same(code, []);
  const resend = await upstreamDuring(() => atAddress.post('/mobile-verification/resend'));
  t.same(resend, [], 'Resend Code out of step asks for no code');
  const accept = await upstreamDuring(async () => {
    const res = await atAddress.post('/price-quote/accept');
    t.equal(res.headers.location, '/address-input', 'a new quote accepted past the quote: back to the address');
  });
  t.same(accept, [], 'no requote reached the upstream');

  // A selfie posted before the identity step: not read, not sent; the upstream is only asked where the flow is.
  const { payload, contentType } = multipartBody([{ field: 'file', fileName: 'me.png', value: PNG, type: 'image/png' }]);
  const selfie = await upstreamDuring(async () => {
    const res = await stack.app.inject({
      method: 'POST',
      url: '/image-input-upload',
      payload,
      headers: atAddress.headers({ 'content-type': contentType }),
    });
    t.equal(res.statusCode, 303, 'a selfie before the identity step');
  });
  t.notOk(
    selfie.some((r) => r.includes('/selfieimage')),
    'no selfie reached the upstream',
  );
});

t.test('HEAD never calls the upstream', async (t) => {
  const visitor = await driveTo(stack, '/payment-etransfer-instructions');
  const pages = [
    '/price-quote',
    '/payment-etransfer-instructions',
    '/buyer-info-input',
    '/transaction',
    '/transaction-success',
    `/state/${visitor.refId()}`,
  ];
  for (const path of pages) {
    const calls = await upstreamDuring(async () => {
      const res = await stack.app.inject({ method: 'HEAD', url: path, headers: visitor.headers() });
      t.equal(res.statusCode, 200, `HEAD ${path}`);
      t.equal(res.body, '');
      t.match(res.headers['content-type'], /text\/html/);
      t.notOk(res.headers['set-cookie'], 'the flow is not touched');
    });
    t.same(calls, [], `HEAD ${path}: no upstream call`);
  }
  const link = await upstreamDuring(() =>
    stack.app.inject({ method: 'HEAD', url: '/amount/100/cryptocurrency/BTC/method/ETRANSFER', headers: { host: MAPLE } }),
  );
  t.same(link, [], 'HEAD on a direct link asks for no quote');
});

t.test("someone else's order is shown and must be confirmed before it becomes the visitor's flow", async (t) => {
  // The attacker's own order, their receiving address on it, sent to a victim as a link.
  const attacker = await driveTo(stack, '/buyer-info-input', { address: BTC_ADDRESS });
  const refId = attacker.refId();
  for (const link of [`/state/${refId}`, `/buyer-info-input?refId=${refId}`]) {
    const victim = new Visitor(stack);
    const page = await victim.get(link);
    t.equal(page.statusCode, 200, `${link}: a page, not a redirect into the flow`);
    t.notOk(victim.cookie, 'no flow cookie yet');
    t.match(page.body, 'Is this your order?');
    t.match(page.body, '$100.00', 'the amount');
    t.match(page.body, /0\.\d{8} BTC/, 'the coin');
    t.match(page.body, maskAddress(BTC_ADDRESS), 'the receiving address, recognisable');
    t.notMatch(page.body, BTC_ADDRESS, 'never whole to whoever holds the reference');
    t.match(page.body, /[A-Z][a-z]+ \d{1,2}, \d{4} at \d{2}:\d{2} E[SD]T/, "when it was created, on the order's country's clock");
    t.match(page.body, '<a class="button secondary" href="/">No, this is not my order</a>', 'a way out that adopts nothing');
    t.notMatch(page.body, '<script', 'works without JavaScript');
    const question = resumeQuestion(page.body)!;
    t.equal(question.action, `/state/${refId}/confirm`);

    // A forged, foreign or missing token adopts nothing.
    for (const token of [
      '',
      'x',
      `${resumeQuestion((await new Visitor(stack).get(`/state/${attacker.refId()}`)).body)!.form.token}x`,
    ]) {
      const forged = await victim.post(question.action, { ...question.form, token });
      t.equal(forged.statusCode, 409, 'asked again');
      t.notOk(victim.cookie, 'still no flow');
    }
    const other = await startFlow(stack);
    const foreign = await victim.post(`/state/${other.refId()}/confirm`, question.form);
    t.equal(foreign.statusCode, 409, 'a token for one refId does not adopt another');
    t.notOk(victim.cookie);

    const yes = await victim.post(question.action, question.form);
    t.equal(yes.statusCode, 303, 'confirmed: the flow goes on');
    t.equal(victim.refId(), refId);
  }

  // The token expires: a page left open is asked again.
  const late = new Visitor(stack);
  const question = resumeQuestion((await late.get(`/state/${refId}`)).body)!;
  const expired = await buildApp({
    config: neverShedForDelay(parseConfig({ SESSION_SECRET: OLD_SECRET, LOG_LEVEL: 'silent' })),
    upstreamUrl: stack.sandbox.url,
    logger: pino({ level: 'silent' }),
    clock: () => Date.now() + 16 * 60 * 1000,
  });
  t.teardown(() => expired.close());
  const tooLate = await expired.inject({
    method: 'POST',
    url: question.action,
    headers: { ...late.headers(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(question.form).toString(),
  });
  t.equal(tooLate.statusCode, 409);
  t.match(tooLate.body, 'This page was open too long. Please confirm again.');

  // Another merchant's order is "Reference ID not found.", on the page and on the form.
  for (const host of ['roo.localhost', 'dev.localhost']) {
    const foreign = await new Visitor(stack, host).get(`/state/${refId}`);
    t.equal(foreign.statusCode, 404);
    t.match(foreign.body, 'Reference ID not found.');
    t.notMatch(foreign.body, BTC_ADDRESS);
    const posted = await new Visitor(stack, host).post(`/state/${refId}/confirm`, question.form);
    t.equal(posted.statusCode, 404);
    t.notOk(posted.cookies.some((c) => c.name === 'flow' && c.value));
  }
  // A sell's payout email is recognisable, never readable, by whoever holds the reference.
  const seller = await driveTo(stack, '/email-input', { kind: 'SELL' });
  await seller.submit('/email-input', { emtEmail: 'payout@example.com' });
  const sellQuestion = (await new Visitor(stack).get(`/state/${seller.refId()}`)).body;
  t.match(sellQuestion, 'p***@example.com');
  t.notMatch(sellQuestion, 'payout@example.com');
});

/** An edge over the same sandbox with other settings: a second replica, a rotated secret. */
async function edge(env: Record<string, string>) {
  const app = await buildApp({
    config: neverShedForDelay(parseConfig({ LOG_LEVEL: 'silent', ...env })),
    upstreamUrl: stack.sandbox.url,
    thirdParty: stack.sandbox.thirdParty,
    logger: pino({ level: 'silent' }),
  });
  await app.ready();
  t.teardown(() => app.close());
  return app;
}

t.test('unknown hosts on a production upstream are refused and counted; never the test coin', async (t) => {
  const production = { SESSION_SECRET: NEW_SECRET, UPSTREAM_URL: stack.sandbox.url };
  const strict = await edge(production);
  const counted = async () => (await register.getSingleMetric('edge_unknown_host_requests_total')?.get())?.values ?? [];
  const rejectedBefore = (await counted()).find((v) => v.labels.outcome === 'rejected')?.value ?? 0;
  const form = new URLSearchParams(quoteForm({ coin: 'LTCT' })).toString();
  const calls = await upstreamDuring(async () => {
    const home = await strict.inject({ url: '/', headers: { host: 'checkout.attacker.test' } });
    t.equal(home.statusCode, 404, 'an unknown host gets no checkout');
    const quote = await strict.inject({
      method: 'POST',
      url: '/',
      headers: {
        host: 'checkout.attacker.test',
        origin: 'http://checkout.attacker.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form,
    });
    t.equal(quote.statusCode, 404, 'nor a quote');
  });
  t.same(calls, [], 'nothing reached the upstream');
  const rejectedAfter = (await counted()).find((v) => v.labels.outcome === 'rejected')?.value ?? 0;
  t.equal(rejectedAfter - rejectedBefore, 2, 'both requests counted');

  // Asked for explicitly, the fallback serves unknown hosts, still without the test coin.
  const lenient = await edge({ ...production, UNKNOWN_HOSTS: 'fallback' });
  const home = await lenient.inject({ url: '/', headers: { host: 'checkout.attacker.test' } });
  t.equal(home.statusCode, 200);
  t.notMatch(home.body, 'LTCT', 'no test coin offered');
  const testCoin = await upstreamDuring(async () => {
    const res = await lenient.inject({
      method: 'POST',
      url: '/',
      headers: {
        host: 'checkout.attacker.test',
        origin: 'http://checkout.attacker.test',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: form,
    });
    t.equal(res.statusCode, 303, 'a test-coin quote is refused at the form');
    t.equal(res.headers.location, '/', 'which shows the refusal');
  });
  t.same(testCoin, [], 'no test-coin quote reached the production upstream');

  // The demo set-up (embedded sandbox, no UPSTREAM_URL) keeps the dev fallback with its test coin.
  const demo = await stack.app.inject({ url: '/', headers: { host: 'checkout.attacker.test' } });
  t.equal(demo.statusCode, 200);
  t.match(demo.body, 'LTCT');
});

t.test('the flow cookie: __Host-flow over https, a rotated secret still verifies', async (t) => {
  const proxied = await edge({ SESSION_SECRET: NEW_SECRET, TRUST_PROXY: '127.0.0.1' });
  const started = await proxied.inject({
    method: 'POST',
    url: '/',
    headers: {
      host: MAPLE,
      origin: `https://${MAPLE}`,
      'x-forwarded-proto': 'https',
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams(quoteForm()).toString(),
  });
  const set = String([started.headers['set-cookie']].flat()[0]);
  t.match(set, /^__Host-flow=/, 'named __Host-flow');
  t.match(set, /; Path=\/(;|$)/);
  t.match(set, /; Secure(;|$)/);
  t.notMatch(set, /Domain=/i, 'no Domain');
  const value = set.split(';')[0]!.slice('__Host-flow='.length);
  const https = { host: MAPLE, 'x-forwarded-proto': 'https' };
  t.equal((await proxied.inject({ url: '/price-quote', headers: { ...https, cookie: `__Host-flow=${value}` } })).statusCode, 200);
  const planted = await proxied.inject({ url: '/price-quote', headers: { ...https, cookie: `flow=${value}` } });
  t.equal(planted.headers.location, '/', 'over https a plain `flow` cookie (which any sibling host can set) is no flow');

  // A flow signed before the rotation: the new secret first, the old one kept to verify.
  const visitor = await startFlow(stack);
  const rotated = await edge({ SESSION_SECRET: `${NEW_SECRET}, ${OLD_SECRET}` });
  const onlyNew = await edge({ SESSION_SECRET: NEW_SECRET });
  const page = await rotated.inject({ url: '/price-quote', headers: visitor.headers() });
  t.equal(page.statusCode, 200, 'the old cookie still reads');
  t.equal(
    (await onlyNew.inject({ url: '/price-quote', headers: visitor.headers() })).headers.location,
    '/',
    'once the old secret is removed it does not',
  );
  const next = await rotated.inject({
    method: 'POST',
    url: '/price-quote',
    headers: { ...visitor.headers(), 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  t.equal(next.headers.location, '/address-input');
  const renewed = next.cookies.find((c) => c.name === 'flow')!;
  t.ok(onlyNew.unsignCookie(renewed.value).valid, 'the next step signs with the new secret');
  t.notOk(stack.app.unsignCookie(renewed.value).valid, 'not with the old one');
});

t.test('the bad-Host page and every refusal carry the security headers', async (t) => {
  const strict = await edge({ SESSION_SECRET: NEW_SECRET, UPSTREAM_URL: stack.sandbox.url });
  const answers = [
    await stack.app.inject({ url: '/', headers: { host: 'bad host!' } }),
    await stack.app.inject({ url: '/', headers: { host: 'a..b' } }),
    await strict.inject({ url: '/', headers: { host: 'unknown.test' } }),
  ];
  t.same(
    answers.map((a) => a.statusCode),
    [400, 400, 404],
  );
  for (const answer of answers) {
    t.equal(answer.headers['x-content-type-options'], 'nosniff');
    t.equal(answer.headers['x-frame-options'], 'SAMEORIGIN');
    t.match(answer.headers['strict-transport-security'], /max-age=/);
    t.match(answer.headers['referrer-policy'], /no-referrer/);
    t.match(answer.headers['content-security-policy'], /frame-ancestors 'none'/);
  }
});

t.test('hostile merchant files: refused at start-up naming file and line, fragments sanitised at load', async (t) => {
  const css = [
    'body { color: #222 }',
    '@import "https://evil.test/x.css";',
    '.hero { background: url(https://evil.test/pixel.png) }',
    'input[value^="4"] { background: url(/assets/m/a/4.png) }',
    '.old { width: expression(alert(1)) }',
  ].join('\n');
  const dir = await writeFixture(validFiles({ 'a/style.css': css }));
  t.teardown(() => removeFixture(dir));
  const refused = await loadMerchants(dir, { methods: PAYMENT_METHODS }).then(
    () => null,
    (err: unknown) => err,
  );
  t.type(refused, MerchantConfigError, 'start-up stops');
  const file = path.join(dir, 'a', 'style.css');
  t.same((refused as MerchantConfigError).problems, [
    `${file}: line 2: @import is not allowed (a style sheet is one file)`,
    `${file}: line 3: url(https://evil.test/pixel.png) is not one of the merchant's own files`,
    `${file}: line 4: attribute selector on value is not allowed (it can read what visitors type)`,
    `${file}: line 5: expression() is not allowed`,
  ]);

  // What the lint lets through, the allowlist still removes, once, at load.
  const footer =
    '<p>Maple</p>\n<a href="vbscript:msgbox(1)">a</a><a href="data:text/html,x">b</a><img src="http://tracker.test/p.gif" alt="">';
  const sanitised = await writeFixture(validFiles({ 'a/footer.html': footer }));
  t.teardown(() => removeFixture(sanitised));
  const merchant = (await loadMerchants(sanitised, { methods: PAYMENT_METHODS })).byId.get('a')!;
  t.equal(merchant.footerHtml, '<p>Maple</p>\n<a>a</a><a>b</a><img alt="" />');
});
