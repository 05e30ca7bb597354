// The checkout's funnel per merchant, from the order events themselves: how many orders
// reached each step (the quote, its confirmation, each screen, each stage), and at which
// step the ones that went no further stopped. JavaScript on or off makes no difference:
// every step is a request the edge answered. /metrics has the same counts for all merchants
// together (edge_funnel_orders_total, edge_funnel_stopped_total), without a label per merchant.
import { isFinalStage } from '../../checkout/order-status.ts';
import type { EventRecord } from './event.ts';
import { FOLLOW_WINDOWS_MS } from './schedule.ts';

export interface FunnelStep {
  step: string;
  reached: number;
  /** Orders whose last step this is, unfinished and quiet for longer than a stage's window. */
  stopped: number;
}

/** The funnel's name for what an event says the order reached; undefined for a refused form. */
export function stepOf(record: EventRecord): string | undefined {
  if (record.type === 'order.created') return 'created';
  if (record.type === 'order.step') return record.data.step?.refused ? undefined : record.data.step?.screen.replace(/^\//, '');
  return record.type.slice('order.'.length);
}

interface OrderTrail {
  /** In the order it first reached them. */
  steps: string[];
  lastStep: string;
  last: number;
  final: boolean;
}

/** Each merchant's steps, in the order its orders first reached them. */
export function funnelOf(records: Iterable<EventRecord>, now: number): Map<string, FunnelStep[]> {
  const trails = new Map<string, Map<string, OrderTrail>>();
  for (const record of records) {
    const step = stepOf(record);
    if (!step) continue;
    const { merchant, refId, stage } = record.data;
    const orders = trails.get(merchant) ?? new Map<string, OrderTrail>();
    trails.set(merchant, orders);
    const trail = orders.get(refId) ?? { steps: [], lastStep: step, last: 0, final: false };
    orders.set(refId, trail);
    if (!trail.steps.includes(step)) trail.steps.push(step);
    trail.lastStep = step;
    trail.last = Math.max(trail.last, record.at);
    trail.final ||= isFinalStage(stage);
  }
  const quiet = FOLLOW_WINDOWS_MS.awaitingPayment;
  const funnels = new Map<string, FunnelStep[]>();
  for (const [merchant, orders] of trails) {
    const steps = new Map<string, FunnelStep>();
    for (const trail of orders.values()) {
      for (const step of trail.steps) {
        const row = steps.get(step) ?? { step, reached: 0, stopped: 0 };
        steps.set(step, row);
        row.reached++;
      }
      if (!trail.final && now - trail.last > quiet) steps.get(trail.lastStep)!.stopped++;
    }
    funnels.set(merchant, [...steps.values()]);
  }
  return funnels;
}
