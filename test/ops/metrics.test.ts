// /metrics: only for the scraper holding the token, with requests by merchant and route
// pattern, upstream calls, breakers and the event loop.
import t from 'tap';
import { parseConfig } from '../../server/config.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { upstreamCallsOf } from '../../server/methods/method.ts';
import { callLabeller } from '../../server/ops/metrics.ts';
import { pathWords } from '../../server/upstream/calls.ts';

const callOf = callLabeller(upstreamCallsOf(PAYMENT_METHODS));

import { MAPLE, startFlow } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const TOKEN = 'metrics-token-0123456789';

t.test('without METRICS_TOKEN there is no /metrics; with it, only the bearer of the token reads it', async (t) => {
  const off = await startStack({ listen: false });
  t.teardown(() => off.close());
  const none = await off.app.inject({ url: '/metrics', headers: { host: MAPLE } });
  t.equal(none.statusCode, 302, 'an unknown path like any other: home');
  t.notMatch(none.body, /edge_/);

  const stack = await startStack({ listen: false, env: { METRICS_TOKEN: TOKEN } });
  t.teardown(() => stack.close());
  const read = (authorization?: string) =>
    stack.app.inject({ url: '/metrics', headers: { host: MAPLE, ...(authorization ? { authorization } : {}) } });
  t.equal((await read()).statusCode, 404, 'no token: as if there were nothing here');
  t.equal((await read(`Bearer ${TOKEN}x`)).statusCode, 404, 'a wrong token');
  t.equal((await read(`Basic ${TOKEN}`)).statusCode, 404, 'another scheme');
  const ok = await read(`Bearer ${TOKEN}`);
  t.equal(ok.statusCode, 200);
  t.match(ok.headers['content-type'], /text\/plain/);
});

t.test('what a scrape shows after a quote', async (t) => {
  const stack = await startStack({ listen: false, env: { METRICS_TOKEN: TOKEN } });
  t.teardown(() => stack.close());
  await startFlow(stack);
  await stack.app.inject({ url: '/state/NOT-A-REF', headers: { host: MAPLE, accept: 'text/html' } });
  await stack.app.inject({ url: '/', headers: { host: 'nobody.example', accept: 'text/html' } });
  await stack.app.inject({ url: '/healthz' });
  const text = (await stack.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

  t.match(text, /edge_http_request_duration_seconds_count\{merchant="maple",route="\/",method="POST",status="3xx"\} 1/);
  t.match(text, /route="\/state\/:refId"/, 'the route pattern');
  t.notMatch(text, /NOT-A-REF/, 'never the URL');
  t.match(text, /edge_http_request_duration_seconds_bucket\{le="0\.1",merchant="-",route="\/healthz"/, 'latency buckets');
  t.match(text, /edge_upstream_calls_total\{call="quoterequest",status="200",attempts="1"\} 1/);
  t.match(text, /edge_upstream_breaker_state\{origin="http:\/\/127\.0\.0\.1:\d+"\} 0/);
  t.match(text, /edge_unknown_host_requests_total\{outcome="fallback"\} [1-9]/, 'unknown hosts, by outcome');
  t.match(text, /edge_rate_limited_total/);
  t.match(text, /edge_shed_total/);
  t.match(text, /nodejs_eventloop_lag_p99_seconds/, 'event-loop delay');
});

t.test('upstream call labels are endpoint names, never refIds or procids', async (t) => {
  t.equal(callOf('/txnbuy/status/ABC-123'), 'status');
  t.equal(callOf('/txnsell/quoterequest'), 'quoterequest');
  t.equal(callOf('/pubapi/ticker/merchant'), 'ticker');
  t.equal(callOf('/etransfer/init'), 'etransfer', "a method's own call");
  t.equal(callOf('/some-proc-id'), 'other');
});

t.test('METRICS_MERCHANTS caps the merchants with latency series of their own; 0 turns the label off', async (t) => {
  const merchantsSeen = async (cap: string) => {
    const stack = await startStack({ listen: false, env: { METRICS_TOKEN: TOKEN, METRICS_MERCHANTS: cap } });
    t.teardown(() => stack.close());
    for (const host of ['maple.localhost', 'roo.localhost', 'maple.localhost', 'test.localhost']) {
      t.equal((await stack.app.inject({ url: '/', headers: { host, accept: 'text/html' } })).statusCode, 200);
    }
    const text = (await stack.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    const labels = [...text.matchAll(/^edge_http_request_duration_seconds_count\{merchant="([^"]+)",route="\/",method="GET"/gm)];
    return labels.map((m) => m[1]).sort();
  };
  t.same(await merchantsSeen('all'), ['maple', 'roo', 'test'], 'all: a series per merchant');
  t.same(await merchantsSeen('2'), ['_other', 'maple', 'roo'], 'the first two asked for keep theirs, the rest share one');
  t.same(await merchantsSeen('0'), ['_other'], 'off: one series for every merchant');
});

t.test('unset, METRICS_MERCHANTS is a bound: a fleet visited merchant by merchant does not grow the heap for good', async (t) => {
  const { metricsMerchants } = parseConfig({});
  t.ok(Number.isFinite(metricsMerchants) && metricsMerchants > 0, `${metricsMerchants} merchants with series of their own`);
});

t.test("every exchange call, the methods' own included, has a label of its own: a word of its own path", async (t) => {
  const calls = upstreamCallsOf(PAYMENT_METHODS).filter((call) => call.base === 'baseUrl' && !call.path.startsWith(':procId'));
  const labelOf = callLabeller(upstreamCallsOf(PAYMENT_METHODS));
  const labels = calls.map((call) => labelOf(`/exchange/${call.path.replace(':api', 'txnsell').replace(':refId', 'ABC-123')}`));
  t.equal(new Set(labels).size, labels.length, 'no two calls share a label');
  for (const [i, call] of calls.entries()) t.ok(pathWords(call).includes(labels[i]!), `${call.path}: ${labels[i]}`);
});
