// Serves hashed files from memory: the build's public files for every host, and each
// merchant's own files only on that merchant's hosts. The build's files are read once at
// start-up and come compressed from the build (brotli at its best quality is too slow for
// start-up: docs/performance.md); a merchant's are compressed on their first request, as they change without a
// build and a fleet of thousands would otherwise compress them all before serving anyone.
// A hashed URL never changes content, so it is cached forever.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EdgeError } from './http/errors.ts';
import { ByteCache, keyOf } from './ops/byte-cache.ts';
import { ownBytes } from './render/encoding.ts';
import { DIST_DIR } from './render/manifest.ts';
import type { MerchantAsset } from './tenancy/load.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.ico']);
const IMMUTABLE = 'public, max-age=31536000, immutable';

interface StaticFile {
  body: Buffer;
  gzip?: Buffer;
  br?: Buffer;
  contentType: string;
  etag: string;
}

type Encoded = Required<Pick<StaticFile, 'gzip' | 'br'>>;

/** Text files of some size are worth sending compressed. */
function worthCompressing(name: string, body: Buffer): boolean {
  return COMPRESSIBLE.has(extname(name)) && body.length >= 512;
}

const GZIP_OPTIONS = { level: 9 };
const BROTLI_OPTIONS = { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } };

function compress(body: Buffer): Encoded {
  return { gzip: gzipSync(body, GZIP_OPTIONS), br: brotliCompressSync(body, BROTLI_OPTIONS) };
}

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** In the thread pool, so a first request for a merchant's style sheet does not stall others. */
async function compressInBackground(body: Buffer): Promise<Encoded> {
  const [gz, br] = await Promise.all([gzipAsync(body, GZIP_OPTIONS), brotliAsync(body, BROTLI_OPTIONS)]);
  return { gzip: ownBytes(gz), br: ownBytes(br) };
}

/** Merchants' files as served, by asset: their compressed copies are this cache's bytes (the body is the merchant's). */
const preparedAssets = new ByteCache<number, StaticFile>({
  name: 'merchant-assets',
  share: 0.12,
  sizeOf: (file) => (file.br?.length ?? 0) + (file.gzip?.length ?? 0) + file.etag.length,
});

/** A file as served: its ETag, and its compressed forms (given, or made now). */
function prepareFile(name: string, body: Buffer, contentType: string, encoded?: Encoded): StaticFile {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  if (!worthCompressing(name, body)) return { body, contentType, etag };
  return { body, contentType, etag, ...(encoded ?? compress(body)) };
}

const ENCODED_SUFFIXES = { br: '.br', gzip: '.gz' } as const;
const isEncodedCopy = (path: string) => Object.values(ENCODED_SUFFIXES).some((suffix) => path.endsWith(suffix));

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return files.flat();
}

/** For the build: writes `name.br` and `name.gz` beside every file worth compressing. */
export async function writeCompressedCopies(publicDir: string): Promise<void> {
  for (const path of await walk(publicDir)) {
    const body = await readFile(path);
    if (isEncodedCopy(path) || !worthCompressing(path, body)) continue;
    const { br, gzip } = compress(body);
    await Promise.all([writeFile(path + ENCODED_SUFFIXES.br, br), writeFile(path + ENCODED_SUFFIXES.gzip, gzip)]);
  }
}

async function loadPublicFiles(publicDir: string): Promise<Map<string, StaticFile>> {
  const paths = await walk(publicDir);
  const present = new Set(paths);
  const files = new Map<string, StaticFile>();
  for (const path of paths.filter((p) => !isEncodedCopy(p))) {
    const url = `/assets/${relative(publicDir, path).split('\\').join('/')}`;
    const [br, gzip] = [path + ENCODED_SUFFIXES.br, path + ENCODED_SUFFIXES.gzip];
    const encoded = present.has(br) && present.has(gzip) ? { br: await readFile(br), gzip: await readFile(gzip) } : undefined;
    files.set(url, prepareFile(path, await readFile(path), TYPES[extname(path)] ?? 'application/octet-stream', encoded));
  }
  return files;
}

/** Send a prepared file with the best encoding the client accepts. */
function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply
    .header('content-type', file.contentType)
    .header('cache-control', IMMUTABLE)
    .header('etag', file.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const accept = String(request.headers['accept-encoding'] ?? '');
  if (file.br && /\bbr\b/.test(accept)) return reply.header('content-encoding', 'br').send(file.br);
  if (file.gzip && /\bgzip\b/.test(accept)) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/**
 * `/assets/*`: the build's public files, then the files of the request's own merchant
 * only, so one merchant's style sheet can never be fetched through another merchant's
 * host. Hashed files carry no markup: no CSP. HEAD gets the headers and the length.
 */
export const assetsPlugin = fp<{ distDir?: URL }>(
  async (app, { distDir = DIST_DIR }) => {
    const shared = await loadPublicFiles(fileURLToPath(new URL('public/', distDir)));
    // Keyed by the asset object: merchants with the same file share one (tenancy's content
    // pool), and a reloaded file is a new object. Kept in the assets' byte-bounded cache once
    // compressed; a file being compressed is shared by the requests that ask meanwhile.
    const compressing = new Map<number, Promise<StaticFile>>();
    const merchantFile = (path: string, asset: MerchantAsset): StaticFile | Promise<StaticFile> => {
      const key = keyOf(asset);
      const ready = preparedAssets.get(key);
      if (ready !== undefined) return ready;
      let file = compressing.get(key);
      if (file === undefined) {
        const { body, contentType } = asset;
        file = worthCompressing(path, body)
          ? compressInBackground(body).then((encoded) => prepareFile(path, body, contentType, encoded))
          : Promise.resolve(prepareFile(path, body, contentType));
        compressing.set(key, file);
        void file
          .then(
            (made) => preparedAssets.set(key, made),
            () => undefined,
          )
          .finally(() => compressing.delete(key));
      }
      return file;
    };
    app.get('/assets/*', { config: { csp: false } }, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      const own = request.merchant.assets.get(path) ?? app.merchants.previous?.byId.get(request.merchant.id)?.assets.get(path);
      const file = shared.get(path) ?? (own && (await merchantFile(path, own)));
      if (!file) throw new EdgeError.notFound();
      return sendStatic(request, reply, file);
    });
  },
  { name: 'edge-assets', fastify: '5.x', dependencies: ['edge-errors', 'edge-tenancy'] },
);
