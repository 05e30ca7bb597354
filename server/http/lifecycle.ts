// Health and readiness for the orchestrator, one log line per request, and draining: once
// shutdown begins, new requests get 503 while in-flight ones finish. Routes that must
// answer while draining (liveness, readiness) say so in their config. The probes here, on
// the main port, mean what the probe worker's mean on HEALTH_PORT (health.ts);
// this plugin publishes the state that worker reads.

import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { loggedPath } from '../logged-path.ts';
import { EdgeError, RETRY_AFTER_S } from './errors.ts';
import { HEARTBEAT_MS, HealthState, liveness, PROBE_LIMITS, type ProbeInputs, readiness } from './health.ts';

export interface Lifecycle {
  draining: boolean;
}

/** Probes carry no merchant host and answer in JSON, with the policy that runs nothing, as every answer. */
const PROBE = { tenancy: false, errorFormat: 'json', whileDraining: true } as const;

export const opsPlugin = fp<{ lifecycle?: Lifecycle }>(
  async (app, { lifecycle = new HealthState() }) => {
    app.addHook('onRequest', async (request, reply) => {
      // Support can find a visitor's request in the logs by this id.
      reply.header('x-request-id', request.id);
      if (!lifecycle.draining || request.routeOptions.config.whileDraining) return;
      reply.header('connection', 'close').header('retry-after', String(RETRY_AFTER_S));
      throw new EdgeError.draining();
    });
    app.decorateRequest('upstreamSummary', null);
    app.addHook('onResponse', async (request, reply) => {
      const line: RequestLine = {
        method: request.method,
        path: loggedPath(request.url),
        status: reply.statusCode,
        ms: reply.elapsedTime,
      };
      if (request.upstreamSummary) line.upstream = request.upstreamSummary;
      logRequest(request.log, line);
    });
    // Other plugins add reasons not to take traffic (e.g. load): the first one found answers.
    app.decorate('readinessChecks', [] as FastifyInstance['readinessChecks']);
    const pressure = () => app.readinessChecks.map((check) => check()).find(Boolean);
    // On this port the main thread answers for itself: it serves, and it is not stalled.
    const inputs = (): ProbeInputs => ({ serving: true, draining: lifecycle.draining, pressure: pressure(), sinceBeatMs: 0 });
    const answer = (probe: typeof liveness) => async (_request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = probe(inputs(), PROBE_LIMITS);
      return reply.code(status).header('cache-control', 'no-store').send(body);
    };
    app.get('/healthz', { config: PROBE }, answer(liveness));
    app.get('/readyz', { config: PROBE }, answer(readiness));

    if (lifecycle instanceof HealthState) publish(lifecycle);
    function publish(state: HealthState) {
      let timer: NodeJS.Timeout | undefined;
      const beat = () => {
        state.beat();
        state.pressure = pressure();
      };
      app.addHook('onReady', async () => {
        beat();
        // A timer that stops firing is the sign of a stuck main thread; it never keeps the process up.
        timer = setInterval(beat, HEARTBEAT_MS).unref();
      });
      app.addHook('onListen', async () => {
        state.serving = true;
      });
      app.addHook('onClose', async () => clearInterval(timer));
    }
    // Requests read while the server closes get the edge's draining answer too.
    app.addHook('preClose', async () => {
      lifecycle.draining = true;
    });
  },
  { name: 'edge-ops', fastify: '5.x', dependencies: ['edge-errors'] },
);

/** What a request's line says; an /api request's also says what its upstream call's line would have. */
export interface RequestLine {
  reqId?: string;
  merchant?: string;
  method: string;
  /** As loggedPath names it: never a capability (logged-path.ts). */
  path: string;
  status: number;
  ms: number;
  upstream?: UpstreamSummary;
}

/**
 * The one line a request is logged with, whichever path answered it (the listeners in front of Fastify too).
 * A request's own logger adds its id and merchant; a caller without one passes them.
 */
export function logRequest(log: Pick<FastifyBaseLogger, 'info'>, line: RequestLine): void {
  line.ms = Math.round(line.ms);
  log.info(line, 'request');
}

/** What the log line says of an upstream call (upstream/upstream-call.ts gives it). */
export interface UpstreamSummary {
  method: string;
  /** Without the query. */
  path: string;
  status: number | undefined;
  attempts: number;
  durationMs: number;
  /** The transport error's code when there was no response. */
  error?: string;
}
