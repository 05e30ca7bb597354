// The sandbox's `clock` option: everything it dates or expires reads the clock it is given,
// never the real one, so tests move time instead of sleeping.
import t from 'tap';
import { testClock } from '../fixtures/clock.ts';
import { BTC_ADDRESS, BUY_QUOTE, BUYER, errorOf, sandboxFor } from './helpers.ts';

/** Far from the real time, so a date taken from the real clock would show. */
const START = Date.UTC(2040, 1, 29, 12, 0, 0);
const HOLD_MS = 600_000;
/** How long transactions and Idempotency-Keys are kept (README). */
const DAY_MS = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

t.test('a quote is dated by the clock and holds until exactly txnValidUntil', async (t) => {
  const clock = testClock({ start: START });
  const c = await sandboxFor(t, { clock: clock.now });
  const quote = await c.buyQuote();
  t.equal(quote.txnDate, iso(START));
  t.equal(quote.txnValidUntil, iso(START + HOLD_MS), 'the default hold of 600 s');

  const late = await c.buyQuote();
  clock.advance(HOLD_MS - 1);
  const inTime = await c.post('/txnbuy/cryptoaddress', { refId: quote.refId, cryptoAddress: BTC_ADDRESS });
  t.equal(inTime.status, 200, 'the last millisecond of the hold still counts');
  clock.advance(1);
  const over = await c.post('/txnbuy/cryptoaddress', { refId: late.refId, cryptoAddress: BTC_ADDRESS });
  t.equal(over.status, 409);
  t.equal(errorOf(over).code, 'QUOTE.EXPIRED', 'at txnValidUntil the hold is over');

  const requoted = await c.post('/txnbuy/requote', { refId: late.refId });
  t.equal(requoted.body.txnDate, iso(START + HOLD_MS), 'a requote is dated now');
  t.equal(requoted.body.txnValidUntil, iso(START + 2 * HOLD_MS));
  clock.advance(HOLD_MS);
  t.equal(
    errorOf(await c.post('/txnbuy/confirmednewquote', { refId: late.refId })).code,
    'QUOTE.EXPIRED',
    'a requote not confirmed in time is over too',
  );
});

t.test('quoteTtlS is measured on the clock', async (t) => {
  const clock = testClock({ start: START });
  const c = await sandboxFor(t, { clock: clock.now, quoteTtlS: 30 });
  const quote = await c.sellQuote();
  t.equal(quote.txnValidUntil, iso(START + 30_000));
  clock.advance(30_000);
  t.equal(errorOf(await c.post('/txnsell/buyerinfo', { refId: quote.refId, ...BUYER })).code, 'QUOTE.EXPIRED');
});

t.test('a transaction is forgotten 24 h after its last use', async (t) => {
  const clock = testClock({ start: START });
  const c = await sandboxFor(t, { clock: clock.now });
  const { refId } = await c.buyQuote();
  clock.advance(DAY_MS - 1);
  t.equal((await c.get(`/txnbuy/flowstate/${refId}`)).status, 200, 'still there just before 24 h');
  clock.advance(DAY_MS - 1);
  t.equal((await c.get(`/txnbuy/status/${refId}`)).status, 200, 'each use starts the 24 h again');
  clock.advance(DAY_MS);
  const gone = await c.get(`/txnbuy/flowstate/${refId}`);
  t.equal(gone.status, 404);
  t.equal(errorOf(gone).code, 'TRANSACTION.NOTFOUND');
});

t.test('an Idempotency-Key is replayed for 24 h after its first use, then runs again', async (t) => {
  const clock = testClock({ start: START });
  const c = await sandboxFor(t, { clock: clock.now });
  const key = { 'idempotency-key': 'quote-1' };
  const first = await c.post('/txnbuy/quoterequest', BUY_QUOTE, key);
  clock.advance(DAY_MS - 1);
  const replay = await c.post('/txnbuy/quoterequest', BUY_QUOTE, key);
  t.equal(replay.headers.get('idempotent-replayed'), 'true');
  t.equal(replay.body.refId, first.body.refId, 'the stored answer');
  clock.advance(1);
  const again = await c.post('/txnbuy/quoterequest', BUY_QUOTE, key);
  t.equal(again.headers.get('idempotent-replayed'), null, 'replays do not extend the key');
  t.not(again.body.refId, first.body.refId, 'a new quote');
  t.equal(again.body.txnDate, iso(START + DAY_MS));
});

t.test('received forms are dated by the clock', async (t) => {
  const clock = testClock({ start: START });
  const c = await sandboxFor(t, { clock: clock.now });
  t.equal((await c.post('/thirdparty/forms/notice', { mobileNumber: '+16045550123' })).status, 204);
  clock.advance(90_000);
  t.equal((await c.post('/thirdparty/ualog', { refId: 'R1', width: 1280, height: 800 })).status, 204);
  const { received } = (await c.get('/thirdparty/forms/received')).body as { received: { form: string; receivedAt: string }[] };
  t.strictSame(
    received.map((r) => [r.form, r.receivedAt]),
    [
      ['notice', iso(START)],
      ['ualog', iso(START + 90_000)],
    ],
  );
});
