// The payment page button. Without JavaScript a plain link that opens the provider's page in
// a new tab; the visitor comes back and presses I HAVE PAID. Hydrated, it opens a centred
// popup (checkout/popup.ts) and watches the order rather than the window: whenever the
// visitor may have paid (the popup reads closed, or the checkout is looked at again) it asks
// the order's status once, and only an order that has moved on loads the page again, which
// then follows the upstream's nextAction. A check that finds the order still waiting
// changes nothing on the page: a window the browser has cut off from the checkout (the
// provider's own opener policy) reads closed while the visitor is still paying in it.
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { popupFeatures, popupGeometry } from '../checkout/popup.ts';
import { paymentMovedOn } from '../checkout/status-poll.ts';
import { useTexts } from '../views/language.tsx';

export interface PaymentPopupProps {
  /** The payment provider's page (an http(s) URL, checked by the server). */
  paymentUrl: string;
  /** The order's status through the edge's /api (ISLAND_API.status). */
  statusUrl: string;
  /** This page: loaded again once the order has moved on, it follows the upstream's nextAction. */
  pageUrl: string;
}

/** How often the page looks whether the payment window is still open (a property read, no request). */
const WATCH_INTERVAL_MS = 1000;

/** Where the visitor pays: nowhere yet, the popup, or a tab the link opened (no window to watch). */
type Paying = 'not yet' | 'window' | 'tab';

async function orderMovedOn(statusUrl: string): Promise<boolean> {
  try {
    const response = await fetch(statusUrl, { headers: { accept: 'application/json' } });
    return response.ok && paymentMovedOn((await response.json()) as { txnStatus?: unknown });
  } catch {
    return false;
  }
}

export default function PaymentPopup({ paymentUrl, statusUrl, pageUrl }: PaymentPopupProps) {
  const { ACTIONS, PAYMENT_PAGE_TEXT } = useTexts();
  const [paying, setPaying] = useState<Paying>('not yet');
  const popup = useRef<Window | null>(null);

  useEffect(() => {
    if (paying === 'not yet') return;
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
        if (await orderMovedOn(statusUrl)) {
          if (!stopped) window.location.assign(pageUrl);
          return; // leaving: no more questions
        }
      } while (askAgain && !stopped);
      asking = false;
    };
    const watcher = setInterval(() => {
      if (!popup.current?.closed) return;
      popup.current = null;
      void check();
    }, WATCH_INTERVAL_MS);
    const onFocus = () => void check();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(watcher);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [paying, statusUrl, pageUrl]);

  const onOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    const opened = window.open(paymentUrl, 'payment', popupFeatures(popupGeometry(window)));
    // Blocked: the link itself opens the page in a new tab, which the page cannot watch.
    if (!opened) {
      setPaying('tab');
      return;
    }
    event.preventDefault();
    opened.opener = null; // the provider's page must not reach back into the checkout
    opened.focus();
    popup.current = opened;
    setPaying('window');
  };

  return (
    <div className="payment-actions">
      <a className="button" href={paymentUrl} target="_blank" rel="noopener" onClick={onOpen}>
        {ACTIONS.openPaymentPage}
      </a>
      <p className="hint" role="status">
        {paying === 'window' ? PAYMENT_PAGE_TEXT.payInWindow : paying === 'tab' ? PAYMENT_PAGE_TEXT.payInTab : ''}
      </p>
    </div>
  );
}
