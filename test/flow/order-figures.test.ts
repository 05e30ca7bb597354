// An upstream whose figures do not add up (a fee said to be included while the whole amount
// was converted): the quote shows them as the upstream gave them, makes up no converted
// amount, never answers 5xx, and the edge logs one contract warning for the order, however
// often it is shown. Figures that add up show their working and log nothing.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import { startStack } from '../helpers/stack.ts';

const HOST = 'test.localhost';
const REF_ID = 'SBXFIGURESDONOTADDUP01';

/** test.localhost charges 2.99 for an e-Transfer buy: 97.01 / 95,000 = 0.00102116 adds up. */
let cryptoAmount = 0.00105263;
const upstream = createServer((request, response) => {
  const known = request.url === `/txnbuy/flowstate/${REF_ID}`;
  response.writeHead(known ? 200 : 404, { 'content-type': 'application/json' });
  response.end(
    JSON.stringify(
      known
        ? {
            refId: REF_ID,
            fiatAmount: 100,
            fiatCurrency: 'CAD',
            cryptoAmount,
            cryptoCurrency: 'BTC',
            forexRatePublic: 95_000,
            paymentMethod: 'ETRANSFER',
            txnType: 'BUY',
            txnStatus: 'PENDING',
            txnValidUntil: '2099-01-01T00:00:00Z',
            nextAction: 'INPUT_CRYPTOADDRESS',
            nextActionParams: {},
          }
        : { error: { code: 'TRANSACTION.NOTFOUND', msg: 'Not found.' } },
    ),
  );
});
await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
t.teardown(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

const stack = await startStack({
  listen: false,
  upstreamUrl: () => `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
});
t.teardown(() => stack.close());

const flow = {
  refId: REF_ID,
  kind: 'BUY',
  txnType: 'BUY',
  method: 'ETRANSFER',
  fiatCurrency: 'CAD',
  cryptoCurrency: 'BTC',
  merchant: 'test',
  at: '/price-quote',
};
const cookie = `flow=${encodeURIComponent(stack.app.signCookie(Buffer.from(JSON.stringify(flow)).toString('base64url')))}`;
const quote = () => stack.app.inject({ url: '/price-quote', headers: { host: HOST, cookie } });
const warnings = () => stack.logs.filter((l) => l.msg === 'order figures do not add up: shown as given');

t.test('figures that do not add up: shown as given, one warning', async (t) => {
  const first = await quote();
  t.equal(first.statusCode, 200);
  t.match(first.body, '<dt>Fee (included)</dt><dd>$2.99 CAD</dd>');
  t.match(first.body, '<dt>You receive</dt><dd class="quote-amount">0.00105263 BTC</dd>', "the upstream's figure");
  t.notMatch(first.body, 'Converted at the rate', 'no converted amount made up to fit');
  await quote();
  t.equal(warnings().length, 1, 'logged once for the order');
  t.match(warnings()[0], {
    level: 40,
    contract: { source: 'upstream', paymentMethod: 'ETRANSFER', feeIn: 'included' },
    figures: { fiatAmount: 100, cryptoAmount: 0.00105263, rate: 95_000, fee: 2.99 },
  });
});

t.test('figures that add up: the working, and nothing logged', async (t) => {
  cryptoAmount = 0.00102116;
  const before = warnings().length;
  const page = await quote();
  t.match(page.body, '<dt>Converted at the rate</dt><dd>$97.01 CAD</dd>');
  t.match(page.body, '<dt>You receive</dt><dd class="quote-amount">0.00102116 BTC</dd>');
  t.equal(warnings().length, before);
});
