// The order's own page, /order/{refId}/{signature}: where the order stands, its figures,
// its deadline and reference, the merchant's support, and, while the order waits on the
// visitor, the way back into the flow through /state's question whether the order is theirs. It needs no
// cookie: the signature (server/security/order-link.ts) is the proof. A wrong signature,
// another merchant's host and a reference the upstream does not know all answer the same
// 404; a wrong signature is answered before any upstream call, so a guesser, who cannot
// make a right one, only ever meets that one path. The page shows nothing of the buyer
// (no name, email, phone or birthday: not even a sell's payout email).
//
// Asked for JSON (the OrderWatch island), it answers the stage alone, so the page follows
// the order with JavaScript and a reload does without.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { type FlowState, REF_ID_PATTERN } from '../../checkout/contract.ts';
import { quoteFee } from '../../checkout/fees.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { orderFiguresOf, orderOf } from '../../checkout/order.ts';
import { type OrderStage, orderStage } from '../../checkout/order-status.ts';
import { buildPath, ROUTES } from '../../checkout/routes.ts';
import { addressNetworkFor, isAddressOnNetwork } from '../../checkout/validation/crypto-address.ts';
import { walletAddress } from '../../checkout/wallet-uri.ts';
import { OrderPage, type OrderPageProps } from '../../views/pages/OrderPage.tsx';
import { findOrder, isNotFound } from '../flow/resume.ts';
import { defineScreen } from '../flow/screen.ts';
import { EdgeError, errorFormatOf } from '../http/errors.ts';
import { textsOf } from '../i18n/plugin.ts';
import { receiptText } from '../methods/method.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { verifyOrderSignature } from '../security/order-link.ts';

/** A deadline, and whether it is the payment's (pay by) or the crypto's (send by, the rate held). */
function deadlineOf(
  flow: FlowCookie,
  state: FlowState,
  payBy: number | undefined,
  written: ((at: number) => string) | undefined,
): OrderPageProps['deadline'] {
  if (payBy !== undefined) return { kind: 'payBy', at: payBy, ...(written ? { text: written(payBy) } : {}) };
  const until = flow.kind !== 'BUY' && state.txnValidUntil ? Date.parse(state.txnValidUntil) : Number.NaN;
  return Number.isFinite(until) ? { kind: 'sendBy', at: until } : undefined;
}

/** A deposit address is shown only on the merchant's network, as the deposit page shows it. */
function depositShown(request: FastifyRequest, state: FlowState): boolean {
  if (!state.cryptoAddress) return false;
  const network = addressNetworkFor(request.merchant.config.env);
  if (isAddressOnNetwork(state.cryptoCurrency, state.cryptoAddress, network)) return true;
  request.log.error({ coin: state.cryptoCurrency, network }, 'deposit address not on the merchant network; not shown');
  return false;
}

/** The refId of a link this edge signed for the request's merchant; undefined for any other (a guess). */
function signedRefId(request: FastifyRequest): string | undefined {
  const { refId, signature = '' } = request.params as { refId: string; signature?: string };
  const secrets = request.server.appConfig.sessionSecrets;
  return REF_ID_PATTERN.test(refId) && verifyOrderSignature(secrets, request.merchant.id, refId, signature) ? refId : undefined;
}

async function orderPage(request: FastifyRequest, reply: FastifyReply) {
  const refId = signedRefId(request);
  if (refId === undefined) throw new EdgeError.notFound();
  const { merchant, server } = request;
  const { signature } = request.params as { signature: string };
  const found = await findOrder(request, refId, 'state');
  if (!found.ok) {
    if (isNotFound(found.failure)) throw new EdgeError.notFound();
    if (found.failure.kind === 'unavailable' && found.failure.retryAfterS !== undefined)
      reply.header('retry-after', String(found.failure.retryAfterS));
    throw new EdgeError.upstreamUnavailable();
  }
  const { state, flow } = found;
  const method = server.methods.get(state.paymentMethod);
  const now = server.clock();
  // The visitor's own flow holds what the state does not (Pro, a card provider's fee and
  // charge), as the receipts read it; anyone else reads the merchant's fee for the method.
  const own = readFlow(request);
  const figures =
    own?.refId === refId && own.order
      ? own.order
      : orderFiguresOf(state, quoteFee(merchant.config, method, own?.refId === refId && own.pro));
  const order = orderOf({ ...flow, order: figures }, state)!;
  const payBy = method?.receipt.payBy?.(state, now);
  const stage: OrderStage = orderStage({
    kind: flow.kind,
    txnStatus: state.txnStatus,
    nextAction: state.nextAction,
    paymentAction: (action) => server.methods.ownerOf(action)?.flow === 'BUY',
    payBy,
    now,
  });
  if (errorFormatOf(request.url, request.headers.accept) === 'json') return reply.send({ stage });
  const texts = textsOf(request);
  const payByText = method?.receipt.payByText && ((at: number) => method.receipt.payByText!(at, texts));
  const page = createElement(OrderPage, {
    order,
    stage,
    ...(stage === 'awaitingPayment' ? { deadline: deadlineOf(flow, state, payBy, payByText) } : {}),
    ...(flow.kind !== 'BUY' && depositShown(request, state)
      ? { depositAddress: walletAddress(state.cryptoCurrency, state.cryptoAddress!) }
      : {}),
    receipt: method ? receiptText(method, order, texts) : undefined,
    resumePath: buildPath(ROUTES.state, { refId }),
    pagePath: buildPath(ROUTES.order, { refId, signature }),
    now,
  });
  return reply.render(page);
}

export const orderScreen = defineScreen({
  route: [ROUTES.order, ROUTES.orderUnsigned],
  rateLimit: { GET: 'order' },
  // Per address every request counts; per order only a link that holds, so a guesser's
  // wrong signatures, from however many addresses, never lock the holder out of their own.
  rateLimitRefId: signedRefId,
  private: true,
  get: orderPage,
});
