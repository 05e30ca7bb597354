// SANDBOX_FAULTS: the parser, the seeded randomness, and queued faults over a real socket.
import t from 'tap';
import { FaultInjector, parseFaults, seededRandom } from '../../server/sandbox/faults.ts';
import { buildSandbox } from '../../server/sandbox/index.ts';
import { BUY_QUOTE, nextRequestArrives, outlastsTimer, sandboxFor } from './helpers.ts';

t.test('parseFaults', async (t) => {
  t.same(parseFaults(undefined), { chances: [], delayMs: 0, seed: undefined });
  t.same(parseFaults(''), { chances: [], delayMs: 0, seed: undefined });
  t.same(parseFaults(' 504:0.2, 503:0.1,reset:0.05,delay:150,hang:0.01,seed:42 '), {
    chances: [
      { fault: 504, probability: 0.2 },
      { fault: 503, probability: 0.1 },
      { fault: 'reset', probability: 0.05 },
      { fault: 'hang', probability: 0.01 },
    ],
    delayMs: 150,
    seed: 42,
  });
  t.same(parseFaults('429:1').chances, [{ fault: 429, probability: 1 }]);
  const bad: [string, RegExp][] = [
    ['504', /not name:value/],
    ['504:x', /not name:value/],
    ['504:-0.1', /not name:value/],
    ['timeout:0.1', /unknown fault "timeout"/],
    ['200:0.1', /unknown fault "200"/],
    ['504:1.5', /between 0 and 1/],
    ['504:0.6,503:0.6', /add up to 1.2/],
    ['504:0.1,504:0.2', /given twice/],
    ['delay:1.5', /whole ms/],
    ['delay:60001', /whole ms/],
    ['seed:4294967296', /below 2\^32/],
  ];
  for (const [text, message] of bad) t.throws(() => parseFaults(text), { message }, text);
  t.throws(() => buildSandbox({ faults: 'nonsense' }), { message: /SANDBOX_FAULTS/ }, 'a bad list stops the sandbox');
});

t.test('seeded randomness is reproducible and spread', async (t) => {
  const a = seededRandom(42);
  const b = seededRandom(42);
  const first = Array.from({ length: 5 }, () => a());
  t.same(
    first,
    Array.from({ length: 5 }, () => b()),
  );
  t.notSame(first, Array.from({ length: 5 }, seededRandom(43)));

  const injector = new FaultInjector(parseFaults('504:0.2,503:0.1,seed:7'));
  t.equal(injector.seed, 7);
  const counts = new Map<unknown, number>();
  for (let i = 0; i < 10_000; i++) {
    const fault = injector.next();
    counts.set(fault, (counts.get(fault) ?? 0) + 1);
  }
  t.ok(Math.abs((counts.get(504) ?? 0) - 2000) < 250, `504 about 20 % (${counts.get(504)})`);
  t.ok(Math.abs((counts.get(503) ?? 0) - 1000) < 200, `503 about 10 % (${counts.get(503)})`);

  const again = new FaultInjector(parseFaults('504:0.2,503:0.1,seed:7'));
  const replay = new FaultInjector(parseFaults('504:0.2,503:0.1,seed:7'));
  t.same(
    Array.from({ length: 50 }, () => again.next()),
    Array.from({ length: 50 }, () => replay.next()),
  );
  t.type(new FaultInjector(parseFaults('')).seed, 'number', 'a random seed when none is given');
});

t.test('queued faults come first, in order', async (t) => {
  const injector = new FaultInjector(parseFaults(''));
  injector.queue(['504', 'reset', '503', 'hang']);
  t.same(
    [injector.next(), injector.next(), injector.next(), injector.next(), injector.next()],
    [504, 'reset', 503, 'hang', null],
  );
  t.throws(() => injector.queue(['boom']), { message: /unknown fault "boom"/ });
});

t.test('queued faults over the socket: 504, 503, reset, hang, then normal', async (t) => {
  const c = await sandboxFor(t);
  c.sandbox.app.sandbox.queueFaults(['504', '503', 'reset', 'hang']);

  const r504 = await c.post('/txnbuy/quoterequest', BUY_QUOTE, { 'idempotency-key': 'q1' });
  t.equal(r504.status, 504);
  t.same(r504.body, { error: { code: 'SANDBOX.FAULT', msg: 'Injected fault: HTTP 504' } });
  const r503 = await c.get('/pubapi/ticker/merchant');
  t.equal(r503.status, 503);

  await t.rejects(fetch(`${c.url}/pubapi/ticker/merchant`), { message: 'fetch failed' }, 'reset: no response');
  const arrived = nextRequestArrives(c.sandbox);
  let hangSettled = false;
  const hanging = fetch(`${c.url}/pubapi/ticker/merchant`).finally(() => (hangSettled = true));
  await arrived;

  // A faulted POST applied nothing: the retry with the same key is the first real one.
  const retried = await c.post('/txnbuy/quoterequest', BUY_QUOTE, { 'idempotency-key': 'q1' });
  t.equal(retried.status, 200);
  t.equal(retried.headers.get('idempotent-replayed'), null);
  t.notOk(hangSettled, 'hang: still no answer after a later request was answered');
  await c.sandbox.close();
  await t.rejects(hanging, { message: 'fetch failed' }, 'hang: closing the sandbox ends it');
});

t.test('faults spare the third-party pages', async (t) => {
  const c = await sandboxFor(t, { faults: '504:1' });
  t.equal((await c.get('/pubapi/ticker/merchant')).status, 504, 'API paths fail');
  t.equal((await c.post('/txnbuy/quoterequest', BUY_QUOTE)).status, 504);
  t.equal((await c.get('/thirdparty/idenfy/approved-demo')).status, 200);
  t.equal((await c.get('/thirdparty/card/quote?key=k&baseCurrency=usd&amount=100')).status, 200);
});

t.test('random faults follow the seed', async (t) => {
  const c = await sandboxFor(t, { faults: '504:0.5,seed:11' });
  const expected = new FaultInjector(parseFaults('504:0.5,seed:11'));
  for (let i = 0; i < 12; i++) {
    const reply = await c.get('/pubapi/ticker/merchant');
    t.equal(reply.status, expected.next() === 504 ? 504 : 200, `request ${i}`);
  }
});

t.test('delay holds every API request before it is answered', async (t) => {
  const c = await sandboxFor(t, { faults: 'delay:150' });
  const ticker = await outlastsTimer(149, () => c.get('/pubapi/ticker/merchant'));
  t.equal(ticker.value.status, 200);
  t.ok(ticker.outlasted, 'answered only after its 150 ms wait');
  const quote = await outlastsTimer(149, () => c.post('/txnbuy/quoterequest', BUY_QUOTE));
  t.equal(quote.value.status, 200);
  t.ok(quote.outlasted, 'POSTs too');
});

t.test('close() does not wait for a hanging request', async (t) => {
  const c = await sandboxFor(t);
  c.sandbox.app.sandbox.queueFaults(['hang']);
  const arrived = nextRequestArrives(c.sandbox);
  const pending = fetch(`${c.url}/pubapi/ticker/merchant`).catch((err: unknown) => err);
  await arrived;
  // Waiting for the hanging request would never end: the test's timeout would catch it.
  await c.sandbox.close();
  t.type(await pending, Error, 'the hanging request fails');
});
