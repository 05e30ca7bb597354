// The transaction API, mounted twice: /txnbuy and /txnsell. A transaction is visible only
// on the API that created it; the other answers TRANSACTION.NOTFOUND.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  buyerInfoRequestSchema,
  cryptoAddressRequestSchema,
  mobileVerificationRequestSchema,
  quoteRequestSchema,
  refIdRequestSchema,
  requoteRequestSchema,
  selfieImageRequestSchema,
} from '../../../checkout/contract.ts';
import { ERROR_CODES } from '../../../checkout/domain.ts';
import { browserBaseUrl, type SandboxContext } from '../context.ts';
import { fail, parseBody } from '../errors.ts';
import {
  type FlowState,
  flowState,
  pollStatus,
  requestCode,
  submitBuyerInfo,
  submitCryptoAddress,
  submitSelfie,
  verifyMobile,
} from '../flow.ts';
import { confirmNewQuote, createQuote, requote } from '../quotes.ts';
import type { RailCall } from '../rails/rail.ts';
import type { Api, Txn } from '../store.ts';
import { checkFile, UPLOAD_BODY_LIMIT } from '../uploads.ts';

export function notFoundError() {
  return fail(404, ERROR_CODES.notFound, 'Transaction not found.');
}

/** A transaction exists only for the merchant that created it, as a real exchange scopes it. */
export function visibleTo(txn: Txn | undefined, request: FastifyRequest): txn is Txn {
  const merchant = request.headers['x-merchant'];
  return Boolean(txn) && (!txn!.merchant || typeof merchant !== 'string' || merchant === txn!.merchant);
}

type RefIdSchema = z.ZodType<{ refId: string }>;

/** A rail's own call as a route: its body checked, the transaction it names (as `load` finds it) moved on, the flow state answered. */
export function railCallRoute(ctx: SandboxContext, call: RailCall, load: (refId: string, request: FastifyRequest) => Txn) {
  return async (request: FastifyRequest): Promise<FlowState> => {
    const body = parseBody(call.request, request.body);
    const txn = load(body.refId, request);
    call.run(txn, body, { clock: ctx.clock, baseUrl: browserBaseUrl(ctx, request) });
    return flowState(txn);
  };
}

export function txnRoutes(ctx: SandboxContext, api: Api) {
  return async function routes(app: FastifyInstance): Promise<void> {
    const load = (refId: string, request: FastifyRequest): Txn => {
      const txn = ctx.store.get(refId);
      if (!visibleTo(txn, request) || txn.api !== api) throw notFoundError();
      return txn;
    };

    /** A step: validate the body, find the transaction, apply, answer the new flow state. */
    const step =
      <S extends RefIdSchema>(schema: S, apply: (txn: Txn, body: z.output<S>) => void) =>
      async (request: FastifyRequest): Promise<FlowState> => {
        const body = parseBody(schema, request.body);
        const txn = load(body.refId, request);
        apply(txn, body);
        return flowState(txn);
      };

    app.post('/quoterequest', async (request) => {
      const header = request.headers['x-merchant'];
      const merchant = typeof header === 'string' && header ? header : undefined;
      const txn = createQuote(ctx.clock, api, parseBody(quoteRequestSchema, request.body), {
        merchant,
        fees: ctx.fees.of(merchant),
        rails: ctx.rails,
      });
      ctx.store.add(txn);
      return flowState(txn);
    });
    app.post('/requote', async (request) => {
      const body = parseBody(requoteRequestSchema, request.body);
      const txn = load(body.refId, request);
      return requote(ctx.clock, txn, body, ctx.fees.of(txn.merchant));
    });
    app.post(
      '/confirmednewquote',
      step(refIdRequestSchema, (txn) => confirmNewQuote(ctx.clock, txn)),
    );
    app.post(
      '/cryptoaddress',
      step(cryptoAddressRequestSchema, (txn, b) => submitCryptoAddress(ctx.clock, txn, b.cryptoAddress)),
    );
    app.post(
      '/buyerinfo',
      step(buyerInfoRequestSchema, (txn, b) => submitBuyerInfo(ctx.clock, txn, b)),
    );
    app.post(
      '/mobileverification',
      step(mobileVerificationRequestSchema, (txn, b) => verifyMobile(ctx.clock, txn, b.verificationCode)),
    );
    app.post('/generatesmscode', async (request) => {
      const body = parseBody(refIdRequestSchema, request.body);
      return requestCode(ctx.clock, load(body.refId, request));
    });
    // The steps of this API's rails (a voucher, a payout email).
    for (const rail of ctx.rails.values()) {
      if (rail.api !== api) continue;
      for (const own of rail.steps ?? []) {
        app.post(`/${own.path}`, railCallRoute(ctx, own, load));
      }
    }
    app.post('/selfieimage', { bodyLimit: UPLOAD_BODY_LIMIT }, async (request) => {
      const body = parseBody(selfieImageRequestSchema, request.body);
      const txn = load(body.refId, request);
      await checkFile(body);
      submitSelfie(ctx.clock, txn);
      return flowState(txn);
    });
    app.get<{ Params: { refId: string } }>('/status/:refId', async (request) =>
      pollStatus(ctx.clock, load(request.params.refId, request)),
    );
    app.get<{ Params: { refId: string } }>('/flowstate/:refId', async (request) =>
      flowState(load(request.params.refId, request)),
    );
  };
}
