// The islands' catalogues: English is in the chunk of the islands with words; each other
// language is a chunk of its own, which only that language's pages fetch (announced for
// preloading with the page's on-load islands), so an English page downloads no French.
import t from 'tap';
import { MODULE_PRELOAD_ID } from '../../islands/protocol.ts';
import { driveTo, MAPLE } from '../helpers/journey.ts';
import { startStack } from '../helpers/stack.ts';

const stack = await startStack({ listen: false });
t.teardown(() => stack.close());
const { assetManifest } = stack.app;

async function script(path: string): Promise<string> {
  const res = await stack.app.inject({ url: path, headers: { host: MAPLE } });
  t.equal(res.statusCode, 200, path);
  return res.body;
}

const preloadList = (html: string): string[] =>
  JSON.parse(new RegExp(`<script type="application/json" id="${MODULE_PRELOAD_ID}">([^<]*)</script>`).exec(html)?.[1] ?? '[]');

t.test('the French catalogue is a chunk of its own, in no island’s static imports', async (t) => {
  const french = assetManifest.preload.catalogues['fr-CA'];
  t.ok(french?.length, 'the build names its chunks');
  const holding: string[] = [];
  for (const chunk of assetManifest.chunks) if ((await script(chunk)).includes('Colombie-Britannique')) holding.push(chunk);
  t.same(holding, [french![0]], 'the French texts are in that chunk only');
  // Other languages may keep a province's English name: the English chunk is the one that is no language's own.
  const ownChunks = new Set(Object.values(assetManifest.preload.catalogues).flat());
  const english = [];
  for (const chunk of assetManifest.chunks)
    if (!ownChunks.has(chunk) && (await script(chunk)).includes('British Columbia')) english.push(chunk);
  t.equal(english.length, 1, 'the English texts are in one chunk');
  t.notOk(french!.includes(english[0]!), 'which French pages need too (the default texts), but not as French');
  const staticImports = [...assetManifest.preload.hydrate, ...Object.values(assetManifest.preload.islands).flat()];
  t.notOk(staticImports.includes(french![0]!), 'no island imports the French texts');
});

t.test("a page announces its own language's catalogue, and no other", async (t) => {
  const visitor = await driveTo(stack, '/price-quote');
  const english = preloadList((await visitor.get('/price-quote')).body);
  t.ok(english.length > 0, 'the quote hydrates islands on load');
  const frenchChunk = assetManifest.preload.catalogues['fr-CA']![0]!;
  t.notOk(english.includes(frenchChunk), 'English: no French');
  visitor.cookie = `${visitor.cookie}; lang=fr-CA`;
  const french = preloadList((await visitor.get('/price-quote')).body);
  t.ok(
    assetManifest.preload.catalogues['fr-CA']!.every((file) => french.includes(file)),
    'French: the French catalogue, fetched beside the islands',
  );
});
