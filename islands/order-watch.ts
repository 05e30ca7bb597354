// A payment page watches its order from the moment it loads, for as long as the order
// awaits payment: whenever the visitor may have paid (the page is looked at again, a
// payment window reads closed, and every ORDER_WATCH_INTERVAL_MS while it is in view) it
// asks the order's status once, and only an order that has moved on loads the page again,
// which then follows the upstream's nextAction. A check that finds the order still waiting
// changes nothing, so a page never claims a payment that did not happen; and a page that
// says the payment has not arrived stops saying it the moment it has.
import { useEffect } from 'react';
import { ORDER_WATCH_INTERVAL_MS } from '../checkout/limits.ts';
import { paymentMovedOn } from '../checkout/status-poll.ts';

/** Whether an answer of `statusUrl` says the order has moved on: by default, from awaiting payment. */
export type MovedOn = (answer: Record<string, unknown>) => boolean;

async function orderMovedOn(statusUrl: string, movedOn: MovedOn): Promise<boolean> {
  try {
    const response = await fetch(statusUrl, { headers: { accept: 'application/json' } });
    return response.ok && movedOn((await response.json()) as Record<string, unknown>);
  } catch {
    return false;
  }
}

/**
 * `statusUrl`: the order's status through the edge's /api (or the order page's own answer).
 * `pageUrl`: the page, loaded again once the order has moved on. `windowClosed`: a payment
 * window this page opened, read once a second; true once it closed (then the order is
 * asked about at once). `movedOn`: what counts as moved on, a stable function.
 */
export function useOrderWatch(
  statusUrl: string,
  pageUrl: string,
  windowClosed?: () => boolean,
  movedOn: MovedOn = paymentMovedOn,
): void {
  useEffect(() => {
    let stopped = false;
    let asking = false;
    let askAgain = false;
    // One question at a time; a reason to ask that comes meanwhile asks once more after it.
    const check = async () => {
      if (asking) {
        askAgain = true;
        return;
      }
      asking = true;
      do {
        askAgain = false;
        if (await orderMovedOn(statusUrl, movedOn)) {
          if (!stopped) window.location.assign(pageUrl);
          return; // leaving: no more questions
        }
      } while (askAgain && !stopped);
      asking = false;
    };
    const inView = () => document.visibilityState === 'visible';
    const windowWatch = windowClosed
      ? setInterval(() => {
          if (windowClosed()) void check();
        }, 1000)
      : undefined;
    const poll = setInterval(() => {
      if (inView()) void check();
    }, ORDER_WATCH_INTERVAL_MS);
    const onFocus = () => void check();
    const onVisible = () => {
      if (inView()) void check();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(windowWatch);
      clearInterval(poll);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [statusUrl, pageUrl, windowClosed, movedOn]);
}
