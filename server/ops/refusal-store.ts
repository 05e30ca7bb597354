// Refused forms whose fields must never travel in a cookie (a voucher number, card data, an
// identity form) wait here for the GET that shows them, keyed by a random id the sealed
// refusal cookie carries (refusal-cookie.ts). Each is kept for as long as that cookie
// lives, read once, and bounded in bytes. In the process's memory for one replica; in the
// rate limits' Redis when there is one, so that whichever replica the GET lands on finds it.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { ByteCache, stringBytes } from './byte-cache.ts';

/** A refused form beyond this is shown at once by its page (nothing typed is lost). */
export const MAX_HELD_BYTES = 16 * 1024;
const ID_BYTES = 16;
const REDIS_PREFIX = 'refused:';

export interface RefusalStore {
  /** Keeps `text` for `ttlMs`; the id to find it by, or null when it could not be kept. */
  keep(text: string, ttlMs: number): Promise<string | null>;
  /** What `id` holds, once: gone as it is read, and after its time. */
  take(id: string): Promise<string | null>;
}

/** Whether `text` may be kept: the bound is in bytes, as the store holds them. */
const fits = (text: string) => Buffer.byteLength(text) <= MAX_HELD_BYTES;

interface Held {
  text: string;
  until: number;
}

const held = new ByteCache<string, Held>({
  name: 'refused-forms',
  share: 0.01,
  sizeOf: (entry, id) => stringBytes(entry.text) + stringBytes(id) + 64,
});

/** One replica's: in memory, the oldest out first when the share is full. */
export function memoryRefusals(clock: () => number): RefusalStore {
  return {
    async keep(text, ttlMs) {
      if (!fits(text)) return null;
      const id = randomBytes(ID_BYTES).toString('base64url');
      return held.set(id, { text, until: clock() + ttlMs }) ? id : null;
    },
    async take(id) {
      const entry = held.get(id);
      held.delete(id);
      return entry && entry.until > clock() ? entry.text : null;
    },
  };
}

/** The fleet's: in Redis, expired by Redis, read and deleted in one command. */
export function redisRefusals(redis: Redis): RefusalStore {
  return {
    async keep(text, ttlMs) {
      if (!fits(text)) return null;
      const id = randomBytes(ID_BYTES).toString('base64url');
      // Redis away: the page is shown at once, as when it does not fit.
      return (await redis.set(`${REDIS_PREFIX}${id}`, text, 'PX', ttlMs).catch(() => null)) === 'OK' ? id : null;
    },
    async take(id) {
      return redis.getdel(`${REDIS_PREFIX}${id}`).catch(() => null);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** [edge-refusal-store] Where refused forms that may not travel in a cookie wait for their page. */
    refusalStore: RefusalStore;
  }
}

export const refusalStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('refusalStore', app.sharedRedis ? redisRefusals(app.sharedRedis) : memoryRefusals(app.clock));
  },
  { name: 'edge-refusal-store', fastify: '5.x', dependencies: ['edge-rate-limit'] },
);
