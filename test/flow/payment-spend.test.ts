// Screen 17 for a sell over real sockets: the deposit address once the status is
// PROCESSED (the sandbox answers PENDING on the first status call, PROCESSED from the
// second) with its wallet link and the QR code of it drawn by the edge (decoded here), the
// confirm question and the thanks page.
// A page asked for before PROCESSED streams: the server checks again while it is open
// (its waits recorded here, not slept) and sends the address or the received-order
// message into the same response.
import { once } from 'node:events';
import http from 'node:http';
import type { Socket } from 'node:net';
import { setImmediate as tick } from 'node:timers/promises';
import t, { type Test } from 'tap';
import type { StatusResponse } from '../../checkout/contract.ts';
import { STATUS_POLL } from '../../checkout/limits.ts';
import { isAddressOnNetwork } from '../../checkout/validation/crypto-address.ts';
import type { UpstreamResult } from '../../server/upstream/errors.ts';
import { driveTo, orderLinkOf, resume, Visitor } from '../helpers/journey.ts';
import { walletLinkOf } from '../helpers/qr.ts';
import { type Stack, startStack } from '../helpers/stack.ts';

/** Every wait the edge asked for, in ms; each ends at once. */
const waits: number[] = [];
const stack = await startStack({
  listen: false,
  wait: async (ms) => {
    waits.push(ms);
  },
});
t.teardown(() => stack.close());

const HOST = 'maple.localhost';
const PAGE = '/payment-spend';

/** A maple ETRANSFEROUT sell of 0.0015 BTC walked to `until`, with its deposit address once there is one. */
async function sell(until: 'INPUT_EMTEMAIL' | 'CUSTOMER_PAYMENT' = 'CUSTOMER_PAYMENT') {
  const seller = await driveTo(stack, until === 'INPUT_EMTEMAIL' ? '/email-input' : PAGE, { kind: 'SELL', amount: 0.0015 });
  return { refId: seller.refId(), address: (await seller.state()).nextActionParams?.cryptoAddress ?? '' };
}

const get = (url: string, cookie?: string) =>
  stack.app.inject({ method: 'GET', url, headers: { host: HOST, ...(cookie ? { cookie } : {}) } });

/** The edge's status calls answered by `answer` (given the call's number from 0); returns how many it saw. */
function fakeStatus(t: Test, on: Stack, answer: (call: number) => UpstreamResult<StatusResponse>) {
  const realForRequest = on.app.upstream.forRequest;
  let calls = 0;
  on.app.upstream.forRequest = (context) => ({
    ...realForRequest(context),
    status: async () => answer(calls++),
  });
  t.teardown(() => {
    on.app.upstream.forRequest = realForRequest;
  });
  return () => calls;
}

/** The upstream's status answers, one per call (the last repeats). */
function statusAnswers(
  t: Test,
  answers: StatusResponse['txnStatus'][],
  address = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  on = stack,
) {
  return fakeStatus(t, on, (call) => {
    const txnStatus = answers[Math.min(call, answers.length - 1)]!;
    return {
      ok: true,
      value: {
        txnStatus,
        cryptoAddress: txnStatus === 'PROCESSED' ? address : null,
        cryptoCurrency: 'BTC',
        cryptoAmount: 0.0015,
      },
    };
  });
}

/** The shell of a streamed page (up to React's first inline script) and what streamed in after it. */
function streamedParts(body: string) {
  const cut = body.indexOf('<div hidden id="S:0">');
  return { shell: cut < 0 ? body : body.slice(0, cut), streamed: cut < 0 ? '' : body.slice(cut) };
}

const WAITING =
  '<noscript><!--$?--><template id="B:0"></template><p class="wallet-status" role="status">Waiting for the deposit address…</p><!--/$--></noscript>';
const RECEIVED = 'We have received your order. We will send your payout as soon as your crypto arrives.';
const CHECK_AGAIN = /<a class="button secondary" href="\/payment-spend">Check again<\/a>/;

t.test('no flow: home; a sell still at the e-transfer email: that step', async (t) => {
  const none = await get(PAGE);
  t.equal(none.statusCode, 302);
  t.equal(none.headers.location, '/');

  const { refId } = await sell('INPUT_EMTEMAIL');
  const { cookie } = await resume(stack, refId);
  const early = await get(PAGE, cookie);
  t.equal(early.statusCode, 303);
  t.equal(early.headers.location, '/email-input');
  const thanks = await get('/payment-spend-success', cookie);
  t.equal(thanks.headers.location, '/email-input', 'the thanks page is not reachable before the payment step');
});

/** The address as the deposit page shows it: in a box to copy. */
const shownAddress = (address: string) =>
  `<dd class="crypto-address wallet-address"><span class="copy-value"><span class="copy-value-text">${address}</span>`;

/** The wallet link goes where its QR code reads, and both are `uri`. */
function assertWalletLink(t: Test, html: string, uri: string) {
  const { href, decoded } = walletLinkOf(html);
  t.equal(href, uri, 'Open in wallet: the wallet link');
  t.equal(decoded, uri, 'the QR code reads the same link');
}

t.test('PENDING, then PROCESSED, the wallet link and its QR code, the confirm question and the thanks page', async (t) => {
  const { refId, address } = await sell();
  t.ok(address, 'the sandbox gave a deposit address');
  const { response, cookie } = await resume(stack, refId);
  t.equal(response.headers.location, PAGE, 'CUSTOMER_PAYMENT on a sell goes to /payment-spend');

  // First status call: PENDING. The page streams: the island for browsers with JavaScript,
  // for the others a status in the card; the server asks again 2 s later (PROCESSED) and
  // streams the card with the address into the same response.
  waits.length = 0;
  const pending = await get(PAGE, cookie);
  t.equal(pending.statusCode, 200);
  t.equal(pending.headers['content-length'], undefined, 'streamed, not one buffer');
  const { shell, streamed } = streamedParts(pending.body);
  t.match(shell, 'data-island="WalletStatus"');
  t.match(shell, '<div class="wallet-status" role="status" hidden=""></div>', 'the island shows nothing until it runs');
  t.match(shell, `"statusUrl":"/api/txnsell/status/${refId}"`);
  t.match(shell, WAITING, 'without JavaScript: waiting for the address, as a status');
  t.match(
    shell,
    /<script nonce="[^"]+">import\("\/assets\/js\/boot-[^"]+\.js"\)<\/script><noscript>/,
    'the islands start while the page is still open',
  );
  t.notMatch(shell, address, 'no address before PROCESSED');
  const deal =
    '<h1>Send your crypto</h1><p class="deposit-deal">You get $142.50 CAD by Interac e-Transfer to your payout email, sent within 1 hour of your crypto arriving.</p>';
  t.match(shell, deal, 'what the crypto buys and by when, under the title');
  t.match(
    shell,
    /<p class="deposit-deadline">Send your crypto by \d\d:\d\d E[SD]T, while the rate is held\.<\/p>/,
    'until when the deposit is due',
  );
  t.match(
    shell,
    `<dl class="order-summary deposit-reference"><dt>Reference ID</dt><dd class="reference-id">${refId}</dd></dl>`,
    'the reference to quote to support',
  );
  t.notMatch(pending.body, 'ada@example.com', 'without the payout email itself');
  t.same(waits, [STATUS_POLL.intervalMs], 'one wait of 2 s, then the second check found it');
  t.match(
    streamed,
    '<section class="card payment" aria-label="Deposit address"><h1>Send your crypto</h1>',
    'a card of its own, in a landmark',
  );
  t.match(streamed, deal, 'the streamed card says it too');
  t.match(streamed, shownAddress(address));
  t.match(streamed, 'Send exactly <strong>0.00150000 BTC</strong> to this address:');
  assertWalletLink(t, streamed, `bitcoin:${address}?amount=0.00150000`);
  t.notMatch(streamed, 'data-island', 'nothing in it needs JavaScript');
  t.notMatch(pending.body, 'http-equiv', 'no timed refresh');

  // Known when the page is asked for: on the page at once, in one buffer.
  waits.length = 0;
  const processed = await get(PAGE, cookie);
  t.equal(processed.statusCode, 200);
  t.ok(Number(processed.headers['content-length']) > 0, 'one buffer with its length');
  t.notMatch(processed.body, '<!--$', 'no Suspense boundary');
  t.notMatch(processed.body, '<noscript>');
  t.same(waits, [], 'no waiting');
  t.match(processed.body, shownAddress(address));
  t.match(processed.body, 'Send exactly <strong>0.00150000 BTC</strong> to this address:');
  t.match(processed.body, deal, 'and once the address is there');
  assertWalletLink(t, processed.body, `bitcoin:${address}?amount=0.00150000`);
  t.match(
    processed.body,
    /<dt>Amount \(BTC\)<\/dt><dd class="wallet-amount"><span class="copy-value"><span class="copy-value-text">0\.00150000<\/span>/,
    'the amount in a box to copy, as wallets take it',
  );
  t.equal(
    processed.body.replace(/<aside class="card order-link"[\s\S]*?<\/aside>/, '').match(/data-island="CopyButton"/g)?.length,
    2,
    'a copy button for the amount, one for the address (beside the order link’s)',
  );
  t.notMatch(processed.body, 'data-island="WalletStatus"', 'no polling once PROCESSED');
  t.notMatch(processed.body, 'Have you sent your crypto', 'the question waits for the visitor');

  const upstreamQr = await get(`/api/pubapi/qrcode/walletaddress/${refId}`, cookie);
  t.equal(upstreamQr.statusCode, 404, "the upstream's QR image is no longer passed on");

  const confirm = await get(`${PAGE}?confirm=1`, cookie);
  t.match(confirm.body, '<p id="confirm-sent">Have you sent your crypto to our provided address?</p>');
  t.match(confirm.body, /<a class="button" href="\/payment-spend-success"[^>]*>Yes<\/a>/);
  t.match(confirm.body, /<a class="button secondary" href="\/payment-spend">No<\/a>/);

  const thanks = await get('/payment-spend-success', cookie);
  t.equal(thanks.statusCode, 200);
  t.match(thanks.body, 'Thank you!');
  t.match(thanks.body, 'We will send your payout as soon as your crypto arrives.');
  t.match(
    thanks.body,
    /<dt>Order placed<\/dt><dd><time dateTime="[^"]+">\w+ \d{1,2}, \d{4} at \d\d:\d\d E[SD]T<\/time>/,
    'dated',
  );
  t.match(thanks.body, '<span class="money-amount">0.00150000</span> <span class="money-code">BTC</span>');
  t.match(
    thanks.body,
    '<span class="money-amount">$142.50</span> <span class="money-code">CAD</span>',
    'the amount with its currency',
  );
  t.notMatch(thanks.body, 'ada@example.com', 'no personal data');

  const done = await new Visitor(stack, HOST, cookie).post('/done');
  t.equal(done.statusCode, 303);
  t.equal(done.headers.location, `${stack.sandbox.siteUrl}/shop/maple/thanks?name=Maple+Coin`, 'to the success URL');
});

t.test('the thanks page without a flow thanks nobody: it has no order to speak of', async (t) => {
  const page = await get('/payment-spend-success');
  t.equal(page.statusCode, 200);
  t.match(page.body, 'No order to show here');
  t.notMatch(page.body, 'We will send your payout as soon as your crypto arrives.');
});

t.test('the upstream has the address only at the last check: it streams in after two waits', async (t) => {
  const { refId } = await sell();
  const { cookie } = await resume(stack, refId);
  const calls = statusAnswers(t, ['PENDING', 'PENDING', 'PROCESSED']);
  waits.length = 0;
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 200);
  t.equal(calls(), 1 + STATUS_POLL.retries, 'the first check and 2 more');
  t.same(waits, [STATUS_POLL.intervalMs, STATUS_POLL.intervalMs], '2 s before each');
  const { shell, streamed } = streamedParts(page.body);
  t.match(shell, WAITING);
  t.notMatch(shell, 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4');
  t.match(streamed, shownAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'));
  t.notMatch(streamed, RECEIVED);
});

t.test('the checks run out: the received-order message and Check again stream in', async (t) => {
  const { refId, address } = await sell();
  const { cookie } = await resume(stack, refId);
  const calls = statusAnswers(t, ['PENDING']);
  waits.length = 0;
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 200);
  t.equal(calls(), 1 + STATUS_POLL.retries, "no check past the spec's 2 more");
  t.same(waits, [STATUS_POLL.intervalMs, STATUS_POLL.intervalMs]);
  const { shell, streamed } = streamedParts(page.body);
  t.match(shell, WAITING);
  t.match(streamed, `<div class="wallet-status" role="status"><p>${RECEIVED}</p>`);
  t.match(streamed, CHECK_AGAIN, 'the way to check again');
  t.notMatch(page.body, address);
  t.notMatch(page.body, 'wallet-address');
});

t.test('failing status checks keep the page usable: the checks run out as for PENDING', async (t) => {
  const { refId, address } = await sell();
  const { cookie } = await resume(stack, refId);
  const calls = fakeStatus(t, stack, () => ({ ok: false, failure: { kind: 'unavailable', status: 503, reason: 'status-503' } }));
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 200);
  t.equal(calls(), 1 + STATUS_POLL.retries);
  t.match(page.body, 'data-island="WalletStatus"', 'with JavaScript, the island carries on checking');
  t.match(streamedParts(page.body).streamed, CHECK_AGAIN);
  t.notMatch(page.body, address);
});

t.test('hostile confirm values do not open the question and are never echoed', async (t) => {
  const { refId } = await sell();
  const { cookie } = await resume(stack, refId);
  await get(PAGE, cookie); // PENDING
  for (const query of ['confirm=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'confirm=%D9%A1', `confirm=${'1'.repeat(100_000)}`]) {
    const page = await get(`${PAGE}?${query}`, cookie);
    t.equal(page.statusCode, 200);
    t.notMatch(page.body, 'Have you sent your crypto');
    t.notMatch(page.body, '<script>alert');
  }
});

t.test("another visitor's page: a forged cookie sends home, a cookie of another merchant is none", async (t) => {
  const { refId } = await sell();
  const { cookie } = await resume(stack, refId);
  const forged = await get(
    PAGE,
    cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
  );
  t.equal(forged.statusCode, 302);
  t.equal(forged.headers.location, '/');
  const onRoo = await stack.app.inject({ method: 'GET', url: PAGE, headers: { host: 'roo.localhost', cookie } });
  t.equal(onRoo.statusCode, 302);
  t.equal(onRoo.headers.location, '/');
});

t.test('a visitor who leaves while the page streams: no further check', async (t) => {
  const held: (() => void)[] = [];
  let waiting = () => {};
  const firstWait = new Promise<void>((resolve) => (waiting = resolve));
  const live = await startStack({
    wait: () =>
      new Promise<void>((resolve) => {
        held.push(resolve);
        waiting();
      }),
  });
  t.teardown(() => live.close());
  const seller = await driveTo(live, PAGE, { kind: 'SELL', amount: 0.0015 });
  const { cookie } = await resume(live, seller.refId());
  const calls = statusAnswers(t, ['PENDING'], undefined, live);
  const sockets: Socket[] = [];
  live.app.server.on('connection', (socket: Socket) => sockets.push(socket));
  const request = http.get({ host: '127.0.0.1', port: live.port, path: PAGE, headers: { host: HOST, cookie } });
  const [response] = (await once(request, 'response')) as [http.IncomingMessage];
  const [shell] = (await once(response, 'data')) as [Buffer];
  t.match(shell.toString(), 'Waiting for the deposit address…', 'the shell arrived');
  await firstWait;
  request.destroy();
  await Promise.all(sockets.map((socket) => (socket.destroyed ? undefined : once(socket, 'close'))));
  for (let i = 0; i < 5; i++) await tick();
  for (const resolve of held.splice(0)) resolve();
  for (let i = 0; i < 20; i++) await tick();
  t.equal(calls(), 1, 'only the check made before the visitor left');
  t.same(held, [], 'and no further wait');
});

t.test('a dev host: the deposit address and its QR code are on the test network', async (t) => {
  const seller = await driveTo(stack, PAGE, { host: 'dev.localhost', kind: 'SELL', amount: 0.0015 });
  const address = (await seller.state()).nextActionParams?.cryptoAddress ?? '';
  t.ok(isAddressOnNetwork('BTC', address, 'testnet'), `${address} is a testnet address`);
  t.notOk(isAddressOnNetwork('BTC', address, 'prod'), 'and no mainnet one');
  statusAnswers(t, ['PROCESSED'], address);
  const page = await seller.get(PAGE);
  t.equal(page.statusCode, 200);
  t.match(page.body, shownAddress(address));
  assertWalletLink(t, page.body, `bitcoin:${address}?amount=0.00150000`);
});

/** What each coin's wallet link must be, written out here rather than asked of the rule itself. */
function expectedWalletLink(coin: string, address: string, prod: boolean): RegExp | string {
  switch (coin) {
    case 'BTC':
      return `bitcoin:${address}?amount=0.00150000`;
    case 'LTC':
      return `litecoin:${address}?amount=0.50000000`;
    case 'LTCT':
      return `litecoin:${address}?amount=1.00000000`;
    case 'BCH':
      return new RegExp(`^${prod ? 'bitcoincash' : 'bchtest'}:q[02-9ac-hj-np-z]{41}\\?amount=0\\.10000000$`);
    case 'ETH':
      return `ethereum:${address}@${prod ? 1 : 11155111}?value=50000000000000000`;
    default:
      throw new Error(`no wallet link written out for ${coin}`);
  }
}

t.test(
  "every coin the demo merchants sell, on a production and a TEST host: the QR code reads the wallet link, in the coin's own form",
  async (t) => {
    const amounts: Record<string, number> = { BTC: 0.0015, BCH: 0.1, LTC: 0.5, ETH: 0.05, LTCT: 1 };
    for (const host of ['maple.localhost', 'test.localhost']) {
      const merchant = stack.app.merchants.resolve(host);
      if (merchant.kind !== 'known') throw new Error(`${host} is a demo host`);
      const { env, supportedCoins } = merchant.merchant.config;
      const prod = env === 'PROD';
      for (const { id: coin } of supportedCoins) {
        const seller = await driveTo(stack, PAGE, { host, kind: 'SELL', coin, amount: amounts[coin] });
        const address = (await seller.state()).nextActionParams?.cryptoAddress ?? '';
        await seller.get(PAGE); // PENDING first: this one streams the address in
        const page = await seller.get(PAGE);
        const { href, decoded } = walletLinkOf(page.body);
        const want = expectedWalletLink(coin, address, prod);
        if (typeof want === 'string') t.equal(href, want, `${host} ${coin}: the link`);
        else t.match(href, want, `${host} ${coin}: the link`);
        t.equal(decoded, href, `${host} ${coin}: the QR code reads it`);
        if (coin === 'BCH') {
          const cashaddr = href!.split('?')[0]!;
          t.ok(isAddressOnNetwork('BCH', cashaddr, prod ? 'prod' : 'testnet'), `${cashaddr}: a cashaddr of its network`);
          t.match(page.body, shownAddress(cashaddr), `${host} BCH: the address shown and copied is the link's`);
          t.notMatch(page.body, address, `${host} BCH: the upstream's legacy form appears nowhere`);
          const order = await seller.get(await orderLinkOf(seller, PAGE));
          t.match(order.body, `>${cashaddr}<`, `${host} BCH: the order page shows the same string`);
          t.notMatch(order.body, address, `${host} BCH: and not the legacy form`);
        } else {
          t.match(page.body, shownAddress(address), `${host} ${coin}: the address as it came`);
        }
      }
    }
  },
);

t.test('a deposit address on the wrong network: never shown, the visitor told not to send, an error logged', async (t) => {
  const { refId } = await sell();
  const { cookie } = await resume(stack, refId);
  const testnet = 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn';
  const realForRequest = stack.app.upstream.forRequest;
  stack.app.upstream.forRequest = (context) => {
    const real = realForRequest(context);
    return {
      ...real,
      flowState: async (...args) => {
        const state = await real.flowState(...args);
        return state.ok
          ? { ok: true, value: { ...state.value, cryptoAddress: testnet, nextActionParams: { cryptoAddress: testnet } } }
          : state;
      },
    };
  };
  t.teardown(() => {
    stack.app.upstream.forRequest = realForRequest;
  });
  const calls = fakeStatus(t, stack, () => ({
    ok: true,
    value: { txnStatus: 'PROCESSED', cryptoAddress: testnet, cryptoCurrency: 'BTC', cryptoAmount: 0.0015 },
  }));
  const logged = stack.logs.length;
  const page = await get(PAGE, cookie);
  t.equal(page.statusCode, 200);
  t.notMatch(page.body, testnet, 'the address is not on the page');
  t.notMatch(page.body, 'wallet-qr', 'nor a QR code');
  t.notMatch(page.body, 'bitcoin:', 'nor a wallet link');
  t.notMatch(page.body, 'data-island="WalletStatus"', 'and nothing waits for it');
  t.match(page.body, 'Do not send any crypto for this order; please contact support with its Reference ID.');
  t.match(page.body, `<dd class="reference-id">${refId}</dd>`);
  t.notMatch(page.body, 'while the rate is held', 'no deadline to send by');
  t.equal(calls(), 0, 'no status check for an address that will not be shown');
  t.ok(
    stack.logs.slice(logged).some((l) => l.level === 50 && l.msg === 'deposit address not on the merchant network; not shown'),
    'logged as an error',
  );
});
