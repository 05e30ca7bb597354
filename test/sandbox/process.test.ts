// Logging (one line per request with its id and merchant, never a body) and the
// standalone process of `npm run sandbox`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { Writable } from 'node:stream';
import pino from 'pino';
import t from 'tap';
import { BUYER, sandboxFor } from './helpers.ts';

t.test('logs: request id, merchant, path without query; no bodies', async (t) => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const c = await sandboxFor(t, { logger: pino(sink) });
  const quote = await c.buyQuote();
  await c.post(
    '/txnbuy/cryptoaddress',
    { refId: quote.refId, cryptoAddress: 'bc1qsecretaddress' },
    { 'x-request-id': 'req-42', 'x-merchant': 'maple' },
  );
  await c.post('/txnbuy/buyerinfo', { refId: quote.refId, ...BUYER });
  await c.get('/thirdparty/card/quote?key=secret-key&baseCurrency=usd&amount=100');

  t.ok(
    lines.some((l) => /kept in memory only/.test(String(l.msg))),
    'says once that transactions live in memory',
  );
  const line = lines.find((l) => l.reqId === 'req-42');
  t.match(line, { merchant: 'maple', method: 'POST', path: '/txnbuy/cryptoaddress', statusCode: 200, msg: 'sandbox request' });
  const all = JSON.stringify(lines);
  for (const secret of ['bc1qsecretaddress', 'Lovelace', 'ada@example.com', '5550123', 'secret-key']) {
    t.notOk(all.includes(secret), `never logs ${secret}`);
  }
});

t.test('npm run sandbox: prints its URL, serves, stops on SIGTERM', async (t) => {
  const child = spawn(process.execPath, ['--import=tsx', 'server/sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_QUOTE_TTL_S: '30' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  t.teardown(() => {
    if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /Sandbox upstream listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`exited early: ${output}`)));
  });
  const ticker = await fetch(`${url}/pubapi/ticker/merchant`);
  t.equal(ticker.status, 200);
  const exit = once(child, 'exit');
  child.kill('SIGTERM');
  const [code] = await exit;
  t.equal(code, 0, 'graceful exit');
});

t.test('npm run sandbox: a bad setting stops it with a message', async (t) => {
  const child = spawn(process.execPath, ['--import=tsx', 'server/sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_PORT: '0', SANDBOX_FAULTS: '504:2' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => (stderr += chunk));
  const [code] = await once(child, 'exit');
  t.equal(code, 1);
  t.match(stderr, /SANDBOX_FAULTS: probability of "504" must be between 0 and 1/);
});
