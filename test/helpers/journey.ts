// One way for tests to walk a checkout through its early steps: as a visitor's browser
// would, with same-origin form posts to the edge (app.inject) that carry the flow cookie.
// The walk only posts forms and reads their redirects; it never loads a page, so nothing a
// page does on GET (the e-Transfer init, a sell's status check) happens before a test asks.

import type { FlowState } from '../../checkout/contract.ts';
import { type Stack, upstreamCallLines } from './stack.ts';

export type Form = Record<string, string>;

export const MAPLE = 'maple.localhost';
/** Valid receiving addresses from test/fixtures/crypto-addresses.json (BIP173). */
export const BTC_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
export const BTC_TESTNET_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
/** The sandbox's right verification code. */
export const CODE = '123456';
/** A Canadian adult; driveTo swaps in an Australian mobile for AUD flows. */
export const BUYER = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  emailAddress: 'ada@example.com',
  mobile: '416 555 0199',
  month: '12',
  day: '10',
  year: '1985',
} satisfies Form;
const AU_MOBILE = '0412 345 678';

/** A name as a word of its own: a nonce or a reference in a page may hold its letters. */
export const asWord = (name: string) => new RegExp(`(?<![\\w+/-])${name}(?![\\w+/-])`);

/** A quote as the home form (or a direct link) asks for it. */
export interface Quote {
  /** Default maple.localhost. */
  host?: string;
  /** Default BUY. */
  kind?: 'BUY' | 'SELL';
  /** Default ETRANSFER for buys, ETRANSFEROUT for sells. */
  method?: string;
  /** Fiat for buys (default 100), coin for sells (default 0.0015). */
  amount?: number | string;
  /** Default BTC. */
  coin?: string;
  /** Default CAD. */
  currency?: string;
  /** The home form (default) or the direct link of docs/spec.md screen 2. */
  via?: 'form' | 'link';
}

const sell = (quote: Quote) => quote.kind === 'SELL';
const amountOf = (quote: Quote) => String(quote.amount ?? (sell(quote) ? 0.0015 : 100));
const methodOf = (quote: Quote) => quote.method ?? (sell(quote) ? 'ETRANSFEROUT' : 'ETRANSFER');

/** The home form's fields for a quote. */
export function quoteForm(quote: Quote = {}): Form {
  return {
    txnType: quote.kind ?? 'BUY',
    [sell(quote) ? 'cryptoAmount' : 'fiatAmount']: amountOf(quote),
    fiatCurrency: quote.currency ?? 'CAD',
    cryptoCurrency: quote.coin ?? 'BTC',
    paymentMethod: methodOf(quote),
  };
}

/** /amount/{amount}/cryptocurrency/{coin}/method/{method}/type/{type}/currency/{currency} */
export function directLink(quote: Quote = {}): string {
  return `/amount/${amountOf(quote)}/cryptocurrency/${quote.coin ?? 'BTC'}/method/${methodOf(quote)}/type/${quote.kind ?? 'BUY'}/currency/${quote.currency ?? 'CAD'}`;
}

type Response = Awaited<ReturnType<Stack['app']['inject']>>;

/** A browser stand-in on one host: keeps the flow cookie between requests. */
export class Visitor {
  constructor(
    readonly stack: Stack,
    readonly host = MAPLE,
    /** The Cookie header ('flow=…'), '' once there is no flow. */
    public cookie = '',
  ) {}

  /** A refused form waiting for its page ('refused=…'), '' when none. */
  refusal = '';

  /** The browser's other cookies ('lang=…'), sent as they are. */
  others = '';

  headers(extra: Record<string, string> = {}): Record<string, string> {
    const cookie = [this.cookie, this.refusal, this.others].filter(Boolean).join('; ');
    return { host: this.host, origin: `http://${this.host}`, ...(cookie ? { cookie } : {}), ...extra };
  }

  keep(res: Response): Response {
    const flow = res.cookies.find((c) => c.name === 'flow');
    if (flow) this.cookie = flow.value && flow.maxAge !== 0 ? `flow=${flow.value}` : '';
    const refusal = res.cookies.find((c) => c.name === 'refused');
    if (refusal) this.refusal = refusal.value && refusal.maxAge !== 0 ? `refused=${refusal.value}` : '';
    return res;
  }

  /**
   * The form posted as a browser posts it: a 303 that keeps something for its page (a
   * refusal back to the form's page, the quote-expired choice, the page that says the order
   * ended) is followed, and that page returned; any other answer is returned as it is.
   */
  async submit(url: string, form: Form = {}): Promise<Response> {
    return this.followKept(await this.post(url, form));
  }

  /** A form's answer as the browser ends up with it: a 303 that kept something for its page, followed. */
  async followKept(res: Response): Promise<Response> {
    this.keep(res);
    const kept = res.cookies.some((c) => c.name === 'refused' && c.value && c.maxAge !== 0);
    const location = res.headers.location;
    return res.statusCode === 303 && kept && typeof location === 'string' ? this.get(location) : res;
  }

  async get(url: string): Promise<Response> {
    return this.keep(await this.stack.app.inject({ method: 'GET', url, headers: this.headers() }));
  }

  /** One step: the form posted as the page would post it (same origin, urlencoded). */
  async post(url: string, form: Form = {}): Promise<Response> {
    const headers = this.headers({ 'content-type': 'application/x-www-form-urlencoded' });
    return this.keep(
      await this.stack.app.inject({ method: 'POST', url, headers, payload: new URLSearchParams(form).toString() }),
    );
  }

  /** What the signed flow cookie holds (refId, txnType, …). */
  flow(): { refId: string; txnType: 'BUY' | 'SELL' } {
    const unsigned = this.stack.app.unsignCookie(decodeURIComponent(this.cookie.replace(/^flow=/, '')));
    return JSON.parse(Buffer.from(unsigned.value ?? '', 'base64url').toString('utf8'));
  }

  refId(): string {
    return this.flow().refId;
  }

  /** The flow state the upstream holds, asked of the sandbox directly (no edge log line, no status poll). */
  async state(): Promise<FlowState> {
    const api = this.flow().txnType === 'SELL' ? 'txnsell' : 'txnbuy';
    return (await this.stack.sandbox.app.inject({ method: 'GET', url: `/${api}/flowstate/${this.refId()}` })).json();
  }

  /** The flow cookie for a browser context's addCookies. */
  browserCookie() {
    const value = this.cookie.replace(/^flow=/, '');
    return { name: 'flow', value, url: this.stack.url(this.host, '/'), httpOnly: true, sameSite: 'Lax' as const };
  }
}

/** A quote from the home form (or the direct link); the visitor is then on /price-quote. */
export async function startFlow(stack: Stack, quote: Quote = {}): Promise<Visitor> {
  const visitor = new Visitor(stack, quote.host);
  const res = quote.via === 'link' ? await visitor.get(directLink(quote)) : await visitor.post('/', quoteForm(quote));
  if (res.statusCode !== 303 || res.headers.location !== '/price-quote' || !visitor.cookie) {
    throw new Error(`quote refused: ${res.statusCode} ${res.headers.location ?? res.body.slice(0, 300)}`);
  }
  return visitor;
}

export interface Walk extends Quote {
  /** Changes to BUYER, e.g. { lastName: 'Review' }. */
  buyer?: Form;
  /** Default: a BTC address of the host's network (mainnet only on PROD merchants). */
  address?: string;
  emtEmail?: string;
}

/**
 * Starts a flow and takes the steps a visitor takes (NEXT on the quote, receiving address,
 * buyer info, code, payout email) until a step's redirect lands on `target`, the path of
 * the screen to stop at: '/mobile-verification', '/payment-etransfer-instructions',
 * '/payment-spend', '/transaction-in-review' (with lastName Review)…
 */
export async function driveTo(stack: Stack, target: string, walk: Walk = {}): Promise<Visitor> {
  return walkOn(await startFlow(stack, walk), '/price-quote', target, walk);
}

/**
 * The walk of driveTo for a visitor already in a flow, standing at `from` (a browser that
 * took the first steps itself hands its cookie over): the steps from there to `target`.
 */
export async function walkOn(visitor: Visitor, from: string, target: string, walk: Walk = {}): Promise<Visitor> {
  const { stack } = visitor;
  const merchant = stack.app.merchants.resolve(visitor.host);
  const prod = merchant.kind === 'known' && merchant.merchant.config.env === 'PROD';
  const steps: [string, Form][] = [
    ['/price-quote', {}],
    ['/address-input', { cryptoAddress: walk.address ?? (prod ? BTC_ADDRESS : BTC_TESTNET_ADDRESS) }],
    ['/buyer-info-input', { ...BUYER, ...(walk.currency === 'AUD' ? { mobile: AU_MOBILE } : {}), ...walk.buyer }],
    ['/mobile-verification', { verificationCode: CODE }],
    ['/email-input', { emtEmail: walk.emtEmail ?? BUYER.emailAddress }],
  ];
  let at = from;
  let last = '';
  // Each step's redirect says where the visitor is; a step not offered (an address on a sell) is passed.
  for (const [path, form] of steps) {
    if (at === target) break;
    if (at !== path) continue;
    const res = await visitor.post(path, form);
    at = res.headers.location ?? '';
    last = `POST ${path}: ${res.statusCode} ${at || res.body.slice(0, 300)}`;
  }
  if (at !== target) throw new Error(`the walk to ${target} stopped at ${at || 'an error'} (${last})`);
  return visitor;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The "Is this your order?" form of a resume page: where it posts and its fields; null if the page asks nothing. */
export function resumeQuestion(body: string): { action: string; form: Form } | null {
  const action = /<form action="([^"]+)" method="post">/.exec(body)?.[1];
  const token = /name="token" value="([^"]+)"/.exec(body)?.[1];
  const via = /name="via" value="([^"]+)"/.exec(body)?.[1];
  if (!action || !token || !via) return null;
  return { action: unescapeHtml(action), form: { token: unescapeHtml(token), via: unescapeHtml(via) } };
}

/**
 * Opens a resume link (/state/{refId}, /buyer-info-input?refId=) and, when the page asks
 * whether the order is the visitor's, answers yes. Returns the last answer.
 */
export async function openAndConfirm(visitor: Visitor, url: string): Promise<Response> {
  const page = await visitor.get(url);
  const question = page.statusCode === 200 ? resumeQuestion(page.body) : null;
  return question ? visitor.post(question.action, question.form) : page;
}

/** /state/{refId} on a host, confirmed as the visitor's own: the answer and the flow cookie it set ('' if none). */
export async function resume(stack: Stack, refId: string, host = MAPLE) {
  const visitor = new Visitor(stack, host);
  const response = await openAndConfirm(visitor, `/state/${refId}`);
  return { response, cookie: visitor.cookie };
}

/** Upstream calls the edge made to an endpoint, from the one log line each call is told on. */
export function upstreamCalls(stack: Stack, endpoint: string): number {
  return upstreamCallLines(stack.logs).filter((l) => l.upstream.path.endsWith(endpoint)).length;
}

/** The order page's path, as the page of the order at `path` links to it (rel=bookmark). */
export async function orderLinkOf(visitor: Visitor, path: string): Promise<string> {
  const page = await visitor.get(path);
  const link = /<a rel="bookmark" href="(\/order\/[^"]+)">/.exec(page.body)?.[1];
  if (!link) throw new Error(`${path} (${page.statusCode}) links to no order page`);
  return link;
}

/** A buyer's address, for quotes at or above the sandbox's address threshold. */
export const ADDRESS = {
  addressLine1: '1 King St W',
  cityTown: 'Toronto',
  stateProv: 'ON',
  postalCode: 'M5H 1A1',
} satisfies Form;
/** An Australian buyer's address (AUD orders): Sydney. */
export const AU_ADDRESS = {
  addressLine1: '1 George St',
  cityTown: 'Sydney',
  stateProv: 'NSW',
  postalCode: '2000',
} satisfies Form;
/** A Philippine buyer's address (PHP orders): Makati, Metro Manila. */
export const PH_ADDRESS = {
  addressLine1: '1 Ayala Ave',
  cityTown: 'Makati',
  stateProv: '00',
  postalCode: '1226',
} satisfies Form;
/** A cash order on manila, in PHP: every amount it takes asks for the buyer's address. */
export const MANILA_CASH = { host: 'manila.localhost', currency: 'PHP', method: 'OTC', amount: 1000 } satisfies Walk;
/** An Indonesian buyer's address (IDR orders): Jakarta. */
export const ID_ADDRESS = {
  addressLine1: 'Jl. M.H. Thamrin 1',
  cityTown: 'Jakarta',
  stateProv: 'JK',
  postalCode: '10310',
} satisfies Form;

/** A bank-transfer buy in IDR on the TEST merchant, a Canadian mobile chosen with its country selector. */
export const IDR_BANK_WALK = {
  host: 'test.localhost',
  method: 'BANKTRANSFER',
  currency: 'IDR',
  amount: 1_000_000,
  buyer: { mobileCountry: 'CA', ...ID_ADDRESS },
} satisfies Walk;

/** The smallest PNG: a selfie the sandbox accepts. */
const SELFIE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * Past the identity step (SUBMIT_SELFIEDOC) the way the camera island would, straight to
 * the sandbox: tests of later steps need not drive the camera. Then /transaction follows
 * the upstream to the payment step; its redirect is returned.
 */
export async function passIdentity(visitor: Visitor): Promise<string> {
  const api = visitor.flow().txnType === 'SELL' ? 'txnsell' : 'txnbuy';
  const selfie = await visitor.stack.sandbox.app.inject({
    method: 'POST',
    url: `/${api}/selfieimage`,
    payload: {
      refId: visitor.refId(),
      documentType: 'SELFIE',
      mimeType: 'image/png',
      fileName: 'selfie.png',
      extName: 'png',
      encodedFile: SELFIE_PNG,
      imageSource: 'UPLOAD',
    },
  });
  if (selfie.statusCode !== 200) throw new Error(`selfie refused: ${selfie.body}`);
  return String((await visitor.get('/transaction')).headers.location);
}

/** A maple card buy of $100 confirmed as resident and paid in the provider's widget: the order is complete. */
export async function cardPaid(stack: Stack): Promise<Visitor> {
  const visitor = await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD', amount: 100 });
  await visitor.get('/credit-card-quote');
  await visitor.post('/credit-card-quote', { canadianResident: 'yes' });
  await stack.sandbox.app.inject({
    method: 'POST',
    url: '/thirdparty/card/widget',
    payload: { apiKey: 'pk_sandbox_maple_4f8c21d97a3e', refId: visitor.refId(), decision: 'pay' },
  });
  return visitor;
}
