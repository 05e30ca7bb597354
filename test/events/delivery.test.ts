// Order events end to end on real sockets: a buy walked over HTTP against the edge and the
// sandbox, its events delivered to merchant receivers that verify every Standard Webhooks
// signature with the spec's library. What a receiver gets: the types its endpoint asked for,
// in an order `sequence` restores, signed with each secret of the rotation, with nothing of
// the buyer in them; a receiver that is down never holds up another endpoint's deliveries.
import { rmSync } from 'node:fs';
import t from 'tap';
import { BTC_ADDRESS, BUYER, walkOn } from '../helpers/journey.ts';
import { merchantsWithHooks, startReceiver, testSecret } from '../helpers/receiver.ts';
import { socketVisitor } from '../helpers/socket-visitor.ts';
import { startStack } from '../helpers/stack.ts';

const OLD = testSecret('o');
const NEW = testSecret('n');
const orders = await startReceiver({ secret: NEW });
const steps = await startReceiver({ secret: OLD });
// Down for the whole test: its retries wait, the other endpoints' deliveries do not.
const down = await startReceiver({ secret: NEW });
await down.down();
const dir = merchantsWithHooks({
  maple: [
    { url: orders.url, secretEnv: 'MAPLE_HOOKS' },
    { url: steps.url, secretEnv: 'MAPLE_HOOKS', events: ['order.step'] },
    { url: down.url.replace('/hooks', '/down'), secretEnv: 'MAPLE_HOOKS' },
  ],
});
// A rotation under way: each delivery is signed with both secrets; each receiver knows one.
const stack = await startStack({ env: { MERCHANTS_DIR: dir, MAPLE_HOOKS: `${NEW} ${OLD}` } });
stack.app.events.start();
t.teardown(async () => {
  await stack.close();
  await Promise.all([orders.close(), steps.close()]);
  rmSync(dir, { recursive: true, force: true });
});

/** Every key of a JSON value, at any depth. */
const keysOf = (value: unknown): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => [...(Array.isArray(value) ? [] : [key]), ...keysOf(inner)])
    : [];

t.test('a buy paid by e-Transfer: created, awaiting payment, completed, signed, in sequence, nothing of the buyer', async (t) => {
  const visitor = socketVisitor(stack);
  const quote = await visitor.post('/', {
    txnType: 'BUY',
    fiatAmount: '100',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'ETRANSFER',
  });
  t.equal(quote.headers.location, '/price-quote');
  // NEXT on the quote, then a receiving address refused once: the step event names the field.
  t.equal((await visitor.post('/price-quote', {})).headers.location, '/address-input');
  const refused = await visitor.post('/address-input', { cryptoAddress: 'not an address' });
  t.equal(refused.statusCode, 303, 'the refusal goes back to its page');
  await walkOn(visitor, '/address-input', '/payment-etransfer-instructions', { address: BTC_ADDRESS });
  const refId = visitor.refId();
  // The payment page initiates the e-Transfer: the order awaits its payment.
  t.equal((await visitor.get('/payment-etransfer-instructions')).statusCode, 200);
  const paid = await stack.sandbox.app.inject({
    method: 'POST',
    url: `/pay/etransfer/${refId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=pay',
  });
  t.equal(paid.statusCode, 200, 'paid on the provider page');
  t.equal((await visitor.get('/transaction')).headers.location, '/transaction-success');

  await orders.arrived(3);
  const types = orders.received.map((r) => r.event.type);
  t.same(
    [...types].sort(),
    ['order.awaiting_payment', 'order.completed', 'order.created'],
    'every type but the steps, each once',
  );
  t.ok(
    orders.received.every((r) => r.verified && r.signatures.length === 2),
    'each signed with both secrets; the receiver that knows the new one verifies',
  );
  const bySequence = [...orders.received].sort((a, b) => a.event.data.sequence - b.event.data.sequence);
  t.same(
    bySequence.map((r) => r.event.type),
    ['order.created', 'order.awaiting_payment', 'order.completed'],
    'sequence puts them in the order they happened',
  );
  const completed = orders.ofType('order.completed')[0]!.event;
  t.match(completed.data, {
    merchant: 'maple',
    refId,
    flow: 'BUY',
    stage: 'completed',
    paymentMethod: 'ETRANSFER',
    fiatAmount: 100,
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
  });
  // The Host the visitor used (the helper's has no port).
  t.match(completed.data.orderUrl, new RegExp(`^http://maple\\.localhost/order/${refId}/[\\w-]{22}$`));
  const order = await visitor.get(new URL(String(completed.data.orderUrl)).pathname);
  t.equal(order.statusCode, 200, 'orderUrl opens the signed order page');
  t.ok(!Number.isNaN(Date.parse(completed.timestamp)), 'timestamp is a date');

  await steps.arrived(1);
  t.ok(
    steps.received.every((r) => r.verified),
    'the other receiver verifies with the old secret',
  );
  await t.resolves(
    (async () => {
      while (
        !steps.received.some(
          (r) => r.event.data.step && (r.event.data.step as { screen: string }).screen === '/payment-etransfer-instructions',
        )
      ) {
        await steps.arrived(steps.received.length + 1);
      }
    })(),
  );
  const refusal = steps.received.find((r) => (r.event.data.step as { refused?: string[] }).refused);
  t.same(refusal?.event.data.step, { screen: '/address-input', refused: ['cryptoAddress'] }, 'a refused form: the field by name');
  const screens = steps.received.map((r) => (r.event.data.step as { screen: string }).screen);
  t.ok(
    ['/price-quote', '/address-input', '/buyer-info-input', '/mobile-verification'].every((s) => screens.includes(s)),
    'each step reached',
  );

  // Nothing of the buyer in any body: no personal field, no value they typed.
  const all = [...orders.received, ...steps.received];
  const personal = [
    'firstName',
    'lastName',
    'emailAddress',
    'mobile',
    'phoneNumber',
    'dateOfBirth',
    'address',
    'cryptoAddress',
    'emtEmail',
    'voucherNumber',
  ];
  t.same(
    all.flatMap((r) => keysOf(r.event).filter((k) => personal.includes(k))),
    [],
    'no personal field',
  );
  for (const typed of [BUYER.firstName, BUYER.lastName, BUYER.emailAddress, '4165550199', '555 0199', BTC_ADDRESS, '1985']) {
    t.notOk(
      all.some((r) => r.body.includes(typed)),
      `"${typed}" appears in no event`,
    );
  }
  t.equal(down.received.length, 0, 'the receiver that is down got nothing, and held up nothing');
  const metrics = await stack.app.metrics.registry.getSingleMetricAsString('edge_webhook_deliveries_total');
  t.match(metrics, /outcome="delivered"\} [1-9]/);
  t.match(metrics, /outcome="failed"\} [1-9]/, 'the endpoint that is down failed, and is tried again');
});
