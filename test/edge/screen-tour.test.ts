// Every screen that shows a page of its own is on the screen tour, so the accessibility
// walk, the phone-fit walk and the screenshots see it: a screen registered without a stop
// fails here. Screens that only send the visitor on (a quote from a direct link, resuming
// at the upstream's step, /state without a reference) show no page of their own.
import t from 'tap';
import { ROUTES, type RouteDef } from '../../checkout/routes.ts';
import { TOUR } from '../helpers/screen-tour.ts';
import { ALL_SCREENS } from '../helpers/screens.ts';

const SENDS_ON: readonly RouteDef[] = [
  ROUTES.transaction,
  ROUTES.transactionType,
  ROUTES.transactionTypeCurrency,
  ROUTES.transactionTypeCurrencySubtype,
  ROUTES.transactionNew,
  ROUTES.stateMissing,
];

/** A stop's path and a route's: a stop with a pattern is tried on the route with a sample value per parameter. */
const matches = (route: RouteDef, stop: string | RegExp) =>
  typeof stop === 'string'
    ? new RegExp(`^${route.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`).test(stop)
    : stop.test(route.path.replace(/:[A-Za-z]+/g, 'SAMPLE1'));

t.test('every screen with a page of its own is a stop of the tour', async (t) => {
  const pages = ALL_SCREENS.filter((screen) => screen.get);
  t.ok(pages.length > 30, `${pages.length} screens with a page`);
  for (const screen of pages) {
    const routes = Array.isArray(screen.route) ? screen.route : [screen.route as RouteDef];
    if (routes.every((route) => SENDS_ON.includes(route))) continue;
    const name = routes.map((r) => r.path).join(' ');
    t.ok(
      routes.some((route) => TOUR.some((stop) => matches(route, stop.path))),
      `${name} is on the tour`,
    );
  }
});
