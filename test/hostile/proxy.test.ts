// A hostile upstream against the edge: what it answers through /api and to the pages'
// client must never reach a visitor as it came. The upstream here is a small node:http
// server in front of the sandbox: it passes every call through, except the ones a test
// takes over to answer as a broken or malicious exchange would.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import t from 'tap';
import { UPSTREAM_BODY_MAX_BYTES } from '../../checkout/limits.ts';
import { DEFAULT_TEXTS, textsFor } from '../../checkout/messages.ts';
import { BTC_ADDRESS, driveTo, MAPLE, startFlow, Visitor } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';
import { rawRequest } from '../upstream/helpers.ts';

const { FAILURE_TEXT, PAYMENT_REFUSED_TEXT } = DEFAULT_TEXTS;

/** Answers one upstream call instead of the sandbox; `passThrough` asks the sandbox. */
type Takeover = (
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  passThrough: () => Promise<{ status: number; json: unknown }>,
) => void;

/** By the pattern's source: taking a path over again replaces the earlier answer. */
const takeovers = new Map<string, Takeover>();
const takeOver = (pattern: RegExp, takeover: Takeover) => takeovers.set(pattern.source, takeover);
let sandboxUrl = '';

function passThrough(req: IncomingMessage, body: string) {
  return async () => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).filter(([name]) => name !== 'host' && name !== 'content-length'),
    ) as Record<string, string>;
    const response = await fetch(sandboxUrl + req.url, {
      method: req.method,
      headers,
      body: req.method === 'GET' ? undefined : body,
    });
    return { status: response.status, json: await response.json() };
  };
}

const front = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').split('?')[0]!;
    const takeover = [...takeovers].find(([pattern]) => new RegExp(pattern).test(path))?.[1];
    const sandbox = passThrough(req, body);
    if (takeover) return takeover(req, res, body, sandbox);
    void sandbox().then(({ status, json }) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json)),
    );
  });
});
await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;

// Every case here is a failing upstream: a minute passes between cases so that the circuit
// breaker judges each case on its own calls, not on the cases before it.
let now = Date.now();
const stack = await startStack({
  clock: () => now,
  upstreamUrl: (url) => {
    sandboxUrl = url;
    return frontUrl;
  },
});
t.teardown(async () => {
  await stack.close();
  front.closeAllConnections();
  await new Promise((resolve) => front.close(resolve));
});
t.afterEach(() => {
  takeovers.clear();
  now += 60_000;
});

const UNAVAILABLE = {
  error: { code: 'UPSTREAM.UNAVAILABLE', msg: 'The service is temporarily unavailable. Please try again in a moment.' },
};
const TICKER = '/api/pubapi/ticker/merchant';

/** An /api call over a real socket, as a browser's island makes it. */
function api(method: string, path: string, options: { visitor?: Visitor; body?: string; type?: string; language?: string } = {}) {
  const headers: Record<string, string> = { host: MAPLE, origin: `http://${MAPLE}`, accept: 'application/json' };
  const cookies = [options.visitor?.cookie, options.language && `lang=${options.language}`].filter(Boolean);
  if (cookies.length) headers.cookie = cookies.join('; ');
  if (options.body !== undefined) {
    headers['content-type'] = options.type ?? 'application/json';
    headers['content-length'] = String(Buffer.byteLength(options.body));
  }
  return rawRequest(stack.port, method, path, headers, options.body);
}

/** Takes over an upstream path with one fixed answer. */
function answer(pattern: RegExp, status: number, headers: Record<string, string | string[]>, body: string | Buffer) {
  // Repeated headers as a flat list: node:http would refuse some of them as an object.
  takeOver(pattern, (_req, res) =>
    res
      .writeHead(
        status,
        Object.entries(headers).flatMap(([name, values]) => [values].flat().flatMap((value) => [name, value])),
      )
      .end(body),
  );
}

/**
 * An endless JSON string, written only as fast as the edge reads it: `written()` says how
 * much the edge took before it stopped reading.
 */
function endless(pattern: RegExp, headers: http.OutgoingHttpHeaders = {}) {
  let written = 0;
  const total = 100 * 1024 * 1024;
  const chunk = Buffer.alloc(64 * 1024, 'a');
  takeOver(pattern, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', ...headers });
    res.write('{"pad":"');
    const pump = () => {
      while (written < total && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      if (!res.destroyed) res.end('"}');
    };
    res.on('error', () => undefined);
    pump();
  });
  return { written: () => written, total };
}

/** What socket buffers between the two may hold beyond what the edge read. */
const IN_FLIGHT = 8 * 1024 * 1024;

t.test(
  'an upstream 500 with a stack trace and an internal URL, or an HTML error page: the edge says only that it is unavailable',
  async (t) => {
    const leak =
      'java.lang.NullPointerException at com.exchange.TickerService.load(TickerService.java:42) from http://10.0.3.7:8080/internal/ticker';
    answer(
      /ticker/,
      500,
      { 'content-type': 'application/json' },
      JSON.stringify({ error: { code: 'SYSTEM', msg: leak }, stack: leak }),
    );
    const failed = await api('GET', TICKER);
    t.equal(failed.status, 502);
    t.same(JSON.parse(failed.body), UNAVAILABLE);

    answer(
      /ticker/,
      502,
      { 'content-type': 'text/html' },
      `<html><body><h1>502 Bad Gateway</h1><p>nginx at 10.0.3.7</p></body></html>`,
    );
    const html = await api('GET', TICKER);
    t.equal(html.status, 502);
    t.same(JSON.parse(html.body), UNAVAILABLE);

    answer(
      /ticker/,
      200,
      { 'content-type': 'text/html' },
      '<html><body>Maintenance until 10:00, see http://status.internal</body></html>',
    );
    const page = await api('GET', TICKER);
    t.equal(page.status, 502, 'a 200 that is not JSON is no answer');
    t.same(JSON.parse(page.body), UNAVAILABLE);
    t.match(page.headers['content-type'], /^application\/json/);
  },
);

t.test("an upstream 302 to evil.test: no Location, the edge's own error", async (t) => {
  answer(/ticker/, 302, { location: 'https://evil.test/steal?c=1', 'content-type': 'application/json' }, '{}');
  const res = await api('GET', TICKER);
  t.equal(res.status, 502);
  t.equal(res.headers.location, undefined);
  t.same(JSON.parse(res.body), UNAVAILABLE);
});

t.test('arbitrary and hop-by-hop upstream headers stay upstream; content type, cache control and retry-after pass', async (t) => {
  answer(
    /ticker/,
    200,
    {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'set-cookie': 'session=upstream; Path=/',
      'x-internal-host': 'ticker-7.prod.internal',
      'x-backend-server': '10.0.3.7',
      via: '1.1 varnish',
      'access-control-allow-origin': '*',
      'content-security-policy': "script-src 'unsafe-inline'",
      connection: 'keep-alive, x-hop',
      'x-hop': 'secret',
      'keep-alive': 'timeout=600, max=1000',
      'proxy-authenticate': 'Basic realm="internal"',
      upgrade: 'h2c',
    },
    JSON.stringify([{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95000 }]),
  );
  const res = await api('GET', TICKER);
  t.equal(res.status, 200);
  t.same(JSON.parse(res.body), [{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95000 }]);
  t.equal(res.headers['cache-control'], 'no-store');
  for (const name of [
    'set-cookie',
    'x-internal-host',
    'x-backend-server',
    'via',
    'access-control-allow-origin',
    'x-hop',
    'proxy-authenticate',
    'upgrade',
  ]) {
    t.equal(res.headers[name], undefined, `no ${name}`);
  }
  t.notMatch(String(res.headers['keep-alive']), /600/, "the edge's own keep-alive, not the upstream's");
  t.notMatch(String(res.headers['content-security-policy']), /unsafe-inline/, "the edge's own policy");

  answer(/ticker/, 503, { 'content-type': 'application/json', 'retry-after': '7' }, '{}');
  const busy = await api('GET', TICKER);
  t.equal(busy.status, 503);
  t.equal(busy.headers['retry-after'], '7');
  t.same(JSON.parse(busy.body), UNAVAILABLE);

  answer(
    /ticker/,
    429,
    { 'content-type': 'application/json', 'retry-after': '30' },
    JSON.stringify({ error: { code: 'RATE.LIMITED', msg: 'Too many requests. Please wait a moment.' } }),
  );
  const limited = await api('GET', TICKER);
  t.equal(limited.status, 429);
  t.equal(limited.headers['retry-after'], '30');
  t.same(JSON.parse(limited.body), { error: { code: 'RATE.LIMITED', msg: 'Too many requests. Please wait a moment.' } });

  answer(/ticker/, 503, { 'content-type': 'application/json', 'retry-after': 'soon; see http://status.internal' }, '{}');
  t.equal((await api('GET', TICKER)).headers['retry-after'], undefined, 'not a number of seconds or a date: dropped');
});

t.test('content-encoding: gzip a thousand times is never repeated to the browser', async (t) => {
  const json = JSON.stringify([{ cryptoCurrency: 'BTC', fiatCurrency: 'CAD', fiatAmount: 95000 }]);
  for (const [times, body] of [
    [1000, json],
    [1000, gzipSync(json)],
    [1, gzipSync(json)],
  ] as const) {
    answer(/ticker/, 200, { 'content-type': 'application/json', 'content-encoding': Array(times).fill('gzip') }, body);
    const res = await api('GET', TICKER);
    t.equal(res.headers['content-encoding'], undefined, `gzip ${times} times`);
    t.equal(res.status, 502, 'a header block that large, or a body the edge did not ask to be compressed, is no answer');
    t.same(JSON.parse(res.body), UNAVAILABLE);
  }
  answer(/ticker/, 200, { 'content-type': 'application/json', 'content-encoding': ['gzip', 'gzip', 'gzip'] }, json);
  const plain = await api('GET', TICKER);
  t.equal(plain.headers['content-encoding'], undefined);
  t.same(JSON.parse(plain.body), JSON.parse(json), 'the JSON the edge checked, sent as it is');
});

t.test('a 100 MB upstream body through /api: reading stops at the cap, 502', async (t) => {
  const streamed = endless(/ticker/);
  const res = await api('GET', TICKER);
  t.equal(res.status, 502);
  t.same(JSON.parse(res.body), UNAVAILABLE);
  t.ok(
    streamed.written() <= UPSTREAM_BODY_MAX_BYTES + IN_FLIGHT,
    `the edge stopped reading (${streamed.written()} of ${streamed.total} bytes written)`,
  );

  const declared = endless(/ticker/, { 'content-length': String(100 * 1024 * 1024 + 10) });
  const told = await api('GET', TICKER);
  t.equal(told.status, 502, 'a declared length over the cap');
  t.ok(declared.written() <= UPSTREAM_BODY_MAX_BYTES + IN_FLIGHT, `not read at all (${declared.written()} bytes written)`);
});

t.test('a 100 MB upstream body to a page: reading stops at the cap, the page says something went wrong', async (t) => {
  const visitor = await startFlow(stack);
  const streamed = endless(/\/flowstate\//);
  const page = await visitor.get('/price-quote');
  t.equal(page.statusCode, 502);
  t.match(page.body, FAILURE_TEXT.generic);
  t.ok(
    streamed.written() <= UPSTREAM_BODY_MAX_BYTES + IN_FLIGHT,
    `the edge stopped reading (${streamed.written()} of ${streamed.total} bytes written)`,
  );
  t.ok(
    stack.logs.some((l) => l.msg === 'upstream response breaks the contract'),
    'logged',
  );
});

t.test("JSON content types are exact: 'application/json\\t;' and the like are 415, never 500", async (t) => {
  const visitor = await startFlow(stack);
  const body = JSON.stringify({ refId: visitor.refId(), fiatAmount: 100 });
  for (const type of [
    'application/json\t;',
    'application/json;',
    'application/json; charset=latin1',
    'application/json;;',
    'application/json\u00a0',
    'text/plain',
    'application/x-www-form-urlencoded',
  ]) {
    const res = await api('POST', '/api/txnbuy/requote', { visitor, body, type });
    t.equal(res.status, 415, JSON.stringify(type));
    t.same(JSON.parse(res.body), { error: { code: 'REQUEST.UNSUPPORTED', msg: 'This kind of content is not accepted.' } });
  }
  for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON; charset="UTF-8"']) {
    t.equal((await api('POST', '/api/txnbuy/requote', { visitor, body, type })).status, 200, JSON.stringify(type));
  }
});

t.test('JSON nested 10,000 deep is a 400 before anything parses it', async (t) => {
  const visitor = await startFlow(stack);
  for (const depth of [10_000, 30_000]) {
    const body = `{"refId":"${visitor.refId()}","fiatAmount":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const res = await api('POST', '/api/txnbuy/requote', { visitor, body });
    t.equal(res.status, 400, `${depth} deep`);
    t.same(JSON.parse(res.body), { error: { code: 'REQUEST.INVALID', msg: 'The request could not be understood.' } });
  }
  const strings = JSON.stringify({ refId: '[[[[[[[[[[[[[[[[', fiatAmount: 100 });
  t.equal(
    (await api('POST', '/api/txnbuy/requote', { visitor, body: strings })).status,
    404,
    "brackets inside a string are not nesting: parsed, and not the visitor's refId",
  );
});

t.test('a bank redirectUrl with CR, LF or non-ASCII is refused like any bad redirect; the flow is kept', async (t) => {
  const spoilers: [string, (url: string) => string][] = [
    ['CR LF and a header', (url) => `${url}\r\nSet-Cookie: x=1`],
    ['a trailing LF', (url) => `${url}\n`],
    ['non-ASCII in the query', (url) => `${url}&name=Zoë`],
    ['an ideographic full stop in the host', (url) => url.replace('127.0.0.1', '127.0.0.1\u3002')],
  ];
  for (const [name, spoil] of spoilers) {
    const visitor = await driveTo(stack, '/poli', {
      host: 'roo.localhost',
      method: 'BANKTRANSFER',
      currency: 'AUD',
      amount: 100,
    });
    // The init's answer and every flow state after it carry the spoilt address.
    takeOver(/\/(banktransfer\/init|txnbuy\/flowstate\/[^/]+)$/, (_req, res, _body, sandbox) => {
      void sandbox().then(({ status, json }) => {
        const state = json as { nextActionParams?: { redirectUrl?: string } | null };
        const params = state.nextActionParams;
        if (typeof params?.redirectUrl === 'string') params.redirectUrl = spoil(params.redirectUrl);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(state));
      });
    });
    const refId = visitor.refId();
    const posted = await visitor.post('/poli');
    t.equal(posted.statusCode, 303, `${name}: the form is answered with a redirect`);
    const proceed = await visitor.get(String(posted.headers.location));
    t.equal(proceed.statusCode, 502, name);
    t.match(proceed.body, PAYMENT_REFUSED_TEXT.body);
    t.equal(proceed.headers.refresh, undefined, 'not sent anywhere');
    t.notMatch(proceed.body, /ERR_INVALID_CHAR|Set-Cookie/);
    t.ok(visitor.cookie, 'the flow is kept');
    t.equal(visitor.refId(), refId);
    takeovers.clear();
  }
});

t.test('texts meant for developers never reach a visitor: through /api and on pages', async (t) => {
  const developerText = 'buyerinfo is not allowed now: the transaction is at INPUT_CRYPTOADDRESS';
  const visitor = await startFlow(stack);
  answer(
    /\/requote$/,
    409,
    { 'content-type': 'application/json' },
    JSON.stringify({ error: { code: 'FLOWACTION.INVALID', msg: developerText } }),
  );
  const requote = await api('POST', '/api/txnbuy/requote', {
    visitor,
    body: JSON.stringify({ refId: visitor.refId(), fiatAmount: 100 }),
  });
  t.equal(requote.status, 409, "the upstream's refusal stays a refusal");
  t.same(JSON.parse(requote.body), { error: { code: 'FLOWACTION.INVALID', msg: FAILURE_TEXT.generic } });

  const fieldNames = 'REQUEST.INVALID fiatAmount: unknown field; see https://api.exchange.internal/docs';
  answer(
    /\/requote$/,
    422,
    { 'content-type': 'application/json' },
    JSON.stringify({ error: { code: 'QUOTE.REFUSED', msg: fieldNames } }),
  );
  const named = await api('POST', '/api/txnbuy/requote', {
    visitor,
    body: JSON.stringify({ refId: visitor.refId(), fiatAmount: 100 }),
  });
  t.same(JSON.parse(named.body), { error: { code: 'QUOTE.REFUSED', msg: FAILURE_TEXT.generic } });

  // What the edge puts in place of the upstream's words is in the visitor's language, on
  // Fastify's route (a POST) and in front of it (a GET).
  const french = textsFor('fr-CA').FAILURE_TEXT.generic;
  answer(
    /\/requote$/,
    422,
    { 'content-type': 'application/json' },
    JSON.stringify({ error: { code: 'QUOTE.REFUSED', msg: fieldNames } }),
  );
  const frenchRequote = await api('POST', '/api/txnbuy/requote', {
    visitor,
    language: 'fr-CA',
    body: JSON.stringify({ refId: visitor.refId(), fiatAmount: 100 }),
  });
  t.same(JSON.parse(frenchRequote.body), { error: { code: 'QUOTE.REFUSED', msg: french } }, 'in French for a French visitor');
  answer(
    /\/status\//,
    409,
    { 'content-type': 'application/json' },
    JSON.stringify({ error: { code: 'QUOTE.REFUSED', msg: fieldNames } }),
  );
  const frenchStatus = await api('GET', `/api/txnbuy/status/${visitor.refId()}`, { visitor, language: 'fr-CA' });
  t.same(JSON.parse(frenchStatus.body), { error: { code: 'QUOTE.REFUSED', msg: french } }, 'in front of Fastify too');

  const forVisitors = 'You have reached your daily transaction limit. Please try again tomorrow.';
  answer(
    /\/requote$/,
    422,
    { 'content-type': 'application/json' },
    JSON.stringify({ error: { code: 'TRANSACTION.DAILYLIMIT.REACHED', msg: forVisitors } }),
  );
  const limit = await api('POST', '/api/txnbuy/requote', {
    visitor,
    body: JSON.stringify({ refId: visitor.refId(), fiatAmount: 100 }),
  });
  t.same(
    JSON.parse(limit.body),
    { error: { code: 'TRANSACTION.DAILYLIMIT.REACHED', msg: forVisitors } },
    'a message meant for visitors passes',
  );

  for (const body of [
    { error: { code: 'bad code <script>', msg: developerText } },
    { error: [{ errorCode: 'X', errorMsg: developerText }] },
    { error: developerText },
  ]) {
    answer(/\/requote$/, 200, { 'content-type': 'application/json' }, JSON.stringify(body));
    const odd = await api('POST', '/api/txnbuy/requote', {
      visitor,
      body: JSON.stringify({ refId: visitor.refId(), fiatAmount: 100 }),
    });
    t.equal(odd.status, 502, `a 200 with an error of another shape: ${JSON.stringify(body).slice(0, 40)}`);
    t.same(JSON.parse(odd.body), UNAVAILABLE);
  }

  answer(
    /\/quoterequest$/,
    409,
    { 'content-type': 'application/json' },
    JSON.stringify({ error: { code: 'FLOWACTION.INVALID', msg: developerText } }),
  );
  const home = new Visitor(stack);
  const quote = await home.submit('/', {
    txnType: 'BUY',
    fiatAmount: '100',
    fiatCurrency: 'CAD',
    cryptoCurrency: 'BTC',
    paymentMethod: 'ETRANSFER',
  });
  t.notMatch(quote.body, 'not allowed now');
  t.notMatch(quote.body, 'INPUT_CRYPTOADDRESS');
  t.match(quote.body, FAILURE_TEXT.generic);

  takeovers.clear();
  const walker = await driveTo(stack, '/address-input');
  answer(
    /\/cryptoaddress$/,
    422,
    { 'content-type': 'application/json' },
    JSON.stringify({
      error: { code: 'ADDRESS.REJECTED', msg: 'validate() failed at /srv/app/address.js:42 for INPUT_CRYPTOADDRESS' },
    }),
  );
  const step = await walker.submit('/address-input', { cryptoAddress: BTC_ADDRESS });
  t.equal(step.statusCode, 200, 'the page that shows the refusal');
  t.notMatch(step.body, '/srv/app');
  t.match(step.body, FAILURE_TEXT.generic);
  t.ok(
    stack.logs.some(
      (l) => l.msg === 'upstream text replaced for the visitor' && JSON.stringify(l).includes('/srv/app/address.js'),
    ),
    'what was replaced is in the log',
  );
});
