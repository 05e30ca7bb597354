// The pure rules of the order events: the signature against the Standard Webhooks spec's
// published test vector, the retry schedule (at least three days, the first retry within
// about five seconds), the follower's schedule within the spec's windows, the endpoints a
// merchant file may name, and the funnel.

import { Webhook } from 'standardwebhooks';
import t from 'tap';
import { merchantSchemaFor } from '../../checkout/merchant-schema.ts';
import { parseConfig } from '../../server/config.ts';
import { endpointsOf } from '../../server/events/endpoints.ts';
import type { EventRecord } from '../../server/events/event.ts';
import { bodyOf, newEventId } from '../../server/events/event.ts';
import { funnelOf } from '../../server/events/funnel.ts';
import { nextAttemptAt, nextLookAt, RETRY_WINDOW_MS } from '../../server/events/schedule.ts';
import { signedHeaders } from '../../server/events/signing.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';

t.test("the signature is the spec's: its published test vector", async (t) => {
  // standardwebhooks.com, the specification's example.
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const headers = signedHeaders('msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330_000, '{"test": 2432232314}', [secret]);
  t.same(headers, {
    'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
    'webhook-timestamp': '1614265330',
    'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
  });
  const two = signedHeaders('msg_1', Date.now(), '{}', [secret, 'whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQtdGVzdC0x']);
  t.equal(two['webhook-signature'].split(' ').length, 2, 'one signature per secret, space-separated');
  t.doesNotThrow(() => new Webhook(secret).verify('{}', two), 'a receiver with either secret verifies');
});

t.test('ids sort by time, and the body is the same bytes on every attempt', async (t) => {
  t.ok(newEventId(1000) < newEventId(2000));
  t.match(newEventId(Date.now()), /^msg_[0-9a-z]{9}[\w-]{14}$/);
  const record = { id: 'msg_x', type: 'order.created', at: 0, endpoints: [], data: { sequence: 1 } } as unknown as EventRecord;
  t.equal(bodyOf(record), '{"type":"order.created","timestamp":"1970-01-01T00:00:00.000Z","data":{"sequence":1}}');
});

t.test('retries: the first within about 5 s, growing, for at least three days, then given up', async (t) => {
  const at = 0;
  const first = nextAttemptAt(at, 1, at, () => 0)!;
  t.ok(first >= 5_000 && first <= 6_000, 'the first retry in 5 s');
  t.ok(nextAttemptAt(at, 1, at, () => 1)! <= 6_000, 'jitter stretches it by a fifth at most');
  let now = at;
  let attempts = 1;
  const waits: number[] = [];
  for (;;) {
    const next = nextAttemptAt(at, attempts, now, () => 0.5);
    if (next === null) break;
    waits.push(next - now);
    now = next;
    attempts++;
  }
  t.ok(now >= RETRY_WINDOW_MS && RETRY_WINDOW_MS >= 72 * 3_600_000, 'the last attempt is made once three days are over');
  t.ok(
    waits.slice(0, 8).every((w, i) => i === 0 || w >= waits[i - 1]!),
    'the waits grow',
  );
  t.ok(attempts < 25, `${attempts} attempts in all`);
});

t.test('the follower looks soon after a stage begins, then less often, within the stage’s window', async (t) => {
  const since = 0;
  t.equal(nextLookAt('awaitingPayment', since, since), 15_000, 'first look after 15 s');
  const looks: number[] = [];
  let now = since;
  for (let next = nextLookAt('inReview', since, now); next !== null; next = nextLookAt('inReview', since, now)) {
    looks.push(next);
    now = next;
  }
  t.ok(looks.filter((l) => l <= 60_000).length >= 3, 'a change within the first minute is seen within the minute');
  t.equal(looks.at(-1), 12 * 3_600_000, 'the last look is when a review’s 12 hours are over');
  t.ok(looks.length < 80, `${looks.length} looks in 12 hours`);
  t.equal(nextLookAt('awaitingPayment', since, 3_600_000), null, 'payment: an hour');
  t.equal(nextLookAt('awaitingPayment', since, 0, 12 * 3_600_000 + 60_000) !== null, true, 'cash: until its deadline');
  t.equal(nextLookAt('unfinished', since, since), 3_600_000, 'unfinished: once, an hour after the last step');
  t.equal(nextLookAt('completed', since, since), null, 'final: never');
});

t.test('endpoints: https, or http to a loopback address; a secret named, never written', async (t) => {
  const schema = merchantSchemaFor({ methods: PAYMENT_METHODS, sandboxUrl: 'http://localhost:4010' });
  const base = {
    merchant: 'shop',
    env: 'PROD',
    merchantName: 'Shop',
    title: 'Shop',
    siteUrl: 'https://shop.example',
    errorUrl: 'https://shop.example',
    successUrl: 'https://shop.example',
  };
  const parse = (webhooks: unknown) => schema.safeParse({ ...base, webhooks });
  t.ok(parse([{ url: 'https://hooks.shop.example/checkout', secretEnv: 'SHOP_WEBHOOK_SECRET' }]).success);
  t.ok(parse([{ url: 'http://127.0.0.1:8080/hooks', secretEnv: 'SHOP_HOOKS' }]).success, 'a receiver on the same machine');
  t.ok(parse([{ url: '{sandbox}/webhooks/shop', secretEnv: 'SHOP_HOOKS' }]).success, 'the sandbox');
  for (const [url, why] of [
    ['http://hooks.shop.example/', 'plain http elsewhere'],
    ['https://user:pw@hooks.shop.example/', 'credentials'],
    ['ftp://hooks.shop.example/', 'another scheme'],
  ] as const) {
    t.notOk(parse([{ url, secretEnv: 'SHOP_HOOKS' }]).success, why);
  }
  t.notOk(parse([{ url: 'https://h.example', secretEnv: 'whsec_abc' }]).success, 'a secret where its variable’s name goes');
  t.notOk(parse([{ url: 'https://h.example', secretEnv: 'S', events: ['order.shipped'] }]).success, 'an unknown type');
  const parsed = parse([
    { url: '{sandbox}/webhooks/shop', secretEnv: 'SHOP_HOOKS' },
    { url: 'https://h.example', secretEnv: 'S', events: ['order.step'] },
  ]);
  const [sandbox, steps] = endpointsOf(parsed.data as never);
  t.equal(sandbox!.url, 'http://localhost:4010/webhooks/shop');
  t.ok(
    sandbox!.sandbox && !sandbox!.events.has('order.step') && sandbox!.events.has('order.completed'),
    'every type but steps by default',
  );
  t.same([...steps!.events], ['order.step']);
  const noSandbox = merchantSchemaFor({ methods: PAYMENT_METHODS }).safeParse({
    ...base,
    webhooks: [{ url: '{sandbox}/webhooks/shop', secretEnv: 'SHOP_HOOKS' }],
  });
  t.same(endpointsOf(noSandbox.data as never), [], 'without a sandbox, its endpoint is off');
});

t.test('secrets come from the variables the endpoints name, each checked', async (t) => {
  const config = parseConfig({
    SHOP_HOOKS: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw whsec_dGVzdC1zZWNyZXQtdGVzdC1zZWNyZXQtdGVzdC0x',
  });
  t.equal(config.events.secrets.get('SHOP_HOOKS')?.length, 2);
  t.throws(() => parseConfig({ SHOP_HOOKS: 'whsec_short' }), /SHOP_HOOKS: each space-separated secret/);
});

t.test('the funnel: orders per step, and where the quiet unfinished ones stopped', async (t) => {
  const event = (refId: string, type: string, at: number, step?: object, stage = 'unfinished') =>
    ({
      id: `${refId}${at}`,
      type,
      at,
      endpoints: [],
      data: { merchant: 'maple', refId, stage, step, sequence: at },
    }) as unknown as EventRecord;
  const hour = 3_600_000;
  const funnel = funnelOf(
    [
      event('A', 'order.step', 0, { screen: '/price-quote' }),
      event('A', 'order.created', 1),
      event('A', 'order.step', 2, { screen: '/address-input' }),
      event('A', 'order.step', 3, { screen: '/address-input', refused: ['cryptoAddress'] }),
      event('B', 'order.step', 0, { screen: '/price-quote' }),
      event('B', 'order.created', 1),
      event('B', 'order.step', 2, { screen: '/address-input' }),
      event('B', 'order.completed', 9, undefined, 'completed'),
      event('C', 'order.step', 0, { screen: '/price-quote' }),
    ],
    2 * hour,
  );
  t.same(funnel.get('maple'), [
    { step: 'price-quote', reached: 3, stopped: 1 },
    { step: 'created', reached: 2, stopped: 0 },
    { step: 'address-input', reached: 2, stopped: 1 },
    { step: 'completed', reached: 1, stopped: 0 },
  ]);
});
