// Answers the contract's properties found the edge failing on, each kept as a case of its
// own once fixed: the smallest counterexample, the route it came through, what the visitor
// must see instead.
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { atStep, FORM_STEPS, HOST, ORDERS, resetRun, startContractEdge, startOrder, stateOf } from '../helpers/contract-edge.ts';
import { landing, open, readPage, seen, submit, visitProblems } from '../helpers/contract-page.ts';
import { Visitor } from '../helpers/journey.ts';

const edge = await startContractEdge();

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

t.test('a bank offered without a name: the bank choice page, never a 500', async (t) => {
  const step = FORM_STEPS.find((s) => s.name === 'bank choice (IDR)')!;
  const banks = [
    { bankCode: 'BCA', bankName: 'Bank Central Asia' },
    { bankCode: 'NONAME', bankName: '' },
    { bankCode: 'SPACES', bankName: '  ' },
  ];
  const { visitor } = await startOrder(edge, ORDERS.bankIdr, 'INITIATE_BANKTRANSFER', {
    nextActionParams: { availableBanks: banks },
  });
  const hops = await open(visitor, step.page);
  t.equal(`${landing(hops).path} ${landing(hops).hop.status}`, '/bank-select 200', seen(hops));
  t.same(visitProblems(hops, []), []);
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
