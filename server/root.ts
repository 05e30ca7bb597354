// The project folder (the one holding package.json), found from this module's own place:
// server/root.ts under tsx, a chunk in dist/server/ once bundled. Every path the server
// reads at start-up (the build in dist/, package.json, merchants/) starts here, so the
// same code works in both layouts and from any working directory.
import { existsSync } from 'node:fs';

function projectRoot(from: URL): URL {
  for (let dir = from; ; ) {
    if (existsSync(new URL('package.json', dir))) return dir;
    const parent = new URL('..', dir);
    if (parent.href === dir.href) throw new Error(`No package.json above ${from.pathname}`);
    dir = parent;
  }
}

/** file:///…/ with a trailing slash. */
export const PROJECT_ROOT: URL = projectRoot(new URL('.', import.meta.url));
