// The edge over app.inject(): hosts, security, limits, assets, legal pages, operations.

import { connect } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import t from 'tap';
import { DEFAULT_TEXTS } from '../../checkout/messages.ts';
import { startStack, upstreamCallLines } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());
const { app } = stack;

const form = (host: string, body: string, origin = `http://${host}`) => ({
  method: 'POST' as const,
  url: '/',
  headers: { host, origin, 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
  payload: body,
});
async function listenOnce() {
  const s = await startStack();
  return { port: s.port, close: () => s.close() };
}

function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(text));
    let data = '';
    socket.on('data', (d) => (data += d.toString()));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

const upstreamCalls = () => upstreamCallLines(stack.logs).length;

/** The home form refused as a browser sees it: the 303, then the page its refusal cookie shows. */
async function refusedHome(host: string, body: string) {
  const post = await app.inject(form(host, body));
  const refusal = post.cookies.find((c) => c.name === 'refused');
  if (post.statusCode !== 303 || !refusal) return { post, page: post };
  const page = await app.inject({ url: '/', headers: { host, accept: 'text/html', cookie: `refused=${refusal.value}` } });
  return { post, page };
}

t.test('Host header: bad ones are 400, look-alikes never get a brand', async (t) => {
  for (const host of ['a'.repeat(256), 'maple.localhost\r\nx: y', 'maple localhost', 'user@maple.localhost']) {
    const res = await app.inject({ url: '/', headers: { host } });
    t.equal(res.statusCode, 400, JSON.stringify(host.slice(0, 40)));
    t.notMatch(res.body, /Maple/);
  }
  const lookAlike = await app.inject({ url: '/', headers: { host: 'maple.localhost.evil.test' } });
  t.equal(lookAlike.statusCode, 200);
  t.notMatch(lookAlike.body, /Maple Coin/, 'not the maple brand');
  t.match(lookAlike.body, /<title>[^<]*Checkout DEV/, 'the fallback dev merchant');
  // No Host at all needs a raw HTTP/1.0 request (inject and HTTP/1.1 always carry one).
  const { port, close } = await listenOnce();
  t.teardown(close);
  const raw = await rawRequest(port, 'GET / HTTP/1.0\r\n\r\n');
  t.match(raw, /^HTTP\/1\.[01] 400/, 'missing Host: 400');
  const upper = await app.inject({ url: '/', headers: { host: 'MAPLE.localhost.:3000' } });
  t.match(upper.body, /Maple Coin/, 'case, port and trailing dot are normalised');
});

t.test('UNKNOWN_HOSTS=reject answers 404 for unknown hosts', async (t) => {
  const strict = await startStack({ listen: false, env: { UNKNOWN_HOSTS: 'reject' } });
  t.teardown(() => strict.close());
  const res = await strict.app.inject({ url: '/', headers: { host: 'maple.localhost.evil.test' } });
  t.equal(res.statusCode, 404);
  t.notMatch(res.body, /Maple|Checkout DEV/);
  const known = await strict.app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  t.equal(known.statusCode, 200);
  const health = await strict.app.inject({ url: '/healthz', headers: { host: '10.0.0.1:3000' } });
  t.equal(health.statusCode, 200, 'probes work whatever the host');
});

t.test('a POST from another origin is refused with no side effect', async (t) => {
  const before = upstreamCalls();
  const body = 'txnType=BUY&fiatAmount=100&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER';
  for (const headers of [
    { origin: 'http://evil.test' },
    { origin: 'null' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'same-site' },
  ]) {
    const { origin: _sameOrigin, ...base } = form('maple.localhost', body).headers;
    const res = await app.inject({ ...form('maple.localhost', body), headers: { ...base, ...headers } });
    t.equal(res.statusCode, 403, JSON.stringify(headers));
    t.equal(res.headers['set-cookie'], undefined);
  }
  t.equal(upstreamCalls(), before, 'nothing was sent upstream');
  const ok = await app.inject(form('maple.localhost', body));
  t.equal(ok.statusCode, 303, 'the same request from the page itself goes through');
  t.equal(ok.headers.location, '/price-quote');
});

t.test('form body over the limit: 413', async (t) => {
  const res = await app.inject(form('maple.localhost', `fiatAmount=${'a'.repeat(2 * 1024 * 1024)}`));
  t.equal(res.statusCode, 413);
  t.notMatch(res.body, /\n\s+at |Error:|node_modules/, 'no stack trace');
});

t.test('hostile amounts: a 303 to the page that shows the spec message and what was typed', async (t) => {
  const cases: [string, string][] = [
    ['abc', 'Value must be a number.'],
    ['-5', 'Amount must be greater than zero.'],
    ['１００', 'Value must be a number.'],
    ['٣٠٠', 'Value must be a number.'],
    ['5', 'Amount must be greater than $20.'],
    ['5000', 'Amount must be less than $3,000.'],
  ];
  const before = upstreamCalls();
  const body = (amount: string) =>
    `txnType=BUY&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER&fiatAmount=${encodeURIComponent(amount)}`;
  for (const [typed, message] of cases) {
    const { post, page } = await refusedHome('maple.localhost', body(typed));
    t.equal(post.statusCode, 303, typed);
    t.equal(post.headers.location, '/');
    t.equal(page.statusCode, 200);
    t.ok(page.body.includes(message), `shows "${message}"`);
    t.ok(page.body.includes(`value="${typed}"`), 'keeps what was typed');
  }
  const { page } = await refusedHome('maple.localhost', body('abc'));
  const cleared = page.cookies.find((c) => c.name === 'refused');
  t.equal(cleared?.value, '', 'the page clears the refusal as it shows it');
  const reload = await app.inject({ url: '/', headers: { host: 'maple.localhost', accept: 'text/html' } });
  t.notOk(reload.body.includes('Value must be a number.'), 'a reload shows it no more');
  // A pasted essay: never decoded nor shown back, the field named too long, the rest kept.
  const essay = 'a'.repeat(1_000_000);
  const { post: long, page: essayPage } = await refusedHome('maple.localhost', body(essay));
  t.equal(long.statusCode, 303, 'a pasted essay is answered as any refusal');
  t.ok(essayPage.body.includes(DEFAULT_TEXTS.ERROR_TEXT.fieldTooLong), 'the field is too long');
  t.notOk(essayPage.body.includes('a'.repeat(5000)), 'the essay is not shown back');
  const { page: script } = await refusedHome('maple.localhost', 'txnType=BUY&fiatAmount=%3Cscript%3Ealert(1)%3C%2Fscript%3E');
  t.equal(script.statusCode, 200);
  t.match(script.body, '&lt;script&gt;alert', 'typed HTML shown back');
  t.notMatch(script.body, /<script>alert/, 'typed HTML is escaped');
  t.equal(upstreamCalls(), before, 'nothing rejected reached the upstream');
});

t.test('security headers on a page rendered for one visitor: a fresh nonce', async (t) => {
  // A refused amount: the home page with what this visitor typed, rendered for them.
  const post = async () =>
    (
      await refusedHome(
        'maple.localhost',
        'txnType=BUY&fiatAmount=abc&fiatCurrency=CAD&cryptoCurrency=BTC&paymentMethod=ETRANSFER',
      )
    ).page;
  const res = await post();
  t.equal(res.statusCode, 200);
  t.match(res.body, 'Value must be a number.');
  const csp = String(res.headers['content-security-policy']);
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  t.ok(nonce, 'a nonce');
  t.match(csp, /script-src 'nonce-[^']+' 'strict-dynamic'/);
  for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) t.match(csp, d);
  t.match(
    csp,
    `frame-src 'self' ${new URL(stack.sandbox.thirdParty.cardWidgetUrl).origin}`,
    'the configured card widget may be framed',
  );
  t.match(res.body, new RegExp(`<script type="module" src="/assets/js/boot-[^"]+" nonce="${nonce!.replace(/[+/=]/g, '\\$&')}"`));
  const again = await post();
  t.not(/'nonce-([^']+)'/.exec(String(again.headers['content-security-policy']))?.[1], nonce, 'fresh nonce per request');
  t.equal(res.headers['x-content-type-options'], 'nosniff');
  t.equal(res.headers['cache-control'], 'no-store');
});

t.test('a page that shows nothing of the visitor: the same bytes for everyone, its own scripts, no nonce', async (t) => {
  // The test merchant shows no ticker, so its home page with an untouched form is the same for everyone.
  const res = await app.inject({ url: '/', headers: { host: 'test.localhost' } });
  t.equal(res.statusCode, 200);
  const csp = String(res.headers['content-security-policy']);
  t.match(csp, /^script-src 'self';/, "the checkout's own script files, nothing inline");
  t.notMatch(csp, /nonce|unsafe-inline/);
  for (const d of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "style-src 'self'"]) t.match(csp, d);
  t.match(res.body, /<script type="module" src="\/assets\/js\/boot-[^"]+"><\/script>/, 'the boot script, without a nonce');
  t.notMatch(res.body, /nonce=/);
  t.equal(res.headers['content-length'], String(res.rawPayload.length));
  t.equal(res.headers['cache-control'], 'no-cache', 'kept, but checked again with its ETag');
  const etag = String(res.headers.etag);
  t.match(etag, /^"[A-Za-z0-9_-]{27}"$/);
  const again = await app.inject({ url: '/', headers: { host: 'test.localhost', 'if-none-match': etag } });
  t.equal(again.statusCode, 304);
  t.equal(again.body, '');
  const br = await app.inject({ url: '/', headers: { host: 'test.localhost', 'accept-encoding': 'br' } });
  t.equal(brotliDecompressSync(br.rawPayload).toString(), res.body, 'br is the same page');
  const gz = await app.inject({ url: '/', headers: { host: 'test.localhost', 'accept-encoding': 'gzip' } });
  t.equal(gunzipSync(gz.rawPayload).toString(), res.body, 'gzip is the same page');
  const other = await app.inject({ url: '/', headers: { host: 'manila.localhost' } });
  t.not(other.headers.etag, etag, 'each merchant its own page');
  const sell = await app.inject({ url: '/?type=SELL', headers: { host: 'test.localhost' } });
  t.not(sell.headers.etag, etag, 'each tab its own page');
  t.equal(res.headers['x-content-type-options'], 'nosniff');
});

t.test('responses without markup run no script at all', async (t) => {
  const redirect = await app.inject({ url: '/no-such-page', headers: { host: 'maple.localhost' } });
  t.equal(redirect.statusCode, 302);
  t.match(String(redirect.headers['content-security-policy']), /^script-src 'none';/);
  const refused = await app.inject({
    method: 'POST',
    url: '/',
    headers: { host: 'maple.localhost', origin: 'https://evil.example', accept: 'application/json' },
  });
  t.equal(refused.statusCode, 403);
  t.match(String(refused.headers['content-security-policy']), /^script-src 'none';/);
});

t.test('assets: hashed, immutable, compressed, never across merchants', async (t) => {
  const home = await app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  const style = /href="(\/assets\/m\/maple\/style\.[0-9a-f]{12}\.css)"/.exec(home.body)?.[1];
  t.ok(style, 'maple style sheet has a hashed URL');
  const own = await app.inject({ url: style!, headers: { host: 'maple.localhost', 'accept-encoding': 'br, gzip' } });
  t.equal(own.statusCode, 200);
  t.match(own.headers['cache-control'], /immutable/);
  const other = await app.inject({ url: style!, headers: { host: 'roo.localhost' } });
  t.equal(other.statusCode, 404, "another merchant's host cannot serve it");
  const boot = app.assetManifest.boot;
  const js = await app.inject({ url: boot, headers: { host: 'roo.localhost', 'accept-encoding': 'gzip' } });
  t.equal(js.headers['content-encoding'], 'gzip');
  const cached = await app.inject({ url: boot, headers: { host: 'roo.localhost', 'if-none-match': String(js.headers.etag) } });
  t.equal(cached.statusCode, 304);
  const missing = await app.inject({ url: '/assets/js/nope.js', headers: { host: 'roo.localhost' } });
  t.equal(missing.statusCode, 404);

  const plain = await app.inject({ url: boot, headers: { host: 'roo.localhost' } });
  const br = await app.inject({ url: boot, headers: { host: 'roo.localhost', 'accept-encoding': 'br' } });
  t.equal(br.headers['content-encoding'], 'br');
  t.same(brotliDecompressSync(br.rawPayload), plain.rawPayload, "the build's brotli copy is of the same file");
  t.same(gunzipSync(js.rawPayload), plain.rawPayload, 'and its gzip copy');
  t.equal(
    (await app.inject({ url: `${boot}.br`, headers: { host: 'roo.localhost' } })).statusCode,
    404,
    'the copies have no URL of their own',
  );
});

t.test('legal pages', async (t) => {
  const maple = await app.inject({ url: '/privacy-policy', headers: { host: 'maple.localhost' } });
  t.equal(maple.statusCode, 200);
  t.notMatch(maple.body, /<script/, 'a legal page ships no JavaScript');
  const brand = await app.inject({ url: '/terms-of-service', headers: { host: 'checkout.localhost' } });
  t.equal(brand.statusCode, 302);
  t.equal(
    brand.headers.location,
    `${stack.sandbox.siteUrl}/shop/checkout/terms-of-service?name=Checkout`,
    'main brand redirects to its site',
  );
  const none = await app.inject({ url: '/refund-policy', headers: { host: 'dev.localhost' } });
  t.equal(none.statusCode, 302);
  t.equal(none.headers.location, '/', 'no such page: home');
});

t.test('any other route redirects to /', async (t) => {
  for (const url of ['/nope', '/price-quote/../../etc/passwd', '/%2e%2e/x']) {
    const res = await app.inject({ url, headers: { host: 'maple.localhost' } });
    t.equal(res.statusCode, 302, url);
    t.equal(res.headers.location, '/');
  }
});

t.test('home page: the page and its island', async (t) => {
  const res = await app.inject({ url: '/', headers: { host: 'roo.localhost' } });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /text\/html/);
  t.match(res.body, /^<!DOCTYPE html>/);
  t.match(res.body, /data-island="AmountForm"/);
  t.match(res.body, /TEST · v/, 'environment and version label outside PROD');
  const maple = await app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  t.notMatch(maple.body, /env-label/, 'no label in PROD');
});

t.test('health, readiness and one log line per request', async (t) => {
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
  t.equal((await app.inject({ url: '/readyz' })).statusCode, 200);
  const line = stack.logs.find((l) => l.msg === 'request' && l.path === '/readyz');
  t.ok(line, 'a request log line');
  await app.inject({ url: '/', headers: { host: 'roo.localhost' } });
  const page = stack.logs.findLast((l) => l.msg === 'request' && l.path === '/');
  t.match(page, { merchant: 'roo', status: 200, reqId: String }, 'with the merchant and the request id');
  t.notOk(JSON.stringify(stack.logs).includes('fiatAmount=abc'), 'no request bodies in logs');
});

t.test('draining: new requests get 503, health stays up, readiness goes down', async (t) => {
  const lifecycle = { draining: false };
  const s = await startStack({ listen: false, lifecycle });
  t.teardown(() => s.close());
  t.equal((await s.app.inject({ url: '/', headers: { host: 'maple.localhost' } })).statusCode, 200);
  lifecycle.draining = true;
  const res = await s.app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  t.equal(res.statusCode, 503);
  t.equal(res.headers.connection, 'close');
  t.equal((await s.app.inject({ url: '/readyz' })).statusCode, 503);
  t.equal((await s.app.inject({ url: '/healthz' })).statusCode, 200);
});

t.test('pages are compressed when the browser accepts it', async (t) => {
  const br = await app.inject({ url: '/', headers: { host: 'maple.localhost', 'accept-encoding': 'gzip, br' } });
  t.equal(br.headers['content-encoding'], 'br');
  t.match(brotliDecompressSync(br.rawPayload).toString(), /<!DOCTYPE html>.*Maple Coin/s);
  const gz = await app.inject({ url: '/', headers: { host: 'maple.localhost', 'accept-encoding': 'gzip' } });
  t.equal(gz.headers['content-encoding'], 'gzip');
  t.match(gunzipSync(gz.rawPayload).toString(), /<\/html>$/);
  const plain = await app.inject({ url: '/', headers: { host: 'maple.localhost' } });
  t.equal(plain.headers['content-encoding'], undefined);
});

t.test('every screen the next-screen rule can name has a page', async (t) => {
  const { nextScreen } = await import('../../checkout/next-screen.ts');
  const { SHARED_NEXT_ACTIONS } = await import('../../checkout/domain.ts');
  const methods = app.methods;
  const actions = new Set([...SHARED_NEXT_ACTIONS, ...methods.list.flatMap((m) => Object.keys(m.next))]);
  const targets = new Set<string>(['/audio-input', '/audio-input-skip']);
  for (const nextAction of actions)
    for (const { name: paymentMethod } of methods.list)
      for (const fiatCurrency of ['CAD', 'AUD'])
        for (const from of ['/', '/price-quote'] as const) {
          const step = nextScreen(
            { nextAction, paymentMethod, fiatCurrency, txnType: 'BUY', nextActionParams: {} },
            from,
            methods,
          );
          if (step.kind === 'navigate') targets.add(step.path);
        }
  for (const path of targets) t.ok(app.hasRoute({ method: 'GET', url: path }), `GET ${path}`);
});

t.test('a route of the spec with no screen yet says so, with the Reference ID', async (t) => {
  const { ROUTE_LIST } = await import('../../checkout/routes.ts');
  const { SCREENS } = await import('../../server/screens/index.ts');
  const { stepsNotOnline } = await import('../../server/screens/steps-not-online.ts');
  for (const route of ROUTE_LIST) {
    const url = route.path.replace(/:[A-Za-z]+/g, 'x1');
    t.ok(
      app.hasRoute({ method: 'GET', url: route.path }) || app.hasRoute({ method: 'POST', url: route.path }),
      `${url} is answered`,
    );
  }
  const screens = [...SCREENS, ...app.methods.list.flatMap((m) => m.screens)];
  const notOnline = stepsNotOnline(screens).route as readonly { path: string }[];
  t.ok(
    notOnline.every((r) => !screens.some((s) => [s.route].flat().some((built) => built.path === r.path))),
    'only routes no screen builds',
  );
  const visitor = await (await import('../helpers/journey.ts')).startFlow(stack);
  for (const { path } of notOnline) {
    const page = await app.inject({
      url: path.replace(/:[A-Za-z]+/g, 'x1'),
      headers: { host: 'maple.localhost', cookie: visitor.cookie },
    });
    t.equal(page.statusCode, 200, path);
    t.match(page.body, "This step isn't available online yet".replace("'", '&#x27;'), path);
    t.match(page.body, visitor.refId(), `${path}: with the Reference ID`);
  }
});

t.test("a merchant's tag manager may send its beacons; other merchants allow none", async (t) => {
  const maple = String((await app.inject({ url: '/', headers: { host: 'maple.localhost' } })).headers['content-security-policy']);
  // maple is a production merchant: its quote page may also post the user-agent log.
  t.match(maple, /connect-src 'self' http:\/\/127\.0\.0\.1:\d+ https:\/\/www\.googletagmanager\.com/);
  const roo = String((await app.inject({ url: '/', headers: { host: 'roo.localhost' } })).headers['content-security-policy']);
  t.match(roo, /connect-src 'self';/);
  t.notMatch(roo, /google/);
});
