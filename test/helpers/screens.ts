// Every screen the app registers (the shared ones and each payment method's), and what a
// screen declares: the step a page stands at, as the step indicator and the summary read it.
import type { FlowStep } from '../../checkout/progress.ts';
import type { RouteDef } from '../../checkout/routes.ts';
import type { Screen } from '../../server/flow/screen.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { SCREENS } from '../../server/screens/index.ts';

export const ALL_SCREENS: readonly Screen[] = [...SCREENS, ...PAYMENT_METHODS.list.flatMap((m) => m.screens)];

const routesOf = (screen: Screen): readonly RouteDef[] =>
  Array.isArray(screen.route) ? screen.route : [screen.route as RouteDef];

/** The screen that answers a route's path. */
export function screenOf(path: string): Screen | undefined {
  return ALL_SCREENS.find((s) => routesOf(s).some((r) => r.path === path));
}

/** The step the screen at `path` declares (defineScreen), if any. */
export function stepOf(path: string): FlowStep | undefined {
  return screenOf(path)?.step;
}
