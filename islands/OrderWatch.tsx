// A page that waits for the order to move on with nothing to press (back from the bank):
// it watches the order (./order-watch.ts) and loads itself again once the order has moved
// on, which then follows the upstream's nextAction. Nothing to show: the page says it all.
import { useOrderWatch } from './order-watch.ts';

export interface OrderWatchProps {
  /** The order's status through the edge's /api (ISLAND_API.status). */
  statusUrl: string;
  /** This page: loaded again once the order has moved on. */
  pageUrl: string;
}

export default function OrderWatch({ statusUrl, pageUrl }: OrderWatchProps) {
  useOrderWatch(statusUrl, pageUrl);
  return null;
}
