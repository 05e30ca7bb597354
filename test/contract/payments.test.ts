// What a payment page shows of the upstream's own payment details, generated as the contract
// allows them and opened with JavaScript off: a bank's htmlDoc with GET and POST forms and
// odd markup (its forms keep the bank's method, target and fields), a BCH deposit address in
// legacy or CashAddr form, with or without its prefix, wherever the flow state or the status
// puts it (the page shows one address, the one its wallet link carries), and a cash
// reference of any length the contract allows (read back whole, in groups of four).
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import t from 'tap';
import { REFERENCE_GROUP_LENGTH } from '../../checkout/cash-receipt.ts';
import { bankDocument, depositAddress, referenceNumber } from '../helpers/contract-arbitraries.ts';
import { atStep, FORM_STEPS, ORDERS, resetRun, startContractEdge, startOrder, stateOf } from '../helpers/contract-edge.ts';
import { landing, open, seen, submit, visitProblems } from '../helpers/contract-page.ts';
import { checkProperty, expectNone } from '../helpers/contract-property.ts';

const edge = await startContractEdge();
t.teardown(() => edge.close());

// ---------------------------------------------------------------- the bank's document

/** The TEST merchant's payment hosts, as a bank's forms may name them. */
const BANK_ORIGINS = ['https://bank.sandbox.example', 'http://127.0.0.1:8443', 'http://localhost:9'];

/** The forms of the bank's part of the page, as a browser would send them. */
function bankForms(html: string) {
  const part = DomUtils.findOne(
    (e) => e.attribs.class?.split(' ').includes('bank-document') ?? false,
    parseDocument(html).children,
  );
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
    bankDocument(BANK_ORIGINS),
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
    {
      runs: 15,
      todo: "known bug: a bank's GET form is sent with POST, its target's query taken over by the return URL",
    },
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
      const classed = (name: string) => (e: { attribs: Record<string, string> }) =>
        e.attribs.class?.split(' ').includes(name) ?? false;
      const boxes = DomUtils.findAll(classed('wallet-address'), document.children)
        .flatMap((dd) => DomUtils.findAll(classed('copy-value-text'), [dd]))
        .map((value) => withoutPrefix(DomUtils.textContent(value).trim()));
      if (links.length === 0 || boxes.length === 0) problems.push(`no wallet link or address box: ${seen(hops)}`);
      const strings = new Set([...links, ...boxes]);
      if (strings.size > 1) problems.push(`the deposit address ${address} is shown as ${[...strings].join(' and ')}`);
      expectNone(problems);
    },
    { runs: 12, todo: 'known bug: a legacy BCH address is shown as it came while its link and QR code carry the CashAddr' },
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
      const number = DomUtils.findOne((e) => e.attribs.class === 'reference-number', parseDocument(hop.body).children);
      const groups = number
        ? DomUtils.findAll((e) => e.attribs.class === 'reference-group', [number]).map((g) => DomUtils.textContent(g))
        : [];
      if (groups.join('') !== reference) problems.push(`the reference ${reference} reads ${groups.join('')}`);
      if (groups.some((g) => [...g].length > REFERENCE_GROUP_LENGTH))
        problems.push(`a group longer than four: ${groups.join(' ')}`);
      expectNone(problems);
    },
    { runs: 12 },
  );
});
