// Health and readiness for the orchestrator, one log line per request, and draining: once
// shutdown begins, new requests get 503 while in-flight ones finish. Routes that must
// answer while draining (liveness, readiness) say so in their config.
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { EdgeError } from './errors.ts';

export interface Lifecycle {
  draining: boolean;
}

/** Probes carry no merchant host, no markup, and answer in JSON. */
const PROBE = { tenancy: false, csp: false, errorFormat: 'json', whileDraining: true } as const;

export const opsPlugin = fp<{ lifecycle?: Lifecycle }>(
  async (app, { lifecycle = { draining: false } }) => {
    app.addHook('onRequest', async (request, reply) => {
      // Support can find a visitor's request in the logs by this id.
      reply.header('x-request-id', request.id);
      if (!lifecycle.draining || request.routeOptions.config.whileDraining) return;
      reply.header('connection', 'close').header('retry-after', '5');
      throw new EdgeError.draining();
    });
    app.addHook('onResponse', async (request, reply) => {
      logRequest(request.log, { method: request.method, path: request.url.split('?')[0]!, status: reply.statusCode, ms: reply.elapsedTime });
    });
    app.get('/healthz', { config: PROBE }, async () => ({ status: 'ok' }));
    // Other plugins add reasons not to take traffic (e.g. load): the first one found answers.
    app.decorate('readinessChecks', [] as (() => string | undefined)[]);
    app.get('/readyz', { config: PROBE }, async (_request, reply) => {
      const reason = lifecycle.draining ? 'draining' : app.readinessChecks.map((check) => check()).find(Boolean);
      return reason ? reply.code(503).send({ status: reason }) : { status: 'ready' };
    });
  },
  { name: 'edge-ops', fastify: '5.x', dependencies: ['edge-errors'] },
);

/**
 * The one line a request is logged with, whichever path answered it (shared-pages.ts too).
 * A request's own logger adds its id and merchant; a caller without one passes them.
 */
export function logRequest(
  log: Pick<FastifyBaseLogger, 'info'>,
  line: { reqId?: string; merchant?: string; method: string; path: string; status: number; ms: number },
): void {
  line.ms = Math.round(line.ms);
  log.info(line, 'request');
}
