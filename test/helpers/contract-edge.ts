// The edge in front of an upstream of another make (contract-upstream.ts) for the
// contract's properties: the orders a visitor starts (one per kind of journey, on the TEST
// merchant, which offers every method, currency and coin), how a visitor is put at each step
// with the form posts a browser without JavaScript sends, and a clean slate between runs.
import t from 'tap';
import { ERROR_CODES } from '../../checkout/domain.ts';
import { testClock } from '../fixtures/clock.ts';
import { KNOWN_NEXT_ACTIONS, type OrderIdentity } from './contract-arbitraries.ts';
import { type Hop, landing, lostInput, type Said, saidIn, submit } from './contract-page.ts';
import { type Answer, type CallName, type ContractUpstream, startContractUpstream } from './contract-upstream.ts';
import {
  BTC_TESTNET_ADDRESS,
  BUYER,
  CODE,
  type Form,
  ID_ADDRESS,
  PH_ADDRESS,
  type Quote,
  quoteForm,
  Visitor,
} from './journey.ts';
import { type Stack, startStack } from './stack.ts';

export const HOST = 'test.localhost';

export interface ContractEdge {
  stack: Stack;
  upstream: ContractUpstream;
  now(): number;
  close(): Promise<void>;
}

/**
 * How long a file of properties may run: hundreds of journeys, and a few upstream failures
 * the dispatcher retries with its real back-off, on a machine busy with the rest of `npm test`.
 */
export const CONTRACT_FILE_TIME_LIMIT_MS = 180_000;

/**
 * The edge and its upstream, closed when the file's tests are done; the edge's pages never
 * wait for real time (`wait`) and count no rate limit.
 */
export async function startContractEdge(options: { listen?: boolean } = {}): Promise<ContractEdge> {
  t.setTimeout(CONTRACT_FILE_TIME_LIMIT_MS);
  const upstream = await startContractUpstream();
  const clock = testClock();
  const stack = await startStack({
    // A browser needs a socket; app.inject does not.
    listen: options.listen ?? false,
    env: { RATE_LIMITS: 'off' },
    clock: clock.now,
    wait: async () => {},
    upstreamUrl: () => upstream.url,
    thirdParty: (sandbox) => ({ ...sandbox, cardQuoteUrl: upstream.cardQuoteUrl }),
  });
  const edge = {
    stack,
    upstream,
    now: clock.now,
    async close() {
      await stack.close();
      await upstream.close();
    },
  };
  t.teardown(() => edge.close());
  return edge;
}

/** One kind of order, as the home form asks for it and as the upstream holds it. */
export interface Order {
  name: string;
  /** What the home form sends for it. */
  home: Form;
  quote: Quote;
  identity: OrderIdentity;
  /** The rest of the flow state the upstream holds at first. */
  figures: Record<string, unknown>;
  /** The buyer's details as typed for this order's country. */
  buyer: Form;
}

const order = (
  name: string,
  quote: Quote,
  identity: Omit<OrderIdentity, 'refId'>,
  figures: Record<string, unknown>,
  buyer = {},
  home: Form = quoteForm(quote),
): Order => ({
  name,
  home,
  quote: { host: HOST, ...quote },
  identity: { refId: `CT-${name}`, ...identity },
  figures: { fiatAmount: 100, cryptoAmount: 0.00101263, txnStatus: 'PENDING', ...figures },
  buyer: { ...BUYER, ...buyer },
});

const IDR_BANKS = [
  { bankCode: 'BCA', bankName: 'Bank Central Asia' },
  { bankCode: 'MANDIRI', bankName: 'Bank Mandiri' },
];

export const ORDERS = {
  etransfer: order(
    'etransfer',
    {},
    { txnType: 'BUY', paymentMethod: 'ETRANSFER', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
    {},
  ),
  card: order(
    'card',
    { method: 'CREDITCARD' },
    { txnType: 'BUY', paymentMethod: 'CREDITCARD', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
    {},
  ),
  voucher: order(
    'voucher',
    { method: 'FLEXEPIN' },
    { txnType: 'BUY', paymentMethod: 'FLEXEPIN', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
    {},
  ),
  bankIdr: order(
    'bank-idr',
    { method: 'BANKTRANSFER', currency: 'IDR', amount: 1_000_000 },
    { txnType: 'BUY', paymentMethod: 'BANKTRANSFER', fiatCurrency: 'IDR', cryptoCurrency: 'BTC' },
    { fiatAmount: 1_000_000, nextActionParams: { addressRequired: true, availableBanks: IDR_BANKS } },
    { mobileCountry: 'CA', ...ID_ADDRESS },
  ),
  bankAud: order(
    'bank-aud',
    { method: 'BANKTRANSFER', currency: 'AUD' },
    { txnType: 'BUY', paymentMethod: 'BANKTRANSFER', fiatCurrency: 'AUD', cryptoCurrency: 'BTC' },
    {},
    { mobile: '0412 345 678' },
  ),
  cash: order(
    'cash',
    { method: 'OTC', currency: 'PHP', amount: 1000 },
    { txnType: 'BUY', paymentMethod: 'OTC', fiatCurrency: 'PHP', cryptoCurrency: 'BTC' },
    { fiatAmount: 1000, nextActionParams: { addressRequired: true } },
    { mobileCountry: 'CA', ...PH_ADDRESS },
  ),
  spend: order(
    'spend',
    { kind: 'SELL', method: 'GIFTCARD', amount: 50 },
    { txnType: 'SELL', paymentMethod: 'GIFTCARD', fiatCurrency: 'CAD', cryptoCurrency: 'BTC' },
    { fiatAmount: 50, cryptoAmount: 0.00054211, paymentMethodSubtype: 'NORTHMART_CA' },
    {},
    { ...quoteForm({ amount: 50, method: 'GIFTCARD' }), txnType: 'SPEND', paymentMethodSubtype: 'NORTHMART_CA' },
  ),
  sell: order(
    'sell',
    { kind: 'SELL', coin: 'BCH', amount: 0.1 },
    { txnType: 'SELL', paymentMethod: 'ETRANSFEROUT', fiatCurrency: 'CAD', cryptoCurrency: 'BCH' },
    { fiatAmount: 41.3, cryptoAmount: 0.1 },
  ),
} satisfies Record<string, Order>;

export type OrderName = keyof typeof ORDERS;

/** The flow state of `order` at `nextAction`, with anything else given. */
export function stateOf(order: Order, nextAction: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...order.identity, ...order.figures, nextAction, ...extra };
}

/**
 * A clean slate for one run: the upstream holds `state` (none: no transaction) and answers
 * `answers`; the breakers a run of outages may have opened are closed again, as a
 * successful probe closes them, so no run meets the one before it.
 */
export function resetRun(
  edge: ContractEdge,
  state: Record<string, unknown> | undefined,
  answers: Partial<Record<CallName, Answer>> = {},
) {
  for (const [origin] of edge.stack.app.upstreamBreakers.states())
    edge.stack.app.upstreamBreakers.for(origin).record('success', 'probe');
  edge.upstream.reset(state, answers);
}

/** Something that went wrong before the property's own step: the test's setup, not the edge under test. */
export class SetupError extends Error {
  override name = 'SetupError';
}

/**
 * The home form posted for `order` while the upstream answers its quote at `nextAction`:
 * the visitor's flow starts, and the redirect says where the edge sent them.
 */
export async function startOrder(edge: ContractEdge, order: Order, nextAction: string, extra: Record<string, unknown> = {}) {
  resetRun(edge, stateOf(order, nextAction, extra));
  const visitor = new Visitor(edge.stack, HOST);
  const res = await visitor.post('/', order.home);
  if (res.statusCode !== 303 || !visitor.cookie)
    throw new SetupError(`quote refused: ${res.statusCode} ${res.body.slice(0, 200)}`);
  return { visitor, at: String(res.headers.location) };
}

/** A form step of the checkout: where its page is, what it posts, and the call that carries it upstream. */
export interface FormStep {
  name: string;
  order: OrderName;
  /** The nextAction that has the upstream expect this form. */
  action: string;
  /** The page the form is on. */
  page: string;
  /** Where it posts. */
  post: string;
  /** The upstream call the form makes; its answer is the run's. */
  call: CallName;
  /** What the visitor types. */
  form: (order: Order) => Form;
  /** Fields a refused form shows back (a voucher number is held server side, a code is typed anew). */
  kept: readonly string[];
}

export const FORM_STEPS: readonly FormStep[] = [
  {
    name: 'the quote (home form)',
    order: 'etransfer',
    action: 'INPUT_BUYERINFO',
    page: '/',
    post: '/',
    call: 'quoteRequest',
    form: (o) => o.home,
    kept: ['fiatAmount', 'cryptoCurrency', 'paymentMethod'],
  },
  {
    name: 'NEXT on the quote page',
    order: 'etransfer',
    action: 'INPUT_CRYPTOADDRESS',
    page: '/price-quote',
    post: '/price-quote',
    call: 'flowState',
    form: () => ({}),
    kept: [],
  },
  {
    name: 'Accept on the quote page (its requote)',
    order: 'etransfer',
    action: 'INPUT_CRYPTOADDRESS',
    page: '/price-quote',
    post: '/price-quote/accept',
    call: 'requote',
    form: () => ({}),
    kept: [],
  },
  {
    name: 'Accept on the quote page (its confirmation)',
    order: 'etransfer',
    action: 'INPUT_CRYPTOADDRESS',
    page: '/price-quote',
    post: '/price-quote/accept',
    call: 'confirmNewQuote',
    form: () => ({}),
    kept: [],
  },
  {
    name: 'another gift-card amount (its requote)',
    order: 'spend',
    action: 'INPUT_BUYERINFO',
    page: '/spend-quote',
    post: '/spend-quote',
    call: 'requote',
    form: () => ({ fiatAmount: '25' }),
    kept: ['fiatAmount'],
  },
  {
    name: 'NEXT on the gift-card amount quoted (its confirmation)',
    order: 'spend',
    action: 'INPUT_BUYERINFO',
    page: '/spend-quote',
    post: '/spend-quote',
    call: 'confirmNewQuote',
    form: () => ({ fiatAmount: '50' }),
    kept: ['fiatAmount'],
  },
  {
    name: 'receiving address',
    order: 'etransfer',
    action: 'INPUT_CRYPTOADDRESS',
    page: '/address-input',
    post: '/address-input',
    call: 'cryptoAddress',
    form: () => ({ cryptoAddress: BTC_TESTNET_ADDRESS }),
    kept: ['cryptoAddress'],
  },
  {
    name: 'buyer info',
    order: 'etransfer',
    action: 'INPUT_BUYERINFO',
    page: '/buyer-info-input',
    post: '/buyer-info-input',
    call: 'buyerInfo',
    form: (o) => o.buyer,
    kept: ['firstName', 'lastName', 'emailAddress', 'mobile', 'month', 'day', 'year'],
  },
  {
    name: 'buyer info with an address (IDR)',
    order: 'bankIdr',
    action: 'INPUT_BUYERINFO',
    page: '/buyer-info-input',
    post: '/buyer-info-input',
    call: 'buyerInfo',
    form: (o) => o.buyer,
    kept: ['firstName', 'lastName', 'emailAddress', 'mobile', 'addressLine1', 'cityTown', 'stateProv', 'postalCode'],
  },
  {
    name: 'verification code',
    order: 'etransfer',
    action: 'VERIFY_MOBILE',
    page: '/mobile-verification',
    post: '/mobile-verification',
    call: 'mobileVerification',
    form: () => ({ verificationCode: CODE }),
    kept: [],
  },
  {
    name: 'Resend Code',
    order: 'etransfer',
    action: 'VERIFY_MOBILE',
    page: '/mobile-verification',
    post: '/mobile-verification/resend',
    call: 'generateSmsCode',
    form: () => ({}),
    kept: [],
  },
  {
    name: 'the card quote confirmed (residency)',
    order: 'card',
    action: 'CUSTOMER_PAYMENT',
    page: '/credit-card-quote',
    post: '/credit-card-quote',
    call: 'flowState',
    form: () => ({ canadianResident: 'yes' }),
    kept: [],
  },
  {
    name: 'payout email (sell)',
    order: 'sell',
    action: 'INPUT_EMTEMAIL',
    page: '/email-input',
    post: '/email-input',
    call: 'emtEmail',
    form: () => ({ emtEmail: 'payout@example.com' }),
    kept: ['emtEmail'],
  },
  {
    name: 'voucher',
    order: 'voucher',
    action: 'INPUT_VOUCHERNUMBER',
    page: '/payment-flexepin',
    post: '/payment-flexepin',
    call: 'voucherNumber',
    form: () => ({ voucherNumber: '1234567890123456' }),
    kept: ['voucherNumber'],
  },
  {
    name: 'bank choice (IDR)',
    order: 'bankIdr',
    action: 'INITIATE_BANKTRANSFER',
    page: '/bank-select',
    post: '/bank-select',
    call: 'bankTransferInit',
    form: () => ({ selectedBank: 'BCA' }),
    kept: [],
  },
  {
    name: 'bank payment page Proceed (AUD)',
    order: 'bankAud',
    action: 'INITIATE_BANKTRANSFER',
    page: '/poli',
    post: '/poli',
    call: 'bankTransferInit',
    form: () => ({}),
    kept: [],
  },
];

/**
 * The visitor at `step`'s page: a quote whose answer names the step's action (the receiving
 * address is reached from the quote page's NEXT, as the next-screen rule has it).
 */
export async function atStep(edge: ContractEdge, step: FormStep): Promise<Visitor> {
  const order = ORDERS[step.order];
  if (step.page === '/') {
    resetRun(edge, stateOf(order, step.action));
    return new Visitor(edge.stack, HOST);
  }
  const { visitor, at } = await startOrder(edge, order, step.action);
  let where = at;
  if (where === '/price-quote' && step.page !== '/price-quote') {
    const next = await visitor.post('/price-quote', {});
    where = String(next.headers.location);
  }
  if (where !== step.page) throw new SetupError(`${step.name}: the quote led to ${where}, not ${step.page}`);
  return visitor;
}

export interface Sent {
  hops: Hop[];
  typed: Form;
  /** The error texts the answer held, as a visitor could be shown them. */
  said: Said[];
}

/** The step's form sent, as a browser without JavaScript sends it, while its call answers `answer`. */
export async function sendStep(edge: ContractEdge, step: FormStep, answer: Answer): Promise<Sent> {
  const visitor = await atStep(edge, step);
  edge.upstream.answer(step.call, answer);
  const typed = step.form(ORDERS[step.order]);
  const hops = await submit(visitor, step.post, typed);
  return { hops, typed, said: 'json' in answer ? saidIn(answer.status, answer.json) : [] };
}

/**
 * A form refused (or an action not followed) that is back on its own page shows what was
 * typed. Not asked of an answer the edge followed (the upstream asked for the step anew),
 * nor of a step out of order, which resumes where the upstream has the visitor.
 */
export function keptProblems(step: FormStep, answer: Answer, { hops, typed }: Sent): string[] {
  const { hop, path } = landing(hops);
  const json = 'json' in answer ? (answer.json as { nextAction?: unknown; error?: { code?: unknown } } | null) : null;
  const followed = 'status' in answer && answer.status < 300 && KNOWN_NEXT_ACTIONS.includes(String(json?.nextAction));
  const resumed = json?.error?.code === ERROR_CODES.flowActionInvalid;
  if (followed || resumed || path !== step.page || hop.status >= 500) return [];
  const kept = Object.fromEntries(Object.entries(typed).filter(([name]) => step.kept.includes(name)));
  const lost = lostInput(hop, kept);
  return lost.length ? [`back on ${path}, the form lost what was typed: ${lost.join(', ')}`] : [];
}
