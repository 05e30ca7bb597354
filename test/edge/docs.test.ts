// The docs stay true about the tree: every file or folder README.md and docs/*.md name in
// backticks or link to exists, and every `npm run X` they give is a script of package.json.
// A recipe ("Adding …") names files a reader creates: there the file's folder must exist.
// A bare file name (a table under its folder) must be some file's name in the tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import t from 'tap';

const root = resolve(new URL('../../', import.meta.url).pathname);
/** Not the product's tree: installed packages, git, what tests and tools leave behind. */
const OUTSIDE = new Set(['node_modules', '.git', '.tap', 'screenshots']);

const docs = ['README.md', ...readdirSync(join(root, 'docs')).flatMap((f) => (f.endsWith('.md') ? [`docs/${f}`] : []))];
const topLevel = new Set(readdirSync(root));

function names(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (OUTSIDE.has(entry.name)) return [];
    return entry.isDirectory() ? [entry.name, ...names(join(dir, entry.name))] : [entry.name];
  });
}
const fileNames = new Set(names('.'));

interface Mention {
  doc: string;
  line: number;
  text: string;
  /** Under a heading that starts "Adding": a recipe. */
  inRecipe: boolean;
}

/** Each line of a doc with what it is under, code blocks included (commands live there). */
function lines(doc: string): Mention[] {
  let inRecipe = false;
  return readFileSync(join(root, doc), 'utf8')
    .split('\n')
    .map((text, i) => {
      if (/^#+ /.test(text)) inRecipe = /^#+ Adding\b/.test(text);
      return { doc, line: i + 1, text, inRecipe };
    });
}
const mentions = docs.flatMap(lines);

/** A path in backticks: relative, in the tree's own folders, no placeholder or pattern in it. */
function pathIn(code: string): string | undefined {
  if (/[\s<>*{}$|…]/.test(code) || code.startsWith('/') || (code.startsWith('.') && !topLevel.has(code.split('/')[0]!)))
    return undefined;
  if (code.includes('/')) return topLevel.has(code.split('/')[0]!) ? code.replace(/\/$/, '') : undefined;
  return /\.(tsx?|mjs|md|jsonc?|ya?ml|css|sh)$/.test(code) ? code : undefined;
}

t.test('every path the docs name exists', async (t) => {
  const missing: string[] = [];
  let checked = 0;
  for (const m of mentions) {
    for (const [, code] of m.text.matchAll(/`([^`]+)`/g)) {
      const path = pathIn(code!);
      if (!path) continue;
      checked++;
      const found = path.includes('/')
        ? existsSync(join(root, path)) || (m.inRecipe && existsSync(join(root, dirname(path))))
        : fileNames.has(basename(path));
      if (!found) missing.push(`${m.doc}:${m.line} \`${path}\``);
    }
    for (const [, target] of m.text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      checked++;
      const path = relative(root, resolve(root, dirname(m.doc), target!));
      if (!existsSync(join(root, path))) missing.push(`${m.doc}:${m.line} link to ${target}`);
    }
  }
  t.ok(checked > 100, `${checked} paths and links checked`);
  t.strictSame(missing, [], 'none missing');
});

t.test('every npm script the docs give exists', async (t) => {
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const given = mentions.flatMap((m) => [...m.text.matchAll(/npm run ([\w:-]+)/g)].map(([, name]) => ({ m, name: name! })));
  t.ok(given.length > 10, `${given.length} commands checked`);
  t.strictSame(
    given.filter(({ name }) => !(name in scripts)).map(({ m, name }) => `${m.doc}:${m.line} npm run ${name}`),
    [],
    'none missing',
  );
});

t.test("the recipes' file lists are checked: each recipe names its files as paths", async (t) => {
  const recipes = new Map<string, string[]>();
  let heading = '';
  for (const m of mentions.filter((m) => m.doc === 'docs/architecture.md')) {
    if (/^#+ /.test(m.text)) heading = m.text.replace(/^#+ /, '');
    if (!m.inRecipe) continue;
    const paths = [...m.text.matchAll(/`([^`]+)`/g)].flatMap(([, code]) => pathIn(code!) ?? []);
    recipes.set(heading, [...(recipes.get(heading) ?? []), ...paths]);
  }
  for (const recipe of ['Adding a screen', 'Adding a payment method', 'Adding a language']) {
    t.ok((recipes.get(recipe)?.length ?? 0) >= 5, `${recipe}: ${recipes.get(recipe)?.length ?? 0} paths checked above`);
  }
});

t.test('the checks see what is missing', async (t) => {
  t.equal(pathIn('server/nowhere.ts'), 'server/nowhere.ts', 'a path in a folder of the tree is checked');
  t.equal(pathIn('screenshots/<merchant>/'), undefined, 'a placeholder is not a path');
  t.equal(pathIn('/price-quote'), undefined, 'an address is not a path');
  t.notOk(existsSync(join(root, 'server/nowhere.ts')), 'and a missing one would be reported');
  t.ok(fileNames.has('app.ts') && !fileNames.has('nowhere.ts'), 'bare names are looked up in the tree');
});

/** The folders directly under `dir` in the tree. */
const foldersOf = (dir: string) =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() && !OUTSIDE.has(e.name) ? [e.name] : []));

t.test("the README's layout names every folder of server/, testing.md every folder of test/", async (t) => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const layout = readme.slice(readme.indexOf('## Layout'), readme.indexOf('\n## ', readme.indexOf('## Layout') + 1));
  const testing = readFileSync(join(root, 'docs/testing.md'), 'utf8');
  t.strictSame(
    foldersOf('server').filter((f) => !new RegExp(`^\\s+${f}/`, 'm').test(layout)),
    [],
    'every server/ folder in the layout',
  );
  t.strictSame(
    foldersOf('test').filter((f) => !testing.includes(`| \`test/${f}/\``)),
    [],
    'every test/ folder in the table of docs/testing.md',
  );
});
