// How much memory the process may use before the kernel ends it: a container's limit, as
// its cgroup says (v2 memory.max, else v1 memory.limit_in_bytes), else the machine's
// memory. The RSS shedding threshold follows it (config.ts), so a container needs no
// setting of its own to shed before it is killed.
import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';

const CGROUP_LIMIT_FILES = ['/sys/fs/cgroup/memory.max', '/sys/fs/cgroup/memory/memory.limit_in_bytes'];

/** cgroup v1 says "no limit" with a number near 2^63; nothing real comes near 2^60. */
const NO_LIMIT = 2 ** 60;

/** The limit a cgroup file states, or undefined when it states none (or cannot be read). */
export function cgroupLimit(text: string | undefined): number | undefined {
  const value = Number(text?.trim());
  return Number.isSafeInteger(value) && value > 0 && value < NO_LIMIT ? value : undefined;
}

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

export interface MemoryLimit {
  bytes: number;
  source: 'cgroup' | 'machine';
}

export function memoryLimit(read: (path: string) => string | undefined = readText, machine = totalmem()): MemoryLimit {
  for (const file of CGROUP_LIMIT_FILES) {
    const bytes = cgroupLimit(read(file));
    if (bytes !== undefined) return { bytes, source: 'cgroup' };
  }
  return { bytes: machine, source: 'machine' };
}
