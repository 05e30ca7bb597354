// helmet's headers are computed once at start-up (server/security/plugin.ts): every kind of
// response still carries all of them, with helmet's values, and no nonce where no script
// runs.
import { get } from 'node:http';
import t from 'tap';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());
const HOST = 'roo.localhost';

/** What helmet sets with the edge's options (HSTS without subdomains, no COEP), written out. */
const HELMET = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=15552000',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

t.test("every response carries helmet's headers", async (t) => {
  const requests = [
    { name: 'a page rendered once', url: '/terms-of-service' },
    { name: 'a page rendered per request', url: '/transaction-success' },
    { name: 'a redirect', url: '/price-quote' },
    { name: 'JSON', url: '/healthz' },
    { name: 'a 404', url: '/no-such-page' },
    { name: 'an asset', url: stack.app.assetManifest.boot },
  ];
  for (const { name, url } of requests) {
    const res = await stack.app.inject({ url, headers: { host: HOST } });
    for (const [header, value] of Object.entries(HELMET)) t.equal(res.headers[header], value, `${name}: ${header}`);
    t.notOk(res.headers['x-powered-by'], `${name}: no x-powered-by`);
  }
  const refused = await stack.app.inject({
    method: 'POST',
    url: '/',
    headers: { host: HOST, origin: 'https://elsewhere.example' },
  });
  t.equal(refused.statusCode, 403, 'a cross-site POST is refused');
  t.match(refused.headers, HELMET, 'with the same headers');
});

t.test('no nonce for JSON, redirects, health checks and pages rendered once', async (t) => {
  for (const url of ['/healthz', '/price-quote', '/terms-of-service', '/api/pubapi/ticker/merchant']) {
    const res = await stack.app.inject({ url, headers: { host: HOST } });
    t.notMatch(String(res.headers['content-security-policy'] ?? ''), /nonce/, `${url} (${res.statusCode})`);
  }
  const page = await stack.app.inject({ url: '/transaction-success', headers: { host: HOST } });
  t.match(
    String(page.headers['content-security-policy']),
    /script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/,
    'a page rendered per request has one',
  );
});

t.test('pages answered in front of Fastify carry the same headers and policy', async (t) => {
  const listening = await startStack();
  t.teardown(() => listening.close());
  for (const url of ['/', '/?type=SELL', '/terms-of-service']) {
    const ask = () => fetchHead(listening.port, url);
    await ask();
    const before = listening.app.sharedPagesFastPath.answered;
    const headers = await ask();
    t.equal(listening.app.sharedPagesFastPath.answered, before + 1, `${url}: answered in front of Fastify`);
    for (const [header, value] of Object.entries(HELMET)) t.equal(headers[header], value, `${url}: ${header}`);
    t.notOk(headers['x-powered-by'], `${url}: no x-powered-by`);
    const policy = String(headers['content-security-policy']);
    t.match(policy, /^script-src 'self';/, `${url}: the checkout's own scripts only`);
    t.notMatch(policy, /nonce|unsafe-inline/, `${url}: no nonce, nothing inline`);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"])
      t.match(policy, directive, `${url}: ${directive}`);
  }
});

/** A GET's headers over a socket (the server's own listener, which app.inject does not pass). */
function fetchHead(port: number, path: string): Promise<Record<string, string | string[] | undefined>> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path, headers: { host: HOST } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.headers));
    }).on('error', reject);
  });
}
