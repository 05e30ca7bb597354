// A payment method is one module (this folder, one file each, listed in index.ts): its name
// and flow, where the upstream's next actions lead its visitor, its fee fields in the
// merchant file, its steps, its screens, its rate limits and what its receipts say. The
// shared rules (checkout/) and screens ask the table of methods (app.methods) instead of
// switching on a method's name. What the embedded upstream does for it is its rail in
// server/sandbox/rails/.
import type { FastifyRequest } from 'fastify';
import type { FlowState } from '../../checkout/contract.ts';
import type { Texts } from '../../checkout/messages.ts';
import type { ProviderQuote } from '../../checkout/money.ts';
import type { Order } from '../../checkout/order.ts';
import type { MethodRules } from '../../checkout/payment-method.ts';
import type { ReceiptText } from '../../views/pages/completion.ts';
import type { Screen } from '../flow/screen.ts';
import type { LimitPair } from '../ops/rate-limit-settings.ts';
import { SHARED_CALLS, type UpstreamCall } from '../upstream/calls.ts';
import type { UpstreamResult } from '../upstream/client.ts';

/** What the pages after the payment say, in the method's words (RECEIPT_TEXT), in the visitor's language. */
export interface Receipt {
  /** In review: what happens once the order is approved. */
  afterApproval(order: Order, texts: Texts): string;
  /** Success: how what the visitor bought reaches them. */
  delivery(order: Order, texts: Texts): string;
  /** Cancelled: what else the visitor should know. */
  cancelled?(texts: Texts): string;
  /** Sells and spends: what the deposit page promises once the crypto arrives. */
  onDeposit?(texts: Texts): string;
  /** Sells and spends: what the visitor gets for the crypto, and by when, as the deposit page says it. */
  youGet?(deal: DepositDeal, texts: Texts): string;
  /** When the payment must be made by, where the method has a deadline: past it the order has expired. */
  payBy?(state: FlowState, now: number): number;
  /** That deadline as the method's own page writes it, where it has its own way (a country's clock). */
  payByText?(at: number, texts: Texts): string;
}

/** What a sell or a spend gives the visitor, as the deposit page knows it. */
export interface DepositDeal {
  /** The fiat amount (the payout, the card's value), formatted, with its currency code. */
  amount: string;
  /** The eGift card's name, as the merchant labels it. */
  card?: string | undefined;
}

export interface PaymentMethod extends MethodRules {
  /** Its own pages: registered with the shared ones (server/screens/index.ts). */
  readonly screens: readonly Screen[];
  /** Rate limits its screens count against (defineScreen's rateLimit), by name, with their defaults. */
  readonly limits?: Readonly<Record<string, LimitPair>>;
  readonly receipt: Receipt;
  /** A line the price quote shows for it (a card is charged in USD). */
  quoteNotice?(texts: Texts): string;
  /** A link the home page shows when the merchant offers it. */
  readonly homeLink?: { label(texts: Texts): string; readonly path: string };
  /**
   * Its own upstream calls (its payment's initiation), rows like server/upstream/calls.ts's
   * written with postCall or getCall; its screens make them with upstreamFor(request).call.
   */
  readonly calls?: readonly UpstreamCall[];
  /** The method's fee is a third party's, asked as the order is quoted (a card provider's). */
  readonly providerQuote?: (request: FastifyRequest, state: FlowState) => Promise<UpstreamResult<ProviderQuote>>;
}

export function receiptText(method: PaymentMethod, order: Order, texts: Texts): ReceiptText {
  const { receipt } = method;
  return {
    afterApproval: receipt.afterApproval(order, texts),
    delivery: receipt.delivery(order, texts),
    cancelled: receipt.cancelled?.(texts),
    onDeposit: receipt.onDeposit?.(texts),
  };
}

const callsOfTable = new WeakMap<object, readonly UpstreamCall[]>();

/** The calls the edge makes: the shared table's and each method's own (metric labels, procids kept from them). */
export function upstreamCallsOf(methods: { readonly list: readonly PaymentMethod[] }): readonly UpstreamCall[] {
  let calls = callsOfTable.get(methods);
  if (!calls) callsOfTable.set(methods, (calls = [...SHARED_CALLS, ...methods.list.flatMap((method) => method.calls ?? [])]));
  return calls;
}

/** Types a method module against PaymentMethod and keeps its literal name. */
export function defineMethod<const M extends PaymentMethod>(method: M): M {
  return method;
}
