// Pages rendered once for everyone, answered in front of Fastify (server/front/cached-page-listener.ts):
// the same bytes and headers as the full request path, for exactly the requests that show
// nothing of their visitor, with their metrics and their log line; everything else meets
// the full path unchanged. The full path is reached with app.inject (Fastify's own
// handler), the fast path over a socket (the server's request listener).

import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { createElement } from 'react';
import t from 'tap';
import { TICKER_CACHE_MS } from '../../checkout/limits.ts';
import { publishedPage, publishSharedPage } from '../../server/render/published-pages.ts';
import { sharedPage } from '../../server/render/shared-pages.tsx';
import type { Merchant } from '../../server/tenancy/load.ts';
import { testClock } from '../fixtures/clock.ts';
import { MAPLE } from '../helpers/journey.ts';
import { measuredUnderPressure } from '../helpers/pressure.ts';
import { type Stack, startStack } from '../helpers/stack.ts';
import { shippedDir } from '../tenancy/fixtures.ts';

const ROO = 'roo.localhost';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function overSocket(stack: Stack, path: string, headers: OutgoingHttpHeaders, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: stack.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function fullPath(
  stack: Stack,
  url: string,
  headers: Record<string, string>,
  method: 'GET' | 'HEAD' = 'GET',
): Promise<Answer> {
  const res = await stack.app.inject({ method, url, headers });
  return { status: res.statusCode, headers: res.headers as Answer['headers'], body: res.rawPayload };
}

/** What differs between any two answers: the request's id, and what the socket adds. */
function comparable(headers: Answer['headers']): Record<string, unknown> {
  const { date: _d, 'x-request-id': _id, connection: _c, 'keep-alive': _k, ...rest } = headers;
  return rest;
}

/** Answers over the socket, and how many of them the fast path gave. */
async function fast(stack: Stack, path: string, headers: OutgoingHttpHeaders, method = 'GET') {
  const before = stack.app.sharedPagesFastPath.answered;
  const answer = await overSocket(stack, path, headers, method);
  return { answer, taken: stack.app.sharedPagesFastPath.answered - before };
}

function merchantOf(stack: Stack, host: string): Merchant {
  const found = stack.app.merchants.resolve(host);
  if (found.kind !== 'known') throw new Error(`${host} is a demo merchant`);
  return found.merchant;
}

t.test('the same bytes and headers as the full path, for every shared page and encoding', async (t) => {
  const clock = testClock();
  const stack = await startStack({ clock: clock.now });
  t.teardown(() => stack.close());
  for (const host of [ROO, MAPLE]) {
    for (const url of ['/', '/?type=SELL', '/terms-of-service']) {
      const name = `${host}${url}`;
      const first = await fast(stack, url, { host });
      t.equal(first.taken, 0, `${name}: the first request renders it on the full path`);
      t.equal(first.answer.status, 200, name);
      for (const encoding of ['', 'br', 'gzip']) {
        const asked = { host, 'accept-encoding': encoding };
        const full = await fullPath(stack, url, asked);
        const { answer, taken } = await fast(stack, url, asked);
        t.equal(taken, 1, `${name} ${encoding || 'plain'}: taken`);
        t.equal(answer.status, 200);
        t.ok(answer.body.equals(full.body), `${name} ${encoding || 'plain'}: the same bytes`);
        t.strictSame(comparable(answer.headers), comparable(full.headers), `${name} ${encoding || 'plain'}: the same headers`);
        t.match(answer.headers['x-request-id'], /^[0-9a-f-]{36}$/, 'its own request id');
      }
      const etag = String(first.answer.headers.etag);
      const fullNotModified = await fullPath(stack, url, { host, 'if-none-match': etag });
      const notModified = await fast(stack, url, { host, 'if-none-match': etag });
      t.equal(notModified.taken, 1);
      t.equal(notModified.answer.status, 304, `${name}: 304 for the ETag held`);
      t.equal(notModified.answer.body.length, 0);
      t.strictSame(comparable(notModified.answer.headers), comparable(fullNotModified.headers), `${name}: the 304's headers`);

      const fullHead = await fullPath(stack, url, { host, 'accept-encoding': 'br' }, 'HEAD');
      const head = await fast(stack, url, { host, 'accept-encoding': 'br' }, 'HEAD');
      t.equal(head.taken, 1);
      t.equal(head.answer.body.length, 0, `${name}: HEAD has no body`);
      t.strictSame(comparable(head.answer.headers), comparable(fullHead.headers), `${name}: HEAD's headers are the full path's`);
      const get = await fullPath(stack, url, { host, 'accept-encoding': 'br' });
      t.strictSame(comparable(head.answer.headers), comparable(get.headers), `${name}: and GET's`);
    }
  }
});

t.test('a page with the ticker is shared while its prices hold, then rendered anew', async (t) => {
  const clock = testClock();
  const stack = await startStack({ clock: clock.now });
  t.teardown(() => stack.close());
  t.equal((await fast(stack, '/', { host: MAPLE })).taken, 0);
  t.equal((await fast(stack, '/', { host: MAPLE })).taken, 1, 'within the ticker cache');
  clock.advance(TICKER_CACHE_MS);
  const later = await fast(stack, '/', { host: MAPLE });
  t.equal(later.taken, 0, 'prices that may have moved: the full path asks the upstream again');
  t.equal(later.answer.status, 200);
  t.equal((await fast(stack, '/', { host: MAPLE })).taken, 1, 'and shares the page again');
});

t.test('requests that are not for everyone meet the full path', async (t) => {
  const lifecycle = { draining: false };
  const stack = await startStack({ lifecycle, env: { UNKNOWN_HOSTS: 'reject' } });
  t.teardown(() => stack.close());
  await overSocket(stack, '/', { host: ROO });
  t.equal((await fast(stack, '/', { host: ROO })).taken, 1, 'the page is shared');

  const cases: [string, string, OutgoingHttpHeaders, string?][] = [
    ['a visitor in a flow (http)', '/', { host: ROO, cookie: 'theme=dark; flow=anything' }],
    ['a visitor in a flow (https)', '/', { host: ROO, cookie: '__Host-flow=anything' }],
    ['a refused form on its way back (http)', '/', { host: ROO, cookie: 'refused=anything' }],
    ['a refused form on its way back (https)', '/', { host: ROO, cookie: 'theme=dark; __Host-refused=anything' }],
    ['a look-up by reference', '/?refId=abc', { host: ROO }],
    ['a query the page might read', '/?type=SELL&promo=1', { host: ROO }],
    ['a form', '/', { host: ROO }, 'POST'],
    ['an unknown host (rejected)', '/', { host: 'nobody.example' }],
    ['a malformed host', '/', { host: 'a b' }],
    ['another page', '/transaction-success', { host: ROO }],
  ];
  for (const [name, url, headers, method] of cases) {
    const { answer, taken } = await fast(stack, url, headers, method);
    t.equal(taken, 0, `${name}: not taken (${answer.status})`);
  }
  t.equal((await fast(stack, '/', { host: 'nobody.example' })).answer.status, 404, 'the unknown host is refused as before');
  t.equal((await fast(stack, '/', { host: 'a b' })).answer.status, 400, 'the malformed host too');
  t.equal(
    (await fast(stack, '/', { host: ROO, cookie: 'theme=dark' })).taken,
    1,
    "another site's cookie does not make a visitor",
  );

  lifecycle.draining = true;
  const draining = await fast(stack, '/', { host: ROO });
  t.equal(draining.taken, 0, 'draining: not taken');
  t.equal(draining.answer.status, 503, 'the full path refuses it');
  lifecycle.draining = false;
});

t.test('a refused home form is shown by the full path over the socket, once, and never published', async (t) => {
  const stack = await startStack();
  t.teardown(() => stack.close());
  await overSocket(stack, '/', { host: ROO });
  const refused = await new Promise<{ status: number; location?: string; cookie: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: stack.port,
        path: '/',
        method: 'POST',
        headers: { host: ROO, origin: `http://${ROO}`, 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        res.resume();
        const cookie = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refused='))?.split(';')[0] ?? '';
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location, cookie }));
      },
    );
    req.on('error', reject);
    req.end('txnType=BUY&fiatCurrency=AUD&cryptoCurrency=BTC&paymentMethod=BANKTRANSFER&fiatAmount=zq-typed-81');
  });
  t.equal(refused.status, 303);
  t.equal(refused.location, '/');
  const { answer, taken } = await fast(stack, '/', { host: ROO, cookie: refused.cookie });
  t.equal(taken, 0, 'the GET that shows the refusal meets the full path');
  t.match(answer.body.toString(), 'value="zq-typed-81"', 'what was typed');
  t.match(answer.body.toString(), 'Value must be a number.');
  const next = await fast(stack, '/', { host: ROO });
  t.equal(next.taken, 1, 'the next visitor gets the shared page');
  t.notMatch(next.answer.body.toString(), 'zq-typed-81', 'which holds nothing of it');
});

t.test('shedding under pressure wins over a page already shared', async (t) => {
  const stack = await startStack({ env: { SHED_HEAP_USED_MB: '1' } });
  t.teardown(() => stack.close());
  const merchant = merchantOf(stack, ROO);
  const context = { assets: stack.app.assetManifest, appVersion: 'test', language: 'en' } as const;
  const page = sharedPage(merchant, 'home:', () => createElement('html'), context);
  publishSharedPage(merchant, { method: 'GET', url: '/', headers: {} } as never, page, {}, Infinity);
  t.ok(publishedPage(merchant, 'en', '/', 0), 'published');
  await measuredUnderPressure(stack.app);
  const { answer, taken } = await fast(stack, '/', { host: ROO });
  t.equal(taken, 0);
  t.equal(answer.status, 503);
  t.equal(answer.headers['retry-after'], '5');
});

t.test('a merchant reloaded: the bytes served are its new ones', async (t) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'merchants-'));
  await cp(shippedDir, dir, { recursive: true });
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const stack = await startStack({ env: { MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off' } });
  t.teardown(() => stack.close());
  await overSocket(stack, '/', { host: ROO });
  const before = await fast(stack, '/', { host: ROO });
  t.equal(before.taken, 1);
  const file = path.join(dir, 'roo/merchant.json');
  const notice = 'Reloaded: parcels leave from the new depot.';
  await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), psa: notice }, null, 2));
  const outcome = await stack.app.reloadMerchants();
  t.ok(outcome.ok, 'reloaded');
  t.notOk(publishedPage(merchantOf(stack, ROO), 'en', '/', 0), 'nothing published for the merchant loaded anew');
  const after = await fast(stack, '/', { host: ROO });
  t.equal(after.taken, 0, 'rendered anew on the full path');
  t.match(after.answer.body.toString(), notice);
  const shared = await fast(stack, '/', { host: ROO });
  t.equal(shared.taken, 1, 'then shared');
  t.ok(shared.answer.body.equals(after.answer.body), 'its new bytes');
  t.not(shared.answer.headers.etag, before.answer.headers.etag);
});

t.test('each request answered in front of Fastify is counted and logged as the full path does', async (t) => {
  const stack = await startStack();
  t.teardown(() => stack.close());
  await overSocket(stack, '/privacy-policy', { host: ROO });
  const count = async () => {
    const metric = await stack.app.metrics.registry.getSingleMetricAsString('edge_http_request_duration_seconds');
    const line = metric
      .split('\n')
      .find(
        (l) =>
          l.startsWith('edge_http_request_duration_seconds_count{') &&
          l.includes('merchant="roo"') &&
          l.includes('route="/privacy-policy"') &&
          l.includes('method="GET"') &&
          l.includes('status="2xx"'),
      );
    return Number(line?.split(' ').at(-1) ?? 0);
  };
  // The full path counts a request once its answer is sent, maybe after the client read it:
  // in the hook after the one that logs the request, in the same turn.
  await stack.logged((l) => l.msg === 'request');
  await nextTurn();
  t.equal(await count(), 1, 'the full path counted its request');
  stack.logs.length = 0;
  const { answer, taken } = await fast(stack, '/privacy-policy', { host: ROO });
  t.equal(taken, 1);
  t.equal(await count(), 2, 'the fast path counts its request with the same labels');
  const lines = stack.logs.filter((l) => l.msg === 'request');
  t.equal(lines.length, 1, 'one log line');
  t.match(lines[0], {
    reqId: answer.headers['x-request-id'],
    merchant: 'roo',
    method: 'GET',
    path: '/privacy-policy',
    status: 200,
    ms: Number,
  });
  stack.logs.length = 0;
  await overSocket(stack, '/privacy-policy', { host: ROO, cookie: 'flow=x' });
  const full = stack.logs.filter((l) => l.msg === 'request');
  t.strictSame(Object.keys(full[0] ?? {}).sort(), Object.keys(lines[0]!).sort(), 'the same fields as a line of the full path');
});

t.test("pipelined requests for a shared page stay within the connection's bound", async (t) => {
  const stack = await startStack({ env: { MAX_PIPELINED_REQUESTS: '4' } });
  t.teardown(() => stack.close());
  await overSocket(stack, '/', { host: ROO });
  const before = stack.app.sharedPagesFastPath.answered;
  const socket = connect(stack.port, '127.0.0.1');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
  const closed = new Promise((resolve) => socket.on('close', resolve));
  socket.write(`GET / HTTP/1.1\r\nHost: ${ROO}\r\n\r\n`.repeat(10));
  await closed;
  const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  t.same(statuses.slice(0, 4), [200, 200, 200, 200], 'the first four are served');
  t.equal(statuses[4], 503, 'the fifth is refused');
  t.ok(statuses.length < 10, `the connection closed after it (${statuses.length} answers)`);
  t.equal(stack.app.sharedPagesFastPath.answered - before, 4, 'the four answered in front of Fastify');
});
