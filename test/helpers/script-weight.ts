// The JavaScript a page loaded, weighed as the edge sends it to a browser that accepts
// gzip (small files go uncompressed, as they are served).
import type { Stack } from './stack.ts';

/** What the home page may load beyond the React runtime (the React runtime plus 8 KiB gzip). */
export const HOME_SCRIPT_BUDGET_BYTES = 8 * 1024;

export interface ScriptWeight {
  files: number;
  /** Bytes on the wire with Accept-Encoding: gzip. */
  gzipBytes: number;
}

/** The edge's scripts among a page's requests (by URL), each counted once, weighed at the edge. */
export async function scriptWeight(stack: Stack, host: string, requests: string[]): Promise<ScriptWeight> {
  const fromEdge = requests.map((u) => new URL(u)).filter((u) => u.port === String(stack.port) && u.pathname.endsWith('.js'));
  return weigh(stack, host, [...new Set(fromEdge.map((u) => u.pathname))]);
}

/**
 * The React runtime: what every page with an island loads whatever its islands (React,
 * react-dom and the hydration code bundled with it), by path.
 */
export function reactRuntime(stack: Stack): Set<string> {
  return new Set(stack.app.assetManifest.preload.hydrate);
}

/** Scripts by path, as the edge sends them with Accept-Encoding: gzip. */
export async function weigh(stack: Stack, host: string, scripts: string[]): Promise<ScriptWeight> {
  let gzipBytes = 0;
  for (const path of scripts) {
    const res = await stack.app.inject({ method: 'GET', url: path, headers: { host, 'accept-encoding': 'gzip' } });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode}`);
    gzipBytes += res.rawPayload.length;
  }
  return { files: scripts.length, gzipBytes };
}
