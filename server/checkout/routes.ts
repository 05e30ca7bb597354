// The route table of SPEC.md section 2 in one place. Paths use Fastify's ':param' syntax;
// names are the spec's route identifiers where it gives one, kebab-case otherwise.
// leavePageGuard: the "Are you sure?" prompt, on for quote screens only.

type RouteDef = {
  readonly name: string;
  readonly path: string;
  readonly leavePageGuard: boolean;
  readonly params: readonly string[];
};

function route<const N extends string, const P extends string, const A extends readonly string[] = []>(
  name: N,
  path: P,
  opts: { leavePageGuard?: boolean; params?: A } = {},
) {
  return { name, path, leavePageGuard: opts.leavePageGuard ?? false, params: (opts.params ?? []) as A };
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
  transactionPro: route('transaction-pro', '/pro/:customerHash', { params: ['customerHash'] }),
  transactionNew: route('transaction-new', '/transaction'),
  priceQuote: route('price-quote', '/price-quote', { leavePageGuard: true }),
  addressInput: route('address-input', '/address-input'),
  emailInput: route('email-input', '/email-input'),
  buyerInfoInput: route('buyer-info-input', '/buyer-info-input'),
  mobileVerification: route('mobile-verification', '/mobile-verification'),
  imageInputChoice: route('image-input-choice', '/image-input-choice'),
  imageInputCamera: route('image-input-camera', '/image-input-camera'),
  imageInputUpload: route('image-input-upload', '/image-input-upload'),
  audioInput: route('audio-input', '/audio-input'),
  audioInputSkip: route('audio-input-skip', '/audio-input-skip'),
  verify: route('verify', '/verify'),
  verifyCountry: route('verify-country', '/verify/:country', { params: ['country'] }),
  // Static, so it wins over /pro/:customerHash in Fastify's router.
  verifyPro: route('verify-pro', '/pro/verify'),
  verifyIdenfy: route('verify-idenfy', '/verify-idenfy/:token', { params: ['token'] }),
  paymentEtransferInstructions: route('payment-etransfer-instructions', '/payment-etransfer-instructions'),
  paymentFlexepin: route('payment-flexepin', '/payment-flexepin'),
  paymentSpend: route('payment-spend', '/payment-spend'),
  paymentSpendSuccess: route('payment-spend-success', '/payment-spend-success'),
  spendQuote: route('spend-quote', '/spend-quote', { leavePageGuard: true }),
  paymentOtc: route('payment-otc', '/payment-otc'),
  paymentOtcSuccess: route('payment-otc-success', '/payment-otc-success'),
  bankSelect: route('bank-select', '/bank-select'),
  poli: route('poli', '/poli'),
  creditCardQuote: route('credit-card-quote', '/credit-card-quote', { leavePageGuard: true }),
  creditCard: route('credit-card', '/credit-card'),
  transactionInReview: route('transaction-in-review', '/transaction-in-review'),
  transactionSuccess: route('transaction-success', '/transaction-success'),
  transactionCancelled: route('transaction-cancelled', '/transaction-cancelled'),
  procHandler: route('proc-handler', '/proc/:procid', { params: ['procid'] }),
  // Map only: the page hides header and footer.
  cashInLocations: route('cash-in-locations', '/cash-in-locations'),
  state: route('state', '/state/:refId', { params: ['refId'] }),
  // /state without a refId: home with "Reference ID not found."
  stateMissing: route('state-missing', '/state'),
  privacyPolicy: route('privacy-policy', '/privacy-policy'),
  termsOfService: route('terms-of-service', '/terms-of-service'),
  compliancePolicy: route('compliance-policy', '/compliance-policy'),
  refundPolicy: route('refund-policy', '/refund-policy'),
} as const satisfies Record<string, RouteDef>;

export type RouteKey = keyof typeof ROUTES;
export type RouteName = (typeof ROUTES)[RouteKey]['name'];
export type RoutePath = (typeof ROUTES)[RouteKey]['path'];
/** Paths without parameters: the screens a flow can navigate to. */
export type ScreenPath = Exclude<RoutePath, `${string}:${string}`>;

export const ROUTE_LIST: readonly RouteDef[] = Object.values(ROUTES);

/** Whether the leave-page confirmation is on for a screen. */
export function leavePageGuard(path: string): boolean {
  return ROUTE_LIST.some((r) => r.path === path && r.leavePageGuard);
}

/** Fill a route's parameters (URL-encoded). Throws on a missing one: that is a bug. */
export function buildPath<R extends RouteDef>(r: R, params: Record<R['params'][number], string | number>): string {
  return r.path.replace(/:([A-Za-z]+)/g, (_, key: string) => {
    const value = (params as Record<string, string | number | undefined>)[key];
    if (value === undefined || value === '') throw new Error(`route ${r.name}: missing parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
