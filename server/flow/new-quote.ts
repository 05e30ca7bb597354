// Accept on the quote-expired choice after the quote page (docs/spec.md sections 2 and 4;
// the choice itself is the failure table's `quote-expired` outcome, flow/outcome.ts): the
// new quote confirmed before the visitor carries on with what they had just sent.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../checkout/domain.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import { field } from '../../checkout/validation/result.ts';
import type { FlowCookie } from '../security/flow-cookie.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FlowState } from '../upstream/contract.ts';
import { saveFlowState } from './next.ts';
import { holdIsOver } from './rate-hold.ts';
import { type Carried, meetFailure, offerNewQuote } from './outcome.ts';
import { upstreamFor } from './upstream.ts';

/** A form sent with Accept from the choice. */
export const acceptsNewQuote = (body: unknown): boolean => field(body, FORM_FIELDS.acceptQuote[0]) !== '';

const isExpired = (failure: UpstreamFailure) => failure.kind === 'error' && failure.code === ERROR_CODES.quoteExpired;

/**
 * Accept: the new quote confirmed and saved. Null once the reply is sent: a
 * failure as the table has it for a requote, or, when the new quote ran out in turn, the
 * choice again.
 */
export async function acceptNewQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  carried?: Carried,
): Promise<FlowCookie | null> {
  const confirmed = await upstreamFor(request).confirmNewQuote(flow.txnType, flow.refId);
  if (confirmed.ok) return saveFlowState(request, reply, flow, confirmed.value);
  if (isExpired(confirmed.failure)) await offerNewQuote(request, reply, flow, carried);
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
