// Two behaviours of the next-screen rule the spec states: a card order verified by code goes
// to the card quote (the provider's quote for the order, with the Reference ID), and a
// nextAction the rule does not know causes no navigation: the visitor stays on the page
// they submitted, which says the order could not continue, and it is logged.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { driveTo, quoteForm } from '../helpers/journey.ts';
import { neverShedForDelay } from '../helpers/pressure.ts';
import { startStack } from '../helpers/stack.ts';

const { FAILURE_TEXT } = DEFAULT_TEXTS;

t.test('a card order verified by code goes to the card quote step, never back to the code', async (t) => {
  const stack = await startStack({ listen: false });
  t.teardown(() => stack.close());
  const visitor = await driveTo(stack, '/credit-card-quote', { method: 'CREDITCARD' });
  const page = await visitor.get('/credit-card-quote');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'Your card quote');
  t.notMatch(page.body, 'This step isn&#x27;t available online yet');
  t.notMatch(page.body, 'not allowed now', 'no upstream text meant for developers');
});

t.test('an unknown nextAction: no navigation, the page says the order could not continue, logged', async (t) => {
  // An upstream that answers a quote with a step this checkout does not know.
  const upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          refId: 'NEWSTEP1',
          fiatAmount: 100,
          fiatCurrency: 'CAD',
          cryptoAmount: 0.001,
          cryptoCurrency: 'BTC',
          paymentMethod: 'ETRANSFER',
          txnType: 'BUY',
          txnStatus: 'PENDING',
          nextAction: 'INPUT_HOLOGRAM',
        }),
      );
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise((resolve) => upstream.close(resolve)));
  const logs: Record<string, unknown>[] = [];
  const logger = pino(
    { level: 'info' },
    { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) },
  );
  const app = await buildApp({
    config: neverShedForDelay(parseConfig({ SESSION_SECRET: 'x'.repeat(32) })),
    upstreamUrl: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
    logger,
  });
  t.teardown(() => app.close());

  const res = await app.inject({
    method: 'POST',
    url: '/',
    headers: { host: 'maple.localhost', origin: 'http://maple.localhost', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(quoteForm({ amount: 123 })).toString(),
  });
  t.equal(res.statusCode, 303, 'no navigation: back to the form');
  t.equal(res.headers.location, '/');
  const cookie = res.cookies.find((c) => c.name === 'refused');
  const page = await app.inject({ url: '/', headers: { host: 'maple.localhost', cookie: `refused=${cookie?.value}` } });
  t.match(page.body, FAILURE_TEXT.cannotContinue);
  t.match(page.body, 'value="123"', 'the page they submitted, as they typed it');
  const logged = logs.find((l) => l.msg === 'next action not followed');
  t.match(logged, { reason: 'unknown nextAction INPUT_HOLOGRAM' }, 'logged, with the action');
});
