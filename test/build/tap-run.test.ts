import t from 'tap';
import { FailureCollector } from '../../scripts/tap-run.ts';

const output = `TAP version 14
# Subtest: test/a.test.ts
    # Subtest: outer
        # Subtest: inner
            not ok 1 - one is two
              ---
              diff: |
              
                -2
              ...
            ok 2 - fine
        not ok 1 - inner # time=2ms
    not ok 1 - outer # time=3ms
not ok 1 - test/a.test.ts # time=9ms
# Subtest: test/b.test.ts
    ok 1 - passes
ok 2 - test/b.test.ts
# Subtest: test/c.test.ts
not ok 3 - test/c.test.ts # time=60000ms
  ---
  signal: SIGTERM
  ...
`;

t.test('each failure is repeated with the subtests above it, once, with its diagnostic', async (t) => {
  const collector = new FailureCollector();
  for (const line of output.split('\n')) collector.line(line);
  t.same(
    collector.failures.map((f) => f.path.join(' > ')),
    ['test/a.test.ts > outer > inner > one is two', 'test/c.test.ts'],
    'the parents of a failure are not failures of their own; a file that failed alone is',
  );
  t.match(collector.summary(), /# Failed \(2\)[\s\S]*-2[\s\S]*signal: SIGTERM/);
});

t.test('a run without failures adds nothing', async (t) => {
  const collector = new FailureCollector();
  collector.line('ok 1 - test/b.test.ts');
  t.equal(collector.summary(), '');
});
