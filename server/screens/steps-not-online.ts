// Every route of the spec that no screen module answers yet (a journey not built, like the
// cash-in map): a page that says so, with the Reference ID of the visitor's order, instead
// of a silent bounce home. Derived from ROUTES and the screen list, so building a screen
// is all it takes to take its route off this page.
import type { RouteHandlerMethod } from 'fastify';
import { createElement } from 'react';
import { ROUTE_LIST, type RouteDef } from '../../checkout/routes.ts';
import { StepUnavailablePage } from '../../views/pages/StepUnavailable.tsx';
import type { Screen } from '../flow/screen.ts';
import { readFlow } from '../security/flow-cookie.ts';

const stepUnavailable: RouteHandlerMethod = (request, reply) =>
  reply.render(createElement(StepUnavailablePage, { refId: readFlow(request)?.refId }));

/** A screen for every route in ROUTES that none of `screens` answers. */
export function stepsNotOnline(screens: readonly Screen[]): Screen {
  const built = new Set(screens.flatMap((s) => (Array.isArray(s.route) ? s.route : [s.route as RouteDef]).map((r) => r.path)));
  return { route: ROUTE_LIST.filter((r) => !built.has(r.path)), get: stepUnavailable };
}
