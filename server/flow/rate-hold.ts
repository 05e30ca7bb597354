// The one held-until time of a quote (docs/spec.md section 4). The quote's own time (its
// txnValidUntil, else the default hold from its date) is read once and kept in the
// visitor's flow with a key of the quote it belongs to, so every page that shows the
// countdown shows the same time: a quote without dates does not start a new hold on each
// page, and the countdown a voucher's redemption paused resumes where it stood. A new
// quote (a requote changes its time or its figures) has a key of its own and its own time.
import { hash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowState } from '../../checkout/contract.ts';
import type { FlowCookie, RateHold } from '../../checkout/flow-cookie.ts';
import { isRateHeld, quoteDeadline } from '../../checkout/quote-timer.ts';
import { writeFlow } from '../security/flow-cookie.ts';

/** Keys of the quotes met lately: a quote's pages and its polls ask again and again. */
const recentKeys = new Map<string, string>();
const RECENT_KEYS = 1024;

/** What tells one quote from another: its times and its figures (one-shot `hash`: no Hash object per request). */
function quoteKey(state: FlowState): string {
  const quote = `${state.txnValidUntil ?? ''}\n${state.txnDate ?? ''}\n${state.fiatAmount}\n${state.cryptoAmount}`;
  let key = recentKeys.get(quote);
  if (key === undefined) {
    key = hash('sha256', quote, 'base64url').slice(0, 16);
    if (recentKeys.size >= RECENT_KEYS) recentKeys.clear();
    recentKeys.set(quote, key);
  }
  return key;
}

/** The hold of the flow's quote: the one kept in the flow, else the quote's own. */
export function rateHold(flow: Pick<FlowCookie, 'hold'>, state: FlowState, now: number): RateHold {
  const quote = quoteKey(state);
  if (flow.hold?.quote === quote) return flow.hold;
  return { quote, until: quoteDeadline(state, now) };
}

/**
 * The countdown was paused from the moment the form was sent (the island stops it on
 * submit) until this answer: it resumes where it stood, the hold moved on by the pause.
 */
export function resumeRateHold(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState): RateHold {
  const held = rateHold(flow, state, request.server.clock());
  const resumed = { quote: held.quote, until: held.until + Math.round(reply.elapsedTime) };
  writeFlow(request, reply, { ...flow, hold: resumed });
  return resumed;
}

/**
 * The same, for an answer that shows no page (a refusal's 303): the hold kept in the flow,
 * if any, moves on by the pause; the page it leads to reads it.
 */
export function resumeKeptHold(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie): void {
  if (flow.hold)
    writeFlow(request, reply, { ...flow, hold: { ...flow.hold, until: flow.hold.until + Math.round(reply.elapsedTime) } });
}

/** The flow's quote is held (not a card's current price) and its hold is over. */
export function holdIsOver(request: FastifyRequest, flow: Pick<FlowCookie, 'hold'>, state: FlowState): boolean {
  const now = request.server.clock();
  return isRateHeld(request.server.methods.get(state.paymentMethod)) && rateHold(flow, state, now).until <= now;
}
