// Whole upstream answers for the contract's properties: a call's success body from its
// schema, an error body with a status, or no usable answer at all.
import fc from 'fast-check';
import { bankTransferInitResponseSchema, requoteResponseSchema, smsCodeResponseSchema } from '../../checkout/contract.ts';
import {
  arbitraryOf,
  errorBody,
  errorStatus,
  flowState,
  INTERNAL_TEXTS,
  moment,
  nextAction,
  type OrderIdentity,
  type Overrides,
  upstreamMessage,
} from './contract-arbitraries.ts';
import type { Answer, CallName } from './contract-upstream.ts';

/** An answer that is no answer: a gateway's page, a broken body, one that breaks the contract, the connection dropped. */
export const noUsableAnswer: fc.Arbitrary<Answer> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom<Answer>(
      { status: 500, text: `<html><body><pre>${INTERNAL_TEXTS[0]}</pre></body></html>` },
      { status: 502, text: 'Bad Gateway' },
      { status: 503, json: { error: { code: 'SYSTEM', msg: INTERNAL_TEXTS[1] } } },
      { status: 503, text: '' },
      { status: 200, text: '{"refId":"CT-', type: 'application/json' },
      { status: 200, json: {} },
      { status: 200, json: { refId: '../../etc', nextAction: 5 } },
      { status: 200, text: '<html>Down for maintenance</html>' },
      { status: 204, text: '' },
    ),
  },
  // Retried three times with a real back-off: rare, so the runs stay quick.
  { weight: 1, arbitrary: fc.constant<Answer>({ reset: true }) },
);

/** An error body with its status. */
export const refusal: fc.Arbitrary<Answer> = fc.tuple(errorStatus, errorBody).map(([status, json]) => ({ status, json }));

/** A success body of a call that answers a flow state. */
export function stateAnswer(call: CallName, order: OrderIdentity, now: number, overrides: Overrides = {}): fc.Arbitrary<Answer> {
  const state = flowState(order, now, overrides);
  if (call !== 'bankTransferInit') return state.map((json) => ({ status: 200, json }));
  // The bank's initiation answers part of a flow state: the next step, and whatever else it likes.
  const part = arbitraryOf(bankTransferInitResponseSchema, {
    overrides: { nextAction: overrides.nextAction ?? nextAction, refId: fc.constant(order.refId) },
  });
  return fc.oneof(state, part).map((json) => ({ status: 200, json }));
}

/** A success body of any call a form makes: a flow state, a requote's figures, a resent code's answer. */
export function successOf(call: CallName, order: OrderIdentity, now: number, overrides: Overrides = {}): fc.Arbitrary<Answer> {
  const ok = (json: unknown): Answer => ({ status: 200, json });
  switch (call) {
    case 'requote':
      return arbitraryOf(requoteResponseSchema, {
        overrides: { txnValidUntil: moment(now), txnDate: moment(now), ...overrides },
      }).map(ok);
    case 'generateSmsCode':
      // "may carry an error string" (section 7): a refusal in a 200, in whatever words.
      return arbitraryOf(smsCodeResponseSchema, { overrides: { error: upstreamMessage, ...overrides } }).map(ok);
    default:
      return stateAnswer(call, order, now, overrides);
  }
}

/** Any answer the contract allows for a form's call, and the ones it does not. */
export function anyAnswer(call: CallName, order: OrderIdentity, now: number): fc.Arbitrary<Answer> {
  return fc.oneof(
    { weight: 4, arbitrary: successOf(call, order, now) },
    { weight: 4, arbitrary: refusal },
    { weight: 1, arbitrary: noUsableAnswer },
  );
}

/**
 * An answer a GET call meets, rarely one it is retried on (a 500, 502 or 504, a dropped
 * connection): the retries wait out the dispatcher's real back-off, so the runs stay quick.
 */
export function forGet(answer: fc.Arbitrary<Answer>): fc.Arbitrary<Answer> {
  const retried = (given: Answer) => 'reset' in given || [500, 502, 504].includes(given.status);
  return fc.oneof({ weight: 12, arbitrary: answer.filter((given) => !retried(given)) }, { weight: 1, arbitrary: answer });
}
