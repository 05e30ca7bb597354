// The page that says an order has ended, reached by the 303 that answers the form that ended
// it (flow/outcome.ts): shown once, from what that answer kept; a reload or a later visit
// finds nothing and goes home, where the Refresh would have taken it.
import { ROUTES } from '../../checkout/routes.ts';
import { showOrderEnded } from '../flow/outcome.ts';
import { defineScreen } from '../flow/screen.ts';
import { takeForPage } from '../security/refusal-cookie.ts';

const ROUTE = ROUTES.orderEnded;

export const orderEndedScreen = defineScreen({
  route: ROUTE,
  get: async (request, reply) => {
    // The order's flow was forgotten with the answer that ended it: the page is no order's.
    const kept = await takeForPage(request, reply, ROUTE.path, undefined);
    if (!kept || !('ended' in kept)) return reply.redirect(ROUTES.home.path, 302);
    return showOrderEnded(reply, kept.ended, 200);
  },
});
