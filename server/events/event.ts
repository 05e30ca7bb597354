// One order event as the outbox keeps it and as a receiver reads it: the Standard Webhooks
// body (`type`, `timestamp`, `data`), its data free of personal data (amounts and choices,
// never what identifies the buyer: no name, email, phone, birthday, address, payout email,
// wallet address, voucher number or document), and its id, the same on every attempt and
// every endpoint, by which a receiver de-duplicates.
import { randomBytes } from 'node:crypto';
import type { FlowKind, TxnType } from '../../checkout/domain.ts';
import type { OrderEventType } from '../../checkout/order-events.ts';
import type { OrderStage } from '../../checkout/order-status.ts';

/** What a step event says: where the visitor was sent (or stayed), and a refusal's fields by name. */
export interface StepData {
  screen: string;
  nextAction?: string | undefined;
  /** The names of the fields a form refused, never their values. */
  refused?: string[] | undefined;
}

/** What the edge knows of an order, kept between its events and read by the follower. */
export interface OrderFacts {
  merchant: string;
  refId: string;
  txnType: TxnType;
  flow: FlowKind;
  paymentMethod: string;
  fiatAmount: number;
  fiatCurrency: string;
  cryptoAmount: number;
  cryptoCurrency: string;
  /** The signed order page (server/security/order-link.ts): the link the visitor keeps. */
  orderUrl: string;
  /** The upstream's last nextAction: the status call says only the status. */
  nextAction: string;
  /** The method's deadline for the payment (ms since the epoch), where it has one (cash). */
  payBy?: number | undefined;
}

/** The body's `data`: the order as the event found it, and its place among the order's events. */
export interface OrderEventData {
  merchant: string;
  refId: string;
  flow: FlowKind;
  stage: OrderStage;
  paymentMethod: string;
  fiatAmount: number;
  fiatCurrency: string;
  cryptoAmount: number;
  cryptoCurrency: string;
  orderUrl: string;
  /** Increasing across an order's events (not consecutive): a receiver puts them in order by it. */
  sequence: number;
  step?: StepData;
}

/** An event as the outbox holds it: the body is made from it, the same on every attempt. */
export interface EventRecord {
  id: string;
  type: OrderEventType;
  /** When the edge saw it, ms since the epoch. */
  at: number;
  data: OrderEventData;
  /** The endpoints it is delivered to (endpoints.ts ids), chosen when it was recorded. */
  endpoints: string[];
}

/** `msg_`, the time in base 36 (ids sort by time), then 80 random bits. */
export function newEventId(now: number): string {
  return `msg_${now.toString(36).padStart(9, '0')}${randomBytes(10).toString('base64url')}`;
}

/** The JSON a receiver gets: the same bytes for every attempt of this event. */
export function bodyOf(record: EventRecord): string {
  return JSON.stringify({ type: record.type, timestamp: new Date(record.at).toISOString(), data: record.data });
}

/** The event's data from the order's facts, without a sequence yet (the outbox gives it). */
export function dataOf(facts: OrderFacts, stage: OrderStage, step?: StepData): Omit<OrderEventData, 'sequence'> {
  return {
    merchant: facts.merchant,
    refId: facts.refId,
    flow: facts.flow,
    stage,
    paymentMethod: facts.paymentMethod,
    fiatAmount: facts.fiatAmount,
    fiatCurrency: facts.fiatCurrency,
    cryptoAmount: facts.cryptoAmount,
    cryptoCurrency: facts.cryptoCurrency,
    orderUrl: facts.orderUrl,
    ...(step ? { step } : {}),
  };
}
