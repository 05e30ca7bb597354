// Root endpoints of the exchange (docs/spec.md section 7, marked root): Pro check, each
// rail's payment initiation, the /proc handler, public ticker, and the document upload API.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentUploadRequestSchema, type TickerEntry, vipCheckRequestSchema } from '../../../checkout/contract.ts';
import { COINS, FIAT_CURRENCIES } from '../../../checkout/domain.ts';
import type { SandboxContext } from '../context.ts';
import { fail, parseBody, SANDBOX_CODES } from '../errors.ts';
import { priceOf } from '../prices.ts';
import { PRO_VIP_TAG } from '../quotes.ts';
import type { Txn } from '../store.ts';
import { checkFile, UPLOAD_BODY_LIMIT } from '../uploads.ts';
import { notFoundError, railCallRoute, visibleTo } from './txn.ts';

/** Long enough for the edge to stream "Processing" before "Done". */
export const PROC_DELAY_MS = 300;
const PROC_ID = /^[A-Za-z0-9_-]{1,64}$/;
const procBodySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export function rootRoutes(ctx: SandboxContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const load = (refId: string, request: FastifyRequest): Txn => {
      const txn = ctx.store.get(refId);
      if (!visibleTo(txn, request)) throw notFoundError();
      return txn;
    };

    app.post('/vipcheck', async (request, reply) => {
      const { vipTag } = parseBody(vipCheckRequestSchema, request.body);
      // A bare JSON boolean, which reply.send would not serialise by itself.
      return reply.type('application/json').send(JSON.stringify(vipTag === PRO_VIP_TAG));
    });

    // Each rail's init call: the body checked, then the transaction it names moved on.
    for (const { init } of ctx.rails.values()) {
      if (!init) continue;
      app.post(`/${init.path}`, railCallRoute(ctx, init, load));
    }

    app.post('/upload', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
      const body = parseBody(documentUploadRequestSchema, request.body);
      await checkFile(body);
      return { uploaded: true, fileName: body.fileName };
    });

    app.get('/pubapi/ticker/merchant', async (): Promise<TickerEntry[]> => {
      return COINS.flatMap((coin) =>
        FIAT_CURRENCIES.map((fiat) => ({ cryptoCurrency: coin, fiatCurrency: fiat, fiatAmount: priceOf(coin, fiat) })),
      );
    });

    // Any other single-segment POST is a /proc/{procid} handler (static routes win).
    app.post<{ Params: { procid: string } }>('/:procid', async (request) => {
      const { procid } = request.params;
      if (!PROC_ID.test(procid)) throw fail(404, SANDBOX_CODES.notFound, 'Unknown proc id.');
      parseBody(procBodySchema, request.body ?? {});
      await sleep(PROC_DELAY_MS);
      return { status: 'DONE' };
    });
  };
}
