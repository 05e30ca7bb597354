// Throw-away merchants/ folders for tests, written to the OS temp dir.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const shippedDir = path.join(repoRoot, 'merchants');

/** The smallest valid merchant.json: everything else takes the spec's defaults. */
export function minimalMerchant(id: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    hosts: [`${id}.localhost`],
    env: 'TEST',
    merchant: id,
    merchantName: `Merchant ${id}`,
    title: `Merchant ${id}`,
    siteUrl: `https://${id}.example`,
    errorUrl: `https://${id}.example/error`,
    successUrl: `https://${id}.example/thanks`,
    ...extra,
  };
}

export type FixtureFiles = Record<string, string | Buffer | Record<string, unknown>>;

/** Two valid merchants "a" (the fallback) and "b"; override or add files by relative path. */
export function validFiles(overrides: FixtureFiles = {}): FixtureFiles {
  return {
    'tenancy.json': { fallback: 'a' },
    'a/merchant.json': minimalMerchant('a'),
    'b/merchant.json': minimalMerchant('b'),
    ...overrides,
  };
}

export async function writeFixture(files: FixtureFiles): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'merchants-'));
  await writeFiles(dir, files);
  return dir;
}

export async function writeFiles(dir: string, files: FixtureFiles): Promise<void> {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    const body = typeof content === 'string' || Buffer.isBuffer(content) ? content : JSON.stringify(content, null, 2);
    await writeFile(file, body);
  }
}

export async function removeFixture(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
