// Back and reload never show a form resubmission: every form on every page of the screen
// tour, sent as a browser sends it with nothing typed (most are refused: a missing code, no
// file, no voucher), is answered with a redirect to a page, never with a page a reload
// would post again. An outage (5xx) may answer with its page, whose GET would need the
// upstream too; none is staged here. Opened without a browser (helpers/served-page.ts).

import t from 'tap';
import { TOUR, visit } from '../helpers/screen-tour.ts';
import { ServedPage } from '../helpers/served-page.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack();
t.teardown(() => stack.close());

t.test('every form of every page of the tour is answered with a redirect', async (t) => {
  let sent = 0;
  for (const stop of TOUR) {
    if (stop.foreign) continue;
    const page = new ServedPage();
    await visit(stack, page.asPage(), stop, false);
    for (const answer of await page.sendForms()) {
      sent++;
      t.ok(
        answer.status === 303 || answer.status === 302,
        `${stop.name}: ${answer.action} answered ${answer.status}${answer.location ? ` to ${answer.location}` : ''}`,
      );
    }
  }
  t.ok(sent >= 30, `${sent} forms sent`);
});
