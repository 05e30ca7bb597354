// docs/spec.md section 8 as a table test: every row of the catalogue that belongs to a built
// screen, and what each kind of failure means on every screen or call: the shared ones, and
// the payment methods' own calls, whose rules come with their screens.
import t from 'tap';
import {
  apiFailure,
  type Failure,
  type FailureFacts,
  failureOutcome,
  failureStatus,
  hiddenTexts,
  type Outcome,
  requoteOutcome,
  SHARED_FAILURE_CONTEXTS,
  type SharedFailureContext,
  visitorMessage,
} from '../../checkout/failures.ts';
import { DEFAULT_TEXTS, textsFor } from '../../checkout/messages.ts';
import { bankInitFailures } from '../../server/screens/bank-transfer.ts';
import { cardQuoteFailures } from '../../server/screens/credit-card.ts';
import { paymentInstructionsFailures } from '../../server/screens/payment-etransfer.ts';
import { voucherFailures } from '../../server/screens/payment-flexepin.ts';
import { giftCardRequoteFailures } from '../../server/screens/spend-quote.ts';

/** The methods' own calls, by the name their log lines give them. */
const METHOD_CONTEXTS = Object.fromEntries(
  [paymentInstructionsFailures, voucherFailures, bankInitFailures, cardQuoteFailures, giftCardRequoteFailures].map((rules) => [
    rules.context,
    rules,
  ]),
);
/** A context by name: a shared one, or a method's own. */
type Context = SharedFailureContext | 'payment-instructions' | 'voucher' | 'bank-init' | 'card-quote' | 'gift-card-requote';
const contextOf = (name: Context) => METHOD_CONTEXTS[name] ?? (name as SharedFailureContext);
const CONTEXTS: readonly Context[] = [...SHARED_FAILURE_CONTEXTS, ...(Object.keys(METHOD_CONTEXTS) as Context[])];

const error = (code: string, msg = '', status = 422): Failure => ({ kind: 'error', status, code, msg });
const NO_RESPONSE: Failure = { kind: 'unavailable' };
const BROKEN: Failure = { kind: 'invalid-response', status: 200 };
const LIMITS = ['TRANSACTION.DAILYLIMIT.REACHED', 'TRANSACTION.WEEKLYLIMIT.REACHED', 'TRANSACTION.MONTLYLIMIT.REACHED'];

type Row = [name: string, failure: Failure, context: Context, want: Outcome, facts?: FailureFacts];

const rows: Row[] = [
  // SYSTEM (on requote): message plus "Redirecting to homepage in 5 seconds...", then home.
  [
    'SYSTEM on requote',
    error('SYSTEM', 'We are unable to update your quote at this time.'),
    'requote',
    {
      kind: 'redirect-home',
      message: 'We are unable to update your quote at this time.',
      notice: 'Redirecting to homepage in 5 seconds...',
      status: 422,
      code: 'SYSTEM',
    },
  ],
  // The three limits: message shown; closing the modal goes home. On a quote and on a requote.
  ...LIMITS.flatMap((code): Row[] => [
    [
      `${code} on a quote`,
      error(code, 'Limit reached.'),
      'quote',
      { kind: 'modal-home', message: 'Limit reached.', status: 422 },
    ],
    [
      `${code} on a requote`,
      error(code, 'Limit reached.'),
      'requote',
      { kind: 'modal-home', message: 'Limit reached.', status: 422 },
    ],
  ]),
  // TRANSACTION.NOTFOUND: home (also during verification).
  ...(['requote', 'load', 'step', 'buyer-info', 'verification', 'payment-instructions'] as const).map(
    (context): Row => [
      `TRANSACTION.NOTFOUND in ${context}`,
      error('TRANSACTION.NOTFOUND', 'Transaction not found.', 404),
      context,
      { kind: 'home' },
    ],
  ),
  // TRANSACTION.INVALID: shown when resuming a non-PENDING transaction.
  [
    'TRANSACTION.INVALID on a resume',
    error('TRANSACTION.INVALID', '', 409),
    'resume',
    { kind: 'modal-home', message: 'This transaction can no longer be changed. Please start a new order.', status: 409 },
  ],
  // VOICECLIP.MISSING, SELFIEIMG.MISSING: the audio (skip variant for vouchers) or image step.
  [
    'VOICECLIP.MISSING',
    error('VOICECLIP.MISSING', 'Voice clip missing.'),
    'verification',
    { kind: 'screen', path: '/audio-input' },
  ],
  [
    'VOICECLIP.MISSING on a voucher order',
    error('VOICECLIP.MISSING', 'Voice clip missing.'),
    'verification',
    { kind: 'screen', path: '/audio-input-skip' },
    { voiceClipScreen: '/audio-input-skip' },
  ],
  [
    'SELFIEIMG.MISSING',
    error('SELFIEIMG.MISSING', 'Selfie missing.'),
    'verification',
    { kind: 'screen', path: '/image-input-choice' },
  ],
  // MOBILE.INVALIDATTEMPT.REACHED: message plus "Transaction has been cancelled. Redirecting...".
  [
    'MOBILE.INVALIDATTEMPT.REACHED',
    error('MOBILE.INVALIDATTEMPT.REACHED', 'Too many attempts.'),
    'verification',
    {
      kind: 'redirect-home',
      message: 'Too many attempts.',
      notice: 'Transaction has been cancelled. Redirecting to homepage in 5 seconds...',
      status: 422,
      code: 'MOBILE.INVALIDATTEMPT.REACHED',
    },
  ],
  // TXNSTATUS.INVALID (e-transfer init).
  [
    'TXNSTATUS.INVALID on e-transfer init',
    error('TXNSTATUS.INVALID', 'Status is PROCESSED.', 409),
    'payment-instructions',
    {
      kind: 'stay',
      messages: ['Payment Instructions have already been initiated. Please contact our support if you feel this is a mistake.'],
      on: 'form',
      status: 409,
    },
  ],
  // Buyer info failure: the items' messages; fallback "Error saving your information.  Please try again."
  [
    'buyer-info items',
    {
      kind: 'errors',
      status: 422,
      items: [
        { errorCode: 'A', errorMsg: 'First.' },
        { errorCode: 'B', errorMsg: 'Second.' },
      ],
    },
    'buyer-info',
    { kind: 'stay', messages: ['First.', 'Second.'], on: 'form', status: 422 },
  ],
  [
    'buyer-info items without messages',
    { kind: 'errors', status: 422, items: [{ errorCode: 'A', errorMsg: '' }] },
    'buyer-info',
    { kind: 'stay', messages: ['Error saving your information.  Please try again.'], on: 'form', status: 422 },
  ],
  [
    'buyer-info, no response',
    NO_RESPONSE,
    'buyer-info',
    { kind: 'stay', messages: ['Error saving your information.  Please try again.'], on: 'form', status: 503 },
  ],
  // Quote failure without message: general flow retries every 5 s, 5 times, then home.
  ['quote, no response', NO_RESPONSE, 'quote', { kind: 'retry', intervalMs: 5000, attempts: 5 }],
  ['quote, an error without a message', error('QUOTE.FAILED', ''), 'quote', { kind: 'retry', intervalMs: 5000, attempts: 5 }],
  [
    'quote, an error with one',
    error('QUOTE.FAILED', 'No BTC today.'),
    'quote',
    { kind: 'stay', messages: ['No BTC today.'], on: 'form', status: 422 },
  ],
  // Pro flow: retry every 2 s up to 3 times (then "Service Temporarily Unavailable…", shown by the Pro screen).
  ['Pro quote, no response', NO_RESPONSE, 'pro-quote', { kind: 'retry', intervalMs: 2000, attempts: 3 }],
  [
    'Pro quote, an error without a message',
    error('QUOTE.FAILED', '', 500),
    'pro-quote',
    { kind: 'retry', intervalMs: 2000, attempts: 3 },
  ],
  // Flow-state load failure: the server error is shown.
  [
    'flow-state load failure',
    error('TRANSACTION.LOCKED', 'Your order is being reviewed.', 409),
    'load',
    { kind: 'toast-home', messages: ['Your order is being reviewed.'], status: 409 },
  ],
  [
    'flow-state load, no response',
    NO_RESPONSE,
    'load',
    { kind: 'toast-home', messages: ['Service Temporarily Unavailable. Please try again later.'], status: 503 },
  ],
  // A refId that is not found: the upstream's answer, else "Reference ID not found."
  [
    'resume, not found',
    error('TRANSACTION.NOTFOUND', 'Transaction not found.', 404),
    'resume',
    { kind: 'toast-home', messages: ['Transaction not found.'], status: 404 },
  ],
  [
    'resume, no refId',
    error('TRANSACTION.NOTFOUND', '', 404),
    'resume',
    { kind: 'toast-home', messages: ['Reference ID not found.'], status: 404 },
  ],
  // Server errors arrive as code and msg; the msg is shown.
  [
    'a step refused with a message',
    error('MOBILE.INVALIDCODE', 'Wrong code.'),
    'step',
    { kind: 'stay', messages: ['Wrong code.'], on: 'form', status: 422 },
  ],
  [
    'a wrong code belongs under its field',
    error('MOBILE.INVALIDCODE', 'Wrong code.'),
    'verification',
    { kind: 'stay', messages: ['Wrong code.'], on: 'field', status: 422 },
  ],
  // Developer text never reaches a visitor: a step out of order resumes, a bad request is generic.
  ...(['step', 'buyer-info', 'verification'] as const).map(
    (context): Row => [
      `FLOWACTION.INVALID in ${context}`,
      error('FLOWACTION.INVALID', 'buyerinfo is not allowed now: INPUT_CRYPTOADDRESS', 409),
      context,
      { kind: 'resume' },
    ],
  ),
  [
    'a request the edge built wrong',
    error('REQUEST.INVALID', 'refId: Invalid string', 400),
    'step',
    { kind: 'stay', messages: ['Something went wrong. Please try again.'], on: 'form', status: 502 },
  ],
  // Gift card requote failure: toast "Woops. Something went wrong. Please try again." whatever the upstream said.
  [
    'gift-card requote refused with a message',
    error('SYSTEM', 'Requote failed internally.'),
    'gift-card-requote',
    { kind: 'stay', messages: ['Woops. Something went wrong. Please try again.'], on: 'form', status: 422 },
  ],
  [
    'gift-card requote, no response',
    NO_RESPONSE,
    'gift-card-requote',
    { kind: 'stay', messages: ['Woops. Something went wrong. Please try again.'], on: 'form', status: 503 },
  ],
  [
    'gift-card requote, transaction gone',
    error('TRANSACTION.NOTFOUND', 'Transaction not found.', 404),
    'gift-card-requote',
    { kind: 'home' },
  ],
  [
    'no response on a step',
    NO_RESPONSE,
    'step',
    { kind: 'stay', messages: ['Service Temporarily Unavailable. Please try again later.'], on: 'form', status: 503 },
  ],
  [
    'an answer that breaks the contract',
    BROKEN,
    'step',
    { kind: 'stay', messages: ['Something went wrong. Please try again.'], on: 'form', status: 502 },
  ],
  // TRANSACTION.AMOUNT.MISMATCH (voucher): an updated quote at errorParams.amount.
  [
    'TRANSACTION.AMOUNT.MISMATCH on a voucher',
    { kind: 'error', status: 422, code: 'TRANSACTION.AMOUNT.MISMATCH', msg: 'Mismatch.', errorParams: { amount: 50 } },
    'voucher',
    { kind: 'new-quote', amount: 50, status: 422 },
  ],
  [
    'a mismatch without an amount offers nothing',
    error('TRANSACTION.AMOUNT.MISMATCH', 'Mismatch.'),
    'voucher',
    { kind: 'stay', messages: ['Mismatch.'], on: 'field', status: 422 },
  ],
  // Voucher already used: This voucher has already been used.
  [
    'a used voucher',
    error('VOUCHER.USED', 'Used!'),
    'voucher',
    { kind: 'stay', messages: ['This voucher has already been used.'], on: 'field', status: 422 },
  ],
  // No response in voucher flow: Lost connection.  Please try again.
  [
    'no response on a voucher',
    NO_RESPONSE,
    'voucher',
    { kind: 'stay', messages: ['Lost connection.  Please try again.'], on: 'field', status: 503 },
  ],
  ['FLOWACTION.INVALID on a voucher', error('FLOWACTION.INVALID', 'not now', 409), 'voucher', { kind: 'resume' }],
  // FLOWACTION.INVALID (bank init): Unable to proceed as bank transfer has already been initiated. …
  [
    'FLOWACTION.INVALID on bank init',
    error('FLOWACTION.INVALID', 'banktransfer/init is not allowed now', 409),
    'bank-init',
    {
      kind: 'stay',
      messages: [
        'Unable to proceed as bank transfer has already been initiated. Please contact customer support for further assistance.',
      ],
      on: 'form',
      status: 409,
    },
  ],
  // No response on bank init: Internal Server Error. Please contact support for further assistance.
  [
    'no response on bank init',
    NO_RESPONSE,
    'bank-init',
    {
      kind: 'stay',
      messages: ['Internal Server Error. Please contact support for further assistance.'],
      on: 'form',
      status: 503,
    },
  ],
  ['TRANSACTION.NOTFOUND on bank init', error('TRANSACTION.NOTFOUND', 'gone', 404), 'bank-init', { kind: 'home' }],
  // Card quote failure: It looks we're having issues. …, whatever the provider said.
  ...[error('KEY.MISSING', 'Missing key', 401), NO_RESPONSE, BROKEN].map(
    (failure): Row => [
      `card quote ${failure.kind}`,
      failure,
      'card-quote',
      {
        kind: 'stay',
        messages: ["It looks we're having issues. Our team has been notified. Please try again later."],
        on: 'form',
        status: failure.kind === 'unavailable' ? 503 : 502,
      },
    ],
  ),
];

t.test('the failure table', async (t) => {
  for (const [name, failure, context, want, facts] of rows)
    t.strictSame(failureOutcome(failure, contextOf(context), facts), want, name);
});

t.test('every context answers every kind of failure with an outcome, never a throw', async (t) => {
  const kinds: Failure[] = [
    error('ANY.CODE', 'x'),
    error('ANY.CODE', '', 500),
    { kind: 'errors', status: 422, items: [] },
    NO_RESPONSE,
    BROKEN,
  ];
  for (const context of CONTEXTS) {
    for (const failure of kinds) {
      const outcome = failureOutcome(failure, contextOf(context));
      t.ok(outcome.kind, `${context} / ${failure.kind}: ${outcome.kind}`);
      if ('status' in outcome)
        t.ok(outcome.status >= 400 && outcome.status < 600, `${context} / ${failure.kind}: status ${outcome.status}`);
    }
  }
});

t.test('a requote failure that may be tried again has a text even without a message', async (t) => {
  t.strictSame(requoteOutcome(error('QUOTE.EXPIRED', '')), {
    kind: 'stay',
    messages: ['We could not get a new quote. Please try again.'],
    on: 'form',
    status: 422,
  });
  t.strictSame(requoteOutcome(NO_RESPONSE), {
    kind: 'stay',
    messages: ['Service Temporarily Unavailable. Please try again later.'],
    on: 'form',
    status: 503,
  });
});

t.test('an /api answer as the island reads it', async (t) => {
  t.strictSame(apiFailure(422, { error: { code: 'SYSTEM', msg: 'Down.' } }), error('SYSTEM', 'Down.'));
  t.strictSame(apiFailure(409, { error: { code: 'X' } }), error('X', '', 409), 'no msg');
  t.strictSame(
    apiFailure(502, { error: { code: 'UPSTREAM.UNAVAILABLE', msg: 'The service...' } }),
    NO_RESPONSE,
    'the proxy itself: no response',
  );
  for (const body of [null, 'text', [], { error: 'x' }, { error: [] }, { error: { msg: 'no code' } }]) {
    t.strictSame(apiFailure(422, body), NO_RESPONSE, JSON.stringify(body));
  }
});

t.test('statuses: a refusal stays a 4xx, trouble upstream is a 5xx', async (t) => {
  t.equal(failureStatus(error('X', 'm', 409)), 409);
  t.equal(failureStatus(error('X', 'm', 500)), 422, 'an upstream 500 with a message the visitor can act on');
  t.equal(failureStatus(NO_RESPONSE), 503);
  t.equal(failureStatus(BROKEN), 502);
});

t.test('which upstream msgs a visitor reads: the spec says the msg is shown, but not every msg is for visitors', async (t) => {
  const shown = [
    [422, 'TRANSACTION.DAILYLIMIT.REACHED', 'You have reached your daily transaction limit. Please try again tomorrow.'],
    [401, 'SYSTEM', 'We are unable to update your quote at this time.'],
    [409, 'QUOTE.EXPIRED', 'The quote has expired. Please accept a new quote to continue.'],
    [422, 'MOBILE.INVALIDCODE', 'Invalid verification code.'],
    [200, 'SYSTEM', 'Try again in a minute.'],
  ] as const;
  for (const [status, code, msg] of shown) t.equal(visitorMessage({ status, code, msg }), msg, msg);
  const hidden = [
    [409, 'FLOWACTION.INVALID', 'buyerinfo is not allowed now: the transaction is at INPUT_CRYPTOADDRESS', 'a step out of order'],
    [
      409,
      'TXNSTATUS.INVALID',
      'Payment instructions have already been initiated for this transaction.',
      'the spec has its own words',
    ],
    [400, 'REQUEST.INVALID', 'fiatAmount: Expected number', 'a request the edge built wrong'],
    [500, 'SYSTEM', 'Internal error', 'a 5xx'],
    [422, 'X', 'the transaction is at INPUT_CRYPTOADDRESS', 'an identifier'],
    [422, 'X', 'see https://api.exchange.internal/docs', 'an address'],
    [422, 'X', 'failed at /srv/app/address.js:42', 'a path'],
    [422, 'X', 'TypeError at Object.load (/srv/app.js:1:2)', 'a stack frame'],
    [409, 'X', 'java.lang.NullPointerException at com.exchange.txn.TxnService.save(TxnService.java:88)', "Java's stack frame"],
    [409, 'X', 'Refused at Txn.save(Txn.kt:12)', 'a source file and its line'],
    [422, 'X', 'connect ECONNREFUSED 10.0.3.7:5432', "a host's address and a system error"],
    [422, 'X', 'getaddrinfo ENOTFOUND exchange-db', 'a system error'],
    [422, 'X', "SELECT * FROM txn WHERE ref_id = 'SBX1' -- failed", 'a query'],
    [422, 'X', 'undefined is not a function', "a runtime's words"],
    [422, 'X', 'Amount NaN is not valid.', 'a number that was none'],
    [422, 'X', '<b>Refused</b>', 'markup'],
    [422, 'X', '{"field":"refId"}', 'JSON'],
    [422, 'X', 'Refused.\nat line 2', 'two lines'],
    [422, 'X', 'Refused. '.repeat(30), 'a wall of text'],
  ] as const;
  for (const [status, code, msg, why] of hidden) t.equal(visitorMessage({ status, code, msg }), undefined, why);
});

t.test('texts that are replaced are named for the log; shown ones are not', async (t) => {
  t.strictSame(hiddenTexts(error('FLOWACTION.INVALID', 'buyerinfo is not allowed now', 409)), ['buyerinfo is not allowed now']);
  t.strictSame(hiddenTexts(error('TRANSACTION.DAILYLIMIT.REACHED', 'Daily limit reached.')), []);
  t.strictSame(
    hiddenTexts({
      kind: 'errors',
      status: 422,
      items: [
        { errorCode: 'A', errorMsg: 'First name is not valid.' },
        { errorCode: 'B', errorMsg: 'regex ^[a-z]+$ failed at buyer.firstName' },
      ],
    }),
    ['regex ^[a-z]+$ failed at buyer.firstName'],
  );
  t.strictSame(
    failureOutcome(
      { kind: 'errors', status: 422, items: [{ errorCode: 'B', errorMsg: 'check failed: {"firstName":null}' }] },
      'buyer-info',
    ),
    { kind: 'stay', messages: ['Error saving your information.  Please try again.'], on: 'form', status: 422 },
    'buyer-info items for developers: the spec fallback',
  );
  t.strictSame(hiddenTexts(NO_RESPONSE), []);
});

t.test("QUOTE.EXPIRED after the quote page is the quote page's choice, never the upstream's text", async (t) => {
  const expired = error('QUOTE.EXPIRED', 'The quote has expired. Please accept a new quote to continue.', 409);
  const held: Context[] = ['step', 'buyer-info', 'verification', 'payment-instructions', 'voucher', 'bank-init'];
  for (const context of held) {
    t.strictSame(failureOutcome(expired, contextOf(context)), { kind: 'quote-expired', status: 409 }, context);
  }
  for (const context of CONTEXTS.filter((c) => !held.includes(c))) {
    t.not(failureOutcome(expired, contextOf(context)).kind, 'quote-expired', `${context}: no hold to run out, or its own rule`);
  }
});

t.test('a wrong code says how many tries the upstream still takes, in the visitor language', async (t) => {
  const wrong = error('MOBILE.INVALIDCODE', 'Invalid verification code.');
  const under = (facts: FailureFacts, texts = DEFAULT_TEXTS) => {
    const outcome = failureOutcome(wrong, 'verification', facts, texts);
    return outcome.kind === 'stay' ? outcome.messages : outcome.kind;
  };
  t.strictSame(under({ codesLeft: 2 }), ['Invalid verification code.', 'You have 2 attempts left.']);
  t.strictSame(under({ codesLeft: 1 }), [
    'Invalid verification code.',
    'You have 1 attempt left: one more wrong code cancels the order.',
  ]);
  t.strictSame(under({}), ['Invalid verification code.'], 'no count it does not know');
  t.strictSame(under({ codesLeft: 2 }, textsFor('fr-CA')), ['Code de vérification non valide.', 'Il vous reste 2 essais.']);
  const other = failureOutcome(error('X', 'Refused.'), 'verification', { codesLeft: 2 });
  t.strictSame(other.kind === 'stay' && other.messages, ['Refused.'], 'only a wrong code counts');
});

t.test('in French the codes the sandbox answers a visitor with read the catalogue words', async (t) => {
  const fr = textsFor('fr-CA');
  const said = (code: string, msg: string) => visitorMessage({ status: 422, code, msg }, fr);
  t.equal(said('MOBILE.INVALIDCODE', 'Invalid verification code.'), 'Code de vérification non valide.');
  t.equal(said('BUYER.NAME.INVALID', 'First name is not valid.'), 'Le prénom n’est pas valide.');
  t.equal(said('BUYER.ADDRESS.REQUIRED', 'Address is required for this amount.'), 'L’adresse est requise pour ce montant.');
});
