// A flood takes its share, never the visitor's (server/ops/fair-share.ts): while the loop is
// saturated, each client address has at most FAIR_SHARE requests taken on per window and
// FAIR_IN_FLIGHT at once, and a new window starts everyone afresh; not saturated, all are taken.
import t from 'tap';
import { FAIR_IN_FLIGHT, FAIR_SHARE, FAIR_WINDOW_MS, FairShare } from '../../server/ops/fair-share.ts';

t.test('each address its share per window; another address keeps its own', async (t) => {
  const share = new FairShare();
  /** Requests of `client` answered at once, as a cached page is. */
  const taken = (client: string, now: number, times: number) =>
    Array.from({ length: times }, () => {
      const ok = share.take(client, true, now);
      if (ok) share.done(client);
      return ok;
    }).filter(Boolean).length;
  t.equal(taken('10.0.0.1', 1_000, FAIR_SHARE + 20), FAIR_SHARE, "a flood's address: its share, the rest refused");
  t.equal(taken('10.0.0.2', 1_000 + FAIR_WINDOW_MS - 1, 1), 1, "a visitor's one request in the same window: taken on");
  t.notOk(share.take('10.0.0.1', true, 1_000 + FAIR_WINDOW_MS - 1), 'the flood still over its share until the window ends');
  t.equal(taken('10.0.0.1', 1_000 + FAIR_WINDOW_MS, FAIR_SHARE + 1), FAIR_SHARE, 'a new window: its share again');
});

t.test('requests at once: counted always, bounded while saturated', async (t) => {
  const share = new FairShare();
  for (let i = 0; i < FAIR_IN_FLIGHT + 2; i++) t.ok(share.take('10.0.0.1', false, 0), `not saturated: taken (${i + 1})`);
  t.notOk(share.take('10.0.0.1', true, 0), 'saturated, with more than its share at once already: refused');
  t.ok(share.take('10.0.0.2', true, 0), 'another address: taken');
  for (let i = 0; i < 3; i++) share.done('10.0.0.1');
  t.ok(share.take('10.0.0.1', true, 0), 'once its answers are out, under its share again: taken');
});
