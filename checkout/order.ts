// The order summary's data, once: what the visitor buys or sells, as every page that shows
// the order reads it, and the compact part of it the flow cookie carries.
//
// The forms between the quote and the payment (address, buyer info, code, payout email,
// identity) show the summary from the signed flow cookie, not from an upstream read: their
// 422 re-render has no flow state at hand, and reading one there would add an upstream call
// to every refused form. The edge rewrites the cookie from every flow state it receives
// (server/flow/next.ts saveFlowState), so it holds the quote's figures from the moment the
// quote exists, and the address or payout email once the upstream has them.
import type { FlowKind } from './domain.ts';
import { SUMMARY_ADDRESS_MAX, SUMMARY_EMAIL_MAX } from './limits.ts';
import { SUMMARY_TEXT } from './messages.ts';
import type { FlowCookie } from '../server/security/flow-cookie.ts';
import type { FlowState } from '../server/upstream/contract.ts';

/**
 * What the flow cookie keeps of the order (its schema is in server/security/flow-cookie.ts);
 * the rest (refId, currencies, method) the cookie has already.
 */
export type OrderFigures = NonNullable<FlowCookie['order']>;

export type OrderSummaryData = Pick<
  FlowState,
  'refId' | 'txnType' | 'paymentMethod' | 'fiatAmount' | 'fiatCurrency' | 'cryptoAmount' | 'cryptoCurrency' | 'cryptoAddress'
> & {
  /** The visitor's flow (the flow cookie's); without it, a buy or a sell by the transaction type. */
  kind?: FlowKind | undefined;
  emtEmail?: string | null | undefined;
  fee?: number | undefined;
};

/** The flow cookie's fields the summary is built from. */
export type FlowOrderSource = Pick<
  FlowCookie,
  'refId' | 'kind' | 'txnType' | 'method' | 'fiatCurrency' | 'cryptoCurrency' | 'order'
>;

const within = (value: string | null | undefined, max: number) => (value && value.length <= max ? value : undefined);

/** The cookie's part of a flow state, with the fee the merchant charges for its method. */
export function orderFiguresOf(state: FlowState, fee: number | null): OrderFigures {
  const cryptoAddress = within(state.cryptoAddress, SUMMARY_ADDRESS_MAX);
  const emtEmail = within(state.emtEmail, SUMMARY_EMAIL_MAX);
  return {
    fiatAmount: state.fiatAmount,
    cryptoAmount: state.cryptoAmount,
    ...(cryptoAddress ? { cryptoAddress } : {}),
    ...(emtEmail ? { emtEmail } : {}),
    ...(fee ? { fee } : {}),
  };
}

/**
 * The order of a flow: from `state` when the page has just read it (the fee still from the
 * cookie: the state does not carry it), else from the cookie. None when the cookie has no
 * summary (one written before the summary existed) and no state is at hand.
 */
export function orderSummaryOf(flow: FlowOrderSource, state?: FlowState): OrderSummaryData | undefined {
  if (state) return { ...state, kind: flow.kind, ...orderFiguresOf(state, flow.order?.fee ?? null) };
  if (!flow.order) return undefined;
  return {
    refId: flow.refId,
    kind: flow.kind,
    txnType: flow.txnType,
    paymentMethod: flow.method,
    fiatCurrency: flow.fiatCurrency,
    cryptoCurrency: flow.cryptoCurrency,
    ...flow.order,
  };
}

export type SummaryRow =
  | { kind: 'fiat' | 'crypto'; label: string; amount: number; currency: string; total?: boolean }
  | { kind: 'address' | 'email' | 'reference'; label: string; value: string };

function flowKindOf(order: OrderSummaryData): FlowKind {
  return order.kind ?? (order.txnType === 'BUY' ? 'BUY' : 'SELL');
}

/**
 * What the summary shows, in order. A buy: the total it pays, the fee in it, the coins and
 * where they go. A sell: what it receives, the fee, the coins it sends and, with
 * `payoutEmail` (the forms of the flow, not the pages after it, which show no personal
 * data), the payout email. A gift-card spend: the card's value, the fee and the coins. The
 * Reference ID last.
 */
export function summaryRows(order: OrderSummaryData, { payoutEmail = false } = {}): SummaryRow[] {
  const kind = flowKindOf(order);
  const rows: SummaryRow[] = [
    {
      kind: 'fiat',
      label: kind === 'BUY' ? SUMMARY_TEXT.total : kind === 'SPEND' ? SUMMARY_TEXT.giftCardValue : SUMMARY_TEXT.youReceive,
      amount: order.fiatAmount,
      currency: order.fiatCurrency,
      total: true,
    },
  ];
  if (order.fee) rows.push({ kind: 'fiat', label: SUMMARY_TEXT.fee, amount: order.fee, currency: order.fiatCurrency });
  rows.push({
    kind: 'crypto',
    label: kind === 'BUY' ? SUMMARY_TEXT.cryptoAmount : SUMMARY_TEXT.youSend,
    amount: order.cryptoAmount,
    currency: order.cryptoCurrency,
  });
  if (kind === 'BUY' && order.cryptoAddress)
    rows.push({ kind: 'address', label: SUMMARY_TEXT.address, value: order.cryptoAddress });
  if (payoutEmail && kind === 'SELL' && order.emtEmail)
    rows.push({ kind: 'email', label: SUMMARY_TEXT.payoutEmail, value: order.emtEmail });
  rows.push({ kind: 'reference', label: SUMMARY_TEXT.reference, value: order.refId });
  return rows;
}
