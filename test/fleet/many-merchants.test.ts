// A large fleet starts without doing per-merchant work it can put off: files are read a
// few folders at a time, nothing is compressed before it is asked for, what merchants
// have in common (files, legal pages, settings) is held once and checked once, and a bad
// file among them still stops the load naming file and line. No time is asserted here;
// `npm run many-merchants` measures 10,000.

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as zlib from 'node:zlib';
import t from 'tap';
import { fleetBrand, fleetHost, fleetId, writeFleet } from '../../scripts/many-merchants.ts';
import { parseConfig } from '../../server/config.ts';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import * as cssLint from '../../server/tenancy/css-lint.ts';
import { MerchantConfigError } from '../../server/tenancy/errors.ts';
import * as htmlLint from '../../server/tenancy/html-lint.ts';
import { loadMerchants } from '../../server/tenancy/load.ts';
import { neverShedForDelay } from '../helpers/pressure.ts';

t.setTimeout(180_000);
const COUNT = 500;
/** writeFleet's style sheets repeat every this many merchants. */
const BRAND_CYCLE = [...Array(COUNT).keys()].findIndex((i) => i > 0 && fleetBrand(i) === fleetBrand(0));
const dir = await mkdtemp(path.join(tmpdir(), 'fleet-'));
t.teardown(() => rm(dir, { recursive: true, force: true }));
await writeFleet(dir, COUNT);

// Every compression the app asks of zlib, counted.
const compressed: string[] = [];
const counting = <F extends (...args: never[]) => unknown>(name: string, fn: F) =>
  ((...args: Parameters<F>) => {
    compressed.push(name);
    return fn(...args);
  }) as F;
// Every text the load lints or sanitises, counted.
const checked = { styleSheets: [] as string[], fragmentLints: [] as string[], sanitised: [] as string[] };
const recording =
  <A extends unknown[], R>(into: string[], fn: (text: string, ...rest: A) => R) =>
  (text: string, ...rest: A): R => {
    into.push(text);
    return fn(text, ...rest);
  };
const { buildApp } = await t.mockImport<typeof import('../../server/app.ts')>('../../server/app.ts', {
  'node:zlib': {
    ...zlib,
    brotliCompress: counting('br', zlib.brotliCompress),
    brotliCompressSync: counting('br', zlib.brotliCompressSync),
    gzip: counting('gzip', zlib.gzip),
    gzipSync: counting('gzip', zlib.gzipSync),
  },
  '../../server/tenancy/css-lint.ts': {
    ...cssLint,
    styleSheetFindings: recording(checked.styleSheets, cssLint.styleSheetFindings),
  },
  '../../server/tenancy/html-lint.ts': {
    ...htmlLint,
    lintHtmlFragment: recording(checked.fragmentLints, htmlLint.lintHtmlFragment),
    sanitizeFragment: recording(checked.sanitised, htmlLint.sanitizeFragment),
  },
});
const app = await buildApp({
  // Nothing here calls the upstream.
  config: neverShedForDelay(
    parseConfig({ MERCHANTS_DIR: dir, MERCHANTS_WATCH: 'off', SESSION_SECRET: 's'.repeat(32), LOG_LEVEL: 'silent' }),
  ),
  upstreamUrl: 'http://127.0.0.1:9',
});
await app.ready();
t.teardown(() => app.close());

const merchant = (i: number) => app.merchants.byId.get(fleetId(i))!;

t.test('every merchant is loaded and found by its host', async (t) => {
  t.equal(app.merchants.merchants.length, COUNT);
  for (const i of [0, 1, COUNT - 1]) {
    const found = app.merchants.resolve(fleetHost(i));
    t.equal(found.kind === 'known' && found.merchant, merchant(i), fleetHost(i));
  }
});

t.test('nothing is compressed at start-up', async (t) => {
  t.same(compressed, []);
});

t.test('what merchants have in common is held once', async (t) => {
  const [a, b, c] = [merchant(0), merchant(BRAND_CYCLE), merchant(1)];
  const styleOf = (m: typeof a) => m.assets.get(m.styleHref!)!;
  t.equal(fleetBrand(0), fleetBrand(BRAND_CYCLE));
  t.equal(styleOf(a), styleOf(b), 'the same style sheet is one asset');
  t.not(styleOf(a), styleOf(c), 'another brand is another asset');
  t.not(a.styleHref, b.styleHref, "each under its own merchant's URL");
  t.equal(a.assets.get(a.faviconHref!), c.assets.get(c.faviconHref!), 'one favicon for all');
  t.equal(a.footerHtml, c.footerHtml);
  for (const [page, html] of a.legal) t.equal(html, c.legal.get(page), `one ${page}`);
  t.equal(a.config.paymentMethods, c.config.paymentMethods, 'the same settings are one object');
  t.equal(a.config.blockedAreaCodes, c.config.blockedAreaCodes, 'a default of a field left out is one object too');
  t.not(a.config, c.config, 'each merchant keeps its own configuration');
  t.ok(Object.isFrozen(a.config.paymentMethods[0]), 'shared settings are frozen');
});

t.test('a style sheet is compressed on its first request, once for every merchant that has it', async (t) => {
  const get = (m: ReturnType<typeof merchant>, i: number) =>
    app.inject({ method: 'GET', url: m.styleHref!, headers: { host: fleetHost(i), 'accept-encoding': 'br' } });
  const first = await get(merchant(0), 0);
  t.equal(first.statusCode, 200);
  t.equal(first.headers['content-encoding'], 'br');
  t.same(compressed.sort(), ['br', 'gzip']);
  const same = await get(merchant(BRAND_CYCLE), BRAND_CYCLE);
  t.equal(same.headers['content-encoding'], 'br');
  t.equal(same.headers.etag, first.headers.etag);
  t.same(compressed.sort(), ['br', 'gzip'], 'not compressed again');
  const other = await app.inject({ method: 'GET', url: merchant(0).styleHref!, headers: { host: fleetHost(1) } });
  t.equal(other.statusCode, 404, "still never another merchant's file");
});

t.test('each distinct file is linted and sanitised once, however many merchants have it', async (t) => {
  const distinct = (texts: string[]) => new Set(texts).size;
  t.equal(checked.styleSheets.length, BRAND_CYCLE, 'one tokenising per distinct style sheet');
  t.equal(distinct(checked.styleSheets), BRAND_CYCLE);
  // The footer, four legal pages, their French footer and two French legal pages, and the
  // SVG favicon, all the same in every folder.
  t.equal(checked.fragmentLints.length, 9, 'one lint per distinct fragment or favicon');
  t.equal(distinct(checked.fragmentLints), 9);
  t.equal(checked.sanitised.length, 8, 'one sanitising per distinct footer or legal page');
});

t.test('a bad file among many still stops the load, naming file and line', async (t) => {
  const bad = fleetId(COUNT - 7);
  const style = path.join(dir, bad, 'style.css');
  const css = await readFile(style, 'utf8');
  const line = css.split('\n').length + 1;
  // A copy of a sheet other merchants have, with one line more: its own content.
  await writeFile(style, `${css}\n.brand { background: url(https://evil.test/track.png); }\n`);
  const footer = path.join(dir, fleetId(3), 'footer.html');
  await writeFile(footer, `<p>Contact</p>\n<a href="javascript:alert(1)">x</a>\n`);
  // The same sheet as merchant 0's under another merchant: its own asset path is what it may use.
  const own = path.join(dir, fleetId(BRAND_CYCLE), 'style.css');
  await writeFile(own, `${await readFile(own, 'utf8')}\n.logo { background: url(/assets/m/${fleetId(0)}/logo.png); }\n`);
  const err = await loadMerchants(dir, { methods: PAYMENT_METHODS }).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.type(err, MerchantConfigError);
  const problems = (err as MerchantConfigError).problems;
  t.same(problems, [
    `${footer}: line 2: javascript: URL on <a>`,
    `${path.join(dir, fleetId(BRAND_CYCLE), 'style.css')}: line ${line}: url(/assets/m/${fleetId(0)}/logo.png) is not one of the merchant's own files`,
    `${style}: line ${line}: url(https://evil.test/track.png) is not one of the merchant's own files`,
  ]);
});
