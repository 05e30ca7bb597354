// Picking up an order by its Reference ID (/state/{refId}, /buyer-info-input?refId=). A
// refId alone proves nothing about who holds it: anyone can send a link with theirs, and
// receipts print it. So the order is shown first (amount, coin, when it was made, its
// receiving address or payout email masked) and becomes the visitor's flow only when they
// confirm it is theirs, with a POST that carries a token for this refId on this merchant;
// that flow shows its contact details masked too. "Not mine" is a link home.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { type FlowState, REF_ID_PATTERN } from '../../checkout/contract.ts';
import { countryOfCurrency, ERROR_CODES, TXN_TYPES } from '../../checkout/domain.ts';
import type { FlowCookie } from '../../checkout/flow-cookie.ts';
import { formatsFor } from '../../checkout/format.ts';
import { maskAddress, maskEmail } from '../../checkout/masks.ts';
import { formatMoment } from '../../checkout/quote-timer.ts';
import { buildPath, ROUTES, type ScreenPath } from '../../checkout/routes.ts';
import { field } from '../../checkout/validation/result.ts';
import { ResumeConfirmPage, type ResumeOrder } from '../../views/pages/ResumeConfirm.tsx';
import { textsOf } from '../i18n/plugin.ts';
import { checkFormToken, formToken } from '../security/csrf.ts';
import { readFlow } from '../security/flow-cookie.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { followNextAction } from './next.ts';
import { meetFailure } from './outcome.ts';
import { flowFromState } from './step.ts';
import { upstreamFor } from './upstream.ts';

/**
 * Where the link came in: /state/{refId} resumes wherever the upstream is; ?refId= on buyer
 * info resumes only a PENDING transaction, from buyer info (docs/spec.md section 4).
 */
const VIAS = {
  state: ROUTES.transactionNew.path,
  'buyer-info-input': ROUTES.buyerInfoInput.path,
} as const satisfies Record<string, ScreenPath>;
export type ResumeVia = keyof typeof VIAS;

function isVia(value: unknown): value is ResumeVia {
  return typeof value === 'string' && Object.hasOwn(VIAS, value);
}

/**
 * Unknown, malformed, another merchant's (the upstream scopes refIds to merchants) or one
 * this merchant could not have started: all the same answer (the reference was not found),
 * so it tells a guesser nothing about other merchants' orders.
 */
const referenceNotFound: UpstreamFailure = { kind: 'error', status: 404, code: ERROR_CODES.notFound, msg: '' };
const notPending: UpstreamFailure = { kind: 'error', status: 409, code: ERROR_CODES.invalid, msg: '' };

export type Found = { ok: true; state: FlowState; flow: FlowCookie } | { ok: false; failure: UpstreamFailure };

export const isNotFound = (failure: UpstreamFailure) => failure.kind === 'error' && failure.code === ERROR_CODES.notFound;

/** The order a refId names, for this merchant, as the way it came in allows (the order page's way is /state's). */
export async function findOrder(request: FastifyRequest, refId: string, via: ResumeVia): Promise<Found> {
  if (!REF_ID_PATTERN.test(refId)) return { ok: false, failure: referenceNotFound };
  const upstream = upstreamFor(request);
  // The refId does not say which API holds it; the other one answers TRANSACTION.NOTFOUND.
  for (const txnType of TXN_TYPES) {
    if (via === 'buyer-info-input') {
      const status = await upstream.status(txnType, refId);
      if (!status.ok && isNotFound(status.failure)) continue;
      if (!status.ok) return { ok: false, failure: status.failure };
      if (status.value.txnStatus !== 'PENDING') return { ok: false, failure: notPending };
    }
    const state = await upstream.flowState(txnType, refId);
    if (!state.ok && isNotFound(state.failure)) continue;
    if (!state.ok) return { ok: false, failure: state.failure };
    const flow = flowFromState(request, state.value);
    return flow ? { ok: true, state: state.value, flow } : { ok: false, failure: referenceNotFound };
  }
  return { ok: false, failure: referenceNotFound };
}

/** The token binds the answer to this refId, this merchant and the way in. */
const purposeOf = (request: FastifyRequest, refId: string, via: ResumeVia) => `resume:${request.merchant.id}:${via}:${refId}`;

/**
 * The order as anyone holding its reference may see it: its facts, its contact details
 * masked (the owner recognises them; nobody else can use them), written as its receipts
 * write them: the amount with its currency, the date on the order's country's clock.
 */
function orderOf(request: FastifyRequest, state: FlowState): ResumeOrder {
  const formats = formatsFor(textsOf(request).locale);
  const created = state.txnDate ? Date.parse(state.txnDate) : Number.NaN;
  return {
    refId: state.refId,
    amount: formats.fiatWithCode(state.fiatAmount, state.fiatCurrency, request.merchant.config.supportedFiatCurrencies),
    coin: formats.crypto(state.cryptoAmount, state.cryptoCurrency),
    ...(state.txnType === 'BUY' && state.cryptoAddress ? { receivingAddress: maskAddress(state.cryptoAddress) } : {}),
    ...(state.txnType === 'SELL' && state.emtEmail ? { payoutEmail: maskEmail(state.emtEmail) } : {}),
    ...(Number.isFinite(created)
      ? { created: formatMoment(created, countryOfCurrency(state.fiatCurrency), textsOf(request)) }
      : {}),
  };
}

function ask(request: FastifyRequest, reply: FastifyReply, refId: string, via: ResumeVia, state: FlowState, notice?: string) {
  const page = createElement(ResumeConfirmPage, {
    order: orderOf(request, state),
    action: buildPath({ ...ROUTES.state, path: ROUTES.state.actions.confirm }, { refId }),
    token: formToken(request, purposeOf(request, refId, via)),
    via,
    ...(notice ? { notice } : {}),
  });
  return reply.header('cache-control', 'no-store').render(page, { status: notice ? 409 : 200 });
}

/** The order becomes the visitor's flow; picked up by its reference, its contact details stay masked. */
function adopt(request: FastifyRequest, reply: FastifyReply, via: ResumeVia, found: Extract<Found, { ok: true }>) {
  return followNextAction(request, reply, found.flow, found.state, VIAS[via], () => reply.redirect(ROUTES.home.path, 303));
}

/**
 * GET: show the order and ask. The visitor's own flow (the cookie already holds this refId)
 * is not asked about: it resumes at once, as itself: still Pro, still with the card
 * provider's fee, which the state does not carry, so its figures stay those it was quoted.
 */
export async function askToResume(request: FastifyRequest, reply: FastifyReply, refId: string, via: ResumeVia) {
  const found = await findOrder(request, refId, via);
  if (!found.ok) return meetFailure(request, reply, found.failure, 'resume');
  const own = readFlow(request);
  if (own?.refId === refId) {
    const flow = {
      ...found.flow,
      pro: own.pro,
      ...(own.order ? { order: own.order } : {}),
      ...(own.masked ? { masked: true } : {}),
    };
    return adopt(request, reply, via, { ...found, flow });
  }
  return ask(request, reply, refId, via, found.state);
}

/** POST: the visitor said the order is theirs. Only a current token for this very question counts. */
export async function confirmResume(request: FastifyRequest, reply: FastifyReply) {
  const { refId } = request.params as { refId: string };
  const via = field(request.body, 'via');
  if (!isVia(via)) return meetFailure(request, reply, referenceNotFound, 'resume');
  const verdict = checkFormToken(request, field(request.body, 'token'), purposeOf(request, refId, via));
  const found = await findOrder(request, refId, via);
  if (!found.ok) return meetFailure(request, reply, found.failure, 'resume');
  if (verdict !== 'ok') {
    request.log.warn({ verdict }, 'resume confirmation without a valid token');
    return ask(request, reply, refId, via, found.state, textsOf(request).RESUME_TEXT.expired);
  }
  return adopt(request, reply, via, { ...found, flow: { ...found.flow, masked: true } });
}
