// Health and readiness for the orchestrator, one log line per request, and draining:
// once shutdown begins, new requests get 503 while in-flight ones finish.
import type { FastifyInstance } from 'fastify';

export interface Lifecycle {
  draining: boolean;
}

export function registerOps(app: FastifyInstance, lifecycle: Lifecycle = { draining: false }): void {
  app.addHook('onRequest', async (request, reply) => {
    // Support can find a visitor's request in the logs by this id.
    reply.header('x-request-id', request.id);
    if (!lifecycle.draining || request.url === '/healthz') return;
    reply.header('connection', 'close').header('retry-after', '5');
    return reply.code(503).type('text/plain; charset=utf-8').send('Shutting down, please retry.');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) =>
    lifecycle.draining ? reply.code(503).send({ status: 'draining' }) : { status: 'ready' },
  );
}
