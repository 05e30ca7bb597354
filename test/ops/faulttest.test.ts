// The fault test of `npm run faulttest`, a few seconds of it: the edge process under
// concurrent load with the sandbox injecting 504s and resets, then a SIGTERM mid-load;
// then a connection flood with new visitors arriving meanwhile.
import t from 'tap';
import { faultTest, floodTest, floodVerdicts } from '../../scripts/faulttest.ts';

t.test('under injected 504s and resets: only intended answers, a clean stop, nothing dropped', async (t) => {
  const lines: string[] = [];
  const result = await faultTest({ durationS: 3, connections: 20, runs: 1, log: (line) => lines.push(line) });
  t.comment(lines.join('\n'));
  const [run] = result.runs;
  t.ok(run!.requests > 10, `${run!.requests} requests`);
  const answers = ['200', '303', '502', '503', '504'];
  t.same(
    Object.keys(run!.outcomes).filter((s) => !answers.includes(s)),
    [],
    'no 500, no 4xx, no connection reset',
  );
  // At the close a connection the process had read nothing from may be reset (the close race of
  // HTTP keep-alive); nothing else.
  const atClose = [...answers, 'error:ECONNREFUSED', 'error:ECONNRESET', 'error:UND_ERR_SOCKET'];
  t.same(
    Object.keys(result.drain.outcomes).filter((s) => !atClose.includes(s)),
    [],
    'the run with the SIGTERM',
  );
  t.equal(result.drain.inFlightLost, 0, 'the SIGTERM lost no request in flight');
  t.equal(result.exitCode, 0, 'the process stopped by itself, in time');
  t.equal(result.unhandledRejections, 0);
  t.ok(Number.isFinite(run!.rssMiB), `RSS ${run!.rssMiB} MiB after the run`);
  const probes = run!.probes!;
  t.ok(probes.count > 0, `the probe port answered ${probes.count} probes during the run (slowest ${probes.maxMs} ms)`);
  t.same(
    Object.keys(probes.answers).filter((a) => a.startsWith('/healthz')),
    ['/healthz 200 ok'],
    'liveness held throughout',
  );
});

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
