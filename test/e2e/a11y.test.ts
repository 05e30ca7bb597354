// The accessibility tour with JavaScript on (test/helpers/a11y-tour.ts), and the table of
// the JavaScript each screen loads, weighed at desktop size.
import t from 'tap';
import { auditEveryScreen, checksFailOnABrokenPage, TOUR_TIME_LIMIT_MS } from '../helpers/a11y-tour.ts';
import { startBrowserStack } from '../helpers/browser-stack.ts';
import { TOUR } from '../helpers/screen-tour.ts';

const { stack, browser } = await startBrowserStack();
t.setTimeout(TOUR_TIME_LIMIT_MS);

const weights = auditEveryScreen(stack, browser, true);
checksFailOnABrokenPage(stack, browser, true);

t.test('the JavaScript each screen loads', async (t) => {
  t.equal(weights.size, TOUR.length, 'every screen weighed');
  const rows = [...weights].sort(([a], [b]) => a - b).map(([, row]) => row);
  t.comment(['| screen | address | islands | scripts | JavaScript, gzip KiB |', '|---|---|---|---|---|', ...rows].join('\n'));
});
