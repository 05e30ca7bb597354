// The edge's Fastify plugins on their own: declared dependencies, route config read by
// the hooks, the one error shape, reply.render, and HEAD answered without a body.

import { connect } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { createElement } from 'react';
import t from 'tap';
import { parseConfig } from '../../server/config.ts';
import { EdgeError, errorsPlugin } from '../../server/http/errors.ts';
import { type Lifecycle, opsPlugin } from '../../server/http/lifecycle.ts';
import { tenancyPlugin } from '../../server/http/tenancy.ts';
import { languagePlugin } from '../../server/i18n/plugin.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { renderPlugin } from '../../server/render/plugin.ts';
import { securityPlugin } from '../../server/security/plugin.ts';
import { assetsPlugin } from '../../server/static-files.ts';
import { loadMerchants } from '../../server/tenancy/load.ts';
import { resolveThirdParty, thirdPartyPlugin } from '../../server/third-party.ts';
import { ErrorPage } from '../../views/pages/ErrorPage.tsx';
import { startStack } from '../helpers/stack.ts';
import '../../server/fastify-types.ts';

const merchants = await loadMerchants('merchants', { methods: PAYMENT_METHODS });
const config = parseConfig({ UPSTREAM_URL: 'http://upstream.invalid', SESSION_SECRET: 's'.repeat(32) });

/** The plugins a page needs, in their order, then the test's own routes. */
async function edge(routes: (app: FastifyInstance) => void, lifecycle?: Lifecycle): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  app.decorate('appConfig', config);
  app.decorate('clock', Date.now);
  await app.register(errorsPlugin);
  await app.register(opsPlugin, { lifecycle });
  await app.register(tenancyPlugin, { merchants, unknownHosts: 'reject' });
  await app.register(languagePlugin, { pseudo: false });
  await app.register(thirdPartyPlugin, { thirdParty: resolveThirdParty(config, 'http://upstream.invalid') });
  await app.register(securityPlugin);
  await app.register(renderPlugin, { errorPage: ErrorPage });
  await app.register(assetsPlugin);
  routes(app);
  await app.ready();
  return app;
}

const MAPLE = { host: 'maple.localhost' };
const HTML = { ...MAPLE, accept: 'text/html' };
/** An island's call: it asks for JSON. */
const JSON_CALL = { ...MAPLE, accept: 'application/json' };

t.test('a plugin registered before one it needs fails at start-up, naming both', async (t) => {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await t.rejects(async () => {
    await app.register(assetsPlugin);
  }, /edge-tenancy.*edge-assets|edge-assets.*edge-tenancy/);
  await app.close().catch(() => undefined);
});

t.test('hooks read route config, not URL prefixes', async (t) => {
  const app = await edge((app) => {
    app.get('/probe', { config: { tenancy: false, csp: false } }, async (request) => ({ merchant: request.merchant ?? null }));
    app.get('/healthz-like/page', async (request) => ({ merchant: request.merchant.id }));
  });
  t.teardown(() => app.close());
  const probe = await app.inject({ url: '/probe', headers: { host: 'no such host' } });
  t.equal(probe.statusCode, 200, 'tenancy: false skips the Host lookup');
  t.same(probe.json(), { merchant: null });
  t.equal(probe.headers['content-security-policy'], undefined, 'csp: false sends no policy');
  const page = await app.inject({ url: '/healthz-like/page', headers: { host: 'no such host' } });
  t.equal(page.statusCode, 400, 'a route without the config gets the Host check, whatever its path');
  const health = await app.inject({ url: '/healthz?probe=1', headers: { host: '10.0.0.1:3000' } });
  t.equal(health.statusCode, 200, 'probes answer on any host, with or without a query');
  t.match(health.headers['content-security-policy'], /^script-src 'none';/, 'with the policy that runs nothing');
});

t.test('one JSON error shape; visitors get a page with a way back; nothing internal', async (t) => {
  const app = await edge((app) => {
    app.get('/broken', async () => {
      throw new Error('connect ECONNREFUSED http://10.1.2.3:8080/internal/txnbuy upstream said: secret');
    });
    app.get('/api-like', { config: { errorFormat: 'json' } }, async () => {
      throw new EdgeError.upstreamUnavailable();
    });
    app.post('/form', async () => ({ ok: true }));
  });
  t.teardown(() => app.close());

  const json = await app.inject({ url: '/broken', headers: { ...MAPLE, accept: 'application/json' } });
  t.equal(json.statusCode, 500);
  t.same(json.json(), { error: { code: 'SERVER.ERROR', msg: 'Something went wrong. Please try again.' } });
  const page = await app.inject({ url: '/broken', headers: HTML });
  t.equal(page.statusCode, 500);
  t.match(page.headers['content-type'], /text\/html/);
  t.match(page.body, /<a href="\/">Back to the start<\/a>/);
  for (const body of [json.body, page.body]) t.notMatch(body, /10\.1\.2\.3|internal|secret|ECONNREFUSED|\n\s+at /);

  const declared = await app.inject({ url: '/api-like', headers: HTML });
  t.equal(declared.statusCode, 502);
  t.same(
    declared.json(),
    {
      error: { code: 'UPSTREAM.UNAVAILABLE', msg: 'The service is temporarily unavailable. Please try again in a moment.' },
    },
    "errorFormat: 'json' wins over an Accept of text/html",
  );

  const crossSite = await app.inject({ method: 'POST', url: '/form', headers: { ...JSON_CALL, origin: 'http://evil.test' } });
  t.equal(crossSite.statusCode, 403);
  t.same(crossSite.json(), {
    error: { code: 'REQUEST.CROSS_SITE', msg: 'This form must be sent from the checkout page itself.' },
  });
  const anyAccept = await app.inject({ method: 'POST', url: '/form', headers: { ...MAPLE, origin: 'http://evil.test' } });
  t.equal(anyAccept.statusCode, 403);
  t.match(anyAccept.headers['content-type'], /text\/html/, 'a page route answers a page unless JSON is asked for');
  t.match(anyAccept.body, /This form must be sent from the checkout page itself\./);
  const badHost = await app.inject({ url: '/form', headers: { host: 'a b', accept: 'text/html' } });
  t.equal(badHost.statusCode, 400);
  t.match(badHost.body, /The Host header is not valid/);
  const unknown = await app.inject({ url: '/form', headers: { host: 'elsewhere.test', accept: 'application/json' } });
  t.same(unknown.json(), { error: { code: 'HOST.UNKNOWN', msg: 'There is no checkout at this address.' } });
  const malformed = await app.inject({
    method: 'POST',
    url: '/form',
    headers: { ...JSON_CALL, origin: 'http://maple.localhost', 'content-type': 'application/json' },
    payload: '{"refId":',
  });
  t.equal(malformed.statusCode, 400);
  t.same(
    malformed.json(),
    { error: { code: 'REQUEST.INVALID', msg: 'The request could not be understood.' } },
    "Fastify's own text stays in the log",
  );
});

t.test('draining: 503 in the one shape, told to close and retry; probes still answer', async (t) => {
  const lifecycle = { draining: true };
  const app = await edge(() => undefined, lifecycle);
  t.teardown(() => app.close());
  const res = await app.inject({ url: '/assets/x.js', headers: JSON_CALL });
  t.equal(res.statusCode, 503);
  t.equal(res.headers.connection, 'close');
  t.equal(res.headers['retry-after'], '5');
  t.same(res.json(), { error: { code: 'SERVICE.DRAINING', msg: 'Shutting down, please retry.' } });
  t.equal((await app.inject({ url: '/healthz' })).statusCode, 200);
  const ready = await app.inject({ url: '/readyz' });
  t.equal(ready.statusCode, 503);
  t.same(ready.json(), { status: 'draining' });
});

t.test('reply.render: the status asked for; HEAD gets the headers and no render', async (t) => {
  let rendered = 0;
  const page = () => {
    rendered++;
    return createElement('main', null, 'Hello');
  };
  const app = await edge((app) => {
    app.get('/page', async (_request, reply) => reply.render(createElement(page), { status: 422 }));
  });
  t.teardown(() => app.close());
  const get = await app.inject({ url: '/page', headers: MAPLE });
  t.equal(get.statusCode, 422);
  t.match(get.body, /<main>Hello<\/main>/);
  t.equal(rendered, 1);
  const head = await app.inject({ method: 'HEAD', url: '/page', headers: MAPLE });
  t.equal(head.statusCode, 422);
  t.match(head.headers['content-type'], /text\/html/);
  t.equal(head.headers['cache-control'], 'no-store');
  t.equal(head.body, '');
  t.equal(head.headers['content-length'], undefined, 'no Content-Length: 0 claimed for the page');
  t.equal(rendered, 1, 'React did not run for HEAD');
});

/** Sends one request on a raw socket and returns everything the server wrote. */
function rawExchange(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (d) => (data += d.toString('latin1')));
    socket.on('error', reject);
    // Connection: close makes the server end the socket once the response is written.
    socket.on('end', () => resolve(data));
  });
}

t.test('HEAD over a real socket: streamed pages and assets send headers only', async (t) => {
  const stack = await startStack();
  t.teardown(() => stack.close());
  const head = (path: string, extra = '') =>
    rawExchange(stack.port, `HEAD ${path} HTTP/1.1\r\nHost: maple.localhost\r\nConnection: close\r\n${extra}\r\n`);

  const page = await head('/', 'Accept-Encoding: br\r\n');
  t.match(page, /^HTTP\/1\.1 200 /);
  t.match(page, /content-type: text\/html/i);
  t.ok(page.endsWith('\r\n\r\n'), 'nothing after the headers');
  t.notMatch(page, /content-length: 0/i, 'a page of unknown length does not claim to be empty');

  const boot = stack.app.assetManifest.boot;
  const asset = await head(boot);
  t.match(asset, /^HTTP\/1\.1 200 /);
  const length = Number(/content-length: (\d+)/i.exec(asset)?.[1]);
  const get = await stack.app.inject({ url: boot, headers: MAPLE });
  t.equal(length, get.rawPayload.length, 'the length of what GET sends');
  t.ok(asset.endsWith('\r\n\r\n'), 'nothing after the headers');
  t.notMatch(asset, /content-security-policy/i, 'assets carry no CSP, whatever the method');
});
