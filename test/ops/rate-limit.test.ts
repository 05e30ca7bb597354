// Rate limits: what a client that goes too fast gets, what is counted (its address, from a
// trusted proxy only, and the refId), and counters shared through a real Redis by two edges.

import { Redis } from 'ioredis';
import t, { type Test } from 'tap';
import { DEFAULT_TEXTS, textsFor } from '../../checkout/messages.ts';
import { parseConfig } from '../../server/config.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { applyRateLimits, limitDefaults, parseRateLimits } from '../../server/ops/rate-limit-settings.ts';
import { driveTo, MAPLE, quoteForm, upstreamCalls, Visitor } from '../helpers/journey.ts';
import { startRedis } from '../helpers/redis.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

const { RATE_LIMIT_TEXT } = DEFAULT_TEXTS;

const form = (payload: Record<string, string>, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/',
  headers: {
    host: MAPLE,
    origin: `http://${MAPLE}`,
    accept: 'text/html',
    'content-type': 'application/x-www-form-urlencoded',
    ...headers,
  },
  payload: new URLSearchParams(payload).toString(),
});

async function stackWith(t: Test, env: Record<string, string>): Promise<Stack> {
  const stack = await startStack({ env, listen: false });
  t.teardown(() => stack.close());
  return stack;
}

const DEFAULT_LIMITS = limitDefaults(PAYMENT_METHODS);
const rateLimitSettings = (spec: string) => applyRateLimits(parseRateLimits(spec), DEFAULT_LIMITS);

t.test('RATE_LIMITS: the defaults, changes to them, off, and bad values named', async (t) => {
  t.same(rateLimitSettings(''), { enabled: true, limits: DEFAULT_LIMITS });
  t.ok(DEFAULT_LIMITS.voucher, 'a payment method declares its own limit beside the shared ones');
  const changed = rateLimitSettings('quote=5/10, code.refId=3/300');
  t.ok(changed.enabled);
  if (changed.enabled) {
    t.same(changed.limits.quote!.address, { max: 5, windowMs: 10_000 });
    t.same(changed.limits.code!.refId, { max: 3, windowMs: 300_000 });
    t.same(changed.limits.code!.address, DEFAULT_LIMITS.code!.address, 'the rest stays');
  }
  t.same(rateLimitSettings('off'), { enabled: false });
  for (const bad of ['quote=5', 'quote=0/60', 'quote=5/0', 'quote.ip=5/60']) {
    t.throws(() => parseConfig({ RATE_LIMITS: bad }), { name: 'ConfigError', message: /RATE_LIMITS/ }, bad);
  }
  // A name is known once the payment methods are: the app refuses to build.
  await t.rejects(startStack({ env: { RATE_LIMITS: 'nope=1/1' }, listen: false }), {
    name: 'ConfigError',
    message: /RATE_LIMITS: "nope" is not one of quote, code, lookup, order, step, api, voucher/,
  });
  t.equal(DEFAULT_LIMITS.quote!.address.max >= 30, true, 'a visitor changing the amount a few times is never refused');
  t.throws(() => parseConfig({ REDIS_URL: 'http://cache:6379' }), { name: 'ConfigError', message: /REDIS_URL/ });
  t.equal(parseConfig({ REDIS_URL: 'redis://cache:6379/0' }).redisUrl, 'redis://cache:6379/0');
});

t.test('quote submissions past the limit: 429, Retry-After, a page saying when, nothing sent upstream', async (t) => {
  const stack = await stackWith(t, { RATE_LIMITS: 'quote=3/60' });
  for (let i = 0; i < 3; i++) t.equal((await stack.app.inject(form(quoteForm()))).statusCode, 303, `quote ${i + 1}`);
  const before = upstreamCalls(stack, '/quoterequest');
  const refused = await stack.app.inject(form(quoteForm()));
  t.equal(refused.statusCode, 429);
  const wait = Number(refused.headers['retry-after']);
  t.ok(wait > 0 && wait <= 60, `Retry-After: ${wait}`);
  t.match(refused.headers['content-type'], /text\/html/);
  t.match(refused.body, RATE_LIMIT_TEXT.tryAgainIn(wait), 'the page says when to try again');
  t.match(refused.body, /href="\/"/, 'and offers the way back');
  t.match(refused.headers['content-security-policy'], /default-src/, 'with the security headers');
  t.equal(upstreamCalls(stack, '/quoterequest'), before, 'the refused quote never reached the upstream');

  const french = await stack.app.inject(form(quoteForm(), { 'accept-language': 'fr-CA' }));
  const frenchWait = Number(french.headers['retry-after']);
  t.equal(french.statusCode, 429);
  t.match(french.body, '<html lang="fr-CA"', 'a French visitor is refused in French');
  t.match(french.body, textsFor('fr-CA').RATE_LIMIT_TEXT.tryAgainIn(frenchWait), 'and told when in French');
  const island = await stack.app.inject(form(quoteForm(), { 'accept-language': 'fr-CA', accept: 'application/json' }));
  t.equal(
    island.json().error.msg,
    textsFor('fr-CA').RATE_LIMIT_TEXT.tryAgainIn(Number(island.headers['retry-after'])),
    'an island is told in French too',
  );

  const other = await stack.app.inject({ method: 'GET', url: '/', headers: { host: MAPLE, accept: 'text/html' } });
  t.equal(other.statusCode, 200, 'pages that cost nothing are not limited');
});

t.test('the client address is the socket, or the trusted proxy’s X-Forwarded-For', async (t) => {
  const direct = await stackWith(t, { RATE_LIMITS: 'quote=2/60' });
  const statuses = [];
  for (let i = 0; i < 3; i++) {
    statuses.push((await direct.app.inject(form(quoteForm(), { 'x-forwarded-for': `203.0.113.${i}` }))).statusCode);
  }
  t.same(statuses, [303, 303, 429], 'an untrusted X-Forwarded-For does not make a new client');

  const proxied = await stackWith(t, { RATE_LIMITS: 'quote=2/60', TRUST_PROXY: '127.0.0.1' });
  const each = [];
  for (let i = 0; i < 3; i++) {
    each.push((await proxied.app.inject(form(quoteForm(), { 'x-forwarded-for': `203.0.113.${i}` }))).statusCode);
  }
  t.same(each, [303, 303, 303], 'behind a trusted proxy each visitor has their own count');
  const again = await proxied.app.inject(form(quoteForm(), { 'x-forwarded-for': '203.0.113.0' }));
  const third = await proxied.app.inject(form(quoteForm(), { 'x-forwarded-for': '203.0.113.0' }));
  t.same([again.statusCode, third.statusCode], [303, 429], 'and the third from one of them is refused');
});

t.test('verification codes are counted per transaction too: many addresses do not help a guesser', async (t) => {
  const stack = await stackWith(t, { RATE_LIMITS: 'code=100/60,code.refId=3/60', TRUST_PROXY: '127.0.0.1' });
  const visitor = await driveTo(stack, '/mobile-verification');
  const guess = (i: number) =>
    stack.app.inject({
      method: 'POST',
      // A refId in the URL is not the transaction the code is for: it makes no fresh count.
      url: i % 2 ? `/mobile-verification?refId=FAKE-${i}` : '/mobile-verification',
      headers: visitor.headers({ 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `198.51.100.${i}` }),
      payload: 'verificationCode=000000',
    });
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await guess(i)).statusCode);
  t.same(statuses.slice(3), [429, 429], 'the fourth guess on the transaction is refused, whatever the address');
  t.notOk(statuses.slice(0, 3).includes(429));
  const someoneElse = await driveTo(stack, '/mobile-verification');
  const theirs = await stack.app.inject({
    method: 'POST',
    url: '/mobile-verification',
    headers: someoneElse.headers({ 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.1' }),
    payload: 'verificationCode=000000',
  });
  t.not(theirs.statusCode, 429, 'another transaction from a refused address is still served');
  t.equal(stack.app.metrics.registry.getSingleMetric('edge_rate_limited_total') !== undefined, true);
  const counted = await stack.app.metrics.registry.getSingleMetricAsString('edge_rate_limited_total');
  t.match(counted, /edge_rate_limited_total\{limit="code",key="refId"\} 2/);
});

t.test('/state look-ups and /api calls: JSON for the API, the page for visitors', async (t) => {
  const stack = await stackWith(t, { RATE_LIMITS: 'lookup=2/60,api=2/60' });
  const visitor = new Visitor(stack);
  const guesses = [];
  for (let i = 0; i < 3; i++) guesses.push((await visitor.get(`/state/GUESS-${i}`)).statusCode);
  t.equal(guesses[2], 429, 'the third guess');
  const refId = await stack.app.inject({ method: 'GET', url: '/buyer-info-input?refId=X', headers: visitor.headers() });
  t.equal(refId.statusCode, 429, '?refId= counts as a look-up');

  const api = () => stack.app.inject({ method: 'GET', url: '/api/pubapi/ticker/merchant', headers: { host: MAPLE } });
  await api();
  await api();
  const refused = await api();
  t.equal(refused.statusCode, 429);
  t.ok(Number(refused.headers['retry-after']) > 0);
  t.equal(refused.json().error.code, 'REQUEST.RATE_LIMITED');
  t.match(refused.json().error.msg, /Please try again in \d+ seconds?\./);
});

t.test('RATE_LIMITS=off limits nothing', async (t) => {
  const stack = await stackWith(t, { RATE_LIMITS: 'off' });
  for (let i = 0; i < 70; i++) {
    const res = await stack.app.inject({ method: 'GET', url: `/state/GUESS-${i}`, headers: { host: MAPLE } });
    if (res.statusCode === 429) {
      t.fail(`refused at ${i}`);
      return;
    }
  }
  t.pass('70 look-ups served');
});

/** edge_rate_limit_store_up's value, as a scrape reads it. */
async function storeUp(stack: Stack): Promise<number> {
  const text = await stack.app.metrics.registry.getSingleMetricAsString('edge_rate_limit_store_up');
  return Number(/^edge_rate_limit_store_up (\S+)$/m.exec(text)?.[1]);
}

const UNREACHABLE = 'rate-limit counters in Redis unreachable: requests are not limited';

t.test('two edges sharing Redis count against one limit', async (t) => {
  const redis = await startRedis();
  t.teardown(() => redis.stop());
  const env = { RATE_LIMITS: 'quote=5/60', REDIS_URL: redis.url };
  const a = await stackWith(t, env);
  const b = await stackWith(t, env);
  t.equal(await storeUp(a), 1, 'the store is up');
  const statuses = [];
  for (let i = 0; i < 8; i++) statuses.push((await (i % 2 ? b : a).app.inject(form(quoteForm()))).statusCode);
  t.same(statuses, [303, 303, 303, 303, 303, 429, 429, 429], 'the sixth is refused, on either edge');
  const client = new Redis(redis.url);
  t.same(await client.keys('edge-rate:*'), ['edge-rate:quote:a:127.0.0.1'], 'one counter, named by its limit and address');
  client.disconnect();

  await redis.stop();
  const whileDown = await a.app.inject(form(quoteForm(), { 'x-forwarded-for': '1.2.3.4' }));
  await a.app.inject(form(quoteForm(), { 'x-forwarded-for': '1.2.3.5' }));
  t.not(whileDown.statusCode, 500, 'Redis gone: requests are not failed');
  t.equal(await storeUp(a), 0, 'and the metric says so');
  const told = a.logs.filter((l) => l.msg === UNREACHABLE);
  t.equal(told.length, 1, 'the operator is told once, not once per request');
  t.equal(told[0]?.level, 50, 'as an error');
});

t.test('a wrong Redis password: requests pass, and the store is down in the metrics', async (t) => {
  const redis = await startRedis(['--requirepass', 'the-right-one']);
  t.teardown(() => redis.stop());
  const wrong = redis.url.replace('redis://', 'redis://:a-wrong-one@');
  const stack = await stackWith(t, { RATE_LIMITS: 'quote=2/60', REDIS_URL: wrong });
  t.equal(await storeUp(stack), 0);
  const statuses = [];
  for (let i = 0; i < 4; i++) statuses.push((await stack.app.inject(form(quoteForm()))).statusCode);
  t.same(statuses, [303, 303, 303, 303], 'not limited: the limit fails open');
  t.equal(stack.logs.filter((l) => l.msg === UNREACHABLE).length, 1, 'told once, as the password is refused');

  const right = await stackWith(t, {
    RATE_LIMITS: 'quote=2/60',
    REDIS_URL: redis.url.replace('redis://', 'redis://:the-right-one@'),
  });
  t.equal(await storeUp(right), 1, 'with the right one, up');
});
