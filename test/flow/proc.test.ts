// /proc/{procid}: the query goes upstream as the body; the page streams Processing, then
// Done, in one response; the upstream failing is a clear message; bad ids are 404s.
import t from 'tap';
import { Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());

const procCalls = () =>
  stack.logs.filter((l) => String((l.upstream as { path?: string } | undefined)?.path ?? '').endsWith('/order-42')).length;

t.test('Processing in the shell, Done streamed after it', async (t) => {
  const res = await new Visitor(stack).get('/proc/order-42?ref=abc&ref=def&amount=10');
  t.equal(res.statusCode, 200);
  const processing = res.body.indexOf('Processing…');
  const done = res.body.indexOf('<p class="proc-status proc-done">Done</p>');
  t.ok(processing > 0 && done > processing, 'Done comes after Processing in the same response');
  t.match(
    res.body,
    '<!--$?--><template id="B:0"></template><p class="proc-status stream-pending">Processing…</p><!--/$-->',
    'the fallback went out in the shell',
  );
  t.match(
    res.body,
    /<div hidden id="S:0"><section class="proc-result" aria-label="Result"><p class="proc-status proc-done">Done<\/p><\/section><\/div>/,
    'Done streamed into the boundary',
  );
  t.equal(procCalls(), 1);
});

t.test('the upstream failing: a clear message, no upstream words', async (t) => {
  stack.sandbox.app.sandbox.queueFaults(['503']);
  const res = await new Visitor(stack).get('/proc/order-42');
  t.equal(res.statusCode, 200, 'the shell went out before the answer');
  t.match(res.body, 'We could not complete this request. Please try again later.');
  t.notMatch(res.body, 'Injected fault');
  t.notMatch(res.body, 'proc-done');
});

t.test('bad procids are 404s and never reach the upstream; a query it cannot carry is a 400', async (t) => {
  const before = procCalls();
  const visitor = new Visitor(stack);
  for (const url of ['/proc/..%2F..%2Fvipcheck', '/proc/a.b', `/proc/${'x'.repeat(65)}`, '/proc/txnbuy', '/proc/%00']) {
    const res = await visitor.get(url);
    t.equal(res.statusCode, 404, url.slice(0, 40));
  }
  const long = await visitor.get(`/proc/order-42?note=${'y'.repeat(3000)}`);
  t.equal(long.statusCode, 400);
  t.match(long.body, 'This link is not valid.');
  t.equal(procCalls(), before);
});
