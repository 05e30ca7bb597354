// Two edges share nothing but their configuration: same SESSION_SECRET, same upstream.
// Behind a round-robin proxy every request lands on the other edge from the one before,
// and a buy still walks from the home form to the payment page: the flow lives in the
// signed cookie and at the upstream, never in an edge's memory.

import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import t from 'tap';
import { buildApp } from '../../server/app.ts';
import { parseConfig } from '../../server/config.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { startSandbox } from '../../server/sandbox/index.ts';
import { BTC_ADDRESS, BUYER, CODE, type Form, MAPLE, quoteForm } from '../helpers/journey.ts';
import { neverShedForDelay } from '../helpers/pressure.ts';

const sandbox = await startSandbox({ logger: false, feeFields: PAYMENT_METHODS.feeFields });
t.teardown(() => sandbox.close());

const config = neverShedForDelay(
  parseConfig({
    SESSION_SECRET: 'one secret for the whole fleet of edges',
    LOG_LEVEL: 'silent',
    MERCHANTS_WATCH: 'off',
  }),
);
const edges: FastifyInstance[] = [];
for (let i = 0; i < 2; i++) {
  const app = await buildApp({
    config,
    upstreamUrl: sandbox.url,
    thirdParty: sandbox.thirdParty,
    sandboxSiteUrl: sandbox.siteUrl,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  edges.push(app);
}
t.teardown(() => Promise.all(edges.map((e) => e.close())));

// Round robin per request, as a load balancer without session affinity does.
let next = 0;
const proxy = createServer((req, res) => {
  const edge = next++ % edges.length;
  const { port } = edges[edge]!.server.address() as AddressInfo;
  const upstream = httpRequest({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-edge': String(edge) });
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
});
await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
t.teardown(() => new Promise<void>((r) => proxy.close(() => r())));
const proxyPort = (proxy.address() as AddressInfo).port;

/** A browser on maple.localhost through the proxy: a cookie jar, whatever the cookies are called. */
const jar = new Map<string, string>();
const servedBy: number[] = [];

function send(
  method: string,
  path: string,
  form?: Form,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const headers: Record<string, string> = { host: MAPLE, origin: `http://${MAPLE}` };
  if (jar.size > 0) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: proxyPort, method, path, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        servedBy.push(Number(res.headers['x-edge']));
        for (const line of res.headers['set-cookie'] ?? []) {
          const [pair = ''] = line.split(';');
          const eq = pair.indexOf('=');
          const [name, value] = [pair.slice(0, eq).trim(), pair.slice(eq + 1).trim()];
          if (value === '' || /max-age=0/i.test(line)) jar.delete(name);
          else jar.set(name, value);
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

t.test('a buy started on one edge continues on the other, step after step', async (t) => {
  const steps: [string, Form, string][] = [
    ['/', quoteForm({ amount: 100 }), '/price-quote'],
    ['/price-quote', {}, '/address-input'],
    ['/address-input', { cryptoAddress: BTC_ADDRESS }, '/buyer-info-input'],
    ['/buyer-info-input', BUYER, '/mobile-verification'],
    ['/mobile-verification', { verificationCode: CODE }, '/payment-etransfer-instructions'],
  ];
  for (const [path, form, then] of steps) {
    if (path === '/mobile-verification') {
      // A wrong code refused on one edge is shown by the other: the refusal travels in its cookie.
      const refused = await send('POST', path, { verificationCode: '111111' });
      t.equal(refused.headers.location, path, `refused on edge ${servedBy.at(-1)}`);
      const shown = await send('GET', path);
      t.match(shown.body, 'Invalid verification code.', `shown by edge ${servedBy.at(-1)}`);
      t.match(shown.body, 'value="111111"');
    }
    const posted = await send('POST', path, form);
    t.equal(posted.status, 303, `POST ${path} on edge ${servedBy.at(-1)}`);
    t.equal(posted.headers.location, then);
    const page = await send('GET', then);
    t.equal(page.status, 200, `GET ${then} on edge ${servedBy.at(-1)}`);
  }
  const payment = await send('GET', '/payment-etransfer-instructions');
  t.match(payment.body, '$100.00', 'the payment page of the order started on the other edge');
  t.equal(jar.size, 1, 'one cookie carries the flow');

  t.ok(servedBy.length >= 13);
  t.ok(
    servedBy.every((edge, i) => i === 0 || edge !== servedBy[i - 1]),
    `every request on the other edge from the one before: ${servedBy.join(' ')}`,
  );
});
