// Third parties the edge or the visitor's browser talk to, played by the sandbox: the card
// provider (quote API and widget), the identity-verification frame, the form service and
// the user-agent log. The JSON endpoints allow any origin, as such public APIs do.

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { COINS } from '../../../checkout/domain.ts';
import type { SandboxContext } from '../context.ts';
import { parseBody, SANDBOX_CODES } from '../errors.ts';
import { settlePayment } from '../flow.ts';
import { CARD_FRAME_JS, IDENTITY_FRAME_JS } from '../pages/assets.ts';
import { messagePage } from '../pages/pay.ts';
import { CARD_FRAME_SCRIPT, cardResultPage, cardWidgetPage, IDENTITY_FRAME_SCRIPT, identityPage } from '../pages/thirdparty.ts';
import { cryptoFor, PRICES, type PriceCurrency, roundTo } from '../prices.ts';
import { cardFees, usdOf } from '../rails/credit-card.ts';
import { sendPage } from './pay.ts';

export const IDENTITY_TOKENS: Record<string, 'approved' | 'failed'> = { 'approved-demo': 'approved', 'failed-demo': 'failed' };

const upper = (s: string) => s.toUpperCase();
const cardQuoteQuerySchema = z.object({
  baseCurrency: z
    .string()
    .transform(upper)
    .pipe(z.enum(Object.keys(PRICES.BTC) as [PriceCurrency, ...PriceCurrency[]])),
  amount: z.coerce.number().positive().finite(),
  quoteCurrency: z.string().transform(upper).pipe(z.enum(COINS)).default('BTC'),
});
const noticeSchema = z.looseObject({ mobileNumber: z.string().min(1).max(32) });
const uaLogSchema = z.looseObject({
  refId: z.string().min(1).max(64),
  width: z.union([z.number(), z.string().max(10)]),
  height: z.union([z.number(), z.string().max(10)]),
});
const widgetFormSchema = z.looseObject({
  apiKey: z.string().min(1),
  refId: z.string().optional(),
  decision: z.enum(['pay', 'decline']).default('pay'),
});

async function allowAnyOrigin(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('access-control-allow-origin', '*');
}

export function thirdPartyRoutes(ctx: SandboxContext) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const cors = { onRequest: allowAnyOrigin };

    app.options('/thirdparty/*', async (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-origin', '*')
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .send(),
    );

    // GET ?key&baseCurrency&amount[&quoteCurrency=BTC]: fee 3.5 % + 0.30, the rest in coin, and
    // what the card is charged in USD (a field beyond those the spec names: the edge may use it).
    app.get<{ Querystring: Record<string, string | undefined> }>('/thirdparty/card/quote', cors, async (request, reply) => {
      if (!request.query.key) {
        return reply.code(401).send({ error: { code: 'KEY.MISSING', msg: 'An API key is required (key).' } });
      }
      const { baseCurrency, amount, quoteCurrency } = parseBody(cardQuoteQuerySchema, request.query);
      const { feeAmount, extraFeeAmount } = cardFees(amount);
      const net = roundTo(amount - feeAmount - extraFeeAmount, 2);
      if (net <= 0) {
        return reply
          .code(400)
          .send({ error: { code: SANDBOX_CODES.requestInvalid, msg: 'amount: too small to cover the fees' } });
      }
      return {
        quoteCurrencyAmount: cryptoFor(net, quoteCurrency, baseCurrency),
        feeAmount,
        extraFeeAmount,
        chargeAmount: usdOf(amount, quoteCurrency, baseCurrency),
        chargeCurrency: 'USD',
      };
    });

    app.get<{ Querystring: { apiKey?: string; refId?: string } }>('/thirdparty/card/widget', async (request, reply) => {
      const { apiKey, refId } = request.query;
      if (!apiKey) return sendPage(reply, 401, messagePage('Card widget', 'Missing apiKey: the widget cannot load.'));
      const txn = refId ? ctx.store.get(refId) : undefined;
      if (refId && txn?.paymentMethod !== 'CREDITCARD') {
        return sendPage(reply, 404, messagePage('Card widget', 'Unknown card transaction.'));
      }
      return sendPage(reply, 200, cardWidgetPage(apiKey, txn));
    });

    app.post('/thirdparty/card/widget', async (request, reply) => {
      const form = widgetFormSchema.safeParse(request.body);
      if (!form.success) return sendPage(reply, 401, messagePage('Card widget', 'Missing apiKey.'));
      const txn = form.data.refId ? ctx.store.get(form.data.refId) : undefined;
      const notOpen = () =>
        sendPage(reply, 409, messagePage('Card payment', 'This transaction is not waiting for a card payment.'));
      if (form.data.refId && txn?.paymentMethod !== 'CREDITCARD') return notOpen();
      // A declined card charges nothing: the transaction keeps waiting for a card payment.
      if (form.data.decision === 'decline') return sendPage(reply, 200, cardResultPage(txn, 'declined', form.data.apiKey));
      if (txn && settlePayment(txn, 'CREDITCARD', 'pay') === 'not-open') return notOpen();
      return sendPage(reply, 200, cardResultPage(txn, 'approved', form.data.apiKey));
    });

    app.get(CARD_FRAME_SCRIPT, async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(CARD_FRAME_JS));

    app.get(IDENTITY_FRAME_SCRIPT, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').send(IDENTITY_FRAME_JS),
    );
    app.get<{ Params: { token: string } }>('/thirdparty/idenfy/:token', async (request, reply) => {
      const status = IDENTITY_TOKENS[request.params.token];
      if (!status) {
        return sendPage(
          reply,
          404,
          messagePage('Identity verification', 'Unknown token. The sandbox knows approved-demo and failed-demo.'),
        );
      }
      return sendPage(reply, 200, identityPage(status));
    });

    app.post('/thirdparty/forms/notice', cors, async (request, reply) => {
      ctx.received.add('notice', parseBody(noticeSchema, request.body));
      return reply.code(204).send();
    });
    app.post('/thirdparty/ualog', cors, async (request, reply) => {
      ctx.received.add('ualog', parseBody(uaLogSchema, request.body));
      return reply.code(204).send();
    });
    // Sandbox-only debug endpoint: what the two form endpoints received, oldest first.
    app.get('/thirdparty/forms/received', async () => ({ received: ctx.received.list() }));
  };
}
