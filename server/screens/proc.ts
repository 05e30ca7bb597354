// /proc/{procid}: posts the page's query parameters to the upstream's /{procid} and streams
// "Processing", then "Done" (or a clear message when the upstream fails), in one response.
// A procid outside [A-Za-z0-9_-]{1,64} (or naming another upstream call) is a 404; a query
// the upstream contract cannot carry is a 400 page.
import type { FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ROUTES } from '../../checkout/routes.ts';
import { type ProcOutcome, ProcPage } from '../../views/pages/Proc.tsx';
import { defineScreen } from '../flow/screen.ts';
import { upstreamFor } from '../flow/upstream.ts';
import { EdgeError } from '../http/errors.ts';
import { textsOf } from '../i18n/plugin.ts';
import { upstreamCallsOf } from '../methods/method.ts';
import { isProcId, type ProcQuery } from '../upstream/client.ts';

const MAX_PARAMS = 50;
const MAX_KEY = 64;
const MAX_VALUE = 2048;

/** The query as the contract's body: repeated names joined by commas; null when it does not fit. */
function procQuery(request: FastifyRequest): ProcQuery | null {
  const entries = Object.entries((request.query ?? {}) as Record<string, string | string[]>);
  if (entries.length > MAX_PARAMS) return null;
  const query: ProcQuery = {};
  for (const [key, raw] of entries) {
    const value = Array.isArray(raw) ? raw.join(',') : String(raw);
    if (key.length === 0 || key.length > MAX_KEY || value.length > MAX_VALUE) return null;
    query[key] = value;
  }
  return query;
}

export const procScreen = defineScreen({
  route: ROUTES.procHandler,
  get: async (request, reply) => {
    const { procid } = request.params as { procid: string };
    if (!isProcId(procid, upstreamCallsOf(request.server.methods))) throw new EdgeError.notFound();
    const query = procQuery(request);
    if (!query) return reply.render(createElement(ProcPage, { message: textsOf(request).PROC_TEXT.badQuery }), { status: 400 });
    const outcome: Promise<ProcOutcome> = upstreamFor(request)
      .proc(procid, query)
      .then((result) => {
        if (result.ok) return 'done';
        request.log.warn({ failure: result.failure.kind }, 'proc call failed');
        return 'failed';
      })
      .catch((err: unknown) => {
        request.log.error({ err }, 'proc call threw');
        return 'failed' as const;
      });
    return reply.render(createElement(ProcPage, { outcome }));
  },
});
