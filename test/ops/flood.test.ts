// The floods of `npm run faulttest`, a few seconds of each, against one edge process:
// hundreds of kept-alive connections from several addresses (or one) asking for the home
// page or the ticker, some with a new Accept-Language each time; new visitors from another
// address arriving meanwhile on connections of their own, the probe port asked on a
// schedule. (The control server is faulttest's alone: it is a measurement, not the edge.)
import t from 'tap';
import { FLOODS, type FloodName, floodTest, floodVerdicts, startFloodEdge, visitorLine } from '../../scripts/faulttest.ts';
import { SHARED_LIMITS } from '../../server/ops/rate-limit-settings.ts';

// Starting an edge process of its own is most of it, and on a busy machine that alone can take half a minute.
t.setTimeout(240_000);

const EDGE_FLOODS = (Object.keys(FLOODS) as FloodName[]).filter((name) => !('control' in FLOODS[name]));

t.test('under each flood: every new visitor answered or told when to retry, the pod ready, probes answered', async (t) => {
  const edge = await startFloodEdge();
  t.teardown(() => void edge.child.kill('SIGKILL'));
  for (const flood of EDGE_FLOODS) {
    const figures = await floodTest({ flood, durationS: 2, connections: 200 }, edge);
    // The figures against the bar: on a machine shared with other work they are noisy, so
    // here they are shown; the assertions are what holds whatever the machine does.
    t.comment(
      [`${flood}: ${visitorLine(figures)}`, ...floodVerdicts(figures).map((v) => `${v.ok ? 'ok  ' : 'over'} ${v.line}`)].join(
        '\n',
      ),
    );
    t.ok(figures.visitors >= 10, `${flood}: ${figures.visitors} new visitors`);
    t.same(
      Object.keys(figures.visitorStatuses).filter((s) => s !== '200' && s !== '503'),
      [],
      `${flood}: each was served or refused, none lost (${JSON.stringify(figures.visitorStatuses)})`,
    );
    t.same(
      Object.keys(figures.probes.answers).filter((a) => a.startsWith('/healthz')),
      ['/healthz 200 ok'],
      `${flood}: liveness held throughout`,
    );
    // Busy is not unready; a machine that stalls the whole process past the heartbeat is another matter.
    t.same(
      Object.keys(figures.probes.answers).filter((a) => a.startsWith('/readyz') && !/ (ready|stalled)$/.test(a)),
      [],
      `${flood}: readiness never went down for load (${JSON.stringify(figures.probes.answers)})`,
    );
    if (flood === 'pages') t.ok(figures.flood.answered > 500, `the flood was answered ${figures.flood.answered} times`);
    if (flood === 'api') {
      // Each flood address is served up to its limit and refused past it (429), or shed while the
      // process is saturated (503); a machine too busy to send past the limit in a few seconds sees no 429.
      const limit = FLOODS.api.plan.floodAddresses * SHARED_LIMITS.api!.address.max;
      const statuses = JSON.stringify(figures.flood.statuses);
      t.ok((figures.flood.statuses['200'] ?? 0) <= limit, `served at most the rate limit, ${limit} (${statuses})`);
      t.same(
        Object.keys(figures.flood.statuses).filter((s) => !['200', '429', '503'].includes(s)),
        [],
        `past it, refused or shed (${statuses})`,
      );
    }
    if (flood === 'oneAddress') {
      // Beyond the per-address bound a connection's request is refused at once (429) and closed.
      t.ok((figures.flood.statuses['429'] ?? 0) > 0, `over the bound: refused (${JSON.stringify(figures.flood.statuses)})`);
    }
    // A moment for the process to settle before the next.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
});
