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
import { orderFiguresOf, orderOf } from '../../checkout/order.ts';
import { type OrderStage, orderStage, paysInCrypto } from '../../checkout/order-status.ts';
import { isRateHeld } from '../../checkout/quote-timer.ts';
import { buildPath, ROUTES } from '../../checkout/routes.ts';
import { addressNetworkFor, isAddressOnNetwork } from '../../checkout/validation/crypto-address.ts';
import { walletAddress } from '../../checkout/wallet-uri.ts';
import { OrderPage, type OrderPageProps } from '../../views/pages/OrderPage.tsx';
import { directLink } from '../flow/quote-request.ts';
import { rateHold } from '../flow/rate-hold.ts';
import { findOrder, isNotFound } from '../flow/resume.ts';
import { defineScreen } from '../flow/screen.ts';
import { EdgeError, errorFormatOf } from '../http/errors.ts';
import { textsOf } from '../i18n/plugin.ts';
import { receiptText } from '../methods/method.ts';
import { readFlow } from '../security/flow-cookie.ts';
import { QUOTED_PARAM, type QuotedFigures, quotedFiguresOf, quotedText, verifyOrderSignature } from '../security/order-link.ts';

/** A deadline, and whether it is the payment's (pay by) or the crypto's (send by, while the rate is held). */
function deadlineOf(
  stage: OrderStage,
  payBy: number | undefined,
  holdUntil: number | undefined,
  written: ((at: number) => string) | undefined,
): OrderPageProps['deadline'] {
  if (stage !== 'awaitingPayment') return undefined;
  if (payBy !== undefined) return { kind: 'payBy', at: payBy, ...(written ? { text: written(payBy) } : {}) };
  return holdUntil !== undefined ? { kind: 'sendBy', at: holdUntil } : undefined;
}

/** A deposit address is shown only on the merchant's network, as the deposit page shows it. */
function depositShown(request: FastifyRequest, state: FlowState): boolean {
  if (!state.cryptoAddress) return false;
  const network = addressNetworkFor(request.merchant.config.env);
  if (isAddressOnNetwork(state.cryptoCurrency, state.cryptoAddress, network)) return true;
  request.log.error({ coin: state.cryptoCurrency, network }, 'deposit address not on the merchant network; not shown');
  return false;
}

/** A link this edge signed for the request's merchant: its parts; undefined for any other (a guess). */
function signedLink(
  request: FastifyRequest,
): { refId: string; signature: string; quoted: QuotedFigures | undefined } | undefined {
  const { refId, signature = '' } = request.params as { refId: string; signature?: string };
  const quoted = quotedFiguresOf(request.query);
  if (quoted === null || !REF_ID_PATTERN.test(refId)) return undefined;
  const secrets = request.server.appConfig.sessionSecrets;
  return verifyOrderSignature(secrets, request.merchant.id, refId, signature, quotedText(quoted))
    ? { refId, signature, quoted }
    : undefined;
}

async function orderPage(request: FastifyRequest, reply: FastifyReply) {
  const link = signedLink(request);
  if (link === undefined) throw new EdgeError.notFound();
  const { refId, signature, quoted } = link;
  const { merchant, server } = request;
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
  // charge), as the receipts read it; anyone else reads it from the link, which carries it
  // signed, or else the merchant's fee for the method.
  const own = readFlow(request);
  const figures =
    own?.refId === refId && own.order
      ? own.order
      : quoted
        ? orderFiguresOf(state, quoted.fee, quoted.charge && { ...quoted.charge, forFiat: state.fiatAmount })
        : orderFiguresOf(state, quoteFee(merchant.config, method, own?.refId === refId && own.pro));
  const order = orderOf({ ...flow, order: figures }, state)!;
  const payBy = method?.receipt.payBy?.(state, now);
  // The crypto is due while the rate is held: the one held-until time the visitor's pages count down.
  const holdUntil =
    paysInCrypto(flow.kind) && isRateHeld(method) ? rateHold(own?.refId === refId ? own : {}, state, now).until : undefined;
  const stage: OrderStage = orderStage({
    kind: flow.kind,
    txnStatus: state.txnStatus,
    nextAction: state.nextAction,
    paymentAction: (action) => server.methods.ownerOf(action)?.flow === 'BUY',
    payBy,
    holdUntil,
    now,
  });
  if (errorFormatOf(request.url, request.headers.accept) === 'json') return reply.send({ stage });
  const texts = textsOf(request);
  const payByText = method?.receipt.payByText && ((at: number) => method.receipt.payByText!(at, texts));
  const page = createElement(OrderPage, {
    order,
    stage,
    deadline: deadlineOf(stage, payBy, holdUntil, payByText),
    heldUntil: stage === 'holdLapsed' ? holdUntil : undefined,
    newOrderUrl: directLink({
      kind: flow.kind,
      fiatAmount: state.fiatAmount,
      cryptoAmount: state.cryptoAmount,
      cryptoCurrency: state.cryptoCurrency,
      paymentMethod: state.paymentMethod,
      fiatCurrency: state.fiatCurrency,
      paymentMethodSubtype: state.paymentMethodSubtype ?? undefined,
    }),
    // Past the hold the address is not offered to send to.
    ...(flow.kind !== 'BUY' && stage !== 'holdLapsed' && depositShown(request, state)
      ? { depositAddress: walletAddress(state.cryptoCurrency, state.cryptoAddress!) }
      : {}),
    receipt: method ? receiptText(method, order, texts) : undefined,
    resumePath: buildPath(ROUTES.state, { refId }),
    pagePath: `${buildPath(ROUTES.order, { refId, signature })}${quoted ? `?${QUOTED_PARAM}=${quotedText(quoted)}` : ''}`,
    now,
  });
  return reply.render(page);
}

export const orderScreen = defineScreen({
  route: [ROUTES.order, ROUTES.orderUnsigned],
  rateLimit: { GET: 'order' },
  // Per address every request counts; per order only a link that holds, so a guesser's
  // wrong signatures, from however many addresses, never lock the holder out of their own.
  rateLimitRefId: (request) => signedLink(request)?.refId,
  private: true,
  get: orderPage,
});
