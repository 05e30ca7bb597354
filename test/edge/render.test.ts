// The render path (server/render/stream.tsx) over a real socket: a page that waits on
// nothing is sent whole; one that waits on data streams, where streaming shows: the shell
// before slow data, bots served the whole page at once, the time limit, a
// visitor who leaves, a shell that fails, compression as it streams, HEAD. A small
// Fastify serves pages whose data the test releases; the shipped pages are checked
// through startStack.
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';
import Fastify from 'fastify';
import { createElement as h, type ReactElement, Suspense, use } from 'react';
import t, { type Test } from 'tap';
import type { AppConfig } from '../../server/config.ts';
import { safeJson } from '../../server/render/json.ts';
import type { AssetManifest } from '../../server/render/manifest.ts';
import { type RenderOptions, renderPage } from '../../server/render/stream.tsx';
import type { Merchant } from '../../server/tenancy/load.ts';
import { startStack } from '../helpers/stack.ts';
import { captureLogger } from '../upstream/helpers.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
/** How long a test waits for something that should happen at once before it says it did not. */
const PATIENCE_MS = 5_000;

interface Deferred {
  promise: Promise<string>;
  resolve(value: string): void;
}

function deferred(): Deferred {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

/** Data the page waits for, and how often the part that shows it was rendered. */
interface SlowData {
  data: Deferred;
  /** Renders of the part that shows the data (0 until it arrived and was rendered). */
  rendered: number;
  /** Resolves once React has reached the part and suspended on the data. */
  reached: Promise<void>;
}

function slowData(): SlowData & { markReached(): void } {
  let markReached!: () => void;
  const reached = new Promise<void>((r) => (markReached = r));
  return { data: deferred(), rendered: 0, reached, markReached };
}

function Slow({ slow }: { slow: ReturnType<typeof slowData> }) {
  slow.markReached();
  const value = use(slow.data.promise);
  slow.rendered += 1;
  return h('p', { id: 'data' }, value);
}

/** A whole document: a shell, then a part that waits for data behind a fallback. */
function slowPage(slow: ReturnType<typeof slowData>): ReactElement {
  return h(
    'html',
    { lang: 'en' },
    h(
      'body',
      null,
      h('h1', null, 'Shell heading'),
      h(Suspense, { fallback: h('p', { id: 'fallback' }, 'Loading the data') }, h(Slow, { slow })),
    ),
  );
}

function Broken(): ReactElement {
  throw new Error('secret internals at /srv/views/Broken.tsx:12');
}

/**
 * A Fastify over 127.0.0.1 with what renderPage reads from the request (the real app adds
 * these in its tenancy, language and security hooks), serving `page()` at GET /.
 */
async function pageServer(t: Test, page: () => ReactElement, options: RenderOptions = {}) {
  const { logger, lines, logged } = captureLogger();
  const app = Fastify({ loggerInstance: logger });
  app.decorate('assetManifest', {} as AssetManifest);
  app.decorate('appConfig', { appVersion: 'test' } as AppConfig);
  const merchant = { config: { languages: ['en'] } } as unknown as Merchant;
  app.decorateRequest('merchant', { getter: () => merchant });
  app.decorateRequest('language', 'en');
  app.decorateReply('scriptNonce', 'test-nonce');
  app.get('/', (request, reply) => renderPage(request, reply, page(), options));
  await app.listen({ host: '127.0.0.1', port: 0 });
  t.teardown(() => app.close());
  return { port: (app.server.address() as AddressInfo).port, lines, logged };
}

/** One request on its own connection, watched as it arrives. */
function visit(port: number, headers: Record<string, string>, method = 'GET', path = '/') {
  const chunks: Buffer[] = [];
  let onChunk: (() => void) | undefined;
  const request = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false });
  const response = new Promise<IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  const firstChunk = new Promise<string>((resolve) => (onChunk = () => resolve(Buffer.concat(chunks).toString('utf8'))));
  const done = response.then(
    (res) =>
      new Promise<string>((resolve, reject) => {
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          onChunk?.();
          onChunk = undefined;
        });
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        res.on('error', reject);
      }),
  );
  request.end();
  /** The visitor goes away: the connection is destroyed mid-response. */
  const leave = () => {
    done.catch(() => undefined);
    response.catch(() => undefined);
    request.destroy();
  };
  return { response, firstChunk, done, leave };
}

/** The value of `promise`, or `fallback` if it has not settled within PATIENCE_MS. */
function within<T, F>(promise: Promise<T>, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<F>((resolve) => (timer = setTimeout(() => resolve(fallback), PATIENCE_MS)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

const errorOf = (line: Record<string, unknown>) => (line.err as { message?: string } | undefined)?.message;
const errorLines = (lines: Record<string, unknown>[], msg: string) => lines.filter((l) => l.msg === msg).map(errorOf);

t.test('safeJson cannot close its script element or open a comment', async (t) => {
  const value = { a: '</script><script>alert(1)</script>', b: '<!-- x -->', c: 'a & b', d: '\u2028\u2029' };
  const json = safeJson(value);
  t.notMatch(json, /<|>|&|\u2028|\u2029/);
  t.same(JSON.parse(json), value, 'round-trips');
  t.equal(safeJson(undefined), 'null');
});

t.test('a browser gets the shell before the slow data, then the rest on the same response', async (t) => {
  const slow = slowData();
  const { port } = await pageServer(t, () => slowPage(slow));
  const visitor = visit(port, { 'user-agent': BROWSER });
  const res = await visitor.response;
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /^text\/html/);
  t.equal(res.headers['cache-control'], 'no-store');
  const shell = await within(visitor.firstChunk, null);
  t.ok(shell, 'the first bytes arrived while the data was still pending');
  t.match(shell ?? '', /^<!DOCTYPE html>.*Shell heading.*Loading the data/s, 'the shell with the fallback');
  t.notMatch(shell ?? '', 'Fresh data');
  t.equal(slow.rendered, 0, 'the data part has not rendered yet');

  slow.data.resolve('Fresh data');
  const page = await visitor.done;
  t.match(page, /<p id="data">Fresh data<\/p>/, 'the data follows on the same response');
  t.match(page, /<\/html>$/);
});

t.test('a bot gets the whole page at once, with no fallback to swap', async (t) => {
  const slow = slowData();
  const { port } = await pageServer(t, () => slowPage(slow));
  const bot = visit(port, { 'user-agent': GOOGLEBOT });
  let answered = false;
  void bot.response.then(() => (answered = true));
  await slow.reached;
  // A browser's shell would be on the wire by now; a round trip on another connection
  // gives it the time to arrive.
  const browser = visit(port, { 'user-agent': BROWSER });
  await browser.firstChunk;
  browser.leave();
  t.notOk(answered, 'no status line or byte for the bot while the data is pending');

  slow.data.resolve('Fresh data');
  const page = await bot.done;
  t.equal((await bot.response).statusCode, 200);
  t.match(page, /^<!DOCTYPE html>.*Shell heading.*<p id="data">Fresh data<\/p>.*<\/html>$/s);
  t.notMatch(page, 'Loading the data', 'no fallback');
  t.notMatch(page, /<script/, 'no inline script moving streamed parts into place');
});

t.test('bot user agents are recognised by name', async (t) => {
  for (const agent of [
    'Googlebot/2.1',
    'bingbot/2.0',
    'Baiduspider',
    'Yahoo! Slurp',
    'facebookexternalhit/1.1',
    'Chrome-Lighthouse',
    'AhrefsBot',
    'Twitterbot/1.0',
  ]) {
    const slow = slowData();
    slow.data.resolve('Ready');
    const { port } = await pageServer(t, () => slowPage(slow));
    const page = await visit(port, { 'user-agent': agent }).done;
    t.notMatch(page, 'Loading the data', `${agent}: the whole page`);
  }
});

t.test('the render time limit aborts a page whose data never comes: the page still ends', async (t) => {
  for (const agent of [BROWSER, GOOGLEBOT]) {
    const slow = slowData(); // never resolved
    const { port, lines } = await pageServer(t, () => slowPage(slow), { timeoutMs: 50 });
    const told: unknown[][] = [];
    const consoleError = console.error;
    console.error = (...args: unknown[]) => void told.push(args);
    const page = await within(visit(port, { 'user-agent': agent }).done, null).finally(() => {
      console.error = consoleError;
    });
    t.strictSame(told, [], `${agent.slice(0, 20)}: React says nothing of the abort on the console`);
    t.ok(page, `${agent.slice(0, 20)}: the response ended without the data`);
    t.match(page ?? '', /Shell heading.*Loading the data.*<\/html>$/s, 'the shell and the fallback, for the browser to fill');
    t.strictSame(errorLines(lines, 'page failed to render'), ['render timed out'], 'the abort is logged');
    t.equal(slow.rendered, 0);
  }
});

t.test('a visitor who leaves aborts the render', async (t) => {
  const left = slowData();
  const stayed = slowData();
  const pages = [left, stayed];
  const { port, logged } = await pageServer(t, () => slowPage(pages.shift()!));
  const leaving = visit(port, { 'user-agent': BROWSER });
  await leaving.firstChunk;
  const staying = visit(port, { 'user-agent': BROWSER });
  await staying.firstChunk;
  leaving.leave();
  t.ok(
    await within(
      logged((l) => l.msg === 'page failed to render' && errorOf(l) === 'visitor disconnected').then(() => true),
      false,
    ),
    'aborted, and logged',
  );
  // React renders a waiting part again when its data arrives, unless the render was
  // aborted: both get their data together, and the visitor who stayed gets the page.
  left.data.resolve('Fresh data');
  stayed.data.resolve('Fresh data');
  t.match(await staying.done, 'Fresh data');
  t.equal(stayed.rendered, 1);
  t.equal(left.rendered, 0, 'the page of the visitor who left is not rendered further');
});

t.test('a shell that fails: the plain error page, 500, no stack trace, not compressed', async (t) => {
  const { port, lines } = await pageServer(t, () => h(Broken));
  const visitors: Record<string, string>[] = [
    { 'user-agent': BROWSER },
    { 'user-agent': GOOGLEBOT },
    { 'user-agent': BROWSER, 'accept-encoding': 'br, gzip' },
  ];
  for (const headers of visitors) {
    const visitor = visit(port, headers);
    const page = await visitor.done;
    const res = await visitor.response;
    t.equal(res.statusCode, 500, JSON.stringify(headers));
    t.equal(res.headers['content-encoding'], undefined, 'sent as plain text even when compression was accepted');
    t.match(res.headers['content-type'], /^text\/html/);
    t.match(page, /^<!DOCTYPE html>.*<h1>Something went wrong<\/h1>.*<a href="\/">Back to the start<\/a>/s);
    t.notMatch(page, /secret|Broken\.tsx|\bat \S+:\d+/, 'neither the message nor a stack');
    t.notMatch(page, /<script/);
  }
  t.equal(errorLines(lines, 'page shell failed to render').length, 3, 'each failure is logged, with its error');
  t.match(errorLines(lines, 'page shell failed to render')[0], /^secret internals/);
});

t.test('a compressed page streams too: the shell decodes before the data is there', async (t) => {
  const slow = slowData();
  const { port } = await pageServer(t, () => slowPage(slow));
  const request = http.request({
    host: '127.0.0.1',
    port,
    path: '/',
    headers: { 'user-agent': BROWSER, 'accept-encoding': 'br' },
    agent: false,
  });
  const res = await new Promise<IncomingMessage>((resolve, reject) => request.on('response', resolve).on('error', reject).end());
  t.equal(res.headers['content-encoding'], 'br');
  t.equal(res.headers.vary, 'accept-encoding');
  const decoded: string[] = [];
  const decoder = res.pipe(createBrotliDecompress());
  const firstDecoded = new Promise<void>((resolve) => decoder.once('data', () => resolve()));
  decoder.on('data', (d: Buffer) => decoded.push(d.toString('utf8')));
  await within(firstDecoded, null);
  t.match(decoded.join(''), /Shell heading.*Loading the data/s, 'the shell, decoded, while the data is pending');
  t.notMatch(decoded.join(''), 'Fresh data');
  slow.data.resolve('Fresh data');
  await new Promise((resolve) => decoder.on('end', resolve));
  t.match(decoded.join(''), /Fresh data.*<\/html>$/s);
});

t.test('a page that waits on nothing is sent whole: one buffer with its length, compressed in one call', async (t) => {
  const page = () =>
    h('html', { lang: 'en' }, h('body', null, h('h1', null, 'Shell heading'), h('p', { id: 'data' }, 'Fresh data')));
  const { port } = await pageServer(t, page);
  const plain = visit(port, { 'user-agent': BROWSER });
  const body = await plain.done;
  const res = await plain.response;
  t.equal(res.headers['content-length'], String(Buffer.byteLength(body)), 'a length, not chunks');
  t.equal(res.headers['transfer-encoding'], undefined);
  t.match(
    body,
    /^<!DOCTYPE html><html lang="en"><head><\/head><body><h1>Shell heading<\/h1><p id="data">Fresh data<\/p><\/body><\/html>$/,
  );
  const request = http.request({ host: '127.0.0.1', port, path: '/', headers: { 'accept-encoding': 'br' }, agent: false });
  const compressed = await new Promise<IncomingMessage>((resolve, reject) =>
    request.on('response', resolve).on('error', reject).end(),
  );
  const bytes: Buffer[] = [];
  for await (const chunk of compressed) bytes.push(chunk as Buffer);
  t.equal(compressed.headers['content-encoding'], 'br');
  t.equal(compressed.headers['content-length'], String(Buffer.concat(bytes).length));
  t.equal(brotliDecompressSync(Buffer.concat(bytes)).toString(), body, 'the same page');

  const slow = slowData();
  const { port: slowPort } = await pageServer(t, () => slowPage(slow));
  const streamed = visit(slowPort, { 'user-agent': BROWSER });
  const streamedRes = await streamed.response;
  t.equal(streamedRes.headers['transfer-encoding'], 'chunked', 'a page that waits on data streams');
  t.equal(streamedRes.headers['content-length'], undefined);
  slow.data.resolve('Fresh data');
  await streamed.done;
});

t.test('HEAD of a page rendered per request: the headers of GET, no body, and no render', async (t) => {
  const stack = await startStack();
  t.teardown(() => stack.close());
  // The success page without a flow: rendered for this request, a page all the same.
  const path = '/transaction-success';
  const get = await new Promise<{ res: IncomingMessage; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: stack.port, path, headers: { host: 'maple.localhost' }, agent: false }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ res, body }));
      })
      .on('error', reject);
  });
  const head = visit(stack.port, { host: 'maple.localhost' }, 'HEAD', path);
  const headBody = await head.done;
  const res = await head.response;
  t.equal(res.statusCode, 200);
  t.equal(headBody, '', 'no body');
  for (const name of ['content-type', 'cache-control', 'vary', 'x-content-type-options']) {
    t.equal(res.headers[name], get.res.headers[name], name);
  }
  t.match(res.headers['content-security-policy'], /script-src 'nonce-/, 'a CSP of its own');
  t.match(get.body, /Maple Coin/, 'GET has the page');
  t.notOk(
    stack.logs.some((l) => /render/.test(String(l.msg))),
    'no render error logged',
  );
  t.match(
    stack.logs.findLast((l) => l.msg === 'request'),
    { method: 'HEAD', status: 200 },
  );
});
