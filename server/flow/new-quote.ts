// Accept on the quote-expired choice after the quote page (docs/spec.md sections 2 and 4;
// the choice itself is the failure table's `quote-expired` outcome, flow/outcome.ts): the
// new quote confirmed before the visitor carries on with what they had just sent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowState } from '../../checkout/contract.ts';
import { requoteOutcome } from '../../checkout/failures.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { field } from '../../checkout/validation/result.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import { saveFlowState } from './next.ts';
import { type Carried, meetFailure, offerNewQuote } from './outcome.ts';
import { holdIsOver } from './rate-hold.ts';
import { upstreamFor } from './upstream.ts';

/** A form sent with Accept from the choice. */
export const acceptsNewQuote = (body: unknown): boolean => field(body, FORM_FIELDS.acceptQuote[0]) !== '';

/**
 * Accept: the new quote confirmed and saved. Null once the reply is sent: the choice
 * again when it may be tried again, else the failure as the table has it for a requote.
 */
export async function acceptNewQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  carried?: Carried,
): Promise<FlowCookie | null> {
  const confirmed = await upstreamFor(request).confirmNewQuote(flow.txnType, flow.refId);
  if (confirmed.ok) return saveFlowState(request, reply, flow, confirmed.value);
  // What may be tried again (the new quote ran out in turn, no answer): the choice again.
  if (requoteOutcome(confirmed.failure).kind === 'stay') await offerNewQuote(request, reply, flow, carried);
  else await meetFailure(request, reply, confirmed.failure, 'requote', { flow, endedTitle: (texts) => texts.QUOTE_TEXT.expired });
  return null;
}

type StepShow = (
  request: FastifyRequest,
  reply: FastifyReply,
  ready: { flow: FlowCookie; state: FlowState },
) => FastifyReply | Promise<FastifyReply>;

/**
 * A step page whose work Accept cannot carry (a file picked, a countdown): loaded after the
 * hold, it is the choice at once, so nothing is done in vain.
 */
export function whileHeld(show: StepShow): StepShow {
  return (request, reply, ready) =>
    holdIsOver(request, ready.flow, ready.state) ? reply.redirect(ROUTES.newQuote.path, 302) : show(request, reply, ready);
}
