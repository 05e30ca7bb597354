// Static merchant files get content-hashed URLs under the merchant's own prefix, so they
// can be cached forever (a new file is a new URL) and one merchant's URL never serves
// another merchant's bytes.
import { createHash } from 'node:crypto';
import type { MerchantAsset } from './types.ts';

export const ASSET_PREFIX = '/assets/m/';

export const CONTENT_TYPES = {
  css: 'text/css; charset=utf-8',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
} as const;
export type AssetExtension = keyof typeof CONTENT_TYPES;

export function hashedAsset(
  merchantId: string,
  stem: string,
  ext: AssetExtension,
  body: Buffer,
): { href: string; asset: MerchantAsset } {
  const digest = createHash('sha256').update(body).digest('hex');
  return {
    href: `${ASSET_PREFIX}${merchantId}/${stem}.${digest.slice(0, 12)}.${ext}`,
    asset: { body, contentType: CONTENT_TYPES[ext], etag: `"${digest.slice(0, 32)}"` },
  };
}
