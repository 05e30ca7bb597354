// Every page of an order, opened with JavaScript off while an upstream of another make holds
// the order at any state the contract allows (any nextAction, odd figures and dates, fields
// left out or added) or fails to answer, and answers the page's own calls (the status of a
// deposit, the e-Transfer's initiation, the card provider's quote) with anything the contract
// allows. The redirects are followed: every page has a way forward, no 5xx is the edge's own,
// nothing internal is shown, and a page that states an outcome has the order it speaks of.
// Then the payment details the upstream writes itself: a bank's htmlDoc with GET and POST forms and
// odd markup (its forms keep the bank's method, target and fields), a BCH deposit address in
// legacy or CashAddr form, with or without its prefix, wherever the flow state or the status
// puts it (the page shows one address, the one its wallet link carries), and a cash
// reference of any length the contract allows (read back whole, in groups of four).
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import t from 'tap';
import { REFERENCE_GROUP_LENGTH } from '../../checkout/cash-receipt.ts';
import { cardQuoteResponseSchema, etransferInitResponseSchema, statusResponseSchema } from '../../checkout/contract.ts';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { forGet, noUsableAnswer, refusal } from '../helpers/contract-answers.ts';
import {
  arbitraryOf,
  bankDocument,
  depositAddress,
  flowState,
  moment,
  openText,
  referenceNumber,
} from '../helpers/contract-arbitraries.ts';
import {
  atStep,
  type ContractEdge,
  FORM_STEPS,
  HOST,
  ORDERS,
  type OrderName,
  resetRun,
  startContractEdge,
  startOrder,
  stateOf,
} from '../helpers/contract-edge.ts';
import {
  byClass,
  type Hop,
  landing,
  open,
  pagesOf,
  readPage,
  type Said,
  saidIn,
  seen,
  submit,
  visitProblems,
} from '../helpers/contract-page.ts';
import { checkProperty, expectNone } from '../helpers/contract-property.ts';
import type { Answer, CallName } from '../helpers/contract-upstream.ts';
import { Visitor } from '../helpers/journey.ts';
import { REFUSED_REDIRECTS } from '../helpers/refused-redirects.ts';

const edge = await startContractEdge();

const ok = (json: unknown): Answer => ({ status: 200, json });
/** A call's answer: mostly a success, else a refusal or none at all. */
const answerOf = (success: fc.Arbitrary<Answer>) =>
  forGet(
    fc.oneof({ weight: 5, arbitrary: success }, { weight: 2, arbitrary: refusal }, { weight: 1, arbitrary: noUsableAnswer }),
  );

/** Where a payment may send the visitor on the TEST merchant, and where it may not. */
const paymentUrl = fc.oneof(
  fc.constantFrom('http://127.0.0.1:9/pay/etransfer/CT', 'https://bank.sandbox.example/pay?ref=CT', 'http://localhost:9/x'),
  fc.constantFrom(...REFUSED_REDIRECTS),
  openText,
);
const BANK_ORIGINS = ['https://bank.sandbox.example', 'http://127.0.0.1:9', 'https://evil.example'];

/** The answers of one page load: the flow state, and the page's own calls. */
function loadAnswers(order: OrderName): fc.Arbitrary<Partial<Record<CallName, Answer>>> {
  const now = edge.now();
  const state = flowState(ORDERS[order].identity, now, {
    'nextActionParams.htmlDoc': fc.oneof(
      bankDocument(BANK_ORIGINS).map((doc) => doc.html),
      openText,
    ),
    'nextActionParams.redirectUrl': paymentUrl,
  });
  return fc.record({
    flowState: answerOf(state.map(ok)),
    status: answerOf(
      arbitraryOf(statusResponseSchema, {
        overrides: {
          txnStatus: fc.oneof(fc.constantFrom('PENDING', 'PROCESSED', 'COMPLETED'), openText),
          cryptoCurrency: fc.constant(ORDERS[order].identity.cryptoCurrency),
        },
      }).map(ok),
    ),
    etransferInit: answerOf(
      arbitraryOf(etransferInitResponseSchema, {
        overrides: {
          'nextActionParams.redirectUrl': paymentUrl,
          refId: fc.constant(ORDERS[order].identity.refId),
          txnValidUntil: moment(now),
        },
      }).map(ok),
    ),
    cardQuote: answerOf(arbitraryOf(cardQuoteResponseSchema).map(ok)),
  });
}

/** The error texts any of the answers held. */
const saidInAll = (answers: Partial<Record<CallName, Answer>>): Said[] =>
  Object.values(answers).flatMap((answer) => (answer && 'json' in answer ? saidIn(answer.status, answer.json) : []));

/** A visitor whose flow is `order`'s, the upstream then answering `answers` (the order held as the flow state answer says). */
async function visitorOf(edge: ContractEdge, order: OrderName, answers: Partial<Record<CallName, Answer>>) {
  const { visitor } = await startOrder(edge, ORDERS[order], 'INPUT_BUYERINFO');
  const given = answers.flowState;
  resetRun(
    edge,
    given && 'json' in given && given.status < 300 ? (given.json as Record<string, unknown>) : edge.upstream.state,
    answers,
  );
  return visitor;
}

/** Each page and the order it is opened for. */
const PAGES: readonly [path: string, order: OrderName][] = [
  ['/price-quote', 'etransfer'],
  ['/address-input', 'etransfer'],
  ['/buyer-info-input', 'etransfer'],
  ['/mobile-verification', 'etransfer'],
  ['/image-input-choice', 'etransfer'],
  ['/new-quote', 'etransfer'],
  ['/transaction', 'etransfer'],
  ['/payment-etransfer-instructions', 'etransfer'],
  ['/transaction-in-review', 'etransfer'],
  ['/transaction-success', 'etransfer'],
  ['/transaction-cancelled', 'etransfer'],
  ['/email-input', 'sell'],
  ['/payment-spend', 'sell'],
  ['/payment-spend-success', 'sell'],
  ['/spend-quote', 'spend'],
  ['/payment-flexepin', 'voucher'],
  ['/bank-select', 'bankIdr'],
  ['/bank-payment', 'bankIdr'],
  ['/poli', 'bankAud'],
  ['/payment-otc', 'cash'],
  ['/payment-otc-success', 'cash'],
  ['/credit-card-quote', 'card'],
  ['/credit-card', 'card'],
];

for (const [path, order] of PAGES) {
  t.test(`${path} for any state of a ${order} order: a page with a way forward that says nothing internal`, async (t) => {
    await checkProperty(
      t,
      `${path} (${order})`,
      loadAnswers(order),
      async (answers) => {
        const hops = await open(await visitorOf(edge, order, answers), path);
        expectNone(visitProblems(hops, saidInAll(answers)).map((p) => `${p}\nseen: ${seen(hops)}`));
      },
      { runs: 6 },
    );
  });
}

t.test('/state/{refId} with no flow: the resume question or the home page, whatever the upstream holds', async (t) => {
  await checkProperty(
    t,
    '/state/{refId}',
    loadAnswers('etransfer'),
    async (answers) => {
      resetRun(edge, undefined, answers);
      const hops = await open(new Visitor(edge.stack, HOST), `/state/${ORDERS.etransfer.identity.refId}`);
      expectNone(visitProblems(hops, saidInAll(answers)).map((p) => `${p}\nseen: ${seen(hops)}`));
    },
    { runs: 10 },
  );
});

// ---------------------------------------------------------------- outcomes

const { CANCELLED_TEXT, RECEIPT_TEXT } = DEFAULT_TEXTS;

/** What a page says happened to the order, and the nextAction that says it upstream. */
const CLAIMS: readonly [claim: string, action: string][] = [
  [RECEIPT_TEXT.complete, 'DONE_COMPLETED'],
  [CANCELLED_TEXT.body, 'DONE_CANCELLED'],
  [RECEIPT_TEXT.inReview({ within: '' }).split('.')[0]!, 'ADMIN_REVIEW'],
];

/** Outcomes the last page states that the upstream's state does not (none when it could not say). */
function claimProblems(hops: readonly Hop[], state: Record<string, unknown> | undefined): string[] {
  const last = pagesOf(hops).at(-1);
  if (!last) return [];
  const text = readPage(last.body).text;
  return CLAIMS.filter(([claim, action]) => text.includes(claim) && state?.nextAction !== action).map(
    ([claim]) => `${last.url} says "${claim}" of an order the upstream holds at ${String(state?.nextAction ?? 'nothing')}`,
  );
}

const COMPLETION_PAGES = ['/transaction-success', '/transaction-cancelled', '/transaction-in-review'];

t.test('a completion page states its outcome only for an order the upstream says has it', async (t) => {
  await checkProperty(
    t,
    'completion pages state what the upstream says',
    fc.record({ path: fc.constantFrom(...COMPLETION_PAGES), flow: fc.boolean(), answers: loadAnswers('etransfer') }),
    async ({ path, flow, answers }) => {
      const visitor = flow ? await visitorOf(edge, 'etransfer', answers) : new Visitor(edge.stack, HOST);
      if (!flow) resetRun(edge, undefined, answers);
      const hops = await open(visitor, path);
      const given = answers.flowState;
      const state = flow && given && 'json' in given && given.status < 300 ? (given.json as Record<string, unknown>) : undefined;
      expectNone(claimProblems(hops, state).map((p) => `${p}\nseen: ${seen(hops)}`));
    },
    { runs: 16 },
  );
});

// ---------------------------------------------------------------- the bank's document

/** The TEST merchant's payment hosts, as a bank's forms may name them. */
const PAYMENT_HOST_ORIGINS = ['https://bank.sandbox.example', 'http://127.0.0.1:8443', 'http://localhost:9'];

/** The forms of the bank's part of the page, as a browser would send them. */
function bankForms(html: string) {
  const part = DomUtils.findOne(byClass('bank-document'), parseDocument(html).children);
  const forms = DomUtils.findAll((e) => e.name === 'form', part ? [part] : parseDocument(html).children).filter(
    (form) => !(form.attribs.action ?? '').startsWith('/'),
  );
  return forms.map((form) => ({
    method: (form.attribs.method ?? 'get').toLowerCase(),
    action: form.attribs.action ?? '',
    fields: DomUtils.findAll((e) => e.name === 'input', [form]).map(
      (input) => [input.attribs.name ?? '', input.attribs.value ?? ''] as const,
    ),
  }));
}

t.test("a bank's htmlDoc: its forms keep the bank's method, target and fields", async (t) => {
  const step = FORM_STEPS.find((s) => s.name === 'bank choice (IDR)')!;
  await checkProperty(
    t,
    "the bank's forms as the bank wrote them",
    bankDocument(PAYMENT_HOST_ORIGINS),
    async (doc) => {
      const visitor = await atStep(edge, step);
      edge.upstream.answer('bankTransferInit', {
        status: 200,
        json: { nextAction: 'CUSTOMER_PAYMENT', nextActionParams: { htmlDoc: doc.html } },
      });
      const hops = await submit(visitor, step.post, step.form(ORDERS.bankIdr));
      const { hop, path } = landing(hops);
      const problems = visitProblems(hops, []);
      if (path !== '/bank-payment' || hop.status !== 200) problems.push(`the bank's page is not shown: ${seen(hops)}`);
      const shown = bankForms(hop.body);
      if (shown.length !== doc.forms.length) problems.push(`${doc.forms.length} forms sent, ${shown.length} shown`);
      for (const [i, form] of doc.forms.entries()) {
        const page = shown[i];
        if (!page) continue;
        const method = (form.method ?? 'get').toLowerCase();
        if (page.method !== method) problems.push(`form ${i + 1}: the bank's method ${method} is sent as ${page.method}`);
        if (page.action !== new URL(form.action).href)
          problems.push(`form ${i + 1}: the bank's target ${form.action} is sent to ${page.action}`);
        for (const [name, value] of form.fields)
          if (!page.fields.some(([n, v]) => n === name && v === value))
            problems.push(`form ${i + 1}: the bank's field ${name}=${value} is lost`);
      }
      expectNone(problems);
    },
    { runs: 15 },
  );
});

// ---------------------------------------------------------------- the deposit address

const BCH_LINK = /^(?:bitcoincash|bchtest):/;
const withoutPrefix = (address: string) => address.replace(BCH_LINK, '');

/** A deposit address in any of its forms, and where it reaches the edge: the flow state's nextActionParams or its own field, or the status alone. */
const deposit = fc
  .tuple(depositAddress('BCH', 'testnet'), fc.constantFrom('params', 'state', 'status'))
  .map(([address, where]) => ({ address, where }));

t.test('a BCH deposit address in any form: the page shows the one address its wallet link carries', async (t) => {
  await checkProperty(
    t,
    'one deposit address, one string',
    deposit,
    async ({ address, where }) => {
      const extra =
        where === 'params'
          ? { nextActionParams: { cryptoAddress: address } }
          : where === 'state'
            ? { cryptoAddress: address }
            : {};
      const { visitor, at } = await startOrder(edge, ORDERS.sell, 'CUSTOMER_PAYMENT', { txnStatus: 'PROCESSED', ...extra });
      const state = stateOf(ORDERS.sell, 'CUSTOMER_PAYMENT', { txnStatus: 'PROCESSED', ...extra });
      resetRun(edge, state, {
        status: {
          status: 200,
          json: { txnStatus: 'PROCESSED', cryptoAddress: address, cryptoCurrency: 'BCH', cryptoAmount: state.cryptoAmount },
        },
      });
      const hops = await open(visitor, at);
      const { hop, path } = landing(hops);
      const problems = visitProblems(hops, []);
      if (path !== '/payment-spend' || hop.status !== 200) problems.push(`not the deposit page: ${seen(hops)}`);
      const document = parseDocument(hop.body);
      const links = DomUtils.findAll((e) => e.name === 'a' && BCH_LINK.test(e.attribs.href ?? ''), document.children).map((a) =>
        withoutPrefix(a.attribs.href!.split('?')[0]!),
      );
      const boxes = DomUtils.findAll(byClass('wallet-address'), document.children)
        .flatMap((dd) => DomUtils.findAll(byClass('copy-value-text'), [dd]))
        .map((value) => withoutPrefix(DomUtils.textContent(value).trim()));
      if (links.length === 0 || boxes.length === 0) problems.push(`no wallet link or address box: ${seen(hops)}`);
      const strings = new Set([...links, ...boxes]);
      if (strings.size > 1) problems.push(`the deposit address ${address} is shown as ${[...strings].join(' and ')}`);
      expectNone(problems);
    },
    { runs: 12 },
  );
});

// ---------------------------------------------------------------- the cash reference

t.test('a cash reference of any length the contract allows: read back whole, in groups of four', async (t) => {
  await checkProperty(
    t,
    'the reference as given, in groups',
    referenceNumber,
    async (reference) => {
      const { visitor } = await startOrder(edge, ORDERS.cash, 'CUSTOMER_PAYMENT', {
        nextActionParams: { referenceNumber: reference },
      });
      const hops = await open(visitor, '/payment-otc');
      const { hop, path } = landing(hops);
      const problems = visitProblems(hops, []);
      if (path !== '/payment-otc' || hop.status !== 200) problems.push(`not the cash page: ${seen(hops)}`);
      const number = DomUtils.findOne(byClass('reference-number'), parseDocument(hop.body).children);
      const groups = number ? DomUtils.findAll(byClass('reference-group'), [number]).map((g) => DomUtils.textContent(g)) : [];
      if (groups.join('') !== reference) problems.push(`the reference ${reference} reads ${groups.join('')}`);
      if (groups.some((g) => [...g].length > REFERENCE_GROUP_LENGTH))
        problems.push(`a group longer than four: ${groups.join(' ')}`);
      expectNone(problems);
    },
    { runs: 12 },
  );
});

// ---------------------------------------------------------------- answers these properties found

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
