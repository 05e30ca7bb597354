// The card provider's widget in a frame. Its server HTML is the frame and a link that
// checks the payment (the page follows the upstream's nextAction). Hydrated, it listens
// for the provider's completion message, from the widget's origin only: approved goes to
// that same check, declined says so and leaves the frame for another try.
import { useEffect, useState } from 'react';
import { useTexts } from '../views/language.tsx';

export interface CardWidgetProps {
  /** The widget page with its query (apiKey, refId, colorCode). */
  src: string;
  /** Where the payment is checked: this page with ?paid=1. */
  checkUrl: string;
}

type Report = { type?: unknown; status?: unknown };

export default function CardWidget({ src, checkUrl }: CardWidgetProps) {
  const { CARD_TEXT } = useTexts();
  const [declined, setDeclined] = useState(false);
  useEffect(() => {
    const origin = new URL(src).origin;
    const onMessage = (event: MessageEvent<Report>) => {
      if (event.origin !== origin || event.data?.type !== 'card-payment') return;
      if (event.data.status === 'approved') window.location.assign(checkUrl);
      else if (event.data.status === 'declined') setDeclined(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [src, checkUrl]);

  return (
    <div className="card-widget">
      <div role="alert">{declined && <p className="form-error">{CARD_TEXT.declined}</p>}</div>
      <iframe className="card-frame" src={src} title={CARD_TEXT.frameTitle} referrerPolicy="no-referrer" />
      <p>
        <a className="button secondary" href={checkUrl}>
          {CARD_TEXT.paidLink}
        </a>
      </p>
    </div>
  );
}
