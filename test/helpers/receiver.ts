// A merchant's webhook receiver on a real socket, as a merchant writes one: it verifies each
// Standard Webhooks signature with the spec's own library (over the raw body, the id and the
// timestamp) and keeps what came. It can be down (connections refused) or answer an error,
// and says when the events a test waits for have arrived.
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: number;
  signatures: string[];
  /** Whether the signature verified with the receiver's secret. */
  verified: boolean;
  body: string;
  event: { type: string; timestamp: string; data: Record<string, unknown> & { sequence: number; refId: string; stage: string } };
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The events of these types, in the order they arrived. */
  ofType(type: string): Received[];
  /** Resolves once `count` events (any answer) have arrived. */
  arrived(count: number): Promise<void>;
  /** What it answers; 204 by default. */
  answer: number;
  /** Stops listening (connections refused) until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A Standard Webhooks secret for tests. */
export const testSecret = (seed: string) => `whsec_${Buffer.alloc(32, seed).toString('base64')}`;

export async function startReceiver(options: { secret: string; clock?: () => number; port?: number }): Promise<Receiver> {
  const verifier = new Webhook(options.secret);
  const now = options.clock ?? Date.now;
  const received: Received[] = [];
  const waiting: { count: number; resolve: () => void }[] = [];
  let server: Server | undefined;
  let port = options.port ?? 0;
  const receiver: Receiver = {
    url: '',
    received,
    answer: 204,
    ofType: (type) => received.filter((r) => r.event.type === type),
    arrived: (count) =>
      new Promise((resolve) => {
        if (received.length >= count) resolve();
        else waiting.push({ count, resolve });
      }),
    async down() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server?.closeAllConnections();
      server = undefined;
    },
    async up() {
      server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const id = String(request.headers['webhook-id']);
          const timestamp = Number(request.headers['webhook-timestamp']);
          const signatures = String(request.headers['webhook-signature'] ?? '').split(' ');
          // The library's own check, on a clock the test may have moved.
          const expected = verifier.sign(id, new Date(timestamp * 1000), body);
          const verified = signatures.includes(expected) && Math.abs(now() / 1000 - timestamp) <= 300;
          received.push({ id, timestamp, signatures, verified, body, event: JSON.parse(body) });
          response.writeHead(verified ? receiver.answer : 401).end();
          for (const wait of waiting.splice(0)) {
            if (received.length >= wait.count) wait.resolve();
            else waiting.push(wait);
          }
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
      receiver.url = `http://127.0.0.1:${port}/hooks`;
    },
    close: () => receiver.down(),
  };
  await receiver.up();
  return receiver;
}

/** The demo merchants in a folder of their own, with these endpoints in place of each one's `webhooks`. */
export function merchantsWithHooks(hooks: Record<string, unknown[]>): string {
  const dir = mkdtempSync(join(tmpdir(), 'merchants-hooks-'));
  cpSync(new URL('../../merchants', import.meta.url), dir, { recursive: true });
  for (const [merchant, webhooks] of Object.entries(hooks)) {
    const file = join(dir, merchant, 'merchant.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), webhooks }, null, 2));
  }
  return dir;
}
