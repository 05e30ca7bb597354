// The demo merchants' webhook receiver (webhooks.ts): POST /webhooks/{merchant} takes an
// order event as its raw bytes (the signature is over them), GET
// /webhooks/{merchant}/received lists what came, newest first.
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';

const MERCHANT = /^[a-z0-9-]{1,64}$/;
const BODY_LIMIT = 64 * 1024;

export function webhookRoutes(ctx: SandboxContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    app.post<{ Params: { merchant: string } }>('/webhooks/:merchant', async (request, reply) => {
      const { merchant } = request.params;
      if (!MERCHANT.test(merchant)) return reply.code(404).send();
      const headers = request.headers as Record<string, string | undefined>;
      const verdict = ctx.webhooks.receive(merchant, headers, typeof request.body === 'string' ? request.body : '');
      return reply.code(verdict === 'valid' ? 204 : 401).send();
    });
    app.get<{ Params: { merchant: string } }>('/webhooks/:merchant/received', async (request, reply) => {
      const { merchant } = request.params;
      if (!MERCHANT.test(merchant)) return reply.code(404).send();
      return reply.header('cache-control', 'no-store').send({ received: ctx.webhooks.list(merchant) });
    });
  };
}
