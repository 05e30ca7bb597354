// docs/spec.md section 8 as one table: from what went wrong upstream (an error code, a list of
// buyer-info items, or no usable answer) and where it happened, to what the visitor meets.
// Pure and isomorphic: the screens (server/flow/outcome.ts carries the outcome out) and the
// QuoteTimer island ask it; nothing else decides. The screens every flow shares are its
// contexts; a payment method's own calls bring their rules with its screens (MethodFailures),
// built from the pieces exported here. The upstream's msg is shown as the spec
// says only where it is meant for visitors (visitorMessage); a step out of order
// (FLOWACTION.INVALID) resumes the flow where the upstream has it.
import { ERROR_CODES, LIMIT_ERROR_CODES } from './domain.ts';
import { PRO_QUOTE_RETRY, QUOTE_RETRY } from './limits.ts';
import { DEFAULT_TEXTS, type Texts } from './messages.ts';
import { ROUTES, type ScreenPath } from './routes.ts';

/** What went wrong: the upstream client's failure, structurally (server/upstream/errors.ts). */
export type Failure =
  | { kind: 'error'; status: number; code: string; msg: string; errorParams?: { amount?: number } }
  | { kind: 'errors'; status: number; items: readonly { errorCode: string; errorMsg: string }[] }
  /** No usable answer: a 5xx without a message, 503, a timeout, the network, an open breaker (and when to ask again). */
  | { kind: 'unavailable'; retryAfterS?: number }
  /** An answer that breaks the contract. */
  | { kind: 'invalid-response'; status: number };

/** The screen or call a failure came from, among those every flow shares. */
export const SHARED_FAILURE_CONTEXTS = [
  /** A quote request: the home form or a direct link. */
  'quote',
  /** Accept after the rate hold: requote, then confirmednewquote. */
  'requote',
  /** A page loading the visitor's flow state. */
  'load',
  /** A refId link (/state/{refId}, ?refId=) picking a transaction up. */
  'resume',
  /** A form step: receiving address, e-Transfer email, Resend Code. */
  'step',
  'buyer-info',
  /** The email verification code. */
  'verification',
  /** A Pro quote (/pro/{customerHash}): retried every 2 s, 3 times. */
  'pro-quote',
] as const;
export type SharedFailureContext = (typeof SHARED_FAILURE_CONTEXTS)[number];

/** A payment method's own call (its voucher, its bank's initiation): its name and its rules. */
export interface MethodFailures {
  /** What log lines call it. */
  readonly context: string;
  /** Between the quote and the payment: a hold that ran out meets the quote page's choice first. */
  readonly held: boolean;
  outcome(failure: Failure, texts: Texts, facts: FailureFacts): Outcome;
}

export type FailureContext = SharedFailureContext | MethodFailures;

export const contextName = (context: FailureContext): string => (typeof context === 'string' ? context : context.context);

export type Outcome =
  /** The transaction is gone: forget the flow, go home now. */
  | { kind: 'home' }
  /**
   * The message and the notice; the flow is forgotten and, after the default delay, the
   * page goes to the merchant's error URL with the code as `err` (docs/spec.md section 2:
   * "With an error code it goes to the error URL with the query parameter err").
   */
  | { kind: 'redirect-home'; message: string; notice: string; status: number; code: string }
  /** The message in a modal whose closing goes home. */
  | { kind: 'modal-home'; message: string; status: number }
  /** No message: ask again after intervalMs, at most `attempts` times, then home. */
  | { kind: 'retry'; intervalMs: number; attempts: number }
  /** Another step of the flow. */
  | { kind: 'screen'; path: ScreenPath }
  /** The upstream has the visitor at another step: follow its nextAction. */
  | { kind: 'resume' }
  /** Shown on the screen the visitor is on: under its field, or above its form. */
  | { kind: 'stay'; messages: string[]; on: 'field' | 'form'; status: number }
  /** The voucher's stored value differs from the quote: offer a new quote for `amount`. */
  | { kind: 'new-quote'; amount: number; status: number }
  /** No screen to stay on: the home page, with the messages as a toast. */
  | { kind: 'toast-home'; messages: string[]; status: number }
  /** The rate hold ran out: the new figures, Accept (with what was sent) or Decline. */
  | { kind: 'quote-expired'; status: 409 };

/** What the flow knows that changes an outcome. */
export interface FailureFacts {
  /** Where the visitor's method sends VOICECLIP.MISSING. */
  voiceClipScreen?: ScreenPath | undefined;
  /** Wrong verification codes the upstream still takes after this one (the screen counts them). */
  codesLeft?: number | undefined;
}

/** The status a page answers with: the upstream's refusal stays a 4xx; trouble upstream is a 5xx. */
export function failureStatus(failure: Failure): number {
  switch (failure.kind) {
    case 'error':
    case 'errors':
      return failure.status >= 400 && failure.status < 500 ? failure.status : 422;
    case 'unavailable':
      return 503;
    case 'invalid-response':
      return 502;
  }
}

/**
 * docs/spec.md section 8: "Server errors arrive as error.code and error.msg; the msg is shown",
 * except where the section gives a case its own words (TXNSTATUS.INVALID) or a step out of
 * order is met by resuming (FLOWACTION.INVALID): those msgs are written for developers
 * ("buyerinfo is not allowed now: the transaction is at INPUT_CRYPTOADDRESS").
 */
const DEVELOPER_CODES: ReadonlySet<string> = new Set([ERROR_CODES.flowActionInvalid, ERROR_CODES.txnStatusInvalid]);

/**
 * A sentence for people: one line, no markup, no address, no code-like identifier
 * (INPUT_CRYPTOADDRESS, a path, a stack frame of any language, a host's IP, a system
 * error, a query, a runtime's own words).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const PLAIN_TEXT = /^[^\u0000-\u001f\u007f-\u009f<>{}[\]\\`|]{1,200}$/;
const DEVELOPER_WORDS = new RegExp(
  [
    /:\/\/|\b[A-Z]+_[A-Z0-9_]+\b|\b[a-z]+\/[a-z]/,
    // A stack frame: 'at load (', 'at com.exchange.Txn.save(', a source file and its line.
    /\bat \S+ \(|\bat [\w$<>]+(?:\.[\w$<>]+)+\(|\.[A-Za-z]{1,5}:\d/,
    /\b\d{1,3}(?:\.\d{1,3}){3}\b|\bE(?:CONN[A-Z]+|TIMEDOUT|NOTFOUND|PIPE|HOSTUNREACH|NETUNREACH)\b/,
    /\b(?:SELECT|INSERT|UPDATE|DELETE)\b.*\b(?:FROM|INTO|SET|WHERE)\b/,
    /\bis not a function\b|\bundefined\b|\bNaN\b|Exception\b/,
  ]
    .map((part) => part.source)
    .join('|'),
);

/**
 * The upstream's msg when a visitor may read it: not a 5xx (trouble, not a refusal), nor a
 * 400 (a request the edge built wrong), nor a developer code, and in plain words.
 * Otherwise undefined: the caller shows its fallback and logs what was replaced. The one
 * rule for pages and the /api proxy alike.
 */
export function visitorMessage(
  error: { status: number; code: string; msg: string },
  texts: Texts = DEFAULT_TEXTS,
): string | undefined {
  // The catalogue's own words for the code, in a language the upstream does not speak.
  if (texts.language !== DEFAULT_TEXTS.language && Object.hasOwn(texts.UPSTREAM_TEXT, error.code)) {
    return texts.UPSTREAM_TEXT[error.code];
  }
  if (error.status === 400 || error.status >= 500 || DEVELOPER_CODES.has(error.code)) return undefined;
  return PLAIN_TEXT.test(error.msg) && !DEVELOPER_WORDS.test(error.msg) ? error.msg : undefined;
}

/** The upstream's texts a visitor will not see (for a log line, so the replacement is seen). */
export function hiddenTexts(failure: Failure): string[] {
  const said = failure.kind === 'error' ? [failure.msg] : failure.kind === 'errors' ? failure.items.map((i) => i.errorMsg) : [];
  const shown = messagesOf(failure, '', DEFAULT_TEXTS);
  return said.filter((text) => text && !shown.includes(text)).map((text) => text.slice(0, 300));
}

/**
 * The words for a failure: the upstream's own message when it is meant for visitors, else
 * the fallback; no answer at all reads `noAnswer`.
 */
export function messagesOf(
  failure: Failure,
  fallback: string,
  texts: Texts,
  noAnswer = texts.FAILURE_TEXT.unavailable,
): string[] {
  switch (failure.kind) {
    case 'error':
      return [visitorMessage(failure, texts) ?? fallback];
    case 'errors': {
      const items = failure.items.flatMap(
        (i) => visitorMessage({ status: failure.status, code: i.errorCode, msg: i.errorMsg }, texts) ?? [],
      );
      return items.length ? items : [fallback];
    }
    case 'unavailable':
      return [noAnswer];
    case 'invalid-response':
      return [fallback];
  }
}

/** A 400 is our bug, not the visitor's: it answers like trouble upstream. */
export function statusOf(failure: Failure): number {
  return failure.kind === 'error' && failure.status === 400 ? 502 : failureStatus(failure);
}

export const codeOf = (failure: Failure) => (failure.kind === 'error' ? failure.code : undefined);

/** Every screen: the transaction is gone, or the visitor is at another step than this one. */
export function common(failure: Failure): Outcome | undefined {
  switch (codeOf(failure)) {
    case ERROR_CODES.notFound:
      return { kind: 'home' };
    case ERROR_CODES.flowActionInvalid:
      return { kind: 'resume' };
  }
  return undefined;
}

export const stay = (
  failure: Failure,
  texts: Texts,
  fallback: string,
  on: 'field' | 'form' = 'form',
  noAnswer?: string,
): Outcome => ({
  kind: 'stay',
  messages: messagesOf(failure, fallback, texts, noAnswer),
  on,
  status: statusOf(failure),
});

const isLimit = (code: string | undefined) => code !== undefined && LIMIT_ERROR_CODES.includes(code);

/** What a failed requote can lead to; the QuoteTimer island shows these in its dialog. */
export type RequoteOutcome = Extract<Outcome, { kind: 'home' | 'redirect-home' | 'modal-home' | 'stay' }>;

/**
 * Accept after the rate hold: SYSTEM shows the message and goes home after 5 s, a limit
 * shows it in a modal whose closing goes home, anything else may be tried again.
 */
export function requoteOutcome(failure: Failure, texts: Texts = DEFAULT_TEXTS): RequoteOutcome {
  const code = codeOf(failure);
  if (code === ERROR_CODES.notFound) return { kind: 'home' };
  const message = messagesOf(failure, texts.QUOTE_TEXT.requoteFailed, texts)[0]!;
  const status = statusOf(failure);
  if (code === ERROR_CODES.system)
    return { kind: 'redirect-home', message, notice: texts.FAILURE_TEXT.redirectingHome, status, code };
  if (isLimit(code)) return { kind: 'modal-home', message, status };
  return { kind: 'stay', messages: [message], on: 'form', status };
}

/** An /api answer as a failure: the upstream's error body, or no usable answer. */
export function apiFailure(status: number, body: unknown): Failure {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined;
  if (status < 500 && error && typeof error === 'object' && !Array.isArray(error)) {
    const { code, msg } = error as { code?: unknown; msg?: unknown };
    if (typeof code === 'string') return { kind: 'error', status, code, msg: typeof msg === 'string' ? msg : '' };
  }
  return { kind: 'unavailable' };
}

/**
 * The steps between the quote and the payment, where the hold can run out: the visitor
 * meets the quote page's choice (docs/spec.md sections 2 and 4), never the upstream's text.
 */
const HELD_CONTEXTS: ReadonlySet<SharedFailureContext> = new Set(['step', 'buyer-info', 'verification']);

const isHeld = (context: FailureContext) => (typeof context === 'string' ? HELD_CONTEXTS.has(context) : context.held);

export function failureOutcome(
  failure: Failure,
  context: FailureContext,
  facts: FailureFacts = {},
  texts: Texts = DEFAULT_TEXTS,
): Outcome {
  const code = codeOf(failure);
  if (code === ERROR_CODES.quoteExpired && isHeld(context)) return { kind: 'quote-expired', status: 409 };
  if (typeof context !== 'string') return context.outcome(failure, texts, facts);
  switch (context) {
    case 'quote':
    case 'pro-quote': {
      // No transaction exists yet, so nothing to resume; limits close home.
      if (isLimit(code))
        return {
          kind: 'modal-home',
          message: messagesOf(failure, texts.FAILURE_TEXT.generic, texts)[0]!,
          status: statusOf(failure),
        };
      const withoutMessage = failure.kind === 'unavailable' || (failure.kind === 'error' && !failure.msg);
      if (withoutMessage) return { kind: 'retry', ...(context === 'pro-quote' ? PRO_QUOTE_RETRY : QUOTE_RETRY) };
      return stay(failure, texts, texts.FAILURE_TEXT.generic);
    }
    case 'requote':
      return requoteOutcome(failure, texts);
    case 'load':
      // "Flow-state load failure: the server error is shown".
      if (code === ERROR_CODES.notFound) return { kind: 'home' };
      return { kind: 'toast-home', messages: messagesOf(failure, texts.FAILURE_TEXT.generic, texts), status: statusOf(failure) };
    case 'resume':
      if (code === ERROR_CODES.notFound) {
        return { kind: 'toast-home', messages: messagesOf(failure, texts.FAILURE_TEXT.referenceNotFound, texts), status: 404 };
      }
      if (code === ERROR_CODES.invalid)
        return { kind: 'modal-home', message: texts.FAILURE_TEXT.transactionInvalid, status: 409 };
      return { kind: 'toast-home', messages: messagesOf(failure, texts.FAILURE_TEXT.generic, texts), status: statusOf(failure) };
    case 'step':
      return common(failure) ?? stay(failure, texts, texts.FAILURE_TEXT.generic);
    case 'buyer-info':
      // The items' messages, else the spec's fallback, even when there was no answer at all.
      return common(failure) ?? stay(failure, texts, texts.FAILURE_TEXT.buyerInfo, 'form', texts.FAILURE_TEXT.buyerInfo);
    case 'verification':
      switch (code) {
        case ERROR_CODES.mobileAttempts:
          return {
            kind: 'redirect-home',
            message: messagesOf(failure, texts.FAILURE_TEXT.generic, texts)[0]!,
            notice: texts.FAILURE_TEXT.transactionCancelled,
            status: statusOf(failure),
            code,
          };
        case ERROR_CODES.voiceClipMissing:
          return { kind: 'screen', path: facts.voiceClipScreen ?? ROUTES.audioInput.path };
        case ERROR_CODES.selfieMissing:
          return { kind: 'screen', path: ROUTES.imageInputChoice.path };
      }
      // A wrong code: the upstream's message under the field, and how many tries are left
      // before the upstream cancels the order.
      if (failure.kind === 'error' && failure.status === 422) {
        const left = code === ERROR_CODES.invalidCode ? (facts.codesLeft ?? 0) : 0;
        const messages = messagesOf(failure, texts.FAILURE_TEXT.generic, texts);
        return {
          kind: 'stay',
          messages: left > 0 ? [...messages, texts.CODE_MESSAGES.attemptsLeft({ count: left })] : messages,
          on: 'field',
          status: statusOf(failure),
        };
      }
      return common(failure) ?? stay(failure, texts, texts.FAILURE_TEXT.generic);
  }
}
