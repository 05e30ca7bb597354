// What a response body is sent as: the encoding a client accepts (brotli first), and one
// call that compresses a whole page.
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

export function acceptedEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const accept = String(acceptEncoding ?? '');
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/**
 * Compress a page in one call. `effort: 'once'` for bytes kept and served many times (the
 * best ratio); 'per-request' for a page rendered for one response: brotli at a low quality
 * costs less CPU than gzip -6 for a better ratio on HTML.
 */
export function compress(body: Buffer, encoding: Encoding, effort: 'once' | 'per-request'): Buffer {
  const best = effort === 'once';
  if (encoding === 'gzip') return gzipSync(body, { level: best ? 9 : 5 });
  return brotliCompressSync(body, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: best ? 11 : 4,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}
