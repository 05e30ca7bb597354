// The payment page button: without JavaScript a plain link that opens the payment page in a new
// tab. Hydrated, it opens a centred popup (checkout/popup.ts) and, when the visitor
// closes it, checks whether the payment arrived (checkUrl, the page's I HAVE PAID link).
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { popupFeatures, popupGeometry } from '../checkout/popup.ts';
import { useTexts } from '../views/language.tsx';

export interface PaymentPopupProps {
  /** The payment provider's page (an http(s) URL, checked by the server). */
  paymentUrl: string;
  /** Where to check the payment: reloads the instructions page, which follows the nextAction. */
  checkUrl: string;
}

const WATCH_INTERVAL_MS = 1000;

export default function PaymentPopup({ paymentUrl, checkUrl }: PaymentPopupProps) {
  const { ACTIONS } = useTexts();
  const [open, setOpen] = useState(false);
  const watcher = useRef<ReturnType<typeof setInterval> | undefined>(undefined);
  useEffect(() => () => clearInterval(watcher.current), []);

  const onOpen = (event: MouseEvent<HTMLAnchorElement>) => {
    const popup = window.open(paymentUrl, 'payment', popupFeatures(popupGeometry(window)));
    // Blocked: the link itself opens the page in a new tab.
    if (!popup) return;
    event.preventDefault();
    popup.opener = null; // the provider's page must not reach back into the checkout
    popup.focus();
    setOpen(true);
    clearInterval(watcher.current);
    watcher.current = setInterval(() => {
      if (!popup.closed) return;
      clearInterval(watcher.current);
      window.location.assign(checkUrl);
    }, WATCH_INTERVAL_MS);
  };

  return (
    <div className="payment-actions">
      <a className="button" href={paymentUrl} target="_blank" rel="noopener" onClick={onOpen}>
        {ACTIONS.openPaymentPage}
      </a>
      <p className="hint" role="status">
        {open ? 'Complete your payment in the window that opened. This page checks your payment when you close it.' : ''}
      </p>
    </div>
  );
}
