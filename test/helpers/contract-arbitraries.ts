// Upstream answers generated from the contract itself (checkout/contract.ts), not from what
// the sandbox happens to say: `arbitraryOf` walks a zod schema (objects, strings with their
// patterns and lengths, enums, literals, numbers with their bounds, booleans, optionals,
// nullables, defaults, catches, arrays, unions, records) and gives a fast-check arbitrary of
// every value the schema accepts, extra fields included where the schema lets them through.
// Where the contract leaves a field open (any string, any action), an override at the
// field's path puts in what the spec allows and the sandbox never sends: unknown
// nextActions, internal-looking error texts, a bank's own document, a BCH address in either
// form, long references, odd amounts and dates.
import fc from 'fast-check';
import type { z } from 'zod';
import { errorBodySchema, flowStateSchema } from '../../checkout/contract.ts';
import { ERROR_CODES, LIMIT_ERROR_CODES, SHARED_NEXT_ACTIONS } from '../../checkout/domain.ts';
import { bchCashAddress } from '../../checkout/validation/vendor/address-libs.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { base58check } from '../../server/sandbox/wallets.ts';

/** Arbitraries put in at a field's path: 'nextAction', 'nextActionParams.htmlDoc', 'error.msg', 'availableBanks[]'. */
export type Overrides = Readonly<Record<string, fc.Arbitrary<unknown>>>;

export interface SchemaArbitraryOptions {
  overrides?: Overrides;
  /** Objects that let unknown fields through (zod's default, passthrough) get some: default true. */
  extraFields?: boolean;
  /** A string the schema leaves open. */
  text?: fc.Arbitrary<string>;
  /** A number within the schema's bounds, before the bounds are applied. */
  number?: (bounds: NumberBounds) => fc.Arbitrary<number>;
}

export interface NumberBounds {
  min?: number;
  minIncluded: boolean;
  max?: number;
  maxIncluded: boolean;
  integer: boolean;
}

/** What zod v4 keeps of a schema: its definition (the public `def` of every schema). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  in?: z.ZodType;
  checks?: { _zod: { def: CheckDef } }[];
}

interface CheckDef {
  check: string;
  value?: number;
  inclusive?: boolean;
  minimum?: number;
  maximum?: number;
  length?: number;
  format?: string;
  pattern?: RegExp;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def): CheckDef[] => (def.checks ?? []).map((c) => c._zod.def);

/** Keys no schema of the contract names: an upstream of another make may send them. */
const EXTRA_KEY = fc.oneof(
  fc.constantFrom('unknownField', 'traceId', 'x-internal', '__proto__x', 'nextActionLegacy', 'metadata', 'debug'),
  fc.stringMatching(/^[a-z][A-Za-z0-9_]{0,15}$/),
);
const EXTRA_VALUE = fc.jsonValue({ maxDepth: 2 });

/** Texts a field open to any string may hold: words, markup, other scripts, nothing at all. */
export const openText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'N/A', '<b>x</b>', 'Zoë & Ünal', '名前', '\u202eevil', 'null', '0') },
);

/**
 * Numbers as they come: plain ones, ones with many decimals, and the edges of what JSON and
 * `toFixed` write (0, the smallest step, past 1e21, the largest safe integer).
 */
export function oddNumber(bounds: NumberBounds): fc.Arbitrary<number> {
  const odd = [0, -0, 1e-8, 5e-9, 0.1 + 0.2, 0.005, 1, 99.995, 100_000, 123_456_789.123_456_78, 1e15, 1e21, 2 ** 53 - 1, 5e-324];
  const within = (n: number) =>
    (bounds.min === undefined || (bounds.minIncluded ? n >= bounds.min : n > bounds.min)) &&
    (bounds.max === undefined || (bounds.maxIncluded ? n <= bounds.max : n < bounds.max)) &&
    (!bounds.integer || Number.isSafeInteger(n));
  const min = bounds.min ?? -1e9;
  const max = bounds.max ?? 1e9;
  const plain = bounds.integer
    ? fc.integer({ min: Math.ceil(Math.max(min, -1e9)), max: Math.floor(Math.min(max, 1e9)) })
    : fc.double({
        min,
        max,
        noNaN: true,
        noDefaultInfinity: true,
        minExcluded: !bounds.minIncluded,
        maxExcluded: !bounds.maxIncluded,
      });
  const decimals = fc
    .tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 8 }))
    .map(([n, places]) => Number((n / 10 ** places).toFixed(places)));
  return fc.oneof(plain, decimals, fc.constantFrom(...odd)).filter(within);
}

function numberBounds(def: Def): NumberBounds {
  const bounds: NumberBounds = { minIncluded: true, maxIncluded: true, integer: false };
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') Object.assign(bounds, { min: check.value, minIncluded: check.inclusive ?? false });
    else if (check.check === 'less_than') Object.assign(bounds, { max: check.value, maxIncluded: check.inclusive ?? false });
    else if (check.check === 'number_format') bounds.integer = true;
    else throw new Error(`no arbitrary for the number check ${check.check}`);
  }
  return bounds;
}

function stringArbitrary(def: Def, text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  let pattern: RegExp | undefined;
  let minLength = 0;
  let maxLength = Number.POSITIVE_INFINITY;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = check.minimum ?? 0;
    else if (check.check === 'max_length') maxLength = check.maximum ?? maxLength;
    else if (check.check === 'length_equals') minLength = maxLength = check.length ?? 0;
    else if (check.check === 'string_format' && check.format === 'regex' && check.pattern) pattern = check.pattern;
    else throw new Error(`no arbitrary for the string check ${check.format ?? check.check}`);
  }
  // Lengths in code points, as zod counts them (and fast-check's 'binary' unit makes them).
  const fits = (s: string) => [...s].length >= minLength && [...s].length <= maxLength;
  if (pattern) return fc.stringMatching(pattern).filter(fits);
  if (minLength === 0 && maxLength === Number.POSITIVE_INFINITY) return text;
  const bounded = fc.string({ unit: 'binary', minLength, maxLength: Math.min(maxLength, minLength + 24) });
  return fc.oneof(text.filter(fits), bounded);
}

/** Optional in an object: the key may be left out. */
function isOptional(schema: z.ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'optional' || def.type === 'default') return true;
  return def.type === 'catch' ? isOptional(def.innerType!) : false;
}

function walk(schema: z.ZodType, path: string, options: SchemaArbitraryOptions): fc.Arbitrary<unknown> {
  const override = options.overrides?.[path];
  if (override) return override;
  const def = defOf(schema);
  const at = (inner: z.ZodType, next = path) => walk(inner, next, options);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, value] of Object.entries(shape)) {
        model[key] = at(value, path ? `${path}.${key}` : key);
        if (!isOptional(value)) requiredKeys.push(key);
      }
      const record = fc.record(model, { requiredKeys });
      const strict = def.catchall !== undefined && defOf(def.catchall).type === 'never';
      if (strict || options.extraFields === false) return record;
      const extras = fc.dictionary(
        EXTRA_KEY.filter((k) => !Object.hasOwn(shape, k)),
        def.catchall ? at(def.catchall, `${path}.*`) : EXTRA_VALUE,
        { maxKeys: 3 },
      );
      return fc.tuple(record, fc.option(extras, { freq: 2 })).map(([known, extra]) => (extra ? { ...extra, ...known } : known));
    }
    case 'optional':
    case 'default':
      // Inside an object the key itself may be missing (above); a present key holds a value.
      return at(def.innerType!);
    case 'nullable':
      return fc.option(at(def.innerType!), { nil: null, freq: 4 });
    case 'catch':
      // Anything is taken (and caught): the inner value mostly, sometimes what the field never should be.
      return fc.oneof({ weight: 4, arbitrary: at(def.innerType!) }, { weight: 1, arbitrary: EXTRA_VALUE });
    case 'pipe':
      return at(def.in!);
    case 'string':
      return stringArbitrary(def, options.text ?? openText);
    case 'number':
      return (options.number ?? oddNumber)(numberBounds(def));
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'literal':
      return fc.constantFrom(...(def.values ?? []));
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = check.minimum ?? 0;
        else if (check.check === 'max_length') maxLength = Math.min(check.maximum ?? maxLength, maxLength);
        else throw new Error(`no arbitrary for the array check ${check.check}`);
      }
      return fc.array(at(def.element!, `${path}[]`), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'union':
      return fc.oneof(...(def.options ?? []).map((option) => at(option)));
    case 'record':
      return fc
        .dictionary(at(def.keyType!, `${path}{key}`) as fc.Arbitrary<string>, at(def.valueType!, `${path}{}`), { maxKeys: 4 })
        .map((entries) => ({ ...entries }));
    case 'unknown':
    case 'any':
      return EXTRA_VALUE;
    default:
      throw new Error(`no arbitrary for the zod type ${def.type}${path ? ` at ${path}` : ''}`);
  }
}

/** Every value `schema` accepts (as JSON carries it: no undefined), with `options.overrides` at their paths. */
export function arbitraryOf<S extends z.ZodType>(schema: S, options: SchemaArbitraryOptions = {}): fc.Arbitrary<z.input<S>> {
  return walk(schema, '', options) as fc.Arbitrary<z.input<S>>;
}

// ---------------------------------------------------------------- what the contract leaves open

/** Every nextAction the edge knows: the shared ones and each payment method's own. */
export const KNOWN_NEXT_ACTIONS: readonly string[] = [
  ...new Set([...SHARED_NEXT_ACTIONS, ...PAYMENT_METHODS.list.flatMap((method) => Object.keys(method.next))]),
];

/** An action the edge does not know: the spec says "no navigation; only logged". */
export const unknownNextAction: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom('INPUT_PROOFOFADDRESS', 'AWAIT_COMPLIANCE', 'VERIFY_AUDIO', 'DONE_EXPIRED', 'CUSTOMER_PAYMENT_V2'),
    fc.stringMatching(/^[A-Z]{2,10}(_[A-Z]{2,10}){0,3}$/),
  )
  .filter((action) => !KNOWN_NEXT_ACTIONS.includes(action));

/** The known actions and arbitrary UPPER_SNAKE ones. */
export const nextAction: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KNOWN_NEXT_ACTIONS) },
  { weight: 1, arbitrary: unknownNextAction },
);

/** Words written for visitors: the failure table's rule (checkout/failures.ts `visitorMessage`) lets them through. */
export const VISITOR_WORDS = [
  'Your daily limit has been reached.',
  'This voucher has already been used.',
  'Amount must be at least $20.',
  "We couldn't verify that code. Please try again.",
  'Montant trop élevé pour aujourd’hui.',
  'Please check your details and try again.',
] as const;

/**
 * What an upstream's own logs say, which no visitor may read: stack frames, paths, internal
 * identifiers and hosts, markup, queries, serialised objects. Each holds a distinctive token,
 * so a page that shows any part of it is found.
 */
export const INTERNAL_TEXTS = [
  "TypeError: Cannot read properties of undefined (reading 'refId')\n    at saveTxn (/srv/exchange/src/txn.js:42:17)",
  '    at processTicksAndRejections (node:internal/process/task_queues:95:5)',
  'java.lang.NullPointerException at com.exchange.txn.TxnService.save(TxnService.java:88)',
  'buyerinfo is not allowed now: the transaction is at INPUT_CRYPTOADDRESS',
  'ERR_KYC_PROVIDER_TIMEOUT',
  'connect ECONNREFUSED 10.0.3.7:5432',
  'See http://exchange-internal.svc.cluster.local:8080/txn/debug',
  "SELECT * FROM txn WHERE ref_id = 'SBX1' -- failed",
  '<script>alert("upstream")</script>',
  '<b>Limit</b> reached',
  '{"trace":"f00dfeed","span":"exchange.quote"}',
  'Traceback (most recent call last): File "/app/exchange/views.py", line 12',
  'Validation failed: txn_state_machine.transition(PENDING->REVIEW)',
  'C:\\exchange\\logs\\txn.log',
  '[object Object]',
  'undefined is not a function',
] as const;

/** An error text: visitor words, an internal text, either one within the other, or none. */
export const upstreamMessage: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...VISITOR_WORDS) },
  { weight: 4, arbitrary: fc.constantFrom(...INTERNAL_TEXTS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...VISITOR_WORDS), fc.constantFrom(...INTERNAL_TEXTS))
      .map(([words, internal]) => `${words} ${internal}`),
  },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', 'x'.repeat(400)) },
  { weight: 1, arbitrary: openText },
);

/** The codes of docs/spec.md section 8 the edge acts on, and codes it has never heard of. */
export const errorCode: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...Object.values(ERROR_CODES), ...LIMIT_ERROR_CODES) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Z]{3,10}(\.[A-Z]{3,10}){0,2}$/) },
  { weight: 1, arbitrary: fc.constantFrom('', 'internal_error', 'E500', 'txn.notfound') },
);

/** `{ error: … }` as section 8 allows it: an object with or without msg and errorParams, or buyer-info items. */
export const errorBody = arbitraryOf(errorBodySchema, {
  overrides: {
    'error.code': errorCode,
    'error.msg': upstreamMessage,
    'error.errorParams.amount': oddNumber({ minIncluded: true, maxIncluded: true, integer: false, min: 0, max: 1e7 }),
    'error[].errorCode': errorCode,
    'error[].errorMsg': upstreamMessage,
  },
});

/** The statuses an error body may come with; 500s and 400s are not the visitor's to read. */
export const errorStatus = fc.constantFrom(400, 401, 403, 404, 409, 410, 422, 429, 500, 502, 503);

// ---------------------------------------------------------------- dates and amounts

const HOUR = 3_600_000;

/**
 * A moment as an upstream may write it, relative to `now`: ISO 8601 with Z, with an offset,
 * with or without milliseconds, a date alone, no zone, far past or future; and texts that
 * are no date at all (the contract takes any string).
 */
export function moment(now: number): fc.Arbitrary<string> {
  const at = fc.integer({ min: -48, max: 48 }).map((hours) => new Date(now + hours * HOUR + 17_000));
  const offset = (date: Date, minutes: number) => {
    const local = new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, 19);
    const sign = minutes < 0 ? '-' : '+';
    const abs = Math.abs(minutes);
    return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  };
  return fc.oneof(
    { weight: 4, arbitrary: at.map((d) => d.toISOString()) },
    {
      weight: 1,
      arbitrary: at.map((d) =>
        d
          .toISOString()
          .replace('.000Z', 'Z')
          .replace(/\.\d{3}Z$/, 'Z'),
      ),
    },
    { weight: 2, arbitrary: fc.tuple(at, fc.constantFrom(-300, -210, 330, 480, 525, 840)).map(([d, m]) => offset(d, m)) },
    { weight: 1, arbitrary: at.map((d) => d.toISOString().slice(0, 10)) },
    { weight: 1, arbitrary: at.map((d) => d.toISOString().slice(0, 19)) },
    { weight: 1, arbitrary: fc.constantFrom('1970-01-01T00:00:00Z', '2999-12-31T23:59:59Z', '0001-01-01T00:00:00Z') },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'soon',
        'NaN',
        '2026-13-45T99:99:99Z',
        'Tue, 01 Dec 2026 10:00:00 GMT',
        // RFC 9557: an offset and the zone's name, as Temporal writes a moment.
        '2026-12-01T10:00:00.000000000-08:00[America/Vancouver]',
      ),
    },
  );
}

// ---------------------------------------------------------------- deposit addresses

/** A legacy address of BTC, BCH or LTC (the sandbox's encoding, which is only Base58Check). */
const legacyAddress = (version: number, hash: Uint8Array) => base58check(version, Buffer.from(hash));

/** Version bytes of P2PKH and P2SH addresses, per coin and network. */
const LEGACY_VERSIONS = {
  BTC: { prod: [0x00, 0x05], testnet: [0x6f, 0xc4] },
  BCH: { prod: [0x00, 0x05], testnet: [0x6f, 0xc4] },
  LTC: { prod: [0x30, 0x32], testnet: [0x6f, 0x3a] },
} as const;

export type DepositCoin = keyof typeof LEGACY_VERSIONS | 'ETH';

const hash160 = fc.uint8Array({ minLength: 20, maxLength: 20 });

/**
 * A valid deposit address for a coin on a network, in each form an upstream may write it:
 * for BCH the legacy form, the CashAddr with its prefix and without it (spec section 5:
 * "cash or legacy format"); for ETH lower case and checksummed-looking upper hex.
 */
export function depositAddress(coin: DepositCoin, network: 'prod' | 'testnet'): fc.Arbitrary<string> {
  if (coin === 'ETH') {
    return fc.tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.boolean()).map(([bytes, upper]) => {
      const hex = Buffer.from(bytes).toString('hex');
      return `0x${upper ? hex.toUpperCase() : hex}`;
    });
  }
  const legacy = fc
    .tuple(fc.constantFrom(...LEGACY_VERSIONS[coin][network]), hash160)
    .map(([version, hash]) => legacyAddress(version, hash));
  if (coin !== 'BCH') return legacy;
  return fc.tuple(legacy, fc.constantFrom('legacy', 'cashaddr', 'bare')).map(([address, form]) => {
    if (form === 'legacy') return address;
    const cash = bchCashAddress(address);
    return form === 'cashaddr' ? cash : cash.slice(cash.indexOf(':') + 1);
  });
}

// ---------------------------------------------------------------- references

/** A cash payment's reference number: any length the contract allows (64), mostly code-like. */
export const referenceNumber: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Z0-9]{1,64}$/) },
  { weight: 2, arbitrary: fc.integer({ min: 20, max: 64 }).chain((n) => fc.stringMatching(new RegExp(`^[A-Z0-9]{${n}}$`))) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9 -]{1,64}$/) },
);

// ---------------------------------------------------------------- bank documents

/** Hosts a bank form may post to, for a merchant whose payment hosts include `hosts`. */
export interface BankForm {
  /** As written in the document: 'get', 'GET', 'post', 'Post', or left out (a GET). */
  method: string | undefined;
  action: string;
  fields: readonly (readonly [name: string, value: string])[];
}

const fieldName = fc.stringMatching(/^[a-zA-Z][a-zA-Z0-9_]{0,11}$/);
const fieldValue = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9._-]{0,16}$/),
  fc.constantFrom('Zoë', 'a b', '100.00', 'a&b', '"quoted"'),
);

/** A bank's form: its method as the bank wrote it, its target on one of `origins`, its fields. */
export function bankForm(origins: readonly string[]): fc.Arbitrary<BankForm> {
  return fc.record({
    method: fc.constantFrom('get', 'GET', 'post', 'POST', 'Post', undefined),
    action: fc
      .tuple(
        fc.constantFrom(...origins),
        fc.stringMatching(/^\/[a-z]{1,8}(\/[a-z0-9]{1,8}){0,2}$/),
        fc.option(fc.stringMatching(/^[a-z]{1,5}=[a-z0-9]{1,5}$/)),
      )
      .map(([origin, path, query]) => `${origin}${path}${query ? `?${query}` : ''}`),
    fields: fc.uniqueArray(fc.tuple(fieldName, fieldValue), { maxLength: 4, selector: ([name]) => name }),
  });
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** A bank's form as markup, in one of the ways a bank writes one. */
function formMarkup(form: BankForm, style: number): string {
  const method = form.method === undefined ? '' : style % 2 ? ` METHOD=${form.method}` : ` method="${form.method}"`;
  const fields = form.fields
    .map(([name, value]) =>
      style % 3 === 0
        ? `<input type=hidden name=${name} value="${escapeAttribute(value)}">`
        : `<INPUT TYPE="hidden" NAME="${name}" VALUE="${escapeAttribute(value)}" />`,
    )
    .join('\n');
  return `<form action="${escapeAttribute(form.action)}"${method}>\n${fields}\n<button type="submit">Pay now</button></form>`;
}

/** Odd markup around the forms: comments, scripts, styles, unclosed tags, entities, a table. */
const SURROUNDINGS = [
  '<!-- bank: session 7f3a -->',
  '<script>document.forms[0].submit()</script>',
  '<style>body{background:red}</style>',
  '<p>Pay <b>IDR 1.000.000</b> to <i>PT Bank Contoh</i>',
  '<table><tr><td>Reference</td><td>SBX-1</td></tr></table>',
  '<noscript>Please enable JavaScript</noscript>',
  '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
  '<img src=x onerror="alert(1)">',
  '&nbsp;&copy; Bank &amp; Co',
] as const;

export interface BankDocument {
  html: string;
  forms: readonly BankForm[];
}

/** A bank's htmlDoc: one to three forms, GET and POST, in a document or a fragment, with odd markup. */
export function bankDocument(origins: readonly string[]): fc.Arbitrary<BankDocument> {
  return fc
    .record({
      forms: fc.array(bankForm(origins), { minLength: 1, maxLength: 3 }),
      styles: fc.array(fc.nat(5), { minLength: 3, maxLength: 3 }),
      around: fc.subarray([...SURROUNDINGS]),
      whole: fc.boolean(),
    })
    .map(({ forms, styles, around, whole }) => {
      const body = [...around, ...forms.map((form, i) => formMarkup(form, styles[i] ?? 0))].join('\n');
      const html = whole ? `<!DOCTYPE html><html><head><title>Bank</title></head><body>${body}</body></html>` : body;
      return { html, forms };
    });
}

// ---------------------------------------------------------------- flow states

/** What the order is: the answer's fields the edge compares with the visitor's own order. */
export interface OrderIdentity {
  refId: string;
  txnType: 'BUY' | 'SELL';
  paymentMethod: string;
  fiatCurrency: string;
  cryptoCurrency: string;
}

/**
 * A flow state for `order`, every other field as the contract allows it: any nextAction
 * (unless one is given), odd amounts, any date, optional fields left out or null, extras.
 */
export function flowState(order: OrderIdentity, now: number, overrides: Overrides = {}): fc.Arbitrary<Record<string, unknown>> {
  return arbitraryOf(flowStateSchema, {
    overrides: {
      refId: fc.constant(order.refId),
      txnType: fc.constant(order.txnType),
      paymentMethod: fc.constant(order.paymentMethod),
      fiatCurrency: fc.constant(order.fiatCurrency),
      cryptoCurrency: fc.constant(order.cryptoCurrency),
      nextAction,
      txnStatus: fc.oneof(fc.constantFrom('PENDING', 'PROCESSED', 'COMPLETED', 'CANCELLED', 'REVIEW'), openText),
      txnValidUntil: moment(now),
      txnDate: moment(now),
      country: fc.constantFrom('CA', 'AU', 'PH', 'ID', 'XX', ''),
      'nextActionParams.referenceNumber': referenceNumber,
      ...overrides,
    },
  }) as fc.Arbitrary<Record<string, unknown>>;
}
