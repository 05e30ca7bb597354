// A Reference ID is printed on receipts and read out to support, so it proves nothing: every
// page it opens, to someone with no cookie, shows the order's facts and masks its contact
// details. The question page (/state/{refId}, /buyer-info-input?refId=) and, once answered
// yes, every page of the flow it adopts: the buyer's name, email, phone and birthday appear
// nowhere, the payout email and the receiving address only masked.
import t, { type Test } from 'tap';
import { BTC_ADDRESS, BUYER, driveTo, openAndConfirm, resumeQuestion, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const PAYOUT = 'marie.payout@example.com';
const PERSONAL = [PAYOUT, BTC_ADDRESS, BUYER.firstName, BUYER.lastName, BUYER.emailAddress, '555 0199', '5550199', BUYER.year];

/** Every page a holder of the reference can open, and where their redirects lead. */
const FLOW_PAGES = [
  '/transaction',
  '/price-quote',
  '/address-input',
  '/buyer-info-input',
  '/mobile-verification',
  '/email-input',
  '/image-input-choice',
  '/payment-etransfer-instructions',
  '/payment-spend',
  '/payment-spend?confirm=1',
  '/payment-spend-success',
  '/transaction-in-review',
  '/transaction-success',
  '/transaction-cancelled',
];

function nothingPersonal(t: Test, body: string, where: string) {
  for (const value of PERSONAL) t.notMatch(body, value, `${where}: not ${value}`);
}

async function readAll(t: Test, visitor: Visitor) {
  for (const path of FLOW_PAGES) {
    let res = await visitor.get(path);
    for (let hops = 0; res.statusCode >= 300 && res.statusCode < 400 && hops < 4; hops++) {
      const location = String(res.headers.location);
      if (!location.startsWith('/')) break;
      res = await visitor.get(location);
    }
    t.ok(res.statusCode < 500, `${path}: ${res.statusCode}`);
    nothingPersonal(t, res.body, path);
  }
}

t.test('a sell: the question masks the payout email, writes the amount and date as receipts do', async (t) => {
  const owner = await driveTo(stack, '/payment-spend', { kind: 'SELL', emtEmail: PAYOUT });
  const refId = owner.refId();
  const ownPage = await owner.get('/email-input');
  t.ok(ownPage.statusCode < 500);

  const stranger = new Visitor(stack);
  const question = await stranger.get(`/state/${refId}`);
  t.equal(question.statusCode, 200);
  t.match(question.body, 'Is this your order?');
  t.match(question.body, 'm***@example.com', 'the payout email, masked');
  nothingPersonal(t, question.body, 'the question');
  t.match(question.body, /<dd>.*\$142\.50.*CAD.*<\/dd>/, 'the amount with its currency');
  t.notMatch(question.body, 'UTC', 'no raw UTC date');
  t.match(question.body, /[A-Z][a-z]+ \d{1,2}, \d{4} at \d\d:\d\d E[SD]T/, "the date on the order's country's clock");

  const adopted = await openAndConfirm(stranger, `/state/${refId}`);
  t.equal(adopted.statusCode, 303, 'answered yes: the flow goes on');
  t.ok(stranger.cookie, 'the flow is theirs now');
  await readAll(t, stranger);
});

t.test('a buy: the receiving address masked, on the question and every page after it', async (t) => {
  const owner = await driveTo(stack, '/payment-etransfer-instructions');
  const refId = owner.refId();
  const stranger = new Visitor(stack);
  const question = await stranger.get(`/state/${refId}`);
  t.match(question.body, 'bc1qw5…f3t4', 'the receiving address, masked');
  nothingPersonal(t, question.body, 'the question');
  await openAndConfirm(stranger, `/state/${refId}`);
  const payment = await stranger.get('/payment-etransfer-instructions');
  t.equal(payment.statusCode, 200);
  t.match(payment.body, 'bc1qw5…f3t4', 'the payment page shows it masked');
  await readAll(t, stranger);

  const own = await owner.get('/payment-etransfer-instructions');
  t.match(own.body, BTC_ADDRESS, 'the visitor who started the order still sees it whole');
});

t.test('the buyer-info link (?refId=) asks the same, masked', async (t) => {
  const owner = await driveTo(stack, '/buyer-info-input');
  const stranger = new Visitor(stack);
  const question = await stranger.get(`/buyer-info-input?refId=${owner.refId()}`);
  t.ok(resumeQuestion(question.body), 'the question');
  t.match(question.body, 'bc1qw5…f3t4');
  nothingPersonal(t, question.body, 'the buyer-info question');
});
