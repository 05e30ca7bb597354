// The build's asset manifest (scripts/build.ts writes it): hashed URLs for the boot
// script, the shared style sheet and static images. Read once at start-up.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { PROJECT_ROOT } from '../root.ts';

export const manifestSchema = z.object({
  boot: z.string(),
  /** Every JavaScript file the boot script may import, for tests and preloading. */
  chunks: z.array(z.string()),
  /**
   * What hydrating on load fetches: the hydrate module, each island, and each language's
   * catalogue but English's (the islands' own), with their static imports.
   */
  preload: z.object({
    hydrate: z.array(z.string()),
    islands: z.record(z.string(), z.array(z.string())),
    catalogues: z.record(z.string(), z.array(z.string())).default({}),
  }),
  styles: z.record(z.string(), z.string()),
  images: z.record(z.string(), z.string()),
  /** Data files pages load (the cash-in map's outline). */
  data: z.record(z.string(), z.string()).default({}),
});
export type AssetManifest = z.output<typeof manifestSchema>;

/** The build's output, from the project root: the same place under tsx and when bundled. */
export const DIST_DIR = new URL('dist/', PROJECT_ROOT);

export async function readManifest(distDir: URL = DIST_DIR): Promise<AssetManifest> {
  const file = new URL('manifest.json', distDir);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new Error(`No build found at ${fileURLToPath(file)}: run "npm run build" first.`);
  }
  return manifestSchema.parse(JSON.parse(text));
}
