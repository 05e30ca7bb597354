// The order, once: what the visitor pays and in which currency, the fee and how it stands in
// the order, the rate, and what the visitor receives. Every page that shows the order (the
// quote, the summary beside the forms, the payment pages, the receipts) reads it from here,
// so the same figure reads the same everywhere.
//
// How a fee stands and how the figures follow from each other is money.ts.
//
// The forms between the quote and the payment (address, buyer info, code, payout email,
// identity) show the order from the signed flow cookie, not from an upstream read: their
// 422 re-render has no flow state at hand, and reading one there would add an upstream call
// to every refused form. The edge rewrites the cookie from every flow state it receives
// (server/flow/next.ts saveFlowState), so it holds the quote's figures from the moment the
// quote exists, and the address or payout email once the upstream has them.

import type { FlowState } from './contract.ts';
import type { FlowKind } from './domain.ts';
import type { FlowCookie } from './flow-cookie.ts';
import { SUMMARY_ADDRESS_MAX, SUMMARY_EMAIL_MAX } from './limits.ts';
import { maskAddress, maskEmail } from './masks.ts';
import { DEFAULT_TEXTS, type Texts } from './messages.ts';
import { FEE_IN } from './money.ts';

/**
 * What the flow cookie keeps of the order (its schema is in flow-cookie.ts);
 * the rest (refId, currencies, method) the cookie has already.
 */
export type OrderFigures = NonNullable<FlowCookie['order']>;

export interface Order {
  refId: string;
  /** The visitor's flow: BUY, SELL or SPEND (a spend travels upstream as a sell). */
  kind: FlowKind;
  txnType: FlowState['txnType'];
  paymentMethod: string;
  /** A buy's total, a sell's payout, a spend's eGift card value. */
  fiatAmount: number;
  fiatCurrency: string;
  /** What a buy receives, what a sell or a spend sends. */
  cryptoAmount: number;
  cryptoCurrency: string;
  /** Fiat per coin, as the quote gave it. */
  rate?: number | null | undefined;
  /** In the order's fiat currency; how it stands follows the flow (FEE_IN). */
  fee?: number | undefined;
  cryptoAddress?: string | null | undefined;
  emtEmail?: string | null | undefined;
  /** When the order was placed (ms since the epoch; the upstream's txnDate), once read. */
  placedAt?: number | undefined;
  /** What the card provider charges for the order, in its own currency (USD). */
  charge?: { amount: number; currency: string } | undefined;
}

/** The flow cookie's fields the order is built from. */
export type FlowOrderSource = Pick<
  FlowCookie,
  'refId' | 'kind' | 'txnType' | 'method' | 'fiatCurrency' | 'cryptoCurrency' | 'order' | 'masked'
>;

const within = (value: string | null | undefined, max: number) => (value && value.length <= max ? value : undefined);

export type ProviderCharge = NonNullable<OrderFigures['charge']>;

/**
 * The cookie's part of a flow state, with the fee the visitor is charged for its method and
 * the card provider's charge while it still stands for the state's fiat amount.
 */
export function orderFiguresOf(
  state: FlowState,
  fee: number | null | undefined,
  charge?: ProviderCharge | undefined,
  masked = false,
): OrderFigures {
  return withFigures({ fiatAmount: state.fiatAmount, cryptoAmount: state.cryptoAmount }, state, fee, charge, masked);
}

/**
 * `target` with the optional figures set where they stand (on a path every page takes: no
 * spreads); `masked`, the contact details as a flow picked up by its reference shows them.
 */
function withFigures<T extends OrderFigures>(
  target: T,
  state: FlowState,
  fee: number | null | undefined,
  charge: ProviderCharge | undefined,
  masked: boolean,
): T {
  const address = within(state.cryptoAddress, SUMMARY_ADDRESS_MAX);
  const email = within(state.emtEmail, SUMMARY_EMAIL_MAX);
  const cryptoAddress = address && masked ? maskAddress(address) : address;
  const emtEmail = email && masked ? maskEmail(email) : email;
  if (state.forexRatePublic) target.rate = state.forexRatePublic;
  if (cryptoAddress) target.cryptoAddress = cryptoAddress;
  if (emtEmail) target.emtEmail = emtEmail;
  if (fee) target.fee = fee;
  if (charge && charge.forFiat === state.fiatAmount) target.charge = charge;
  return target;
}

/** An upstream's txnDate as ms since the epoch; none when missing or unreadable. */
function placedAtOf(txnDate: string | null | undefined): number | undefined {
  const at = txnDate ? Date.parse(txnDate) : Number.NaN;
  return Number.isFinite(at) ? at : undefined;
}

/**
 * The order of a flow: from `state` when the page has just read it (the fee still from the
 * cookie: the state does not carry it), else from the cookie. None when the cookie has no
 * order (one written before it existed) and no state is at hand.
 */
export function orderOf(flow: FlowOrderSource, state?: FlowState): Order | undefined {
  if (state) {
    const order: Order & OrderFigures = {
      refId: state.refId,
      kind: flow.kind,
      txnType: flow.txnType,
      paymentMethod: state.paymentMethod,
      fiatCurrency: state.fiatCurrency,
      cryptoCurrency: state.cryptoCurrency,
      fiatAmount: state.fiatAmount,
      cryptoAmount: state.cryptoAmount,
      placedAt: placedAtOf(state.txnDate),
    };
    return withFigures(order, state, flow.order?.fee, flow.order?.charge, flow.masked === true);
  }
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
  | { kind: 'rate'; label: string; rate: number; fiatCurrency: string; cryptoCurrency: string }
  | { kind: 'address' | 'email' | 'reference'; label: string; value: string }
  | { kind: 'date'; label: string; at: number; fiatCurrency: string };

/**
 * What the summary shows, in order. A buy: the total it pays, the fee in it, the rate, the
 * coins and where they go. A sell: what it receives, the fee taken from it, the rate, the
 * coins it sends and, with `payoutEmail` (the forms of the flow, not the pages after it,
 * which show no personal data), the payout email. A spend: the card's value, the fee added,
 * the rate and the coins. The Reference ID last. A receipt that states the total and its own
 * reference in its own words (the cash receipt) leaves those two rows out (`receipt`). A
 * completion page (`completed`) says first when the order was placed and, for a card, what
 * the card was charged in the provider's currency.
 */
export function summaryRows(
  order: Order,
  { payoutEmail = false, receipt = false, completed = false } = {},
  texts: Texts = DEFAULT_TEXTS,
): SummaryRow[] {
  const { kind } = order;
  const rows: SummaryRow[] = [];
  if (completed && order.placedAt !== undefined)
    rows.push({ kind: 'date', label: texts.SUMMARY_TEXT.placed, at: order.placedAt, fiatCurrency: order.fiatCurrency });
  if (completed && order.charge)
    rows.push({
      kind: 'fiat',
      label: texts.SUMMARY_TEXT.cardCharged,
      amount: order.charge.amount,
      currency: order.charge.currency,
    });
  if (!receipt)
    rows.push({
      kind: 'fiat',
      label:
        kind === 'BUY'
          ? texts.SUMMARY_TEXT.total
          : kind === 'SPEND'
            ? texts.SUMMARY_TEXT.giftCardValue
            : texts.SUMMARY_TEXT.youReceive,
      amount: order.fiatAmount,
      currency: order.fiatCurrency,
      total: true,
    });
  if (order.fee)
    rows.push({ kind: 'fiat', label: texts.SUMMARY_TEXT.fee[FEE_IN[kind]], amount: order.fee, currency: order.fiatCurrency });
  if (order.rate) {
    const { fiatCurrency, cryptoCurrency } = order;
    rows.push({ kind: 'rate', label: texts.SUMMARY_TEXT.rate, rate: order.rate, fiatCurrency, cryptoCurrency });
  }
  rows.push({
    kind: 'crypto',
    label: kind === 'BUY' ? texts.SUMMARY_TEXT.cryptoAmount : texts.SUMMARY_TEXT.youSend,
    amount: order.cryptoAmount,
    currency: order.cryptoCurrency,
  });
  if (kind === 'BUY' && order.cryptoAddress)
    rows.push({ kind: 'address', label: texts.SUMMARY_TEXT.address, value: order.cryptoAddress });
  if (payoutEmail && kind === 'SELL' && order.emtEmail)
    rows.push({ kind: 'email', label: texts.SUMMARY_TEXT.payoutEmail, value: order.emtEmail });
  if (!receipt) rows.push({ kind: 'reference', label: texts.SUMMARY_TEXT.reference, value: order.refId });
  return rows;
}
