// What the container gives the edge, for the scripts that measure it as it runs there.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DOCKERFILE = fileURLToPath(new URL('../Dockerfile', import.meta.url));

/** The NODE_OPTIONS the Dockerfile gives the edge (its heap limits). */
export function containerNodeOptions(): string {
  const options = /^ENV NODE_OPTIONS="([^"]*)"$/m.exec(readFileSync(DOCKERFILE, 'utf8'))?.[1];
  if (options === undefined) throw new Error('the Dockerfile sets no NODE_OPTIONS');
  return options;
}
