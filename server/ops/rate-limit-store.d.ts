// @fastify/rate-limit's Redis store, which its types leave out (ops/rate-limit.ts keys it its own way).
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  const RedisStore: new (
    continueExceeding: boolean,
    exponentialBackoff: boolean,
    redis: Redis,
    key: string,
  ) => FastifyRateLimitStore;
  export default RedisStore;
}
