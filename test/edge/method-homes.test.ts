// A payment method has one home: its name (FLEXEPIN, flexepin, Flexepin) appears in at most
// a few product files beyond those named after it (its module in server/methods/, its
// screens and views), such as the route table and the text catalogue. Tests, merchant
// files, the upstream's API as the edge calls it (server/upstream/: its endpoints are named
// after rails, and the edge cannot rename them) and the sandbox (the upstream's own
// knowledge of its rails) do not count.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import t from 'tap';
import { PAYMENT_METHODS } from '../../server/methods/index.ts';

const MOST_OTHER_FILES = 5;
const root = resolve(new URL('../../', import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === 'server/sandbox' || path === 'server/upstream' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const files = ['checkout', 'ui', 'server', 'views', 'islands'].flatMap(sources).map((file) => ({
  file,
  text: readFileSync(join(root, file), 'utf8'),
  /** 'PaymentEtransfer.tsx' -> 'payment-etransfer', to compare with a module's file name. */
  kebab: basename(file)
    .replace(/\.tsx?$/, '')
    .replace(/(?<!^)(?=[A-Z])/g, '-')
    .toLowerCase(),
}));

/** The module that defines each method: server/methods/<slug>.ts. */
function moduleSlug(name: string): string {
  const found = files.find((f) => f.file.startsWith('server/methods/') && f.text.includes(`name: '${name}'`));
  if (!found) throw new Error(`no module defines ${name}`);
  return basename(found.file, '.ts');
}

const capitalised = (name: string) => name[0] + name.slice(1).toLowerCase();
const spellings = (name: string) => [name, name.toLowerCase(), capitalised(name)];

t.test('the walk finds every method module, and every module is a method of the table', async (t) => {
  const modules = files.filter((f) => /^server\/methods\/(?!index\.ts$|method\.ts$)/.test(f.file));
  t.equal(modules.length, PAYMENT_METHODS.list.length, modules.map((f) => f.file).join(', '));
  for (const { name } of PAYMENT_METHODS.list) t.ok(moduleSlug(name), name);
});

for (const { name } of PAYMENT_METHODS.list) {
  t.test(`${name} is named in at most ${MOST_OTHER_FILES} files beyond its own`, async (t) => {
    // ETRANSFER is not counted where the text says ETRANSFEROUT.
    const longer = PAYMENT_METHODS.list.map((m) => m.name).filter((other) => other !== name && other.startsWith(name));
    const tails = longer.flatMap((other) => spellings(other.slice(name.length)));
    const pattern = new RegExp(`(?:${spellings(name).join('|')})${tails.length ? `(?!${tails.join('|')})` : ''}`);
    const slug = moduleSlug(name);
    const ownFile = (kebab: string) => kebab.includes(slug) || kebab.replaceAll('-', '').includes(slug.replaceAll('-', ''));
    // The catalogues are one home however many languages there are: a method's words are a line in each.
    const home = (file: string) => (file.startsWith('checkout/i18n/catalogues/') ? 'the catalogues' : file);
    const others = [
      ...new Set(files.filter((f) => pattern.test(f.text) && !ownFile(f.kebab)).map((f) => home(relative('.', f.file)))),
    ];
    t.ok(others.length <= MOST_OTHER_FILES, `${others.length}: ${others.join(', ')}`);
  });
}
