// The card provider's widget in a frame. Its server HTML is the frame (a style sheet's
// minimum height) and a link that checks the payment (the page follows the upstream's
// nextAction). Hydrated, it listens to the widget's origin only: the height of the
// widget's content, which the frame takes so nothing is clipped on a phone (the page
// scrolls, not the frame), and the completion: approved goes to that same check; declined
// says so and offers a fresh provider form or another method, and the check, which would
// claim a payment that did not happen, gives way to them. The page watches the order all
// along (./order-watch.ts), so a payment that arrives moves it on by itself.
import { useEffect, useRef, useState } from 'react';
import { useTexts } from '../ui/language.tsx';
import { useOrderWatch } from './order-watch.ts';

export interface CardWidgetProps {
  /** The widget page with its query (apiKey, refId, colorCode). */
  src: string;
  /** Where the payment is checked: this page with ?paid=1. */
  checkUrl: string;
  /** The order's status through the edge's /api (ISLAND_API.status). */
  statusUrl: string;
  /** This page: loaded again once the order has moved on. */
  pageUrl: string;
  /** Another method: the order is left and the visitor starts over (a form post). */
  startOverAction: string;
}

type Report = { type?: unknown; status?: unknown; height?: unknown };

/** A widget reporting more than this is not believed: the frame stays at most this tall. */
const MAX_FRAME_HEIGHT_PX = 4000;

export default function CardWidget({ src, checkUrl, statusUrl, pageUrl, startOverAction }: CardWidgetProps) {
  const { ACTIONS, CARD_TEXT } = useTexts();
  const [declined, setDeclined] = useState(false);
  /** Bumped for a fresh provider form: the frame is a new element, loaded from the start. */
  const [attempt, setAttempt] = useState(0);
  useOrderWatch(statusUrl, pageUrl);
  const [height, setHeight] = useState<number | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a fresh frame (attempt) is listened to afresh
  useEffect(() => {
    const origin = new URL(src).origin;
    const onMessage = (event: MessageEvent<Report>) => {
      if (event.origin !== origin) return;
      const { type, status, height: reported } = event.data ?? {};
      if (type === 'card-widget-size' && typeof reported === 'number' && Number.isFinite(reported) && reported > 0) {
        // The frame's own border is outside the content it shows.
        const border = frame.current ? frame.current.offsetHeight - frame.current.clientHeight : 0;
        setHeight(Math.min(Math.ceil(reported) + border, MAX_FRAME_HEIGHT_PX));
      } else if (type === 'card-payment') {
        if (status === 'approved') window.location.assign(checkUrl);
        else if (status === 'declined') setDeclined(true);
      }
    };
    window.addEventListener('message', onMessage);
    // The widget may have reported before this listened: ask it again, now and whenever it loads a page.
    const ask = () => frame.current?.contentWindow?.postMessage({ type: 'card-widget-size?' }, origin);
    ask();
    frame.current?.addEventListener('load', ask);
    const current = frame.current;
    return () => {
      window.removeEventListener('message', onMessage);
      current?.removeEventListener('load', ask);
    };
  }, [src, checkUrl, attempt]);

  const tryAgain = () => {
    setDeclined(false);
    setHeight(null);
    setAttempt((n) => n + 1);
  };

  return (
    <div className="card-widget">
      <div role="alert">
        {declined && (
          <div className="card-declined">
            <p className="form-error">{CARD_TEXT.declined}</p>
            <div className="card-declined-actions">
              <button className="button" type="button" onClick={tryAgain}>
                {ACTIONS.tryAgain}
              </button>
              <form method="post" action={startOverAction}>
                <button className="button secondary" type="submit" aria-describedby="other-method-leaves">
                  {CARD_TEXT.otherMethod}
                </button>
                <p className="hint" id="other-method-leaves">
                  {CARD_TEXT.otherMethodLeaves}
                </p>
              </form>
            </div>
          </div>
        )}
      </div>
      <iframe
        key={attempt}
        ref={frame}
        className="card-frame"
        src={src}
        title={CARD_TEXT.frameTitle}
        referrerPolicy="no-referrer"
        // Set in the browser only, through the CSSOM: the page's policy allows no style attribute.
        style={height === null ? undefined : { height: `${height}px` }}
      />
      {!declined && (
        <p>
          <a className="button secondary" href={checkUrl}>
            {CARD_TEXT.paidLink}
          </a>
        </p>
      )}
    </div>
  );
}
