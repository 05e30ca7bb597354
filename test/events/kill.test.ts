// Nothing recorded is lost: the edge killed with `kill -9` while a delivery waits for its
// retry, then started again on the same EVENTS_DIR, delivers it. The process is the real
// one (server/main.ts), as ops run it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { request } from 'undici';
import { watchProcess } from '../helpers/process.ts';
import { merchantsWithHooks, startReceiver, testSecret } from '../helpers/receiver.ts';

const SECRET = testSecret('k');
const receiver = await startReceiver({ secret: SECRET });
receiver.answer = 503;
const merchants = merchantsWithHooks({ maple: [{ url: receiver.url, secretEnv: 'MAPLE_HOOKS' }] });
const events = mkdtempSync(join(tmpdir(), 'events-'));
t.teardown(async () => {
  await receiver.close();
  rmSync(merchants, { recursive: true, force: true });
  rmSync(events, { recursive: true, force: true });
});

function start() {
  const env = { ...process.env, LOG_LEVEL: 'warn', NODE_ENV: 'test', SHED_EVENT_LOOP_DELAY_MS: '600000' };
  return watchProcess(['--import=tsx', 'server/main.ts'], {
    env: { ...env, PORT: '0', MERCHANTS_DIR: merchants, EVENTS_DIR: events, MAPLE_HOOKS: SECRET, SESSION_SECRET: 's'.repeat(32) },
  });
}

t.test('kill -9 with a delivery waiting: delivered after the restart', async (t) => {
  const first = start();
  const port = Number((await first.printed(/maple\s+http:\/\/maple\.localhost:(\d+)\//))[1]);
  const headers = {
    host: 'maple.localhost',
    origin: 'http://maple.localhost',
    'content-type': 'application/x-www-form-urlencoded',
  };
  const quote = await request(`http://127.0.0.1:${port}/`, {
    method: 'POST',
    headers,
    body: 'txnType=BUY&fiatAmount=100&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER',
  });
  await quote.body.dump();
  const cookie = String(quote.headers['set-cookie']).split(';')[0]!;
  const next = await request(`http://127.0.0.1:${port}/price-quote`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: '',
  });
  await next.body.dump();
  t.equal(next.headers.location, '/address-input', 'the quote confirmed: order.created');
  // Its first attempt answered 503: it waits for its retry. Killed now, nothing runs its exit.
  await receiver.arrived(1);
  const id = receiver.received[0]!.id;
  first.child.kill('SIGKILL');
  t.equal(await first.exited, null, 'killed');
  t.ok(
    readdirSync(events).some((name) => name.startsWith('journal-')),
    'the journal stayed on disk',
  );

  receiver.answer = 204;
  const before = receiver.received.length;
  const second = start();
  await second.printed(/maple\s+http:\/\/maple\.localhost:\d+\//);
  // The retry comes when it was planned (about 5 s after the first attempt), from the new process.
  const after = () => receiver.received.slice(before).filter((r) => r.id === id && r.verified);
  while (!after().length) await receiver.arrived(receiver.received.length + 1);
  t.equal(after()[0]!.event.type, 'order.created', 'the same event (same webhook-id), delivered by the new process');
  second.child.kill('SIGTERM');
  await second.exited;
});
