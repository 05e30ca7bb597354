// What a build step read, and whether any of it changed since: `npm start` rebuilds only
// the steps whose inputs did (scripts/build.ts --changed). A step's inputs are every file
// esbuild's metafile says it read (the step's own sources and the packages' files it
// bundled), the files the step reads itself, the folders it lists, and what the build
// depends on as a whole (the build script, the lock files that name every package's
// version: npm gives a package's files the same fixed time whatever their version). A file
// counts as changed when its size or modification time differs from the recorded ones, a
// folder when its names do.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

/** A step's inputs: each file's `size:mtime` and each listed folder's names, by path from the root. */
type Inputs = Record<string, string>;

/** A folder the step lists: a file added or removed there changes what it builds. */
export const listed = (folder: string) => `${folder}/`;

async function fingerprint(root: string, path: string): Promise<string> {
  try {
    if (path.endsWith('/')) return (await readdir(join(root, path))).sort().join('\n');
    const info = await stat(join(root, path));
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return 'missing';
  }
}

/** esbuild's metafile input paths (from the working directory), from the root. */
export function metafileInputs(root: string, inputs: Record<string, unknown>): string[] {
  return Object.keys(inputs).map((input) => relative(root, resolve(input)));
}

export class BuildRecord {
  readonly #file: string;
  readonly #root: string;
  #steps: Record<string, Inputs> = {};
  /** Steps run side by side: their records are written one after the other. */
  #saved: Promise<void> = Promise.resolve();

  constructor(root: string, file: string) {
    this.#root = root;
    this.#file = file;
  }

  async load(): Promise<void> {
    try {
      this.#steps = JSON.parse(await readFile(this.#file, 'utf8')) as Record<string, Inputs>;
    } catch {
      this.#steps = {};
    }
  }

  /** Whether the step ran before and none of what it read changed since. */
  async upToDate(step: string): Promise<boolean> {
    const inputs = this.#steps[step];
    if (!inputs) return false;
    const now = await Promise.all(Object.keys(inputs).map((path) => fingerprint(this.#root, path)));
    return Object.values(inputs).every((was, i) => was === now[i]);
  }

  /** Forgotten before the step runs: a step that fails or is stopped runs again next time. */
  async forget(step: string): Promise<void> {
    delete this.#steps[step];
    await this.#save();
  }

  async remember(step: string, paths: Iterable<string>): Promise<void> {
    const unique = [...new Set(paths)].sort();
    const prints = await Promise.all(unique.map((path) => fingerprint(this.#root, path)));
    this.#steps[step] = Object.fromEntries(unique.map((path, i) => [path, prints[i]!]));
    await this.#save();
  }

  #save(): Promise<void> {
    this.#saved = this.#saved.then(() => writeFile(this.#file, JSON.stringify(this.#steps)));
    return this.#saved;
  }
}
