// Memory by design (server/ops/byte-cache.ts): every cache of rendered pages and compressed
// files is bounded in bytes, lets the least recently used go first, and shows itself in
// /metrics; a compressed page holds only its own bytes; readiness does not count what the
// caches hold.

import { createElement } from 'react';
import t from 'tap';
import { request } from 'undici';
import { FLOW_KINDS } from '../../checkout/domain.ts';
import { LEGAL_PAGES } from '../../checkout/legal.ts';
import { homeTab } from '../../checkout/routes.ts';
import { CACHE_SHARE_OF_RSS, parseConfig } from '../../server/config.ts';
import { ByteCache, cachedBytes, cacheShares, cacheStats, keyOf, setCacheBudget } from '../../server/ops/byte-cache.ts';
import { renderShared } from '../../server/render/shared-pages.tsx';
import { MAPLE } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const TOKEN = 'byte-cache-test-metrics-token';
/** A budget the demo merchants' pages overflow. */
const SMALL_BUDGET = 128 * 1024;
/** Every URL of a page rendered for everyone. */
const PAGE_URLS = ['/', ...FLOW_KINDS.map(homeTab), ...LEGAL_PAGES.map(({ route }) => route.path)];

t.test('a cache keeps at most its share of the budget, the least recently used going first', async (t) => {
  const cache = new ByteCache<string, string>({ name: 'test-cache', share: 1, sizeOf: (value) => value.length });
  cache.resize(100);
  for (const key of ['a', 'b', 'c']) t.ok(cache.set(key, 'x'.repeat(30)), `${key} kept`);
  t.equal(cache.get('a'), 'x'.repeat(30), 'a used: now the most recent');
  cache.set('d', 'x'.repeat(30));
  t.equal(cache.peek('b'), undefined, 'b, the least recently used, made room');
  t.ok(cache.has('a') && cache.has('c') && cache.has('d'));
  t.notOk(cache.set('e', 'x'.repeat(101)), 'an entry larger than the whole bound is not kept');
  t.match(cache.stats(), { name: 'test-cache', bytes: 90, maxBytes: 100, entries: 3, evictions: 1 });
  cache.resize(100);
  t.equal(cache.stats().entries, 3, 'the same bound again keeps what it holds');
});

t.test("the caches' shares make up the whole budget, which follows the RSS threshold", async (t) => {
  // Every module holding a cache, loaded.
  await import('../../server/static-files.ts');
  await import('../../server/front/cached-page-listener.ts');
  await import('../../server/render/shell.tsx');
  await import('../../server/render/island.tsx');
  await import('../../server/flow/ticker-cache.ts');
  await import('../../server/flow/public-answers.ts');
  await import('../../server/render/qr.ts');
  await import('../../server/render/static-part.tsx');
  await import('../../server/ops/refusal-store.ts');
  const shares = cacheShares();
  delete shares['test-cache'];
  t.same(Object.keys(shares).sort(), [
    'islands',
    'merchant-assets',
    'public-answers',
    'published-pages',
    'qr-codes',
    'refused-forms',
    'shared-pages',
    'shells',
    'static-parts',
    'tickers',
  ]);
  t.equal(
    Object.values(shares).reduce((a, b) => a + b, 0),
    1,
  );
  const limit = { bytes: 512 * 2 ** 20, source: 'cgroup' } as const;
  t.equal(parseConfig({ SHED_RSS_MB: '435' }, limit).cacheBytes, Math.floor(435 * 2 ** 20 * CACHE_SHARE_OF_RSS));
  t.equal(parseConfig({}, limit).cacheBytes, Math.floor(512 * 2 ** 20 * 0.85 * CACHE_SHARE_OF_RSS), 'from the limit');
  t.equal(parseConfig({ SHED_RSS_MB: 'off' }, limit).cacheBytes, Math.floor(512 * 2 ** 20 * 0.85 * CACHE_SHARE_OF_RSS));
  t.equal(parseConfig({ CACHE_MB: '40' }, limit).cacheBytes, 40 * 2 ** 20, 'CACHE_MB sets it');
  t.throws(() => parseConfig({ CACHE_MB: 'lots' }, limit), /CACHE_MB/);
});

t.test('an object has one key for good; another object (a merchant loaded anew) another', async (t) => {
  const merchant = {};
  t.equal(keyOf(merchant), keyOf(merchant));
  t.not(keyOf({ ...merchant }), keyOf(merchant));
});

t.test("a page's compressed copies hold only their own bytes, not zlib's output chunk", async (t) => {
  const words = Array.from({ length: 1_500 }, (_, i) => `word${i % 97}`).join(' ');
  const page = renderShared(createElement('html', null, createElement('body', null, words)), {
    assets: { entry: '', css: [], islands: {}, preload: { hydrate: [], islands: {} } } as never,
    appVersion: 'test',
    language: 'en',
    locale: 'en-CA',
    merchant: {} as never,
  });
  t.ok(page.br.length < page.plain.length / 2, 'compressed');
  for (const body of [page.plain, page.br, page.gzip]) {
    t.equal(body.buffer.byteLength, body.length, 'the buffer behind it is its own size');
  }
});

t.test('every page of many merchants: the caches stay within their bound, evictions show, pages still serve', async (t) => {
  const stack = await startStack({ listen: false, env: { METRICS_TOKEN: TOKEN } });
  t.teardown(() => stack.close());
  // A budget small enough that the demo merchants' pages overflow it.
  setCacheBudget(SMALL_BUDGET);
  t.teardown(() => setCacheBudget(stack.app.appConfig.cacheBytes));
  const hosts = stack.app.merchants.merchants.flatMap((m) => m.config.hosts.slice(0, 1));
  const get = (host: string, url: string, language = 'en') =>
    stack.app.inject({ url, headers: { host, 'accept-encoding': 'br', 'accept-language': language } });
  const evictedBefore = cacheStats().find((s) => s.name === 'shared-pages')!.evictions;
  for (const host of hosts) {
    for (const url of PAGE_URLS) {
      for (const language of ['en', 'fr-CA']) {
        // A merchant without legal pages sends their URLs home.
        t.match((await get(host, url, language)).statusCode, /^(200|302)$/, `${host}${url} ${language}`);
      }
    }
  }
  for (const stats of cacheStats()) {
    t.ok(stats.bytes <= stats.maxBytes, `${stats.name}: ${stats.bytes} of at most ${stats.maxBytes} bytes`);
  }
  const shared = cacheStats().find((s) => s.name === 'shared-pages')!;
  t.ok(shared.evictions >= evictedBefore + 10, 'pages went to make room');
  t.ok(cachedBytes() <= SMALL_BUDGET, 'all together within the budget');

  const metrics = await stack.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  t.match(metrics.body, new RegExp(`^edge_cache_bytes\\{cache="shared-pages"\\} ${shared.bytes}$`, 'm'));
  t.match(metrics.body, /^edge_cache_max_bytes\{cache="shared-pages"\} \d+$/m);
  t.match(metrics.body, /^edge_cache_entries\{cache="shells"\} \d+$/m);
  t.match(metrics.body, new RegExp(`^edge_cache_evictions_total\\{cache="shared-pages"\\} ${shared.evictions}$`, 'm'));

  // The first merchant's home page left long ago: served again, rendered again, the same bytes.
  const again = await get(hosts[0]!, '/');
  t.equal(again.statusCode, 200);
  t.match(again.headers['content-encoding'], 'br');
  t.equal((await get(hosts[0]!, '/')).headers.etag, again.headers.etag, 'cached again once asked for');
});

t.test('the fast path answers only from pages their cache still holds', async (t) => {
  const stack = await startStack();
  t.teardown(() => stack.close());
  setCacheBudget(SMALL_BUDGET);
  t.teardown(() => setCacheBudget(stack.app.appConfig.cacheBytes));
  const fast = stack.app.sharedPagesFastPath;
  const get = async (path: string, host = MAPLE, language = 'en') => {
    const answer = await request(`http://127.0.0.1:${stack.port}${path}`, { headers: { host, 'accept-language': language } });
    await answer.body.dump();
    return { status: answer.statusCode };
  };
  t.equal((await get('/terms-of-service')).status, 200);
  const before = fast.answered;
  t.equal((await get('/terms-of-service')).status, 200);
  t.equal(fast.answered, before + 1, 'published: answered in front of Fastify');
  // Every page of every other merchant, in both languages: the first page leaves its cache.
  for (const merchant of stack.app.merchants.merchants.filter((m) => !m.config.hosts.includes(MAPLE))) {
    for (const url of PAGE_URLS) {
      for (const language of ['en', 'fr-CA']) {
        await get(url, merchant.config.hosts[0]!, language);
      }
    }
  }
  const answered = fast.answered;
  const page = await get('/terms-of-service');
  t.equal(page.status, 200, 'still served');
  t.equal(fast.answered, answered, 'by the full path: its bytes had left with the page');
});
