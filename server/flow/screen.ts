// A screen is one module (server/screens/): its route from ROUTES, its step in the flow,
// the rate limit it counts against, what its page loads, its form actions, and its view.
// This is the shape such a module exports and the registration of every screen: the shared
// ones (server/screens/index.ts) and each payment method's own (server/methods/).
import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { createElement, Fragment } from 'react';
import type { FlowStep } from '../../checkout/progress.ts';
import type { RouteDef } from '../../checkout/routes.ts';

export interface Screen<R extends RouteDef = RouteDef> {
  /** The route, or the routes (a direct link's optional tails), this screen answers. */
  route: R | readonly R[];
  /** The flow step the screen belongs to: the step indicator shows it, the order summary follows it. */
  step?: FlowStep;
  /**
   * The rate limit its page (GET) or its forms (POST, actions included) count against
   * (ops/rate-limit-settings.ts); a form that names none counts against `step`.
   */
  rateLimit?: { GET?: string; POST?: string };
  /**
   * The transaction its requests count against per refId, or none: by default the one a
   * look-up names, else the visitor's flow (ops/rate-limit.ts).
   */
  rateLimitRefId?: (request: FastifyRequest) => string | undefined;
  /** Its page opens another site's window (a payment page) and watches it (security/plugin.ts). */
  opensWindow?: boolean;
  /** Its answers are for the one who holds the link, never kept, passed on or indexed (security/plugin.ts). */
  private?: boolean;
  /** The page: load what it shows, render its view. */
  get?: RouteHandlerMethod;
  /** The page's own form. */
  post?: RouteHandlerMethod;
  /** The forms that post to the route's named sub-paths (ROUTES[...].actions). */
  actions?: { readonly [A in keyof R['actions']]: RouteHandlerMethod };
}

/** Types a screen module's export against its route, so an action must exist in ROUTES. */
export function defineScreen<R extends RouteDef>(screen: Screen<R>): Screen<R> {
  return screen;
}

/**
 * HEAD of any page: the headers a rendered page has, and nothing else runs. A page's GET
 * may ask the upstream (a flow state, an e-Transfer init, a quote from a direct link); a
 * HEAD from a link checker or a crawler must never reach it.
 */
const headOnly: RouteHandlerMethod = (_request, reply) => reply.render(createElement(Fragment));

/** The flow step of each screen's path, for a page that shows where the visitor stands. */
export function screenSteps(screens: readonly Screen[]): Map<string, FlowStep> {
  const steps = new Map<string, FlowStep>();
  for (const screen of screens) {
    if (!screen.step) continue;
    for (const route of Array.isArray(screen.route) ? screen.route : [screen.route as RouteDef])
      steps.set(route.path, screen.step);
  }
  return steps;
}

/** What a screen's form counts against when it names no limit of its own: every form is upstream-bound. */
const DEFAULT_FORM_LIMIT = 'step';

/** Every screen's handlers, each tagged with its route name (route config `screen`). */
export function registerScreens(app: FastifyInstance, screens: readonly Screen[]): void {
  for (const screen of screens) {
    const routes: readonly RouteDef[] = Array.isArray(screen.route) ? screen.route : [screen.route as RouteDef];
    for (const route of routes) {
      const base = {
        screen: route.name,
        ...(screen.step ? { step: screen.step } : {}),
        ...(screen.opensWindow ? { opensWindow: true } : {}),
        ...(screen.private ? { privatePage: true } : {}),
      };
      const limited = (method: 'GET' | 'POST') => {
        const limit = screen.rateLimit?.[method] ?? (method === 'POST' ? DEFAULT_FORM_LIMIT : undefined);
        if (!limit) return base;
        return { ...base, rateLimitName: limit, ...(screen.rateLimitRefId ? { rateLimitRefId: screen.rateLimitRefId } : {}) };
      };
      if (screen.get) {
        app.get(route.path, { config: limited('GET'), exposeHeadRoute: false }, screen.get);
        app.head(route.path, { config: base }, headOnly);
      }
      if (screen.post) app.post(route.path, { config: limited('POST') }, screen.post);
      for (const [action, handler] of Object.entries(screen.actions ?? {}) as [string, RouteHandlerMethod][]) {
        const path = route.actions[action];
        if (!path) throw new Error(`screen ${route.name}: no action ${action} in ROUTES`);
        app.post(path, { config: limited('POST') }, handler);
      }
    }
  }
}
