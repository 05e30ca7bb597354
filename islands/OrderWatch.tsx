// A page that waits for the order to move on with nothing to press (back from the bank, the
// order's own page): it watches the order (./order-watch.ts) and loads itself again once the
// order has moved on, which then follows the upstream's nextAction or shows the new stage.
// Nothing to show: the page says it all.
import { useCallback } from 'react';
import { type OrderStage, stageMovedOn } from '../checkout/order-status.ts';
import { useOrderWatch } from './order-watch.ts';

export interface OrderWatchProps {
  /** The order's status through the edge's /api (ISLAND_API.status), or the order page itself. */
  statusUrl: string;
  /** This page: loaded again once the order has moved on. */
  pageUrl: string;
  /** On the order page: the stage it shows; moved on is any other (checkout/order-status.ts). */
  shownStage?: OrderStage;
}

export default function OrderWatch({ statusUrl, pageUrl, shownStage }: OrderWatchProps) {
  const fromStage = useCallback((answer: Record<string, unknown>) => stageMovedOn(answer, shownStage!), [shownStage]);
  useOrderWatch(statusUrl, pageUrl, undefined, shownStage ? fromStage : undefined);
  return null;
}
