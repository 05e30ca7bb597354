// The layers, drawn as they are: each folder sits above everything it imports, in the order
// of LAYERS (docs/architecture.md, "The layers"). An import that runs from a lower layer back
// up to a higher one is counted; the count may only fall. Type-only imports count too: a
// type ties two folders together as much as a value does.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import t from 'tap';

const root = resolve(new URL('../../', import.meta.url).pathname);

/** Bottom first. A file belongs to the longest prefix that names it. */
const LAYERS: readonly (readonly string[])[] = [
  ['checkout/'],
  ['ui/'],
  ['islands/'],
  ['server/root.ts', 'server/logging.ts', 'server/logged-path.ts', 'server/i18n/', 'server/cash-in/'],
  // What config.ts reads: the retry policy and the settings of the limits.
  ['server/upstream/retry-policy.ts', 'server/ops/rate-limit-settings.ts', 'server/ops/memory-limit.ts'],
  ['server/config.ts', 'server/third-party.ts'],
  ['server/tenancy/'],
  // What the answers made outside Fastify carry: the policy and the security headers.
  ['server/security/csp.ts', 'server/security/headers.ts'],
  ['server/http/'],
  ['server/security/'],
  ['server/upstream/'],
  ['server/ops/'],
  ['server/events/'],
  ['server/uploads/'],
  ['server/render/'],
  ['views/components/'],
  ['views/layout/'],
  ['views/pages/'],
  ['server/flow/'],
  ['server/screens/'],
  ['server/methods/'],
  ['server/front/'],
  ['server/sandbox/'],
  ['server/static-files.ts', 'server/fastify-types.ts', 'server/app.ts', 'server/main.ts'],
];

/** Imports known to run back up, each a debt; lower it when one is paid. */
const MOST_BACKWARD_IMPORTS = 5;

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

const files = ['checkout', 'ui', 'islands', 'views', 'server'].flatMap(sources);
const imports = files.flatMap((from) =>
  [...readFileSync(join(root, from), 'utf8').matchAll(IMPORT)]
    .map((m) => m[1] ?? m[2]!)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => ({ from, to: relative(root, resolve(root, dirname(from), specifier)) })),
);

function layerOf(file: string): number | undefined {
  let layer: number | undefined;
  let longest = -1;
  LAYERS.forEach((prefixes, index) => {
    for (const prefix of prefixes) {
      if (file.startsWith(prefix) && prefix.length > longest) {
        layer = index;
        longest = prefix.length;
      }
    }
  });
  return layer;
}

t.test('every source file has a layer', async (t) => {
  t.strictSame(
    files.filter((file) => layerOf(file) === undefined),
    [],
  );
});

t.test('imports run down the layers, but for a counted few', async (t) => {
  const backward = imports.filter((i) => (layerOf(i.to) ?? 0) > (layerOf(i.from) ?? 0)).map((i) => `${i.from} -> ${i.to}`);
  t.ok(backward.length <= MOST_BACKWARD_IMPORTS, `${backward.length} imports run back up:\n${backward.join('\n')}`);
});
