// Every form of the checkout, sent with JavaScript off, while an upstream of another make
// answers its call with anything the contract allows (test/helpers/contract-arbitraries.ts:
// a flow state with any nextAction, optional fields left out, extra fields, odd amounts and
// dates; an error with or without msg or errorParams, internal-looking texts among them; no
// usable answer). The redirects are followed to the page the visitor ends on. Whatever the
// answer: no 5xx of the edge's own, no stack trace or upstream text the failure table would
// not show, a way forward on every page, and a form refused on its own page keeps what was typed.
// Then docs/spec.md section 2: after a saved flow state, "Any other action: no navigation;
// only logged". At every step whose answer's nextAction the edge follows, the upstream
// answers with an action the edge does not know (the contract keeps nextAction any string):
// the visitor stays on the form's page, which says the order could not continue and keeps
// what was typed.
import fc from 'fast-check';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { anyAnswer, forGet, successOf } from '../helpers/contract-answers.ts';
import { unknownNextAction } from '../helpers/contract-arbitraries.ts';
import {
  atStep,
  FORM_STEPS,
  HOST,
  keptProblems,
  ORDERS,
  resetRun,
  sendStep,
  startContractEdge,
  startOrder,
  stateOf,
} from '../helpers/contract-edge.ts';
import { landing, readPage, seen, submit, visitProblems } from '../helpers/contract-page.ts';
import { checkProperty, expectNone } from '../helpers/contract-property.ts';
import type { Answer } from '../helpers/contract-upstream.ts';
import { Visitor } from '../helpers/journey.ts';

const edge = await startContractEdge();

for (const step of FORM_STEPS) {
  t.test(`any answer to ${step.name}: a page with a way forward that says nothing internal`, async (t) => {
    await checkProperty(
      t,
      `any answer to ${step.name}`,
      forGet(anyAnswer(step.call, ORDERS[step.order].identity, edge.now())),
      async (answer) => {
        const sent = await sendStep(edge, step, answer);
        const problems = [...visitProblems(sent.hops, sent.said), ...keptProblems(step, answer, sent)];
        expectNone(problems.map((p) => `${p}\nseen: ${seen(sent.hops)}`));
      },
      { runs: 12 },
    );
  });
}

// ---------------------------------------------------------------- unknown next actions

/**
 * The steps that follow the nextAction their call answers (a requote and Resend Code answer
 * no flow state; the card quote's residency reads the state and goes on to the card page).
 */
const FOLLOWING_STEPS = FORM_STEPS.filter(
  (step) => !['requote', 'generateSmsCode'].includes(step.call) && step.post !== '/credit-card-quote',
);

/** An answer whose hold still runs, so the quote page's own choice (the hold is over) never stands in for the step. */
const stillHeld = (answer: fc.Arbitrary<Answer>) =>
  fc.tuple(answer, fc.integer({ min: 1, max: 48 })).map(([given, hours]): Answer => {
    if (!('json' in given)) return given;
    const txnValidUntil = new Date(edge.now() + hours * 3_600_000).toISOString();
    return { ...given, json: { ...(given.json as object), txnValidUntil } };
  });

for (const step of FOLLOWING_STEPS) {
  t.test(`an unknown nextAction after ${step.name}: no navigation, the message, the form as typed`, async (t) => {
    await checkProperty(
      t,
      `unknown nextAction after ${step.name}`,
      stillHeld(successOf(step.call, ORDERS[step.order].identity, edge.now(), { nextAction: unknownNextAction })),
      async (answer) => {
        const sent = await sendStep(edge, step, answer);
        const { hop, path } = landing(sent.hops);
        const problems = [...visitProblems(sent.hops, sent.said), ...keptProblems(step, answer, sent)];
        if (path !== step.page) problems.push(`the visitor was sent to ${path}, not left on ${step.page}`);
        else if (!readPage(hop.body).text.includes(DEFAULT_TEXTS.FAILURE_TEXT.cannotContinue))
          problems.push(`${path} does not say the order could not continue`);
        expectNone(problems.map((p) => `${p}\nseen: ${seen(sent.hops)}`));
      },
      { runs: 5 },
    );
  });
}

// ---------------------------------------------------------------- answers these properties found
// Each the smallest counterexample of a failure once found and fixed: the route it came
// through, and what the visitor must see instead.

/** The home form's quote answered with the etransfer order at INPUT_CRYPTOADDRESS and `extra`. */
async function quoted(extra: Record<string, unknown>) {
  resetRun(edge, stateOf(ORDERS.etransfer, 'INPUT_CRYPTOADDRESS', extra));
  return submit(new Visitor(edge.stack, HOST), '/', ORDERS.etransfer.home);
}

t.test('a quote whose rate is zero or less: the quote page without a rate, never a 500', async (t) => {
  for (const forexRatePublic of [-5e-324, -1, 0]) {
    const hops = await quoted({ forexRatePublic });
    const { hop, path } = landing(hops);
    t.equal(`${path} ${hop.status}`, '/price-quote 200', `rate ${forexRatePublic}: ${seen(hops)}`);
    t.same(visitProblems(hops, []), []);
    t.match(readPage(hop.body).text, `${DEFAULT_TEXTS.SUMMARY_TEXT.rate} ${DEFAULT_TEXTS.NOT_AVAILABLE}`, 'no rate: N/A');
  }
});

t.test('a quote held until a moment before 1970: the hold is over, the quote page offers a new quote', async (t) => {
  const hops = await quoted({ txnValidUntil: '0001-01-01T00:00:00Z' });
  const { hop, path } = landing(hops);
  t.equal(`${path} ${hop.status}`, '/price-quote 200', seen(hops));
  t.match(readPage(hop.body).text, DEFAULT_TEXTS.QUOTE_TEXT.expired);
});

t.test("a Java stack frame as an error's msg is not words for visitors: the form's own message instead", async (t) => {
  const step = FORM_STEPS.find((s) => s.name === 'receiving address')!;
  const visitor = await atStep(edge, step);
  const msg = 'java.lang.NullPointerException at com.exchange.txn.TxnService.save(TxnService.java:88)';
  edge.upstream.answer('cryptoAddress', { status: 409, json: { error: { code: 'SYSTEM', msg } } });
  const hops = await submit(visitor, step.post, step.form(ORDERS.etransfer));
  const { hop, path } = landing(hops);
  t.equal(path, step.page, seen(hops));
  t.notMatch(readPage(hop.body).text, 'NullPointerException');
  t.match(readPage(hop.body).text, DEFAULT_TEXTS.FAILURE_TEXT.generic);
});

t.test('Resend Code refused in a 200 whose error is a stack trace: the catalogue says the code was not sent', async (t) => {
  const step = FORM_STEPS.find((s) => s.name === 'Resend Code')!;
  const visitor = await atStep(edge, step);
  const error =
    "TypeError: Cannot read properties of undefined (reading 'refId')\n    at saveTxn (/srv/exchange/src/txn.js:42:17)";
  edge.upstream.answer('generateSmsCode', { status: 200, json: { error } });
  const hops = await submit(visitor, step.post, {});
  const { hop, path } = landing(hops);
  t.equal(path, step.page, seen(hops));
  t.notMatch(readPage(hop.body).text, 'TypeError');
  t.match(readPage(hop.body).text, DEFAULT_TEXTS.CODE_MESSAGES.resendRefused);
  t.ok(
    edge.stack.logs.some((l) => l.msg === 'upstream text replaced for the visitor'),
    'what was replaced is logged',
  );

  // Words for visitors still show as the upstream wrote them.
  const words = 'Please wait a minute before asking for another code.';
  resetRun(edge, stateOf(ORDERS.etransfer, 'VERIFY_MOBILE'), { generateSmsCode: { status: 200, json: { error: words } } });
  const again = await atStep(edge, step);
  edge.upstream.answer('generateSmsCode', { status: 200, json: { error: words } });
  t.match(readPage(landing(await submit(again, step.post, {})).hop.body).text, words);
});

t.test(
  'a gift-card requote whose times are written long (RFC 9557, or a zone name): the picker with its figures, never a 500',
  async (t) => {
    const long = '2026-12-01T10:00:00.000000000-08:00[America/Vancouver]';
    for (const [txnValidUntil, txnDate] of [
      [long, long],
      [new Date(edge.now() + 600_000).toISOString(), `${new Date(edge.now()).toUTCString()} (Pacific Standard Time)`],
    ]) {
      const { visitor, at } = await startOrder(edge, ORDERS.spend, 'INPUT_BUYERINFO');
      t.equal(at, '/spend-quote');
      edge.upstream.answer('requote', {
        status: 200,
        json: { cryptoAmount: 0.00031415, fiatAmount: 25, txnValidUntil, txnDate },
      });
      const hops = await submit(visitor, '/spend-quote', { fiatAmount: '25' });
      const { hop, path } = landing(hops);
      t.equal(`${path} ${hop.status}`, '/spend-quote 200', seen(hops));
      t.match(readPage(hop.body).text, '0.00031415 BTC', "the requote's figures");
    }
  },
);
