// The route table of docs/spec.md section 2 in one place, with every sub-path a screen posts to
// (`actions`) and every query flag it reads (`flags`): views take their form actions and
// links from here, screens register their handlers from here. Paths use Fastify's ':param'
// syntax; names are the spec's route identifiers where it gives one, kebab-case otherwise.
// leavePageGuard: the "Are you sure?" prompt, on for quote screens only.

export type RouteDef = {
  readonly name: string;
  readonly path: string;
  readonly leavePageGuard: boolean;
  readonly params: readonly string[];
  /**
   * Its parameters that are capabilities: whoever holds the value opens what it guards (an
   * order's signed page, a Pro invitation, the identity frame), so no log line names one
   * (server/logged-path.ts, docs/security.md).
   */
  readonly secrets: readonly string[];
  /** Sub-paths the screen's forms post to, by name: path + '/' + name. */
  readonly actions: Readonly<Record<string, string>>;
  /** Query flags the screen reads (`?name=1`), by name. */
  readonly flags: Readonly<Record<string, string>>;
};

type Named<K extends readonly string[], V> = { readonly [Name in K[number]]: V };

function route<
  const N extends string,
  const P extends string,
  const A extends readonly string[] = [],
  const X extends readonly string[] = [],
  const F extends readonly string[] = [],
>(name: N, path: P, opts: { leavePageGuard?: boolean; params?: A; secrets?: readonly A[number][]; actions?: X; flags?: F } = {}) {
  const actions = Object.fromEntries((opts.actions ?? []).map((a) => [a, `${path}/${a}`])) as Named<X, `${P}/${X[number]}`>;
  const flags = Object.fromEntries((opts.flags ?? []).map((f) => [f, `${path}?${f}=1`])) as Named<F, `${P}?${F[number]}=1`>;
  const params = (opts.params ?? []) as A;
  return { name, path, leavePageGuard: opts.leavePageGuard ?? false, params, secrets: opts.secrets ?? [], actions, flags };
}

/** The home page's query parameter that opens a tab (?type=SELL): the tabs are links without JavaScript. */
export const HOME_TAB_PARAM = 'type';

/** The home page on a tab. */
export function homeTab(kind: string): string {
  return `${ROUTES.home.path}?${HOME_TAB_PARAM}=${encodeURIComponent(kind)}`;
}

/** The order lookup's query parameter: /state?refId=… is /state/{refId}, typed as a receipt prints it. */
export const LOOKUP_PARAM = 'refId';

/** The direct link's query parameter that counts a failed quote's attempts (docs/spec.md section 8). */
export const RETRY_ATTEMPT_PARAM = 'attempt';

/** Whether a query flag (`?name=1`) is set: only the exact value counts. */
export function hasFlag(query: unknown, name: string): boolean {
  return typeof query === 'object' && query !== null && (query as Record<string, unknown>)[name] === '1';
}

const DIRECT = '/amount/:amount/cryptocurrency/:cryptocurrency/method/:method';
const DIRECT_PARAMS = ['amount', 'cryptocurrency', 'method'] as const;

export const ROUTES = {
  home: route('home', '/'),
  // Direct links: the optional /type, /currency and /subtype tails are four routes.
  transaction: route('transaction', DIRECT, { params: DIRECT_PARAMS }),
  transactionType: route('transaction-type', `${DIRECT}/type/:type`, { params: [...DIRECT_PARAMS, 'type'] }),
  transactionTypeCurrency: route('transaction-type-currency', `${DIRECT}/type/:type/currency/:currency`, {
    params: [...DIRECT_PARAMS, 'type', 'currency'],
  }),
  transactionTypeCurrencySubtype: route(
    'transaction-type-currency-subtype',
    `${DIRECT}/type/:type/currency/:currency/subtype/:subtype`,
    { params: [...DIRECT_PARAMS, 'type', 'currency', 'subtype'] },
  ),
  transactionPro: route('transaction-pro', '/pro/:customerHash', { params: ['customerHash'], secrets: ['customerHash'] }),
  transactionNew: route('transaction-new', '/transaction'),
  priceQuote: route('price-quote', '/price-quote', { leavePageGuard: true, actions: ['accept', 'decline'] }),
  /**
   * The quote-expired choice after the quote page (its Decline is the quote page's);
   * accept: the new quote confirmed, then on to the visitor's step.
   */
  newQuote: route('new-quote', '/new-quote', { actions: ['accept'] }),
  addressInput: route('address-input', '/address-input'),
  emailInput: route('email-input', '/email-input'),
  buyerInfoInput: route('buyer-info-input', '/buyer-info-input'),
  mobileVerification: route('mobile-verification', '/mobile-verification', { actions: ['resend'], flags: ['sent'] }),
  imageInputChoice: route('image-input-choice', '/image-input-choice'),
  imageInputCamera: route('image-input-camera', '/image-input-camera'),
  imageInputUpload: route('image-input-upload', '/image-input-upload'),
  audioInput: route('audio-input', '/audio-input'),
  audioInputSkip: route('audio-input-skip', '/audio-input-skip'),
  /** file, complete: the Uploader island's calls (one file; the notice once every file is done). */
  verify: route('verify', '/verify', { actions: ['file', 'complete'] }),
  verifyCountry: route('verify-country', '/verify/:country', { params: ['country'] }),
  // Static, so it wins over /pro/:customerHash in Fastify's router.
  verifyPro: route('verify-pro', '/pro/verify'),
  /** consent: the consent given, as a link without JavaScript (the frame shows at once). */
  verifyIdenfy: route('verify-idenfy', '/verify-idenfy/:token', {
    params: ['token'],
    secrets: ['token'],
    flags: ['consent'],
  }),
  /** paid: I HAVE PAID, the same page saying so while the payment has not arrived. */
  paymentEtransferInstructions: route('payment-etransfer-instructions', '/payment-etransfer-instructions', { flags: ['paid'] }),
  /** requote: Yes to the new-quote offer after a voucher's stored value did not match. */
  paymentFlexepin: route('payment-flexepin', '/payment-flexepin', { actions: ['requote'] }),
  /** confirm: the "Have you sent your crypto" question, as a page without JavaScript. */
  paymentSpend: route('payment-spend', '/payment-spend', { flags: ['confirm'] }),
  paymentSpendSuccess: route('payment-spend-success', '/payment-spend-success'),
  spendQuote: route('spend-quote', '/spend-quote', { leavePageGuard: true }),
  /** confirm: the reference-number question (CONFIRM_TEXT), as a page without JavaScript. */
  paymentOtc: route('payment-otc', '/payment-otc', { flags: ['confirm'] }),
  paymentOtcSuccess: route('payment-otc-success', '/payment-otc-success'),
  bankSelect: route('bank-select', '/bank-select'),
  poli: route('poli', '/poli'),
  /**
   * The bank's own page inside the checkout (its htmlDoc); returned: the bank has sent the
   * visitor back (its return URL, AUD's too), and the page follows the order from there.
   */
  bankPayment: route('bank-payment', '/bank-payment', { flags: ['returned'] }),
  creditCardQuote: route('credit-card-quote', '/credit-card-quote', { leavePageGuard: true }),
  /** paid: back from the card provider (its message, or the link without JavaScript): follow the upstream. */
  creditCard: route('credit-card', '/credit-card', { flags: ['paid'] }),
  transactionInReview: route('transaction-in-review', '/transaction-in-review'),
  transactionSuccess: route('transaction-success', '/transaction-success'),
  transactionCancelled: route('transaction-cancelled', '/transaction-cancelled'),
  /**
   * The page that says an order has ended (too many wrong codes, SYSTEM on a requote), once,
   * after a 303 from the form that ended it.
   */
  orderEnded: route('order-ended', '/order-ended'),
  /** Done (POST): resets the flow and leaves for the merchant's success URL. */
  done: route('done', '/done'),
  procHandler: route('proc-handler', '/proc/:procid', { params: ['procid'] }),
  // Map only: the page hides header and footer.
  cashInLocations: route('cash-in-locations', '/cash-in-locations'),
  /** confirm: "this is my order", the question asked before a refId becomes the visitor's flow. */
  state: route('state', '/state/:refId', { params: ['refId'], actions: ['confirm'] }),
  // /state without a refId: home, saying the reference was not found; with ?refId= (the order
  // lookup's form), that reference's /state/{refId}.
  stateMissing: route('state-missing', '/state'),
  /** The order's own page, opened by its signed link: no cookie needed (server/security/order-link.ts). */
  order: route('order', '/order/:refId/:signature', { params: ['refId', 'signature'], secrets: ['signature'] }),
  // An order link without its signature: the same 404 as a wrong one.
  orderUnsigned: route('order-unsigned', '/order/:refId', { params: ['refId'] }),
  /** TEST and DEV hosts: the order events the sandbox's receiver got for the merchant, with each signature's verdict. */
  webhooks: route('webhooks', '/webhooks'),
  privacyPolicy: route('privacy-policy', '/privacy-policy'),
  termsOfService: route('terms-of-service', '/terms-of-service'),
  compliancePolicy: route('compliance-policy', '/compliance-policy'),
  refundPolicy: route('refund-policy', '/refund-policy'),
} as const satisfies Record<string, RouteDef>;

type RoutePath = (typeof ROUTES)[keyof typeof ROUTES]['path'];
/** Paths without parameters: the screens a flow can navigate to. */
export type ScreenPath = Exclude<RoutePath, `${string}:${string}`>;

export const ROUTE_LIST: readonly RouteDef[] = Object.values(ROUTES);

/** Fill a route's parameters (URL-encoded). Throws on a missing one: that is a bug. */
export function buildPath<R extends RouteDef>(r: R, params: Record<R['params'][number], string | number>): string {
  return r.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = (params as Record<string, string | number | undefined>)[key];
    if (value === undefined || value === '') throw new Error(`route ${r.name}: missing parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
