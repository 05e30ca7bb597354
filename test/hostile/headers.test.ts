// Nothing a request's headers carry stops the edge or makes it fail. Every header the edge
// reads is sent with generated hostile values (fast-check, a fixed seed and a bounded
// number of runs) to each kind of route, over real sockets: the pages answered in front of
// Fastify (home, a legal page), a page rendered per request for a visitor in a flow, a
// form's POST, /api (in front of Fastify and through it), an asset, the probes on both
// ports, and URLs the framework refuses. Every answer is the edge's (its security headers), none is a 5xx, nothing is
// logged at error level, and the process answers its probes afterwards. Tags the locale
// matcher rejects, which once ended the process, are fixed cases.
import { connect } from 'node:net';
import fc from 'fast-check';
import t from 'tap';
import { HealthState } from '../../server/http/health.ts';
import { startProbeServer } from '../../server/ops/probes.ts';
import { MAPLE, quoteForm, startFlow } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const lifecycle = new HealthState();
const stack = await startStack({ lifecycle });
const probeErrors: unknown[] = [];
const probes = await startProbeServer({
  state: lifecycle,
  port: 0,
  host: '127.0.0.1',
  log: { error: (line: unknown) => void probeErrors.push(line) },
});
t.teardown(async () => {
  await probes.close();
  await stack.close();
});

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One request on a connection of its own, written byte for byte as given; its answer's status and headers. */
function send(port: number, method: string, path: string, headers: [string, string][], body = ''): Promise<Answer> {
  const head = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const length = method === 'POST' ? `content-length: ${Buffer.byteLength(body, 'latin1')}\r\n` : '';
  const text = `${method} ${path} HTTP/1.1\r\n${head}${length}connection: close\r\n\r\n${body}`;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(Buffer.from(text, 'latin1')));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1');
      const end = raw.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
      const answer: Answer = { status: Number(statusLine.split(' ')[1]), headers: {}, body: raw.slice(end + 4) };
      for (const line of lines) {
        const at = line.indexOf(':');
        answer.headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve(answer);
    });
  });
}

// A header value as the wire allows it: visible ASCII, spaces and tabs, and latin-1 bytes
// (Node refuses some of them, and its refusal must be the edge's 400).
const CHARS = [...Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)), '\t', 'é', '\u00ff', '\u0080'];
const junk = (maxLength = 40) => fc.string({ unit: fc.constantFrom(...CHARS), maxLength });
/** Sometimes a value as long as a header may be: the work it costs must stay bounded. */
const long = (piece: fc.Arbitrary<string>, separator: string) =>
  fc.tuple(piece, fc.integer({ min: 50, max: 600 })).map(([p, n]) => Array(n).fill(p).join(separator).slice(0, 12_000));
const listOf = (item: fc.Arbitrary<string>, separator = ',') =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(item, { maxLength: 8 }).map((items) => items.join(separator)) },
    { weight: 1, arbitrary: long(item, separator) },
  );
const weighted = (item: fc.Arbitrary<string>) =>
  fc
    .tuple(item, fc.option(fc.oneof(fc.double({ min: -2, max: 2, noNaN: true }).map(String), junk(6))))
    .map(([v, q]) => (q === null ? v : `${v};q=${q}`));

/** Tags browsers send, tags the locale matcher rejects, and anything at all. */
const TAGS = ['en', 'fr-CA', 'fr', 'en-US', '*', 'en_US', 'x0', 'i-klingon', 'zh-min-nan', 'root', 'x-foo', 'en-GB-oed'];
const languageTag = fc.oneof(fc.constantFrom(...TAGS), fc.stringMatching(/^[A-Za-z0-9_-]{0,20}$/), junk(12));
const cookiePair = fc.oneof(
  fc.tuple(fc.constantFrom('lang', 'flow', '__Host-flow', 'x'), junk(30)).map(([n, v]) => `${n}=${v}`),
  fc.constantFrom('lang=fr-CA', 'lang=en-XA', 'lang=', 'lang=fr-CA; lang=en', '=', ';;'),
  junk(30),
);
const port = stack.port;
const HOSTS = [MAPLE, `${MAPLE}:${port}`, 'MAPLE.localhost', 'roo.localhost', '127.0.0.1', '', '[::1]', 'maple.localhost.'];

/** Every header the edge reads, each absent or hostile. */
const hostileHeaders = fc.record(
  {
    'accept-language': listOf(weighted(languageTag)),
    'accept-encoding': listOf(weighted(fc.oneof(fc.constantFrom('br', 'gzip', 'identity', '*', 'bro', 'gzipx'), junk(10)))),
    cookie: listOf(cookiePair, '; '),
    host: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...HOSTS) }, { weight: 1, arbitrary: junk(80) }),
    origin: fc.oneof(fc.constantFrom(`http://${MAPLE}`, `http://${MAPLE}:${port}`, 'null', 'http://evil.example'), junk(40)),
    'sec-fetch-site': fc.oneof(fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none'), junk(20)),
    'sec-fetch-mode': fc.oneof(fc.constantFrom('navigate', 'cors', 'no-cors', 'same-origin'), junk(20)),
    'sec-fetch-dest': fc.oneof(fc.constantFrom('document', 'empty', 'iframe'), junk(20)),
    'sec-fetch-user': fc.oneof(fc.constantFrom('?1', '?0'), junk(8)),
    'x-forwarded-for': listOf(fc.oneof(fc.ipV4(), fc.ipV6(), junk(20)), ', '),
    'x-forwarded-proto': fc.oneof(fc.constantFrom('https', 'http', 'https,http'), junk(12)),
    'x-forwarded-host': fc.oneof(fc.constantFrom(MAPLE, 'evil.example'), junk(40)),
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/x-www-form-urlencoded',
        'application/x-www-form-urlencoded; charset=latin1',
        'application/json',
        'multipart/form-data; boundary=',
        'text/plain',
      ),
      junk(60),
    ),
    range: listOf(fc.oneof(fc.constantFrom('bytes=0-', 'bytes=-1', 'bytes=5-2', 'bytes=0-0'), junk(16))),
    'if-none-match': listOf(
      fc.oneof(
        fc.constantFrom('*', 'W/"x"', '""'),
        fc.string({ maxLength: 30 }).map((s) => `"${s}"`),
        junk(20),
      ),
    ),
    accept: fc.oneof(fc.constantFrom('application/json', 'text/html', '*/*'), junk(30)),
  },
  { requiredKeys: [] },
);

/** The routes, by kind: how each is asked for, given the visitor's flow cookie. */
interface Route {
  kind: string;
  method: 'GET' | 'HEAD' | 'POST';
  path: string;
  port?: number;
  body?: string;
  /** A cookie the route needs to go past its first check (the flow), put before the generated ones. */
  cookie?: string;
  /** What a browser would send with it, unless generated otherwise. */
  headers?: Record<string, string>;
}

const visitor = await startFlow(stack);
const warm = (path: string) => send(port, 'GET', path, [['host', MAPLE]]);
// The pages shared by everyone are answered in front of Fastify once the full path published them.
for (const path of ['/', '/terms-of-service']) for (let i = 0; i < 2; i++) await warm(path);
const ROUTES: Route[] = [
  { kind: 'a page answered in front of Fastify', method: 'GET', path: '/' },
  { kind: 'a legal page', method: 'GET', path: '/terms-of-service' },
  { kind: 'HEAD of a page answered in front of Fastify', method: 'HEAD', path: '/' },
  { kind: 'a malformed URL', method: 'GET', path: '/state/%E0%A4%A' },
  { kind: 'a route parameter over its length', method: 'GET', path: `/state/${'a'.repeat(300)}` },
  { kind: 'a page rendered for a visitor in a flow', method: 'GET', path: '/price-quote', cookie: visitor.cookie },
  { kind: 'the language switch', method: 'GET', path: '/price-quote?lang=fr-CA', cookie: visitor.cookie },
  {
    kind: "a form's POST",
    method: 'POST',
    path: '/',
    body: new URLSearchParams(quoteForm()).toString(),
    headers: { origin: `http://${MAPLE}`, 'content-type': 'application/x-www-form-urlencoded' },
  },
  { kind: '/api in front of Fastify', method: 'GET', path: '/api/pubapi/ticker/merchant' },
  { kind: '/api through Fastify', method: 'GET', path: '/api/pubapi/ticker/merchant?x=1' },
  { kind: 'an asset', method: 'GET', path: stack.app.assetManifest.boot },
  { kind: 'liveness', method: 'GET', path: '/healthz' },
  { kind: 'readiness', method: 'GET', path: '/readyz' },
  { kind: 'liveness on HEALTH_PORT', method: 'GET', path: '/healthz', port: probes.port },
  { kind: 'readiness on HEALTH_PORT', method: 'GET', path: '/readyz', port: probes.port },
];

function headersOf(route: Route, generated: Record<string, string>): [string, string][] {
  const headers: Record<string, string> = { host: MAPLE, ...route.headers, ...generated };
  if (route.cookie) headers.cookie = generated.cookie ? `${route.cookie}; ${generated.cookie}` : route.cookie;
  return Object.entries(headers);
}

async function ask(route: Route, headers: [string, string][]): Promise<Answer> {
  return send(route.port ?? port, route.method, route.path, headers, route.body);
}

/** What every answer must be: the edge's (its security headers) and not a failure. */
function edgeAnswered(answer: Answer): boolean {
  return answer.status >= 200 && answer.status < 500 && answer.headers['x-content-type-options'] === 'nosniff';
}

const errorLines = () => stack.logs.filter((line) => (line.level as number) >= 50);

t.test('tags the locale matcher rejects are read as absent, on every route', async (t) => {
  const values = ['en_US', 'x0', 'i-klingon', 'zh-min-nan', 'fr-CA, en_US;q=0.5', 'en-GB-oed,fr', `${'en_US,'.repeat(2_000)}fr`];
  for (const route of ROUTES) {
    for (const value of values) {
      const answer = await ask(route, headersOf(route, { 'accept-language': value }));
      t.ok(
        edgeAnswered(answer),
        `${route.kind}, Accept-Language ${value.slice(0, 40)}: ${answer.status} ${answer.body.slice(0, 80)}`,
      );
    }
  }
  const french = await ask(ROUTES[1]!, [
    ['host', MAPLE],
    ['accept-language', 'en_US, fr-CA;q=0.5'],
  ]);
  t.equal(french.headers['content-language'], 'fr-CA', 'the readable tags of a list still count');
  t.same(errorLines(), [], 'nothing logged at error level');
});

t.test('generated hostile headers on every kind of route: the edge answers, never with a 5xx', async (t) => {
  for (const [i, route] of ROUTES.entries()) {
    const failures: string[] = [];
    await fc
      .assert(
        fc.asyncProperty(hostileHeaders, async (generated) => {
          const answer = await ask(route, headersOf(route, generated));
          if (!edgeAnswered(answer)) failures.push(`${answer.status} for ${JSON.stringify(generated).slice(0, 300)}`);
          return edgeAnswered(answer);
        }),
        { seed: 29 + i, numRuns: 24, endOnFailure: true },
      )
      .catch(() => undefined);
    t.same(failures, [], route.kind);
  }
  t.same(errorLines(), [], 'nothing logged at error level');
  t.same(probeErrors, [], 'no probe failed');
});

t.test('the process still answers: its probes on both ports, a page', async (t) => {
  t.equal((await send(port, 'GET', '/healthz', [['host', MAPLE]])).status, 200);
  t.equal((await send(probes.port, 'GET', '/readyz', [])).status, 200);
  t.equal((await warm('/')).status, 200);
});
