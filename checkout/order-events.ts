// The order events a merchant hears (docs/merchants.md#order-events): their types, which
// stage of the order page (order-status.ts) each stage event tells, and how far along each
// stage is, so a stage seen late (a stale read, a follower behind a visitor) never undoes a
// later one. Pure: the merchant schema and the edge's events read it.
import type { OrderStage } from './order-status.ts';

export const ORDER_EVENT_TYPES = [
  /** The visitor confirmed the price quote (the spec's transactionCreated moment). */
  'order.created',
  /** A step reached, or a form refused (the names of the refused fields, never their values). */
  'order.step',
  'order.awaiting_payment',
  'order.payment_received',
  'order.in_review',
  'order.completed',
  'order.cancelled',
  'order.expired',
] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/** What an endpoint receives when its `events` are left out: every type but the steps. */
export const DEFAULT_EVENT_TYPES: readonly OrderEventType[] = ORDER_EVENT_TYPES.filter((type) => type !== 'order.step');

/**
 * The event each stage past the details is told by. A sell's rate no longer held is still
 * waiting for its crypto: the merchant hears of it as awaiting payment, and nothing new.
 */
export const STAGE_EVENTS: Readonly<Record<Exclude<OrderStage, 'unfinished'>, OrderEventType>> = {
  holdLapsed: 'order.awaiting_payment',
  awaitingPayment: 'order.awaiting_payment',
  paymentReceived: 'order.payment_received',
  inReview: 'order.in_review',
  completed: 'order.completed',
  cancelled: 'order.cancelled',
  expired: 'order.expired',
};

/**
 * How far along a stage is. A stage event is told only for a stage at least as far as the
 * one last told (a payment received and a review may follow each other), and nothing after
 * a final stage.
 */
export const STAGE_RANK: Readonly<Record<OrderStage, number>> = {
  unfinished: 0,
  awaitingPayment: 1,
  holdLapsed: 1,
  paymentReceived: 2,
  inReview: 2,
  completed: 3,
  cancelled: 3,
  expired: 3,
};
