// A payment method is its module: a throwaway redirect method (ToyPay, an Australian bank
// page, named so that no real method takes its name), which lives only in this file,
// registers its module with its screen, its upstream call and its failure rules, and its
// sandbox rail with its init call and its provider's page. A visitor walks it from the home
// form to the success page through the edge (app.inject) and the sandbox; the home form
// offers it, the step indicator counts its own steps, its fee is the merchant's own field on
// both sides, its rate limit counts its screen, and no other file of the checkout knows its
// name; the screen tour reaches its page from its module alone.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t from 'tap';
import { z } from 'zod';
import { flowStateSchema, nextActionParamsSchema, refIdRequestSchema } from '../../checkout/contract.ts';
import { codeOf, type MethodFailures, stay } from '../../checkout/failures.ts';
import { quoteFee } from '../../checkout/fees.ts';
import { nextScreen } from '../../checkout/next-screen.ts';
import { go } from '../../checkout/next-step.ts';
import { methodTable } from '../../checkout/payment-method.ts';
import type { RouteDef, ScreenPath } from '../../checkout/routes.ts';
import { flowFrameOf } from '../../server/flow/frame.ts';
import { followNextAction } from '../../server/flow/next.ts';
import { meetFailure } from '../../server/flow/outcome.ts';
import { defineScreen } from '../../server/flow/screen.ts';
import { leaveStep, loadStep, stepPage } from '../../server/flow/step.ts';
import { upstreamFor } from '../../server/flow/upstream.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { defineMethod } from '../../server/methods/method.ts';
import { html, layout } from '../../server/sandbox/pages/html.ts';
import { decisionForm, orderSummary } from '../../server/sandbox/pages/pay.ts';
import { RAILS } from '../../server/sandbox/rails/index.ts';
import { type Rail, railCall } from '../../server/sandbox/rails/rail.ts';
import { expectStep, goTo } from '../../server/sandbox/steps.ts';
import { postCall } from '../../server/upstream/calls.ts';
import { driveTo, upstreamCalls, type Visitor } from '../helpers/journey.ts';
import { DEMO_MERCHANTS, methodPageStops, TOUR } from '../helpers/screen-tour.ts';
import { startStack } from '../helpers/stack.ts';

// ---- The method, as its module would be (server/methods/ and its screen).

const PAYMENT_PAGE = {
  name: 'payment-toypay',
  path: '/payment-toypay' as ScreenPath,
  leavePageGuard: false,
  params: [],
  secrets: [],
  actions: {},
  flags: {},
} satisfies RouteDef;

/** Its upstream call: the payment initiated, answered with the provider's page. */
const toyPayInit = postCall(
  'toypay/init',
  refIdRequestSchema,
  flowStateSchema.partial().extend({ nextActionParams: nextActionParamsSchema.extend({ redirectUrl: z.string() }) }),
  { fields: ['refId'] },
);

/** Its failure rules: an initiation refused twice reads its own words; the hold may run out before it. */
const toyPayInitFailures: MethodFailures = {
  context: 'toypay-init',
  held: true,
  outcome: (failure, texts) =>
    codeOf(failure) === 'TRANSACTION.NOTFOUND' ? { kind: 'home' } : stay(failure, texts, 'ToyPay could not start.'),
};

const toyPayScreen = defineScreen({
  route: PAYMENT_PAGE,
  step: 'pay',
  rateLimit: { POST: 'toypay' },
  // Its page: the step indicator and a Proceed button (the view would render these).
  get: stepPage(PAYMENT_PAGE.path, (request, reply, { flow }) =>
    reply.send({ progress: flowFrameOf(request, flow)?.progress ?? null, proceed: PAYMENT_PAGE.path }),
  ),
  // Proceed: the payment initiated, then wherever the upstream says (the provider's page).
  post: async (request, reply) => {
    const load = await loadStep(request, PAYMENT_PAGE.path);
    if (load.kind !== 'ready') return leaveStep(request, reply, load, PAYMENT_PAGE.path);
    const { flow, state } = load;
    const stayHere = (messages: string[], status: number) => reply.code(status).send({ messages });
    const init = await upstreamFor(request).call(toyPayInit, state.refId);
    if (!init.ok)
      return meetFailure(request, reply, init.failure, toyPayInitFailures, { flow, stay: (m, _on, s) => stayHere(m, s) });
    return followNextAction(request, reply, flow, { ...state, ...init.value }, PAYMENT_PAGE.path, stayHere);
  },
});

const toyPay = defineMethod({
  name: 'TOYPAY',
  flow: 'BUY',
  next: {
    INITIATE_TOYPAY: () => go(PAYMENT_PAGE.path),
    // Raw: the edge checks the provider's address against the merchant's payment hosts.
    CUSTOMER_PAYMENT: (state) => {
      const url = state.nextActionParams?.redirectUrl;
      return url ? { kind: 'redirect', url, page: PAYMENT_PAGE.path } : go(PAYMENT_PAGE.path);
    },
  },
  // No separate verification step: ToyPay payers are verified by their bank.
  steps: ['quote', 'details', 'pay'],
  rateHold: 'countdown',
  requotes: 'fiat',
  fees: { regular: 'toypayFee' },
  screens: [toyPayScreen],
  calls: [toyPayInit],
  limits: { toypay: { address: { max: 2, windowMs: 60_000 } } },
  receipt: {
    afterApproval: () => 'Once it is approved, pay by ToyPay from your banking app.',
    delivery: (order) => `Your ${order.cryptoCurrency} is on its way by ToyPay.`,
  },
});

// ---- Its rail, as server/sandbox/rails/ would hold it.

const toyPayRail: Rail = {
  name: 'TOYPAY',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'INITIATE_TOYPAY'),
  holdsRate: true,
  feeIn: 'included',
  init: railCall({
    path: 'toypay/init',
    request: refIdRequestSchema,
    run(txn, _body, { clock, baseUrl }) {
      expectStep(clock, txn, 'INITIATE_TOYPAY', 'toypay/init');
      goTo(txn, 'CUSTOMER_PAYMENT', { redirectUrl: `${baseUrl}/pay/toypay/${txn.refId}` });
    },
  }),
  page: {
    slug: 'toypay',
    returns: true,
    render: (txn, returnUrl) =>
      layout(
        'ToyPay',
        html`<h1>Sandbox ToyPay</h1>
${orderSummary(txn)}
${decisionForm(`/pay/toypay/${txn.refId}`, txn, returnUrl ? html`<input type="hidden" name="returnUrl" value="${returnUrl}">` : '')}`,
      ),
  },
};

// ---- A merchant that offers it: roo, with its own fee field.

const merchantsDir = await mkdtemp(path.join(tmpdir(), 'merchants-'));
t.teardown(() => rm(merchantsDir, { recursive: true, force: true }));
await cp('merchants', merchantsDir, { recursive: true });
const rooFile = path.join(merchantsDir, 'roo', 'merchant.json');
const roo = JSON.parse(await readFile(rooFile, 'utf8'));
roo.paymentMethods.push({ name: 'TOYPAY', type: 'BUY', label: 'ToyPay' });
const TOYPAY_FEE = 1.5;
roo.toypayFee = TOYPAY_FEE;
await writeFile(rooFile, JSON.stringify(roo));

const methods = methodTable([...PAYMENT_METHODS.list, toyPay]);
/** How far the sandbox's clock is moved on (a quote's hold runs out). */
let later = 0;
const stack = await startStack({
  listen: false,
  methods,
  env: { MERCHANTS_DIR: merchantsDir, MERCHANTS_WATCH: 'off' },
  sandbox: { rails: [...RAILS, toyPayRail], clock: () => Date.now() + later },
});
t.teardown(() => stack.close());

const HOST = 'roo.localhost';
const AMOUNT = 100;
// The screen tour's stop for its page, derived from its module and the merchant that offers it.
const [tourStop, ...others] = methodPageStops(
  methods,
  DEMO_MERCHANTS.map((merchant) => (merchant.hosts.includes(HOST) ? roo : merchant)),
  TOUR,
);
const atPayment = (): Promise<Visitor> => driveTo(stack, tourStop!.path, { ...tourStop!.walk, amount: AMOUNT });

t.test('the screen tour shows its page with no stop written for it', async (t) => {
  t.strictSame(others, [], 'only its page is new to the tour');
  t.match(tourStop, { host: HOST, path: PAYMENT_PAGE.path, walk: { method: 'TOYPAY', currency: 'AUD' } });
});

t.test('the home form offers it', async (t) => {
  const home = await stack.app.inject({ url: '/', headers: { host: HOST } });
  t.equal(home.statusCode, 200);
  t.match(home.body, /<option value="TOYPAY"[^>]*>ToyPay<\/option>/);
});

t.test('the next-screen rule knows it only through its module', async (t) => {
  const state = { nextAction: 'INITIATE_TOYPAY', paymentMethod: 'TOYPAY', fiatCurrency: 'AUD', txnType: 'BUY' } as const;
  t.strictSame(nextScreen(state, '/mobile-verification', methods), { kind: 'navigate', path: PAYMENT_PAGE.path });
  t.equal(nextScreen(state, '/mobile-verification', PAYMENT_METHODS).kind, 'none', 'unknown without its module');
});

t.test('a visitor walks it to success through the edge and the sandbox', async (t) => {
  const visitor = await atPayment();
  const page = await visitor.get(PAYMENT_PAGE.path);
  t.equal(page.statusCode, 200);
  t.strictSame(
    page.json().progress,
    { steps: ['quote', 'details', 'pay'], current: 2 },
    'the step indicator counts its own steps',
  );
  t.match(await visitor.state(), { nextAction: 'INITIATE_TOYPAY', fiatAmount: AMOUNT });

  // Its fee is the merchant's field, charged by the sandbox's exchange as the edge shows it.
  t.equal(quoteFee(stack.app.merchants.byId.get('roo')!.config, toyPay, false), TOYPAY_FEE);
  const quoted = await visitor.state();
  t.equal(quoted.cryptoAmount, Number(((AMOUNT - TOYPAY_FEE) / quoted.forexRatePublic!).toFixed(8)), 'the fee is included');

  const proceed = await visitor.post(PAYMENT_PAGE.path);
  t.equal(proceed.statusCode, 303, 'Proceed is answered with a redirect');
  t.equal(proceed.headers.location, PAYMENT_PAGE.path, "to the checkout's page, which leaves for the provider");
  const leaving = await visitor.get(PAYMENT_PAGE.path);
  t.equal(leaving.statusCode, 200);
  const link = /<a href="([^"]+)">Continue<\/a>/.exec(leaving.body)?.[1]?.replaceAll('&amp;', '&');
  const provider = new URL(link ?? 'about:blank');
  t.equal(
    `${provider.origin}${provider.pathname}`,
    `${stack.sandbox.url}/pay/toypay/${visitor.refId()}`,
    "to the rail's provider page",
  );
  t.equal(upstreamCalls(stack, '/toypay/init'), 1, 'its own call was made');

  const returnUrl = provider.searchParams.get('returnUrl')!;
  const shown = await fetch(provider);
  t.match(await shown.text(), 'Sandbox ToyPay');
  const paid = await fetch(`${stack.sandbox.url}/pay/toypay/${visitor.refId()}`, {
    method: 'POST',
    body: new URLSearchParams({ decision: 'pay', returnUrl }),
    redirect: 'manual',
  });
  t.equal(paid.status, 303);
  t.equal(paid.headers.get('location'), returnUrl, 'the provider sends the visitor back');

  const back = await visitor.get(new URL(returnUrl).pathname + new URL(returnUrl).search);
  t.equal(back.statusCode, 303);
  t.equal(back.headers.location, '/transaction-success');
  const success = await visitor.get('/transaction-success');
  t.equal(success.statusCode, 200);
  t.match(success.body, 'Your BTC is on its way by ToyPay.', 'the receipt speaks in its words');
  t.match(success.body, visitor.refId());
});

t.test('its failure rules: a hold that ran out before Proceed meets the quote page choice', async (t) => {
  const visitor = await atPayment();
  later = 11 * 60_000;
  t.teardown(() => {
    later = 0;
  });
  const sent = await visitor.post(PAYMENT_PAGE.path);
  t.equal(sent.headers.location, '/new-quote', 'a 303 to the choice');
  const expired = await visitor.get('/new-quote');
  t.equal(expired.statusCode, 200);
  t.match(expired.body, 'class="card quote-expired"', "the quote page's choice, never the upstream's text");
  t.notMatch(expired.body, 'The quote has expired. Please accept');
  t.match(await visitor.state(), { nextAction: 'INITIATE_TOYPAY' }, 'nothing initiated');
});

t.test('its rate limit counts its screen', async (t) => {
  const visitor = await atPayment();
  const proceed = () =>
    stack.app.inject({
      method: 'POST',
      url: PAYMENT_PAGE.path,
      remoteAddress: '203.0.113.7',
      headers: { ...visitor.headers(), 'content-type': 'application/x-www-form-urlencoded' },
    });
  const initiated = upstreamCalls(stack, '/toypay/init');
  t.equal((await proceed()).statusCode, 303, 'initiated');
  const again = await proceed();
  t.equal(again.statusCode, 303, 'a second Proceed is sent on, never initiated again');
  t.equal(upstreamCalls(stack, '/toypay/init'), initiated + 1);
  const refused = await proceed();
  t.equal(refused.statusCode, 429);
  t.ok(refused.headers['retry-after']);
});

t.test('a merchant file may not offer a method the checkout does not know', async (t) => {
  const plain = await startStack({ listen: false, env: { MERCHANTS_DIR: merchantsDir, MERCHANTS_WATCH: 'off' } }).then(
    () => 'started',
    (error: Error) => error.message,
  );
  t.match(plain, /roo\/merchant\.json: paymentMethods\[\d+\]\.name: expected one of "ETRANSFER"\|/);
  t.match(plain, /roo\/merchant\.json: unknown field "toypayFee"/, 'nor a fee field no method declares');
});
