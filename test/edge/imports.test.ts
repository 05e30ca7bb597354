// The layout's boundaries, checked by walking every import of the source tree:
// - checkout/ holds the rules the server, the views and the islands all run, and the types
//   they share (the upstream's contract, the merchant schema, the flow cookie's schema): it
//   imports nothing of server/, views/ or islands/, not even a type (islands bundle it);
// - ui/ holds the React parts both pages and islands render (the page's language and
//   formats, fields, money): islands are leaves that views place, so islands/ imports
//   nothing of views/, and ui/ nothing of views/ or islands/;
// - views/, ui/ and islands/ take from server/ only the render primitives (<Island>, the render
//   context, safe JSON, QR drawings, the asset manifest's type), never request handling,
//   upstream or security code, not even a type, so a view cannot act;
// - render code is handed its pages (the app gives it the error page): server/render/
//   imports nothing of views/; flow code sits above the pages it shows, which never import it;
// - server/ops/ (connections, admission, metrics, probes) answers with server/http/'s
//   answers, and http/ imports nothing of ops/;
// - nothing of the edge imports or types the sandbox: it is composed beside the edge by
//   the process (server/main.ts, or server/sandbox/main.ts on its own, which hands it the
//   edge's methods' fee fields), and the sandbox shares only the contract and the
//   checkout's vocabulary;
// - no two files import each other, however long the way round.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import t from 'tap';

const root = resolve(new URL('../../', import.meta.url).pathname);

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

interface Import {
  from: string;
  /** Repository-relative path of the imported file. */
  to: string;
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(IMPORT)]
    .map((m) => ({ specifier: m[3] ?? m[4]!, typeOnly: m[2] !== undefined }))
    .filter(({ specifier }) => specifier.startsWith('.'))
    .map(({ specifier, typeOnly }) => ({ from: file, to: relative(root, resolve(root, dirname(file), specifier)), typeOnly }));
}

const files = ['checkout', 'ui', 'server', 'views', 'islands', 'scripts'].flatMap(sources);
const imports = files.flatMap(importsOf);

t.test('the walk sees the tree', async (t) => {
  t.ok(files.length > 100, `${files.length} files`);
  t.ok(imports.length > 300, `${imports.length} relative imports`);
  t.ok(
    imports.some((i) => i.from === 'server/main.ts' && i.to.startsWith('server/sandbox/')),
    'it finds the process composing the sandbox',
  );
});

t.test('islands are leaves that views place: islands and ui import nothing of views', async (t) => {
  const crossing = imports.filter(
    (i) =>
      (i.from.startsWith('islands/') && i.to.startsWith('views/')) ||
      (i.from.startsWith('ui/') && /^(views|islands)\//.test(i.to)),
  );
  t.strictSame(
    crossing.map((i) => `${i.from} -> ${i.to}`),
    [],
  );
});

t.test('views, ui and islands take only render primitives from the server', async (t) => {
  const allowed = (to: string) =>
    !to.startsWith('server/') ||
    to === 'server/render/island.tsx' ||
    to === 'server/render/context.tsx' ||
    to === 'server/render/json.ts' ||
    to === 'server/render/qr.ts' ||
    to === 'server/render/static-part.tsx';
  const crossing = imports.filter((i) => /^(views|ui|islands)\//.test(i.from) && !i.typeOnly && !allowed(i.to));
  t.strictSame(
    crossing.map((i) => `${i.from} -> ${i.to}`),
    [],
  );
});

t.test('render code is handed its pages: server/render imports nothing of views', async (t) => {
  const crossing = imports.filter((i) => i.from.startsWith('server/render/') && i.to.startsWith('views/'));
  t.strictSame(
    crossing.map((i) => `${i.from} -> ${i.to}`),
    [],
  );
});

t.test('ops answers with http, and http imports nothing of ops', async (t) => {
  const crossing = imports.filter((i) => i.from.startsWith('server/http/') && i.to.startsWith('server/ops/'));
  t.strictSame(
    crossing.map((i) => `${i.from} -> ${i.to}`),
    [],
  );
});

t.test('nothing of the edge imports or types the sandbox', async (t) => {
  const process = new Set(['server/main.ts']);
  const crossing = imports.filter(
    (i) =>
      i.to.startsWith('server/sandbox/') &&
      !i.from.startsWith('server/sandbox/') &&
      !process.has(i.from) &&
      !i.from.startsWith('scripts/'),
  );
  t.strictSame(
    crossing.map((i) => `${i.from} -> ${i.to}`),
    [],
  );
});

t.test('the sandbox shares only the contract and the checkout vocabulary with the edge', async (t) => {
  const shared = (to: string) => to === 'checkout/contract.ts' || to === 'checkout/domain.ts' || to.startsWith('server/sandbox/');
  const crossing = imports.filter(
    (i) =>
      i.from.startsWith('server/sandbox/') &&
      i.from !== 'server/sandbox/main.ts' &&
      /^(server|checkout|views|islands)\//.test(i.to) &&
      !shared(i.to),
  );
  t.strictSame(
    crossing.map((i) => `${i.from} -> ${i.to}`),
    [],
  );
});

t.test('checkout/ stays pure: no import from the server, the views or the islands, types included', async (t) => {
  const crossing = imports.filter((i) => i.from.startsWith('checkout/') && !i.to.startsWith('checkout/'));
  t.strictSame(
    crossing.map((i) => `${i.from} -> ${i.to}`),
    [],
  );
});

t.test('no import circles, type-only imports included', async (t) => {
  const edges = new Map<string, string[]>();
  for (const i of imports) edges.set(i.from, [...(edges.get(i.from) ?? []), i.to]);
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const to of edges.get(file) ?? []) visit(to, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of files) visit(file, []);
  t.strictSame(circles, []);
});
