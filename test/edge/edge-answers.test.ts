// Every answer is the edge's, over real sockets: what the framework and Node's parser refuse
// (a route parameter over its length, a malformed URL, headers over the limit, a smuggled
// request, garbage, no Host), an asset that does not exist, a visitor's refused form,
// robots.txt and the probes, and a listener in front of Fastify that throws. Each in the
// edge's JSON or page shape with its security headers, a policy that runs no script, a
// request id, a log line and the request metric; never the framework's code nor the path.
import { connect } from 'node:net';
import t, { type Test } from 'tap';
import { MAPLE, quoteForm, upstreamCalls } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ env: { RATE_LIMITS: 'quote=2/60' } });
t.teardown(() => stack.close());

interface Exchange {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything the server wrote before it closed (or the test stopped listening). */
  raw: string;
  closed: boolean;
}

/** Writes `text` on a connection of its own and reads until the server closes it or `waitMs` passes. */
function exchange(text: string | Buffer, waitMs = 3_000): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const socket = connect(stack.port, '127.0.0.1', () => socket.write(text));
    let raw = '';
    let closed = false;
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const [head = '', ...rest] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), raw, closed });
    };
    const timer = setTimeout(done, waitMs);
    socket.on('data', (d) => (raw += d.toString('latin1')));
    socket.on('close', () => {
      closed = true;
      done();
    });
    socket.on('error', reject);
  });
}

const get = (path: string, headers: Record<string, string> = {}) =>
  exchange(
    `GET ${path} HTTP/1.1\r\nHost: ${MAPLE}\r\nConnection: close\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
  );

/** The edge's marks on an answer: its security headers, a policy that runs nothing, a request id. */
function edgeShaped(t: Test, answer: Exchange, what: string) {
  t.equal(answer.headers['x-content-type-options'], 'nosniff', `${what}: the security headers`);
  t.equal(answer.headers['x-frame-options'], 'SAMEORIGIN', `${what}: framing refused`);
  t.match(answer.headers['content-security-policy'], /script-src 'none'/, `${what}: a policy that runs no script`);
  t.match(answer.headers['content-security-policy'], /frame-ancestors 'none'/);
  t.match(answer.headers['x-request-id'], /^[0-9a-f-]{36}$/, `${what}: a request id`);
  t.equal(answer.headers['cache-control'], 'no-store', `${what}: never kept`);
  t.notMatch(answer.raw, /FST_|Fastify|"statusCode"|"message"|\n\s+at /, `${what}: nothing of the framework`);
}

/** The log lines of one request, by its id. */
const linesOf = (reqId: string) => stack.logs.filter((l) => l.reqId === reqId);

async function requestMetric(route: string, status: string): Promise<number> {
  const text = await stack.app.metrics.registry.getSingleMetricAsString('edge_http_request_duration_seconds');
  const line = text
    .split('\n')
    .find(
      (l) =>
        l.startsWith('edge_http_request_duration_seconds_count{') &&
        l.includes(`route="${route}"`) &&
        l.includes(`status="${status}"`),
    );
  return Number(line?.split(' ').at(-1) ?? 0);
}

t.test('a route parameter over its length: a page of the merchant saying not found, nothing echoed', async (t) => {
  const path = `/verify-idenfy/${'B'.repeat(210)}%3Cscript%3Ealert(1)%3C%2Fscript%3E`;
  const before = await requestMetric('unmatched', '4xx');
  const page = await get(path, { Accept: 'text/html' });
  t.equal(page.status, 404);
  edgeShaped(t, page, 'the page');
  t.match(page.headers['content-type'], /text\/html/);
  t.match(page.body, /<title>Sorry \| Maple Coin<\/title>/, "in the merchant's brand");
  t.match(page.body, /<a href="\/">Back to the start<\/a>/, 'with a way back');
  t.notMatch(page.raw, /BBBBBBBB|<script>alert|alert\(1\)/, 'the path is not echoed');
  const lines = linesOf(page.headers['x-request-id']!);
  t.match(
    lines,
    [
      { code: 'REQUEST.NOT_FOUND', status: 404, msg: 'request refused' },
      { msg: 'request', status: 404 },
    ],
    'logged',
  );
  t.equal(await requestMetric('unmatched', '4xx'), before + 1, 'counted');

  const json = await get(path, { Accept: 'application/json' });
  t.equal(json.status, 404);
  edgeShaped(t, json, 'the JSON');
  t.same(JSON.parse(json.body), { error: { code: 'REQUEST.NOT_FOUND', msg: 'Not found.' } });
});

t.test('a malformed URL: 400 in the shape asked for', async (t) => {
  const json = await get('/state/%E0%A4%A', { Accept: 'application/json' });
  t.equal(json.status, 400);
  edgeShaped(t, json, 'the JSON');
  t.same(JSON.parse(json.body), { error: { code: 'REQUEST.INVALID', msg: 'The request could not be understood.' } });
  const page = await get('/state/%E0%A4%A');
  t.equal(page.status, 400);
  t.match(page.body, /Maple Coin/, 'a page for anyone else');
});

t.test("headers over Node's limit: 431 in the edge's shape, then the connection is closed", async (t) => {
  const answer = await exchange(
    `GET / HTTP/1.1\r\nHost: ${MAPLE}\r\nAccept: text/html\r\nCookie: ${'a=b; '.repeat(5_000)}\r\n\r\n`,
  );
  t.equal(answer.status, 431);
  edgeShaped(t, answer, '431');
  t.match(answer.headers['content-type'], /text\/html/, 'a page: the request said it takes one');
  t.match(answer.body, /The request headers are too large\./);
  t.equal(answer.headers.connection, 'close');
  t.ok(answer.closed, 'closed');
  t.match(linesOf(answer.headers['x-request-id']!), [
    { code: 'REQUEST.HEADERS_TOO_LARGE', status: 431, reason: 'HPE_HEADER_OVERFLOW' },
    { msg: 'request', status: 431 },
  ]);
  t.ok((await requestMetric('unparsed', '4xx')) >= 1, 'counted');
});

t.test(
  'request smuggling: both Content-Length and Transfer-Encoding is refused, and nothing hidden in it is served',
  async (t) => {
    const before = upstreamCalls(stack, '/quoterequest');
    const body = new URLSearchParams(quoteForm()).toString();
    const hidden = `GET /healthz HTTP/1.1\r\nHost: ${MAPLE}\r\n\r\n`;
    const answer = await exchange(
      `POST / HTTP/1.1\r\nHost: ${MAPLE}\r\nOrigin: http://${MAPLE}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\nAccept: application/json\r\n\r\n` +
        `0\r\n\r\n${hidden}`,
    );
    t.equal(answer.status, 400);
    edgeShaped(t, answer, 'the refusal');
    t.same(JSON.parse(answer.body), { error: { code: 'REQUEST.INVALID', msg: 'The request could not be understood.' } });
    t.ok(answer.closed, 'the connection is closed');
    t.equal(answer.raw.match(/HTTP\/1\.1 /g)?.length, 1, 'one answer: the request hidden after it is never read');
    t.equal(upstreamCalls(stack, '/quoterequest'), before, 'nothing went upstream');

    const garbage = await exchange('HELLO THERE\r\n\r\n');
    t.equal(garbage.status, 400, 'garbage too');
    edgeShaped(t, garbage, 'garbage');
  },
);

t.test("an asset that does not exist: the merchant's not-found page, with a policy", async (t) => {
  const answer = await get('/assets/js/nope.js', { Accept: 'text/html' });
  t.equal(answer.status, 404);
  edgeShaped(t, answer, 'the 404');
  t.match(answer.body, /Maple Coin/);
  t.match(linesOf(answer.headers['x-request-id']!), [
    { code: 'REQUEST.NOT_FOUND' },
    { msg: 'request', path: '/assets/js/nope.js' },
  ]);
});

/** A browser's form post: it accepts anything, HTML first. */
function formPost(body: string, headers: Record<string, string>) {
  const all = {
    Host: MAPLE,
    Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
    'Content-Type': 'application/x-www-form-urlencoded',
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
    ...headers,
  };
  const head = Object.entries(all)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  return exchange(`POST / HTTP/1.1\r\n${head}\r\n${body}`);
}

t.test("a visitor's refused form is a page in the merchant's brand with a way back", async (t) => {
  const quote = new URLSearchParams(quoteForm()).toString();
  const crossSite = await formPost(quote, { Origin: 'http://evil.test' });
  t.equal(crossSite.status, 403, 'cross-site: 403');
  t.match(crossSite.headers['content-type'], /text\/html/, 'a page, not JSON');
  t.match(crossSite.body, /<title>Sorry \| Maple Coin<\/title>/);
  t.match(crossSite.body, /This form must be sent from the checkout page itself\./);
  t.match(crossSite.body, /<a href="\/">Back to the start<\/a>/);
  const noAccept = await formPost(quote, { Origin: 'http://evil.test', Accept: '' });
  t.match(noAccept.headers['content-type'], /text\/html/, 'a page even when the client names nothing');

  const tooLarge = await formPost(`fiatAmount=${'1'.repeat(2 * 1024 * 1024)}`, { Origin: `http://${MAPLE}` });
  t.equal(tooLarge.status, 413, 'too large: 413');
  // Refused at its headers, in front of the app: the edge's own page, in the visitor's language.
  t.match(tooLarge.body, /<title>Sorry<\/title>/);
  t.match(tooLarge.body, /What you sent is too large\./);

  const unsupported = await formPost('{}', { Origin: `http://${MAPLE}`, 'Content-Type': 'text/csv' });
  t.equal(unsupported.status, 415, 'another content type: 415');
  t.match(unsupported.body, /Maple Coin/);
  t.match(unsupported.body, /This kind of content is not accepted\./);

  for (let i = 0; i < 2; i++) await formPost(quote, { Origin: `http://${MAPLE}` });
  const limited = await formPost(quote, { Origin: `http://${MAPLE}` });
  t.equal(limited.status, 429, 'too many: 429');
  t.match(limited.body, /Maple Coin/);
  t.match(limited.body, /Too many attempts from your connection/);

  const api = await exchange(
    `POST /api/txnbuy/requote HTTP/1.1\r\nHost: ${MAPLE}\r\nOrigin: http://evil.test\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
  );
  t.equal(api.status, 403);
  t.same(JSON.parse(api.body).error.code, 'REQUEST.CROSS_SITE', '/api keeps the JSON shape');
});

t.test("a request without Host: the edge's 400, not Node's bare one", async (t) => {
  const answer = await exchange('GET / HTTP/1.1\r\nAccept: text/html\r\nConnection: close\r\n\r\n');
  t.equal(answer.status, 400);
  edgeShaped(t, answer, 'no Host');
  t.match(answer.body, /<!DOCTYPE html>/, "the edge's page");
  const json = await exchange('GET /api/pubapi/ticker/merchant HTTP/1.1\r\nConnection: close\r\n\r\n');
  t.equal(json.status, 400);
  t.equal(JSON.parse(json.body).error.code, 'HOST.INVALID');
});

t.test('robots.txt and the probes carry the security headers and a policy that runs nothing', async (t) => {
  for (const path of ['/robots.txt', '/healthz', '/readyz']) {
    const answer = await get(path);
    t.equal(answer.status, 200, path);
    t.equal(answer.headers['x-content-type-options'], 'nosniff', `${path}: the security headers`);
    t.match(answer.headers['content-security-policy'], /script-src 'none'/, `${path}: a policy that runs no script`);
  }
});

t.test('redirects built from the request URL name only a path, whatever the request line says', async (t) => {
  const cases: [string, string][] = [
    ['http://evil.example/?lang=fr-CA', '/'],
    ['https://evil.example/terms-of-service?lang=fr-CA&x=1', '/terms-of-service?x=1'],
    ['http://evil.example?lang=fr-CA', '/'],
  ];
  for (const [target, location] of cases) {
    const answer = await exchange(`GET ${target} HTTP/1.1\r\nHost: ${MAPLE}\r\nConnection: close\r\n\r\n`);
    t.equal(answer.status, 303, target);
    t.equal(answer.headers.location, location, `${target}: the path and query only`);
  }
  for (const target of ['//evil.example/?lang=fr-CA', '/\\evil.example/?lang=fr-CA']) {
    const answer = await exchange(`GET ${target} HTTP/1.1\r\nHost: ${MAPLE}\r\nConnection: close\r\n\r\n`);
    t.notMatch(answer.headers.location ?? '', /^(?:[a-z]+:)?[/\\]{2}/i, `${target}: never another host (${answer.status})`);
  }
});

t.test(
  "a listener in front of Fastify that throws: the edge's 500, an error line with its id, and serving goes on",
  async (t) => {
    const fastPath = stack.app.sharedPagesFastPath as unknown as { take: unknown };
    // The listener fails on the home page only, and leaves everything else to Fastify.
    fastPath.take = (request: { url: string }, response: { setHeader(name: string, value: string): void }) => {
      if (request.url !== '/') return false;
      response.setHeader('x-half-done', 'yes');
      throw new Error('a bug in front of the app');
    };
    t.teardown(() => void delete fastPath.take);
    const failed = await get('/', { Accept: 'text/html' });
    t.equal(failed.status, 500);
    t.notOk(failed.headers['x-half-done'], 'nothing the listener set goes out with it');
    edgeShaped(t, failed, 'the 500');
    t.match(failed.body, /<!DOCTYPE html>/);
    t.notMatch(failed.body, /a bug in front/, 'nothing of the error reaches the visitor');
    t.match(linesOf(failed.headers['x-request-id']!), [
      { level: 50, err: { message: 'a bug in front of the app' } },
      { msg: 'request', status: 500 },
    ]);
    const api = await get('/api/pubapi/ticker/merchant?x=1');
    t.equal(api.status, 200, 'what the listener leaves to Fastify is still answered');
    const inFlight = await stack.app.metrics.registry.getSingleMetricAsString('edge_requests_in_flight');
    t.match(inFlight, /^edge_requests_in_flight 0$/m, 'admission counted the failed request out');
    delete fastPath.take;
    t.equal((await get('/')).status, 200, 'and so is the page once the listener is mended');
  },
);
