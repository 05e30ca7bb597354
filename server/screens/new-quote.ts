// The quote-expired choice as a page of its own (flow/outcome.ts shows it): met when the
// hold runs out where no form is waiting to be carried on (a page that initiates a payment,
// the voucher page's countdown at zero). Accept confirms the new quote and returns the
// visitor to their step. Only offered, a new quote commits nothing.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { acceptNewQuote } from '../flow/new-quote.ts';
import { offerNewQuote, resumeFlow } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { readFlow } from '../security/flow-cookie.ts';

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
    return offerNewQuote(request, reply, flow);
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
