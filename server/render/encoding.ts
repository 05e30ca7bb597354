// What a response body is sent as: the encoding a client accepts (brotli first), and one
// call that compresses a whole page.
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export function acceptedEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const accept = String(acceptEncoding ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/**
 * How a page rendered for one response is compressed, in one call or as it streams:
 * brotli at a low quality costs less CPU than gzip -6 for a better ratio on HTML.
 */
export const PER_REQUEST = {
  br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
  gzip: { level: 5 },
} as const;

/**
 * How a page kept and served many times is compressed, on its first request. Not brotli's
 * best (11): on a page of a few KB it costs some fifty times brotli 5's CPU for about a
 * tenth fewer bytes, and a fleet renders each merchant's pages once per language at run time
 * (the build compresses the static files at 11, where time is free).
 */
const KEPT = {
  br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT } },
  gzip: { level: 9 },
} as const;

/**
 * Compress a page in one call: `once` for bytes kept and served many times, `per-request`
 * for a page rendered for one response.
 */
export function compress(body: Buffer, encoding: Encoding, effort: 'once' | 'per-request'): Buffer {
  const settings = effort === 'once' ? KEPT : PER_REQUEST;
  if (encoding === 'gzip') return gzipSync(body, settings.gzip);
  const { params } = settings.br;
  return brotliCompressSync(body, { params: { ...params, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } });
}

/**
 * A buffer kept for long holding only its own bytes: zlib's one-call results are a slice
 * of its output chunk (a 2 KB brotli page in a 16 KiB buffer), which would stay alive whole.
 */
export function ownBytes(body: Buffer): Buffer {
  if (body.byteOffset === 0 && body.byteLength === body.buffer.byteLength) return body;
  // Never from Node's pool of small buffers either: a slab is 8 KiB.
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return own;
}
