// docs/spec.md section 2: "Any other action: no navigation; only logged." After a step's form,
// an upstream that answers with an action this checkout does not know keeps the visitor on
// the page they submitted: the form's 303 leads back to it, and that page (a GET, which meets
// the same state) shows the form with what was typed and says the order could not continue,
// instead of sending the visitor home. A reload still shows the step's page.
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { BTC_ADDRESS, BUYER, driveTo, type Form, type Walk } from '../helpers/journey.ts';
import { type Rewrite, startRewritingUpstream } from '../helpers/rewriting-upstream.ts';
import { startStack } from '../helpers/stack.ts';

const UNKNOWN = 'INPUT_HOLOGRAM';

/** Once a POST to a path ending in `stuckAfter` has been answered, every flow state names an action nobody knows. */
function sticking(stuckAfter: string): Rewrite {
  let stuck = false;
  return ({ method, path }, answer) => {
    if (method === 'POST' && path.endsWith(stuckAfter)) stuck = true;
    return stuck && typeof answer.nextAction === 'string' ? { ...answer, nextAction: UNKNOWN } : answer;
  };
}

const CASES: { screen: string; endpoint: string; form: Form; typed: string; walk?: Walk }[] = [
  { screen: '/address-input', endpoint: '/cryptoaddress', form: { cryptoAddress: BTC_ADDRESS }, typed: BTC_ADDRESS },
  { screen: '/buyer-info-input', endpoint: '/buyerinfo', form: { ...BUYER, firstName: 'Grace' }, typed: 'Grace' },
  { screen: '/mobile-verification', endpoint: '/mobileverification', form: { verificationCode: '123456' }, typed: '123456' },
  {
    screen: '/email-input',
    endpoint: '/emtemail',
    form: { emtEmail: 'payout@example.com' },
    typed: 'payout@example.com',
    walk: { kind: 'SELL' },
  },
];

for (const { screen, endpoint, form, typed, walk } of CASES) {
  t.test(`${screen}: an unknown next action keeps the visitor on the page, with the message and what was typed`, async (t) => {
    const upstream = await startRewritingUpstream(sticking(endpoint));
    const stack = await startStack({ listen: false, upstreamUrl: (sandbox) => upstream.forwardTo(sandbox) });
    t.teardown(async () => {
      await stack.close();
      await upstream.close();
    });
    const visitor = await driveTo(stack, screen, walk);
    const posted = await visitor.post(screen, form);
    t.equal(posted.statusCode, 303);
    t.equal(posted.headers.location, screen, 'no navigation: back to the page submitted');
    const page = await visitor.get(screen);
    t.equal(page.statusCode, 200, 'the page, not a redirect home');
    t.match(page.body, DEFAULT_TEXTS.FAILURE_TEXT.cannotContinue.replace(/'/g, '&#x27;'));
    t.match(page.body, `value="${typed}"`, 'what was typed is kept');
    t.ok(
      stack.logs.some((l) => l.msg === 'next action not followed' && l.reason === `unknown nextAction ${UNKNOWN}`),
      'logged',
    );
    const reloaded = await visitor.get(screen);
    t.equal(reloaded.statusCode, 200, 'a reload shows the step again, not home');
    t.match(reloaded.body, `action="${screen}"`, 'with its form');
  });
}

t.test('a page with no form to stay on says the step is not online, with the reference; no page claims an outcome', async (t) => {
  const upstream = await startRewritingUpstream(sticking('/buyerinfo'));
  const stack = await startStack({ listen: false, upstreamUrl: (sandbox) => upstream.forwardTo(sandbox) });
  t.teardown(async () => {
    await stack.close();
    await upstream.close();
  });
  const visitor = await driveTo(stack, '/buyer-info-input');
  await visitor.post('/buyer-info-input', BUYER);
  for (const path of ['/transaction', '/transaction-success', '/transaction-in-review', '/transaction-cancelled']) {
    let page = await visitor.get(path);
    for (let hops = 0; page.statusCode === 302 && hops < 3; hops++) page = await visitor.get(String(page.headers.location));
    t.equal(page.statusCode, 409, `${path}: the step is not online`);
    t.match(page.body, visitor.refId(), `${path}: with the Reference ID`);
    t.match(page.body, 'href="/"', `${path}: and a way on`);
    for (const claim of ['Thank you', 'Your order is complete.', 'Order not complete', 'being reviewed'])
      t.notMatch(page.body, claim, `${path}: not "${claim}"`);
  }
});
