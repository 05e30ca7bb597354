// Reading merchant files: every failure becomes a problem line naming the file, never a
// thrown error, so one run reports everything that is wrong.
import { closeSync, openSync, readdirSync, readFile as readFileCallback, readSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { z } from 'zod';
import { displayPath, formatIssues } from './errors.ts';

/** Generous: these are hand-written files held in memory for the life of the process. */
const MAX_FILE_BYTES = 1024 * 1024;

export interface Reader {
  file(file: string): Promise<Buffer>;
  /** A file read only to be decoded (UTF-8), and its length in bytes: it needs no buffer of its own. */
  text(file: string): Promise<{ text: string; bytes: number }>;
  names(dir: string): Promise<string[]>;
}
const readFileInPool = promisify(readFileCallback);
/**
 * In the thread pool, for a reload: requests keep being served meanwhile. The callback
 * readFile: for a fleet's tens of thousands of small files, fs/promises' readFile takes
 * longer (a round trip to the pool for each of open, stat, read, close).
 */
export const readInPool: Reader = {
  file: readFileInPool,
  text: async (file) => {
    const body = await readFileInPool(file);
    return { text: text(body), bytes: body.length };
  },
  names: (dir) => readdir(dir),
};
/**
 * Texts the blocking reader decoded last, compared byte for byte with each text it reads: a
 * fleet's neighbours mostly hold the same footers and legal pages, and a text met again
 * comes back as the same string, neither decoded again nor compared again by the pool
 * (one string is equal to itself at once). Enough for one merchant's texts and a few
 * neighbours' own merchant.json.
 */
const RECENT_TEXTS = 16;

/**
 * On the main thread, the fewest cycles per file: for start-up, when nothing is served yet.
 * A file is read whole in three system calls (open, one read, close: no stat for its size),
 * as one read of a regular file gives all it holds up to the length asked, into a buffer
 * of the load's, then copied out or decoded from it; a file longer than MAX_FILE_BYTES
 * comes back one byte over, for readOptional to refuse.
 */
export function blockingReader(): Reader {
  const scratch = Buffer.allocUnsafeSlow(MAX_FILE_BYTES + 1);
  const recent: { bytes: Buffer; text: string }[] = [];
  const readWhole = (file: string) => {
    const fd = openSync(file, 'r');
    try {
      return readSync(fd, scratch, 0, scratch.length, 0);
    } finally {
      closeSync(fd);
    }
  };
  const decode = (bytes: number) => {
    const found = recent.findIndex(
      (seen) => seen.bytes.length === bytes && scratch.compare(seen.bytes, 0, bytes, 0, bytes) === 0,
    );
    if (found >= 0) {
      // The most recently met first: the texts every merchant holds stay.
      const [seen] = recent.splice(found, 1);
      recent.unshift(seen!);
      return seen!.text;
    }
    const decoded = withoutBom(scratch.toString('utf8', 0, bytes));
    recent.unshift({ bytes: Buffer.copyBytesFrom(scratch, 0, bytes), text: decoded });
    if (recent.length > RECENT_TEXTS) recent.pop();
    return decoded;
  };
  return {
    file: async (file) => Buffer.copyBytesFrom(scratch, 0, readWhole(file)),
    text: async (file) => {
      const bytes = readWhole(file);
      return { text: bytes > MAX_FILE_BYTES ? '' : decode(bytes), bytes };
    },
    names: async (dir) => readdirSync(dir),
  };
}

export type Problems = string[];

export function isHidden(name: string): boolean {
  return name.startsWith('.');
}

export function errorCode(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? String(err);
}

/** What `read` gives, or undefined when the file does not exist (a problem only if required), cannot be read, or is too large. */
async function readChecked<T>(
  file: string,
  problems: Problems,
  required: boolean,
  read: () => Promise<T>,
  bytes: (body: T) => number,
): Promise<T | undefined> {
  try {
    const body = await read();
    if (bytes(body) > MAX_FILE_BYTES) {
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

/** The file's bytes; undefined when it does not exist (a problem only if required) or cannot be read. */
export function readOptional(file: string, problems: Problems, required = false, read: Reader = readInPool) {
  return readChecked(
    file,
    problems,
    required,
    () => read.file(file),
    (body) => body.length,
  );
}

/** The file's text (readOptional's rules). */
export async function readOptionalText(
  file: string,
  problems: Problems,
  required = false,
  read: Reader = readInPool,
): Promise<string | undefined> {
  return (
    await readChecked(
      file,
      problems,
      required,
      () => read.text(file),
      (body) => body.bytes,
    )
  )?.text;
}

const withoutBom = (s: string) => (s.charCodeAt(0) === 0xfeff ? s.slice(1) : s);

export function text(body: Buffer): string {
  return withoutBom(body.toString('utf8'));
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
  const source = await readOptionalText(file, problems, true, read);
  if (source === undefined) return undefined;
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
