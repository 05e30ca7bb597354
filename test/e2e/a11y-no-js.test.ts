// The accessibility tour with JavaScript off (test/helpers/a11y-tour.ts): what a visitor
// whose browser runs no script gets, every screen at desktop and phone size.
import t from 'tap';
import { auditEveryScreen, checksFailOnABrokenPage, TOUR_TIME_LIMIT_MS } from '../helpers/a11y-tour.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';

const { stack, browser } = await startBrowserStack();
t.setTimeout(TOUR_TIME_LIMIT_MS);

auditEveryScreen(stack, browser, false);
checksFailOnABrokenPage(stack, browser, false);
