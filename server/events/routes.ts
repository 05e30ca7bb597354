// The order events for ops and a merchant's support, behind METRICS_TOKEN like /metrics (404
// to anyone else, and absent without the token): each endpoint and whether it is failing;
// an endpoint's deliveries, newest first; one event sent again; a time range replayed; a
// failing endpoint turned back on; the funnel per merchant. `npm run events` prints them as
// tables (scripts/events.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { EdgeError } from '../http/errors.ts';
import { bearerCheck } from '../ops/metrics.ts';
import { endpointsOf } from './endpoints.ts';
import type { EventRecord } from './event.ts';
import { funnelOf } from './funnel.ts';
import type { HistoryEntry } from './store.ts';

export const EVENTS_OPS_PREFIX = '/ops/events';
const LIST_MAX = 500;

export interface DeliveryRow {
  id: string;
  type: string;
  refId: string;
  sequence: number;
  at: string;
  /** The last outcome: waiting (no attempt yet), delivered, retry, gave-up, dropped. */
  outcome: string;
  attempts: number;
  status?: number | undefined;
  error?: string | undefined;
}

const OPS_ROUTE = { config: { tenancy: false, csp: false, errorFormat: 'json' as const } };

/** A time range's end: an ISO date, or ms since the epoch; anything else is a 400 for ops (not a visitor's words). */
class BadTime extends Error {
  readonly statusCode = 400;
  readonly code = 'REQUEST.INVALID';
}

function timeOf(value: unknown, fallback: number): number {
  if (typeof value !== 'string' || value === '') return fallback;
  const at = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  if (!Number.isFinite(at)) throw new BadTime('from and to: an ISO date, or ms since the epoch');
  return at;
}

export const eventsOpsPlugin = fp(
  async (app: FastifyInstance) => {
    const token = app.appConfig.metricsToken;
    if (!token) return;
    const allowed = bearerCheck(token);
    const guard = async (request: FastifyRequest) => {
      if (!allowed(request.headers.authorization)) throw new EdgeError.notFound();
    };
    const { events } = app;
    const retention = () => app.clock() - app.appConfig.events.retentionMs;

    async function recordsOf(from: number, to: number, keep: (entry: HistoryEntry) => boolean = () => true) {
      const found: HistoryEntry[] = [];
      for await (const entry of events.store.history(from, to)) if (keep(entry)) found.push(entry);
      return found;
    }

    const knownEndpoint = (id: unknown) => {
      if (typeof id !== 'string' || !events.endpoint(id)) throw new EdgeError.notFound();
      return id;
    };

    app.get(`${EVENTS_OPS_PREFIX}/endpoints`, { ...OPS_ROUTE, onRequest: guard }, async () => {
      const failing = await events.store.failing();
      return {
        endpoints: app.merchants.merchants.flatMap((merchant) =>
          endpointsOf(merchant.config).map((e) => ({
            id: e.id,
            merchant: e.merchant,
            url: e.written,
            events: [...e.events],
            signed: events.endpoint(e.id)?.secrets !== undefined,
            failing: failing.has(e.id),
          })),
        ),
      };
    });

    app.get(`${EVENTS_OPS_PREFIX}/endpoints/:endpoint/deliveries`, { ...OPS_ROUTE, onRequest: guard }, async (request) => {
      const endpoint = knownEndpoint((request.params as { endpoint: string }).endpoint);
      const query = request.query as { from?: string; to?: string };
      const entries = await recordsOf(timeOf(query.from, retention()), timeOf(query.to, app.clock()), (e) =>
        e.kind === 'event' ? e.record.endpoints.includes(endpoint) : e.endpoint === endpoint,
      );
      const rows = new Map<string, DeliveryRow>();
      for (const entry of entries) {
        if (entry.kind === 'event') {
          const { record } = entry;
          rows.set(record.id, {
            id: record.id,
            type: record.type,
            refId: record.data.refId,
            sequence: record.data.sequence,
            at: new Date(record.at).toISOString(),
            outcome: 'waiting',
            attempts: 0,
          });
        } else {
          const row = rows.get(entry.id);
          if (row)
            Object.assign(row, { outcome: entry.outcome, attempts: entry.attempts, status: entry.status, error: entry.error });
        }
      }
      return { endpoint, deliveries: [...rows.values()].reverse().slice(0, LIST_MAX) };
    });

    /** Queues these events again for the endpoint: same id, a fresh signature, the same body. */
    const requeue = async (reply: FastifyReply, endpoint: string, records: EventRecord[]) => {
      const queued = await events.store.enqueue(records, () => [endpoint]);
      events.deliverer.wake();
      return reply.code(202).send({ endpoint, queued });
    };

    app.post(
      `${EVENTS_OPS_PREFIX}/endpoints/:endpoint/resend/:id`,
      { ...OPS_ROUTE, onRequest: guard },
      async (request, reply) => {
        const { endpoint: id, id: eventId } = request.params as { endpoint: string; id: string };
        const endpoint = knownEndpoint(id);
        const found = await recordsOf(retention(), app.clock(), (e) => e.kind === 'event' && e.record.id === eventId);
        if (!found.length) throw new EdgeError.notFound();
        return requeue(
          reply,
          endpoint,
          found.flatMap((e) => (e.kind === 'event' ? [e.record] : [])),
        );
      },
    );

    app.post(`${EVENTS_OPS_PREFIX}/endpoints/:endpoint/replay`, { ...OPS_ROUTE, onRequest: guard }, async (request, reply) => {
      const endpoint = knownEndpoint((request.params as { endpoint: string }).endpoint);
      const query = request.query as { from?: string; to?: string };
      const merchant = events.endpoint(endpoint)!.endpoint;
      const found = await recordsOf(
        timeOf(query.from, retention()),
        timeOf(query.to, app.clock()),
        (e) => e.kind === 'event' && e.record.data.merchant === merchant.merchant && merchant.events.has(e.record.type),
      );
      return requeue(
        reply,
        endpoint,
        found.flatMap((e) => (e.kind === 'event' ? [e.record] : [])),
      );
    });

    app.post(`${EVENTS_OPS_PREFIX}/endpoints/:endpoint/enable`, { ...OPS_ROUTE, onRequest: guard }, async (request) => {
      const endpoint = knownEndpoint((request.params as { endpoint: string }).endpoint);
      await events.store.setFailing(endpoint, false);
      app.log.info({ endpoint }, 'order events endpoint turned back on');
      return { endpoint, failing: false };
    });

    app.get(`${EVENTS_OPS_PREFIX}/funnel`, { ...OPS_ROUTE, onRequest: guard }, async (request) => {
      const query = request.query as { from?: string; to?: string; merchant?: string };
      const entries = await recordsOf(timeOf(query.from, retention()), timeOf(query.to, app.clock()), (e) => e.kind === 'event');
      const records = entries.flatMap((e) =>
        e.kind === 'event' && (!query.merchant || e.record.data.merchant === query.merchant) ? [e.record] : [],
      );
      return { merchants: Object.fromEntries(funnelOf(records, app.clock())) };
    });
  },
  { name: 'edge-events-ops', fastify: '5.x', dependencies: ['edge-events', 'edge-errors'] },
);
