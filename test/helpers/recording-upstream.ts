// An upstream in front of the sandbox that keeps every JSON body the sandbox received, so a
// test can check what went on the wire (startStack's upstreamUrl). It forwards each request
// unchanged and hands the sandbox's answer back unchanged.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface RecordingUpstream {
  /** Where the edge sends its upstream calls; they reach `target` once it is set. */
  url: string;
  /** The sandbox's URL (startStack's upstreamUrl callback sets it). */
  forwardTo(target: string): string;
  /** The bodies received by a path ending in `endpoint`, oldest first. */
  bodies(endpoint: string): unknown[];
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

function forwardable(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export async function startRecordingUpstream(): Promise<RecordingUpstream> {
  const calls: ReceivedCall[] = [];
  let target = '';
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const raw = Buffer.concat(chunks);
      const path = request.url ?? '/';
      const method = request.method ?? 'GET';
      let body: unknown;
      try {
        body = raw.length ? JSON.parse(raw.toString('utf8')) : undefined;
      } catch {
        body = raw.toString('utf8');
      }
      calls.push({ method, path, body });
      try {
        const answer = await fetch(`${target}${path}`, {
          method,
          headers: forwardable(request.headers),
          body: raw.length ? raw : undefined,
        });
        const headers = Object.fromEntries(
          [...answer.headers].filter(([name]) => !HOP_BY_HOP.has(name) && name !== 'content-encoding'),
        );
        response.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
      } catch {
        response.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    forwardTo(sandboxUrl) {
      target = sandboxUrl;
      return url;
    },
    bodies: (endpoint) => calls.filter((c) => c.path.split('?')[0]!.endsWith(endpoint)).map((c) => c.body),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
