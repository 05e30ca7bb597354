// Every step ends here: save what the edge needs from the new flow state, then go where
// the next-screen rule says. The edge never hard-codes a sequence of screens. An action
// the rule does not know causes no navigation (SPEC.md section 2): it is logged, and the
// screen the visitor is on says the order could not continue.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowState } from '../upstream/contract.ts';
import { FAILURE_TEXT } from '../checkout/messages.ts';
import { nextScreen, type NextStep } from '../checkout/next-screen.ts';
import type { ScreenPath } from '../checkout/routes.ts';
import { writeFlow, type FlowCookie } from '../security/flow-cookie.ts';
import { leaveFor } from './redirects.ts';

/** The bank's own page posts to the bank; its CSP allows that and nothing else new. */
const BANK_DOC_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; form-action https: http:; base-uri 'none'; frame-ancestors 'none'";

/** How a screen shows a message in place: its own page, re-rendered with the messages. */
export type Stay = (messages: string[], status: number) => Promise<FastifyReply> | FastifyReply;

/** Merge a new flow state into the cookie; addressRequired is kept once it was seen. */
export function saveFlowState(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie, state: FlowState): FlowCookie {
  const next: FlowCookie = {
    ...flow,
    refId: state.refId,
    addressRequired: state.nextActionParams?.addressRequired ?? flow.addressRequired,
  };
  writeFlow(request, reply, next);
  return next;
}

/** 303 after a form post, 302 after a page load. */
export function seeOther(request: FastifyRequest): 302 | 303 {
  return request.method === 'POST' ? 303 : 302;
}

export function goToStep(request: FastifyRequest, reply: FastifyReply, step: NextStep, stay: Stay) {
  switch (step.kind) {
    case 'navigate':
      // See Other: the next step's page, fetched with GET whatever brought the visitor here.
      return reply.redirect(step.path, 303);
    case 'redirect':
      return leaveFor(reply, step.url);
    case 'html':
      return reply
        .code(200)
        .header('content-security-policy', BANK_DOC_CSP)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(step.htmlDoc);
    case 'none':
      request.log.warn({ reason: step.reason }, 'next action not followed');
      return stay([FAILURE_TEXT.cannotContinue], 409);
  }
}

export function followNextAction(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  state: FlowState,
  from: ScreenPath,
  stay: Stay,
) {
  saveFlowState(request, reply, flow, state);
  return goToStep(request, reply, nextScreen(state, from), stay);
}
