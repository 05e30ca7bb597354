// The fault test of `npm run faulttest`, a few seconds of it: the edge process under
// concurrent load with the sandbox injecting 504s and resets, then a SIGTERM mid-load.
// (Its connection flood: flood.test.ts.)
import t from 'tap';
import { faultTest } from '../../scripts/faulttest.ts';

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
