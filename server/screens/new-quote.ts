// The quote-expired choice as a page of its own (flow/outcome.ts shows it): met when the
// hold runs out, by a 303 from the form that met it (which it carries on with once
// accepted), or from a page with no form to carry (a page that initiates a payment, the
// voucher page's countdown at zero). Accept confirms the new quote and returns the
// visitor to their step. Only offered, a new quote commits nothing.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { acceptNewQuote } from '../flow/new-quote.ts';
import { offerNewQuote, resumeFlow } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { takeForPage } from '../security/refusal-cookie.ts';

const ROUTE = ROUTES.newQuote;

/** The visitor's step, as the upstream last named it; else wherever the upstream has them. */
function backToStep(request: FastifyRequest, reply: FastifyReply, flow: FlowCookie) {
  return flow.at ? reply.redirect(flow.at as ScreenPath, 303) : resumeFlow(request, reply, flow);
}

export const newQuoteScreen = defineScreen({
  route: ROUTE,
  get: async (request, reply) => {
    const flow = readFlow(request);
    if (!flow) return reply.redirect(ROUTES.home.path, 302);
    // After a form met the expired hold: what it sent, for Accept to send again.
    const kept = await takeForPage(request, reply, ROUTE.path, flow);
    return offerNewQuote(request, reply, flow, kept && 'carried' in kept ? kept.carried : undefined);
  },
  actions: {
    accept: async (request, reply) => {
      const flow = readFlow(request);
      if (!flow) return reply.redirect(ROUTES.home.path, 303);
      const accepted = await acceptNewQuote(request, reply, flow);
      return accepted ? backToStep(request, reply, accepted) : reply;
    },
  },
});
