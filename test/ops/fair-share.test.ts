// A flood takes its share, never the visitor's (server/ops/fair-share.ts): while the loop is
// saturated, each client address has at most FAIR_SHARE requests taken on per window, and a
// new window starts everyone afresh.
import t from 'tap';
import { FAIR_SHARE, FAIR_WINDOW_MS, FairShare } from '../../server/ops/fair-share.ts';

t.test('each address its share per window; another address keeps its own', async (t) => {
  const share = new FairShare();
  const taken = (client: string, now: number, times: number) =>
    Array.from({ length: times }, () => share.take(client, now)).filter(Boolean).length;
  t.equal(taken('10.0.0.1', 1_000, FAIR_SHARE + 20), FAIR_SHARE, "a flood's address: its share, the rest refused");
  t.equal(taken('10.0.0.2', 1_000 + FAIR_WINDOW_MS - 1, 1), 1, "a visitor's one request in the same window: taken on");
  t.notOk(share.take('10.0.0.1', 1_000 + FAIR_WINDOW_MS - 1), 'the flood still over its share until the window ends');
  t.equal(taken('10.0.0.1', 1_000 + FAIR_WINDOW_MS, FAIR_SHARE + 1), FAIR_SHARE, 'a new window: its share again');
});
