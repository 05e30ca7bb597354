// An upstream in front of the sandbox that answers what the sandbox answers, with each JSON
// answer passed through a test's rewrite first: an answer the contract allows and the sandbox
// never gives (an action nobody knows, a longer reference), on a real journey.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Json = Record<string, unknown>;

/** `method` and `path` of the call, and the sandbox's answer; returns the answer to give. */
export type Rewrite = (call: { method: string; path: string }, answer: Json) => Json;

export interface RewritingUpstream {
  /** startStack's upstreamUrl: the edge calls here, and the calls reach the sandbox. */
  forwardTo(sandboxUrl: string): string;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);

export async function startRewritingUpstream(rewrite: Rewrite): Promise<RewritingUpstream> {
  let target = '';
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const method = request.method ?? 'GET';
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(([name, value]) => !HOP_BY_HOP.has(name) && typeof value === 'string'),
    ) as Record<string, string>;
    const answer = await fetch(`${target}${request.url}`, {
      method,
      headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : Buffer.concat(chunks),
    });
    const type = answer.headers.get('content-type') ?? 'text/plain';
    const text = await answer.text();
    const path = (request.url ?? '/').split('?')[0]!;
    const parsed = type.includes('json') ? (JSON.parse(text) as unknown) : undefined;
    const body =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? JSON.stringify(rewrite({ method, path }, parsed as Json))
        : text;
    response.writeHead(answer.status, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    forwardTo(sandboxUrl) {
      target = sandboxUrl;
      return url;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
