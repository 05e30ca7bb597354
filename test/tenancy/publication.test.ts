// What would hurt a merchant's visitors is found when its folder loads: a production
// merchant is refused, naming each problem; a TEST one loads, with the problems reported.
import path from 'node:path';
import t from 'tap';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';
import { loadMerchants, MerchantConfigError } from '../../server/tenancy/load.ts';
import { fragmentAddresses } from '../../server/tenancy/publication.ts';
import { edit, mapleAlone, SPOILS, unspoil } from '../helpers/spoiled-merchants.ts';

const load = (dir: string, publication?: 'report') => loadMerchants(dir, { methods: PAYMENT_METHODS, publication });

async function refusal(dir: string): Promise<string[]> {
  try {
    await load(dir);
  } catch (err) {
    if (err instanceof MerchantConfigError) return [...err.problems];
    throw err;
  }
  return [];
}

const asTest = (maple: string) =>
  edit(path.join(maple, 'merchant.json'), (json) => JSON.stringify({ ...JSON.parse(json), env: 'TEST' }));

t.test('maple as shipped may go live: its untranslated pages are declared', async (t) => {
  const { dir, remove } = await mapleAlone();
  t.teardown(remove);
  const registry = await load(dir, 'report');
  t.same(registry.published, [], 'nothing would hurt its visitors');
  t.same(registry.byId.get('maple')?.config.untranslated, [
    'legal/fr-CA/privacy-policy.html',
    'legal/fr-CA/compliance-policy.html',
  ]);
});

for (const spoiled of SPOILS) {
  t.test(`${spoiled.name}: a production merchant is refused, a TEST one loads and is told`, async (t) => {
    const { dir, maple, remove } = await mapleAlone();
    t.teardown(remove);
    await spoiled.spoil(maple);
    const problems = await refusal(dir);
    t.ok(
      problems.some((line) => spoiled.atLoad.test(line)),
      `refused, naming the file: ${problems.join(' | ')}`,
    );
    await asTest(maple);
    const loaded = await load(dir).catch((err: Error) => err);
    if (loaded instanceof MerchantConfigError) {
      // A file the server cannot serve safely refuses any merchant.
      t.match(loaded.problems.join('\n'), spoiled.atLoad, 'a bad file refuses a TEST merchant too');
      return;
    }
    if (loaded instanceof Error) throw loaded;
    t.ok(loaded.byId.has('maple'), 'a TEST merchant loads');
    t.match(loaded.published, [{ id: 'maple', env: 'TEST' }]);
    t.ok(
      loaded.published[0]?.problems.some((line) => spoiled.atLoad.test(line)),
      'and its problems are reported',
    );
    await unspoil(maple);
  });
}

t.test('a language declared untranslated covers all its texts; anything else undeclared is named', async (t) => {
  const { dir, maple, remove } = await mapleAlone();
  t.teardown(remove);
  const untranslated = (list: string[]) =>
    edit(path.join(maple, 'merchant.json'), (json) => JSON.stringify({ ...JSON.parse(json), untranslated: list }));
  await untranslated([]);
  const problems = await refusal(dir);
  t.same(
    problems.map((line) => line.replace(/^.*?maple\//, '')),
    [
      'legal/fr-CA/privacy-policy.html: missing, so fr-CA pages show the en one: write it, or list "legal/fr-CA/privacy-policy.html" in untranslated (merchant.json)',
      'legal/fr-CA/compliance-policy.html: missing, so fr-CA pages show the en one: write it, or list "legal/fr-CA/compliance-policy.html" in untranslated (merchant.json)',
    ],
  );
  await untranslated(['fr-CA']);
  t.same((await load(dir)).published, [], 'the whole language declared');
});

t.test('footer and legal addresses: links to pages the checkout lacks, images the policy refuses', async (t) => {
  const { dir, maple, remove } = await mapleAlone();
  t.teardown(remove);
  await edit(path.join(maple, 'footer.html'), (html) =>
    html
      .replace('href="https://maple.example/careers"', 'href="/careers"')
      .replace('<h2>Company</h2>', '<h2>Company</h2><img src="https://cdn.maple.example/logo.png" alt="Maple Coin">'),
  );
  await edit(path.join(maple, 'footer.fr-CA.html'), (html) =>
    html.replace('href="/refund-policy"', 'href="/refund-policy?x=1#top"'),
  );
  await edit(
    path.join(maple, 'legal', 'terms-of-service.html'),
    (html) =>
      `${html}\n<p><a href="/cash-in-locations">Centres</a> <a href="/amount/100/cryptocurrency/BTC/method/ETRANSFER">Buy</a></p>`,
  );
  const problems = (await refusal(dir)).map((line) => line.replace(/^.*?maple\//, ''));
  t.same(problems, [
    "footer.html: line 12: image https://cdn.maple.example/logo.png: the page's policy (img-src) shows images from the checkout itself only",
    'footer.html: line 15: link /careers: no such page of the checkout (the visitor is sent home)',
  ]);
  t.same(
    fragmentAddresses(
      '<p>\n<a href="/x">x</a>\n\n<img src="https://a.example/i.png"><a href="mailto:a@b.example">m</a></p>',
    ).slice(0, 2),
    [
      { tag: 'a', url: '/x', line: 2, host: '', path: '/x' },
      { tag: 'img', url: 'https://a.example/i.png', line: 4, host: 'a.example', path: '/i.png' },
    ],
    'each address with the line its tag starts on',
  );
});

t.test('a legal page linked but missing sends visitors home: named', async (t) => {
  const { dir, maple, remove } = await mapleAlone();
  t.teardown(remove);
  const { rm } = await import('node:fs/promises');
  await rm(path.join(maple, 'legal', 'refund-policy.html'));
  await rm(path.join(maple, 'legal', 'fr-CA', 'refund-policy.html'));
  const problems = (await refusal(dir)).map((line) => line.replace(/^.*?maple\//, ''));
  t.same(problems, [
    'footer.html: line 33: link /refund-policy: the merchant has no refund-policy.html (the visitor is sent home)',
    'footer.fr-CA.html: line 33: link /refund-policy: the merchant has no refund-policy.html (the visitor is sent home)',
  ]);
});
