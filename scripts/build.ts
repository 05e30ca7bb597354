// Builds everything production runs, into dist/: the islands (esbuild, ESM with code
// splitting, hashed names) and the shared static files (hashed copies) with
// dist/manifest.json, and the server itself as plain JavaScript in dist/server/, so the
// container runs `node dist/server/main.js` with no TypeScript loader. With `--changed`
// (`npm start`), only the steps whose inputs changed since they last ran (build-inputs.ts).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { basename, extname, join, relative } from 'node:path';
import { build, type Metafile, type Plugin, transform } from 'esbuild';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../checkout/i18n/languages.ts';
import { writeCompressedCopies } from '../server/static-files.ts';
import { BuildRecord, listed, metafileInputs } from './build-inputs.ts';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');
const publicDir = join(dist, 'public');

function hashed(name: string, body: Buffer): string {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  const ext = extname(name);
  return `${basename(name, ext)}.${hash}${ext}`;
}

/** A style sheet as browsers get it: minified by esbuild, which keeps the syntax as written. */
async function minifyCss(css: string): Promise<Buffer> {
  const { code } = await transform(css, { loader: 'css', minify: true, legalComments: 'none', logLevel: 'warning' });
  return Buffer.from(code);
}

/** One style sheet for the whole app: app.css first, then each screen group's file. */
async function bundleStyles(srcDir: string): Promise<{ styles: Record<string, string>; read: string[] }> {
  const names = (await readdir(srcDir))
    .filter((n) => n.endsWith('.css'))
    .sort((a, b) => (a === 'app.css' ? -1 : b === 'app.css' ? 1 : a.localeCompare(b)));
  const parts = await Promise.all(names.map((n) => readFile(join(srcDir, n), 'utf8')));
  const body = await minifyCss(parts.join('\n'));
  const file = hashed('app.css', body);
  await mkdir(join(publicDir, 'css'), { recursive: true });
  await writeFile(join(publicDir, 'css', file), body);
  return { styles: { 'app.css': `/assets/css/${file}` }, read: names.map((n) => relative(root, join(srcDir, n))) };
}

async function copyHashed(srcDir: string, urlPrefix: string): Promise<{ files: Record<string, string>; read: string[] }> {
  const out: Record<string, string> = {};
  let names: string[] = [];
  try {
    names = await readdir(srcDir);
  } catch {
    return { files: out, read: [] };
  }
  const target = join(publicDir, urlPrefix);
  await mkdir(target, { recursive: true });
  for (const name of names.sort()) {
    const body = await readFile(join(srcDir, name));
    const file = hashed(name, body);
    await writeFile(join(target, file), body);
    out[name] = `/assets/${urlPrefix}/${file}`;
  }
  return { files: out, read: names.map((name) => relative(root, join(srcDir, name))) };
}

/**
 * Packages left in node_modules: they find files of their own by __dirname at run time
 * (pino's transport worker, ioredis's package.json), which a bundle would not have; and
 * cookie, a CommonJS package @fastify/cookie loads with import(): a bundled chunk would give
 * that import a default export only, where Node's own loader gives the named ones it calls.
 */
export const SERVER_EXTERNAL = ['pino', 'pino-pretty', 'thread-stream', 'ioredis', 'cookie'];

/**
 * React's packages are CommonJS: bundled as they are, every `jsx()` or `createElement()` a
 * page makes reads the function through a getter esbuild defines on the module's ESM face.
 * These faces read each export once, when the module loads, so a render calls them directly
 * (docs/performance.md, "React's exports").
 */
const REACT_FACES = ['react', 'react/jsx-runtime'];
const FACE = 'react-face';
export const directReactExports: Plugin = {
  name: 'direct-react-exports',
  setup(build) {
    const filter = new RegExp(`^(${REACT_FACES.map((m) => m.replace('/', '\\/')).join('|')})$`);
    build.onResolve({ filter }, (args) =>
      // Only the code's own imports: React's CommonJS packages keep requiring each other as they are.
      args.namespace === FACE || args.kind !== 'import-statement' ? undefined : { path: args.path, namespace: FACE },
    );
    build.onLoad({ filter: /.*/, namespace: FACE }, async (args) => {
      const names = Object.keys(await import(args.path)).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
      return {
        contents: `import face from '${args.path}';\nexport default face;\nexport const { ${names.join(', ')} } = face;\n`,
        resolveDir: root,
      };
    });
  },
};

/**
 * The server and the merchant check as ESM for Node, one file per entry plus shared chunks
 * (the embedded sandbox is its own chunk, loaded only when it runs). npm packages are
 * bundled in but for SERVER_EXTERNAL: loading a few large files instead of hundreds of
 * small ones from node_modules takes a fraction of the start-up; a CommonJS package's
 * `require` of a Node built-in works through the `require` the banner makes. The islands
 * the server renders are bundled from islands/registry.ts. Paths the server reads start
 * at the project root (server/root.ts), so they mean the same from dist/server/ as from
 * server/. Writes only dist/server/.
 */
export async function buildServer(outdir = join(dist, 'server')): Promise<string[]> {
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    entryPoints: {
      main: join(root, 'server/main.ts'),
      'check-merchants': join(root, 'scripts/check-merchants.ts'),
      // A worker thread's own entry (server/ops/probes.ts starts it).
      'probe-worker': join(root, 'server/ops/probe-worker.ts'),
    },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    external: SERVER_EXTERNAL,
    plugins: [directReactExports],
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    outdir,
    chunkNames: 'chunks/[name]-[hash]',
    // Stack traces in the logs point at the TypeScript (node --enable-source-maps); the
    // sources themselves are left out, so Node reads a smaller map when it starts.
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    metafile: true,
  });
  return metafileInputs(root, result.metafile.inputs);
}

/**
 * Files only the cash-in map loads: leaflet's style sheet (kept out of app.css, so no other
 * page pays for it) and the Philippines' outline from world-atlas (1:50m Natural Earth),
 * drawn when no tile server is configured or reachable.
 */
const LEAFLET_CSS = 'node_modules/leaflet/dist/leaflet.css';
const WORLD_ATLAS = 'node_modules/world-atlas/countries-50m.json';

async function mapFiles(): Promise<{ styles: Record<string, string>; data: Record<string, string> }> {
  const css = await minifyCss(await readFile(join(root, LEAFLET_CSS), 'utf8'));
  const cssFile = hashed('leaflet.css', css);
  await mkdir(join(publicDir, 'css'), { recursive: true });
  await writeFile(join(publicDir, 'css', cssFile), css);

  const topology = JSON.parse(await readFile(join(root, WORLD_ATLAS), 'utf8')) as Topology;
  const countries = topology.objects.countries as GeometryCollection<{ name: string }>;
  const philippines = countries.geometries.find((g) => (g.properties as { name?: string } | undefined)?.name === 'Philippines');
  if (!philippines) throw new Error('world-atlas has no Philippines');
  const outline = Buffer.from(JSON.stringify(feature(topology, philippines)));
  const outlineFile = hashed('ph-outline.json', outline);
  await mkdir(join(publicDir, 'data'), { recursive: true });
  await writeFile(join(publicDir, 'data', outlineFile), outline);
  return { styles: { 'leaflet.css': `/assets/css/${cssFile}` }, data: { 'ph-outline.json': `/assets/data/${outlineFile}` } };
}

/** The islands take the browser's catalogues (checkout/i18n/catalogues/browser.ts): each page fetches its own language's. */
const browserCatalogues: Plugin = {
  name: 'browser-catalogues',
  setup(build) {
    build.onResolve({ filter: /\/catalogues\/index\.ts$/ }, (args) => ({
      path: join(args.resolveDir, args.path.replace(/index\.ts$/, 'browser.ts')),
    }));
  },
};

async function buildIslands(): Promise<string[]> {
  const result = await build({
    entryPoints: [join(root, 'islands/boot.ts')],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2020',
    outdir: join(publicDir, 'js'),
    entryNames: '[name]-[hash]',
    chunkNames: 'c-[hash]',
    assetNames: '[name]-[hash]',
    minify: true,
    sourcemap: false,
    metafile: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    tsconfig: join(root, 'tsconfig.islands.json'),
    plugins: [browserCatalogues],
    logLevel: 'warning',
  });
  const outputs = Object.keys(result.metafile.outputs).map((p) => `/assets/${relative(publicDir, join(root, p))}`);
  const boot = outputs.find((p) => /\/boot-[^/]+\.js$/.test(p));
  if (!boot) throw new Error('esbuild produced no boot script');
  const map = await mapFiles();
  const styles = await bundleStyles(join(root, STYLES_DIR));
  const images = await copyHashed(join(root, IMAGES_DIR), 'img');
  const manifest = {
    boot,
    chunks: outputs.filter((p) => p.endsWith('.js') && p !== boot),
    preload: preloads(result.metafile),
    styles: { ...styles.styles, ...map.styles },
    images: images.files,
    data: map.data,
  };
  await writeFile(join(dist, 'manifest.json'), JSON.stringify(manifest, null, 2));
  // Compressed once here, so the server does not spend its start-up on it.
  await writeCompressedCopies(publicDir);
  return [
    ...metafileInputs(root, result.metafile.inputs),
    listed(STYLES_DIR),
    ...styles.read,
    listed(IMAGES_DIR),
    ...images.read,
    LEAFLET_CSS,
    WORLD_ATLAS,
  ];
}

const STYLES_DIR = 'static/css';
const IMAGES_DIR = 'static/img';

/**
 * What a page hydrating an island on load fetches after the boot script: the hydrate
 * module, React, the island's own chunk and the page language's catalogue, each with the
 * chunks it imports statically.
 * Announced as modulepreload, the browser fetches them in parallel instead of one after
 * another as the imports are discovered.
 */
function preloads(metafile: Metafile): {
  hydrate: string[];
  islands: Record<string, string[]>;
  catalogues: Record<string, string[]>;
} {
  const url = (output: string) => `/assets/${relative(publicDir, join(root, output))}`;
  const closure = (output: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(output)) return seen;
    seen.add(output);
    for (const i of metafile.outputs[output]?.imports ?? []) if (i.kind === 'import-statement') closure(i.path, seen);
    return seen;
  };
  const chunkOf = (source: string) => Object.keys(metafile.outputs).find((o) => metafile.outputs[o]!.entryPoint === source);
  const files = (source: string) => {
    const chunk = chunkOf(source);
    if (!chunk) throw new Error(`esbuild produced no chunk for ${source}`);
    return [...closure(chunk)].map(url);
  };
  const islands = Object.fromEntries(
    Object.keys(metafile.inputs)
      .filter((input) => /^islands\/[A-Z][A-Za-z]+\.tsx$/.test(input) && chunkOf(input))
      .map((input) => [input.slice('islands/'.length, -'.tsx'.length), files(input)]),
  );
  const catalogues = Object.fromEntries(
    LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map((language) => [
      language,
      files(`checkout/i18n/catalogues/${language}.ts`),
    ]),
  );
  return { hydrate: files('islands/hydrate.ts'), islands, catalogues };
}

/**
 * What every step depends on besides what it reads: this script and the code it runs, the
 * TypeScript settings, and the lock files (a package's new version changes them, not
 * necessarily its files' times).
 */
const BUILD_INPUTS = [
  'scripts/build.ts',
  'scripts/build-inputs.ts',
  'server/static-files.ts',
  'tsconfig.json',
  'tsconfig.islands.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];

/** Each step: what it writes (removed before it runs) and what shows it ran; it returns what it read. */
const STEPS = {
  islands: { outputs: [publicDir, join(dist, 'manifest.json')], built: join(dist, 'manifest.json'), run: buildIslands },
  server: { outputs: [join(dist, 'server')], built: join(dist, 'server', 'main.js'), run: () => buildServer() },
};
type Step = keyof typeof STEPS;

/** Every step, or with `changedOnly` the steps whose inputs changed since they last ran; the steps run. */
export async function buildAll({ changedOnly = false } = {}): Promise<Step[]> {
  if (!changedOnly) await rm(dist, { recursive: true, force: true });
  await mkdir(dist, { recursive: true });
  const record = new BuildRecord(root, join(dist, 'build-inputs.json'));
  await record.load();
  const steps: Step[] = [];
  for (const step of Object.keys(STEPS) as Step[]) {
    if (!changedOnly || !existsSync(STEPS[step].built) || !(await record.upToDate(step))) steps.push(step);
  }
  await Promise.all(
    steps.map(async (step) => {
      await record.forget(step);
      for (const output of STEPS[step].outputs) await rm(output, { recursive: true, force: true });
      const read = await STEPS[step].run();
      await record.remember(step, [...read, ...BUILD_INPUTS]);
    }),
  );
  return steps;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const steps = await buildAll({ changedOnly: process.argv.includes('--changed') });
  const ms = Date.now() - started;
  console.log(steps.length ? `built ${steps.join(' and ')} into dist/ in ${ms} ms` : `dist/ is up to date (checked in ${ms} ms)`);
}
