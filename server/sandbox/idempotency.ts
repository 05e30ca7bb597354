// Idempotency-Key on POSTs: a repeat with the same key on the same path gets the stored
// answer and changes nothing, so the edge can retry a POST after a lost response (a 504 or
// a reset) without, say, counting a verification code twice. A repeat that arrives while
// the first is still running waits for it; the same key with another body is refused.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BoundedCache } from './cache.ts';
import { fail, SANDBOX_CODES } from './errors.ts';

interface StoredResponse {
  statusCode: number;
  contentType: string | undefined;
  payload: string | Buffer;
}

interface Entry {
  bodyHash: string;
  response: StoredResponse | undefined;
  /** Settles when the first request's response is stored (or abandoned). */
  done: Promise<void>;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEYS = 10_000;
const MAX_KEY_LENGTH = 255;

function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}

export function registerIdempotency(app: FastifyInstance, now: () => number): void {
  const cache = new BoundedCache<Entry>({ maxEntries: MAX_IDEMPOTENCY_KEYS, ttlMs: IDEMPOTENCY_TTL_MS, sliding: false, now });
  const inFlight = new WeakMap<FastifyRequest, { id: string; entry: Entry; settle: () => void }>();

  function replay(reply: FastifyReply, stored: StoredResponse): FastifyReply {
    reply.code(stored.statusCode).header('idempotent-replayed', 'true');
    if (stored.contentType) reply.type(stored.contentType);
    return reply.send(stored.payload);
  }

  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['idempotency-key'];
    if (request.method !== 'POST' || key === undefined) return undefined;
    if (typeof key !== 'string' || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw fail(400, SANDBOX_CODES.requestInvalid, `Idempotency-Key: must be 1 to ${MAX_KEY_LENGTH} characters`);
    }
    const id = `${request.url}\n${key}`;
    const bodyHash = hashBody(request.body);
    let entry = cache.get(id);
    if (entry && entry.bodyHash !== bodyHash) {
      throw fail(422, SANDBOX_CODES.idempotencyKeyReused, 'Idempotency-Key was already used with a different request body.');
    }
    if (entry && !entry.response) {
      await entry.done;
      entry = cache.get(id);
    }
    if (entry?.response) return replay(reply, entry.response);

    let settle = () => {};
    const fresh: Entry = { bodyHash, response: undefined, done: new Promise<void>((resolve) => (settle = resolve)) };
    cache.set(id, fresh);
    inFlight.set(request, { id, entry: fresh, settle });
    return undefined;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const flight = inFlight.get(request);
    if (!flight) return payload;
    inFlight.delete(request);
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const contentType = reply.getHeader('content-type');
      flight.entry.response = {
        statusCode: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : undefined,
        payload,
      };
    } else {
      cache.delete(flight.id); // a stream cannot be replayed; let a repeat run again
    }
    flight.settle();
    return payload;
  });
}
