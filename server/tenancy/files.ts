// Reading merchant files: every failure becomes a problem line naming the file, never a
// thrown error, so one run reports everything that is wrong.
import { readFile as readFileCallback, readFileSync, readdirSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import type { z } from 'zod';
import { displayPath, formatIssues } from './errors.ts';

/** Generous: these are hand-written files held in memory for the life of the process. */
const MAX_FILE_BYTES = 1024 * 1024;

export interface Reader {
  file(file: string): Promise<Buffer>;
  names(dir: string): Promise<string[]>;
}
/**
 * In the thread pool, for a reload: requests keep being served meanwhile. The callback
 * readFile: for a fleet's tens of thousands of small files, fs/promises' readFile takes
 * longer (a round trip to the pool for each of open, stat, read, close).
 */
export const readInPool: Reader = { file: promisify(readFileCallback), names: (dir) => readdir(dir) };
/** On the main thread, the fewest cycles per file: for start-up, when nothing is served yet. */
export const readBlocking: Reader = { file: async (file) => readFileSync(file), names: async (dir) => readdirSync(dir) };

export type Problems = string[];

export function isHidden(name: string): boolean {
  return name.startsWith('.');
}

export function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? String(err);
}

/** undefined when the file does not exist (a problem only if required) or cannot be read. */
export async function readOptional(
  file: string,
  problems: Problems,
  required = false,
  read: Reader = readInPool,
): Promise<Buffer | undefined> {
  try {
    const body = await read.file(file);
    if (body.length > MAX_FILE_BYTES) {
      problems.push(`${displayPath(file)}: file is larger than ${MAX_FILE_BYTES} bytes`);
      return undefined;
    }
    return body;
  } catch (err) {
    if (errorCode(err) === 'ENOENT') {
      if (required) problems.push(`${displayPath(file)}: file is missing`);
      return undefined;
    }
    problems.push(`${displayPath(file)}: cannot read file (${errorCode(err)})`);
    return undefined;
  }
}

export function text(body: Buffer): string {
  const s = body.toString('utf8');
  return s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
}

/** "at line 3, column 5" from the position in V8's JSON.parse message. */
function jsonErrorAt(source: string, err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const match = /at position (\d+)/.exec(message);
  const pos = match?.[1] === undefined ? source.length : Number(match[1]);
  let line = 1;
  let col = 1;
  for (let i = 0; i < pos && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      col = 1;
    } else col++;
  }
  return `invalid JSON at line ${line}, column ${col}: ${message.replace(/\s*\(line \d+ column \d+\)$/, '')}`;
}

/** A zod schema, or anything that checks a parsed JSON value the way one does. */
export interface JsonCheck<T> {
  safeParse(data: unknown): z.ZodSafeParseResult<T>;
}

export async function readJson<T>(
  file: string,
  schema: JsonCheck<T>,
  problems: Problems,
  read: Reader = readInPool,
): Promise<T | undefined> {
  const body = await readOptional(file, problems, true, read);
  if (body === undefined) return undefined;
  const source = text(body);
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (err) {
    problems.push(`${displayPath(file)}: ${jsonErrorAt(source, err)}`);
    return undefined;
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    problems.push(...formatIssues(file, parsed.error.issues));
    return undefined;
  }
  return parsed.data;
}

export async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await stat(p)).isDirectory();
  } catch {
    return false;
  }
}

/**
 * Sub-folders, sorted, from one directory read: only symbolic links are followed with a
 * stat (a Kubernetes volume links each entry into its current version).
 */
export async function listFolders(dir: string, problems: Problems): Promise<string[] | undefined> {
  try {
    const entries = (await readdir(dir, { withFileTypes: true })).filter((e) => !isHidden(e.name));
    const folders: string[] = [];
    for (const e of entries) {
      if (e.isDirectory() || (e.isSymbolicLink() && (await isDirectory(path.join(dir, e.name))))) folders.push(e.name);
    }
    return folders.sort();
  } catch (err) {
    problems.push(`${displayPath(dir)}: cannot read folder (${errorCode(err)})`);
    return undefined;
  }
}

export async function listNames(dir: string, problems: Problems, read: Reader = readInPool): Promise<string[] | undefined> {
  try {
    return (await read.names(dir)).filter((n) => !isHidden(n)).sort();
  } catch (err) {
    problems.push(`${displayPath(dir)}: cannot read folder (${errorCode(err)})`);
    return undefined;
  }
}

/**
 * fn over items with at most `limit` running at once, results in item order. Opening every
 * merchant folder at once runs out of file descriptors (EMFILE) on a large fleet.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
