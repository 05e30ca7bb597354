// The scope of the exchange API: injected faults first (before anything is applied), then
// idempotent replay, then the routes.
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { faultHook } from '../faults.ts';
import { registerIdempotency } from '../idempotency.ts';
import { rootRoutes } from './root.ts';
import { txnRoutes } from './txn.ts';

export function apiRoutes(ctx: SandboxContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addHook('onRequest', faultHook(ctx.faults));
    registerIdempotency(app, ctx.clock.now);
    await app.register(txnRoutes(ctx, 'buy'), { prefix: '/txnbuy' });
    await app.register(txnRoutes(ctx, 'sell'), { prefix: '/txnsell' });
    await app.register(rootRoutes(ctx));
  };
}
