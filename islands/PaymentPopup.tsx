// The payment page button. Without JavaScript a plain link that opens the provider's page in
// a new tab; the visitor comes back and presses I HAVE PAID. Hydrated, it opens a centred
// popup (checkout/popup.ts), and the page watches the order rather than the window, from
// the moment it loads (./order-watch.ts): a window the browser has cut off from the
// checkout (the provider's own opener policy) reads closed while the visitor is still
// paying in it, and a page loaded again after I HAVE PAID still moves on by itself.
import { type MouseEvent, useCallback, useRef, useState } from 'react';
import { popupFeatures, popupGeometry } from '../checkout/popup.ts';
import { useTexts } from '../ui/language.tsx';
import { useOrderWatch } from './order-watch.ts';

export interface PaymentPopupProps {
  /** The payment provider's page (an http(s) URL, checked by the server). */
  paymentUrl: string;
  /** The order's status through the edge's /api (ISLAND_API.status). */
  statusUrl: string;
  /** This page: loaded again once the order has moved on, it follows the upstream's nextAction. */
  pageUrl: string;
}

/** Where the visitor pays: nowhere yet, the popup, or a tab the link opened (no window to watch). */
type Paying = 'not yet' | 'window' | 'tab';

export default function PaymentPopup({ paymentUrl, statusUrl, pageUrl }: PaymentPopupProps) {
  const { ACTIONS, PAYMENT_PAGE_TEXT } = useTexts();
  const [paying, setPaying] = useState<Paying>('not yet');
  const popup = useRef<Window | null>(null);

  // A popup that reads closed is one reason to ask; the page watches the order from its load.
  const windowClosed = useCallback(() => {
    if (!popup.current?.closed) return false;
    popup.current = null;
    return true;
  }, []);
  useOrderWatch(statusUrl, pageUrl, windowClosed);

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
