// The connection flood of `npm run faulttest`, a few seconds of it: an edge process under
// hundreds of kept-alive connections asking for the home page, new visitors arriving
// meanwhile on connections of their own, the probe port asked on a schedule.
import t from 'tap';
import { floodTest, floodVerdicts } from '../../scripts/faulttest.ts';

// Starting an edge process of its own is most of it, and on a busy machine that alone can take half a minute.
t.setTimeout(180_000);

t.test('a connection flood: every new visitor answered or told when to retry, readiness down, probes answered', async (t) => {
  const figures = await floodTest({ durationS: 4, connections: 200 });
  // The figures against the bar: on a machine shared with other work they are noisy, so
  // here they are shown; the assertions are what holds whatever the machine does.
  t.comment(
    floodVerdicts(figures)
      .map((v) => `${v.ok ? 'ok  ' : 'over'} ${v.line}`)
      .join('\n'),
  );
  t.ok(figures.visitors >= 20, `${figures.visitors} new visitors`);
  t.same(
    Object.keys(figures.visitorStatuses).filter((s) => s !== '200' && s !== '503'),
    [],
    `each was served or refused, none lost (${JSON.stringify(figures.visitorStatuses)})`,
  );
  t.ok(figures.flood.answered > 1_000, `the flood was answered ${figures.flood.answered} times`);
  t.ok(figures.notReady > 0, `/readyz said not ready while saturated (${JSON.stringify(figures.probes.answers)})`);
  t.same(
    Object.keys(figures.probes.answers).filter((a) => a.startsWith('/healthz')),
    ['/healthz 200 ok'],
    'liveness held throughout',
  );
});
