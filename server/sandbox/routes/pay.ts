// The payment provider pages opened by the visitor's browser, one for each rail that has
// one (/pay/{slug}/{refId}). Pay completes the transaction, Cancel cancels it; a rail that
// `returns` (a bank) then sends the visitor back to the return URL it was given.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.ts';
import { settlePayment } from '../flow.ts';
import { messagePage, paymentResultPage } from '../pages/pay.ts';
import type { Txn } from '../store.ts';

const decisionSchema = z.object({ decision: z.enum(['pay', 'cancel']), returnUrl: z.string().optional() });

export function sendPage(reply: FastifyReply, statusCode: number, page: string): FastifyReply {
  return reply.code(statusCode).type('text/html; charset=utf-8').send(page);
}

/** Only absolute http(s) URLs: never javascript:, data: or a path on the sandbox. */
function safeReturnUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function payRoutes(ctx: SandboxContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    for (const { name: method, page } of ctx.rails.values()) {
      if (!page) continue;
      const find = (refId: string): Txn | undefined => {
        const txn = ctx.store.get(refId);
        return txn?.paymentMethod === method ? txn : undefined;
      };
      const unknown = (reply: FastifyReply) =>
        sendPage(reply, 404, messagePage('Unknown payment', 'The sandbox knows no such payment. It may have expired.'));
      const notOpen = (reply: FastifyReply) =>
        sendPage(reply, 409, messagePage('Payment not open', 'This transaction is not waiting for this payment.'));

      app.get<{ Params: { refId: string }; Querystring: { returnUrl?: string } }>(
        `/pay/${page.slug}/:refId`,
        async (request, reply) => {
          const txn = find(request.params.refId);
          if (!txn) return unknown(reply);
          if (txn.nextAction === 'DONE_COMPLETED' || txn.nextAction === 'DONE_CANCELLED') {
            // Settled already: a bank sends the visitor back as it did after Pay or Cancel.
            const returnUrl = page.returns ? safeReturnUrl(request.query.returnUrl) : null;
            if (returnUrl) return reply.redirect(returnUrl, 303);
            return sendPage(reply, 200, paymentResultPage(txn));
          }
          if (txn.nextAction !== 'CUSTOMER_PAYMENT') return notOpen(reply);
          return sendPage(reply, 200, page.render(txn, safeReturnUrl(request.query.returnUrl)));
        },
      );

      app.post<{ Params: { refId: string }; Querystring: { returnUrl?: string } }>(
        `/pay/${page.slug}/:refId`,
        async (request, reply) => {
          const txn = find(request.params.refId);
          if (!txn) return unknown(reply);
          const form = decisionSchema.safeParse(request.body);
          if (!form.success) return sendPage(reply, 400, messagePage('Bad request', 'Choose Pay or Cancel.'));
          if (settlePayment(txn, method, form.data.decision) === 'not-open') return notOpen(reply);
          // A bank's return URL: in its form (its own page) or its target (the page the edge shows).
          const returnUrl = page.returns ? safeReturnUrl(form.data.returnUrl ?? request.query.returnUrl) : null;
          if (returnUrl) return reply.redirect(returnUrl, 303);
          return sendPage(reply, 200, paymentResultPage(txn));
        },
      );
    }
  };
}
