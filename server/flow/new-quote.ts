// The rate hold ran out on a step after the quote page (docs/spec.md sections 2 and 4): the
// visitor meets the quote page's choice. The order is requoted and its new figures shown
// with Accept & Continue and Decline (the quote page's Decline: the flow is forgotten, home).
// Accept confirms the new quote and carries on with what the visitor had just sent: a form
// step's Accept posts its fields back to the step (`Carried`), anything else confirms here
// and returns to the visitor's step.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createElement } from 'react';
import { ERROR_CODES } from '../../checkout/domain.ts';
import { quoteFee } from '../../checkout/fees.ts';
import { requoteBody } from '../../checkout/quote-timer.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { FORM_FIELDS } from '../../checkout/wire.ts';
import { field } from '../../checkout/validation/result.ts';
import type { FlowCookie } from '../security/flow-cookie.ts';
import type { UpstreamFailure } from '../upstream/client.ts';
import { NewQuotePage } from '../../views/pages/NewQuote.tsx';
import { flowFrameOf } from './frame.ts';
import { saveFlowState } from './next.ts';
import { meetFailure } from './outcome.ts';
import { upstreamFor } from './upstream.ts';

/** What Accept posts back: the step's form action and the fields the visitor had sent. */
export interface Carried {
  action: string;
  values: Readonly<Record<string, string | undefined>>;
}

const [ACCEPT_FIELD] = FORM_FIELDS.acceptQuote;

/** A form sent with Accept & Continue from the choice. */
export const acceptsNewQuote = (body: unknown): boolean => field(body, ACCEPT_FIELD) !== '';

const isExpired = (failure: UpstreamFailure) => failure.kind === 'error' && failure.code === ERROR_CODES.quoteExpired;

/** The order requoted at the current rate, shown with Accept & Continue and Decline. */
export async function offerNewQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  carried?: Carried,
): Promise<FastifyReply> {
  const upstream = upstreamFor(request);
  let figures: { fiatAmount: number; cryptoAmount: number } | undefined = flow.order;
  if (!figures) {
    const state = await upstream.flowState(flow.txnType, flow.refId);
    if (!state.ok) return meetFailure(request, reply, state.failure, 'load', { flow });
    figures = state.value;
  }
  const { fiatAmount, cryptoAmount } = figures;
  const method = request.server.methods.get(flow.method);
  const requoted = await upstream.requote(
    flow.txnType,
    requoteBody({ refId: flow.refId, fiatAmount, cryptoAmount }, method?.requotes ?? 'fiat'),
  );
  if (!requoted.ok) {
    return meetFailure(request, reply, requoted.failure, 'requote', { flow, endedTitle: (texts) => texts.QUOTE_TEXT.expired });
  }
  const config = request.merchant.config;
  const frame = flowFrameOf(request, flow);
  const fields = Object.fromEntries(
    Object.entries(carried?.values ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return reply.header('cache-control', 'no-store').render(
    createElement(NewQuotePage, {
      // The order beside it would show the figures that have just run out.
      frame: frame && { progress: frame.progress },
      summary: {
        kind: flow.kind,
        figures: {
          fiatAmount: requoted.value.fiatAmount ?? fiatAmount,
          cryptoAmount: requoted.value.cryptoAmount,
          forexRatePublic: requoted.value.forexRatePublic ?? null,
        },
        fiatCurrency: flow.fiatCurrency,
        cryptoCurrency: flow.cryptoCurrency,
        fiatSymbols: config.supportedFiatCurrencies.map((c) => ({ id: c.id, symbol: c.symbol })),
        fee: quoteFee(config, method, flow.pro) ?? flow.order?.fee ?? null,
      },
      accept: carried
        ? { action: carried.action, fields: { ...fields, [ACCEPT_FIELD]: '1' } }
        : { action: ROUTES.newQuote.actions.accept, fields: {} },
      declineAction: ROUTES.priceQuote.actions.decline,
    }),
    { status: 409 },
  );
}

/**
 * Accept & Continue: the new quote confirmed and saved. Null once the reply is sent: a
 * failure as the table has it for a requote, or, when the new quote ran out in turn, the
 * choice again.
 */
export async function acceptNewQuote(
  request: FastifyRequest,
  reply: FastifyReply,
  flow: FlowCookie,
  carried?: Carried,
): Promise<FlowCookie | null> {
  const confirmed = await upstreamFor(request).confirmNewQuote(flow.txnType, flow.refId);
  if (confirmed.ok) return saveFlowState(request, reply, flow, confirmed.value);
  if (isExpired(confirmed.failure)) await offerNewQuote(request, reply, flow, carried);
  else await meetFailure(request, reply, confirmed.failure, 'requote', { flow, endedTitle: (texts) => texts.QUOTE_TEXT.expired });
  return null;
}
