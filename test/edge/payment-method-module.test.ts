// A payment method is one module: a throwaway method (an Australian PayID rail), registered
// only here with its own screen, is offered by the home form, routed by the next-screen rule,
// counted in the step indicator by its own steps, described on the receipt in its own words
// and rate-limited by its own limit, with no other file of the checkout knowing its name.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { quoteFee } from '../../checkout/fees.ts';
import { nextScreen } from '../../checkout/next-screen.ts';
import { go } from '../../checkout/next-step.ts';
import { methodTable } from '../../checkout/payment-method.ts';
import type { RouteDef } from '../../checkout/routes.ts';
import { flowFrameOf } from '../../server/flow/frame.ts';
import { defineScreen } from '../../server/flow/screen.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { defineMethod } from '../../server/methods/method.ts';
import { readFlow } from '../../server/security/flow-cookie.ts';
import { startStack } from '../helpers/stack.ts';

const PAYMENT_PAGE: RouteDef = {
  name: 'payment-payid',
  path: '/payment-payid',
  leavePageGuard: false,
  params: [],
  actions: {},
  flags: {},
};

const payIdScreen = defineScreen({
  route: PAYMENT_PAGE,
  step: 'pay',
  rateLimit: { POST: 'payid' },
  get: (request, reply) => reply.send(flowFrameOf(request, readFlow(request))?.progress ?? null),
  post: (_request, reply) => reply.send({ posted: true }),
});

const payId = defineMethod({
  name: 'PAYID',
  flow: 'BUY',
  next: { CUSTOMER_PAYMENT: () => go(PAYMENT_PAGE.path as never) },
  // No separate verification step: PayID payers are verified by their bank.
  steps: ['quote', 'details', 'pay'],
  rateHold: 'countdown',
  requotes: 'fiat',
  fees: { regular: 'payidFee' },
  screens: [payIdScreen],
  limits: { payid: { address: { max: 2, windowMs: 60_000 } } },
  receipt: {
    afterApproval: () => 'Once it is approved, pay by PayID from your banking app.',
    delivery: (order) => `Your ${order.cryptoCurrency} is on its way.`,
  },
});

const methods = methodTable([...PAYMENT_METHODS.list, payId]);
const REF_ID = 'SBXPAYIDTHROWAWAY00001';

// The roo merchant offers it, with its own fee field.
const merchantsDir = await mkdtemp(path.join(tmpdir(), 'merchants-'));
t.teardown(() => rm(merchantsDir, { recursive: true, force: true }));
await cp('merchants', merchantsDir, { recursive: true });
const rooFile = path.join(merchantsDir, 'roo', 'merchant.json');
const roo = JSON.parse(await readFile(rooFile, 'utf8'));
roo.paymentMethods.push({ name: 'PAYID', type: 'BUY', label: 'PayID' });
roo.payidFee = 1.5;
await writeFile(rooFile, JSON.stringify(roo));

// An upstream that holds one PayID order in review; the sandbox knows no PayID.
const order = {
  refId: REF_ID,
  fiatAmount: 150,
  fiatCurrency: 'AUD',
  cryptoAmount: 0.00143541,
  cryptoCurrency: 'BTC',
  cryptoAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  paymentMethod: 'PAYID',
  paymentMethodSubtype: null,
  txnType: 'BUY',
  txnStatus: 'REVIEW',
  nextAction: 'ADMIN_REVIEW',
  nextActionParams: {},
};
const upstream = createServer((request, response) => {
  const known = request.url === `/txnbuy/flowstate/${REF_ID}`;
  response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
  response.end(JSON.stringify(known ? order : { error: { code: 'TRANSACTION.NOTFOUND', msg: 'Not found.' } }));
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

const stack = await startStack({
  listen: false,
  methods,
  env: { MERCHANTS_DIR: merchantsDir, MERCHANTS_WATCH: 'off' },
  upstreamUrl: () => `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
});
t.teardown(() => stack.close());

const HOST = 'roo.localhost';
const flow = {
  refId: REF_ID,
  kind: 'BUY',
  txnType: 'BUY',
  method: 'PAYID',
  fiatCurrency: 'AUD',
  cryptoCurrency: 'BTC',
  pro: false,
  addressRequired: false,
  merchant: 'roo',
  at: '/transaction-in-review',
};
const cookie = `flow=${encodeURIComponent(stack.app.signCookie(Buffer.from(JSON.stringify(flow)).toString('base64url')))}`;

t.test('the home form offers it', async (t) => {
  const home = await stack.app.inject({ url: '/', headers: { host: HOST } });
  t.equal(home.statusCode, 200);
  t.match(home.body, /<option value="PAYID"[^>]*>PayID<\/option>/);
});

t.test('the next-screen rule sends its payment to its own screen, which the app serves', async (t) => {
  const state = { nextAction: 'CUSTOMER_PAYMENT', paymentMethod: 'PAYID', fiatCurrency: 'AUD', txnType: 'BUY' } as const;
  t.strictSame(nextScreen(state, '/mobile-verification', methods), { kind: 'navigate', path: '/payment-payid' });
  t.strictSame(nextScreen(state, '/mobile-verification', PAYMENT_METHODS).kind, 'none', 'unknown without its module');
  t.ok(stack.app.hasRoute({ method: 'GET', url: '/payment-payid' }));
});

t.test('the step indicator counts its own steps', async (t) => {
  const page = await stack.app.inject({ url: '/payment-payid', headers: { host: HOST, cookie } });
  t.strictSame(page.json(), { steps: ['quote', 'details', 'pay'], current: 2 });
});

t.test('its fee field is read from the merchant file', async (t) => {
  const { config } = stack.app.merchants.byId.get('roo')!;
  t.equal(quoteFee(config, payId, false), 1.5);
});

t.test('the receipt speaks in its words', async (t) => {
  const review = await stack.app.inject({ url: '/transaction-in-review', headers: { host: HOST, cookie } });
  t.equal(review.statusCode, 200);
  t.match(review.body, 'Once it is approved, pay by PayID from your banking app.');
  t.match(review.body, REF_ID);
});

t.test('its rate limit counts its screen', async (t) => {
  const post = () =>
    stack.app.inject({
      method: 'POST',
      url: '/payment-payid',
      headers: { host: HOST, cookie, origin: `http://${HOST}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
  t.equal((await post()).statusCode, 200);
  t.equal((await post()).statusCode, 200);
  const refused = await post();
  t.equal(refused.statusCode, 429);
  t.ok(refused.headers['retry-after']);
});

t.test('a merchant file may not offer a method the checkout does not know', async (t) => {
  const plain = await startStack({ listen: false, env: { MERCHANTS_DIR: merchantsDir, MERCHANTS_WATCH: 'off' } }).then(
    () => 'started',
    (error: Error) => error.message,
  );
  t.match(plain, /roo\/merchant\.json: paymentMethods\[2\]\.name: expected one of "ETRANSFER"\|/);
  t.match(plain, /roo\/merchant\.json: unknown field "payidFee"/, 'nor a fee field no method declares');
});
