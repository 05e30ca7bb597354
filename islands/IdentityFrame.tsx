// Screen 15: the consent step, then the identity provider's page in a frame. Consent fades
// out over CONSENT_FADE_MS before the frame shows. Only messages from the provider's origin
// that carry manualStatus approved or failed count; VERIFICATION_MESSAGE_DELAY_MS later the
// page shows the outcome. Without JavaScript the consent is a link that shows the frame.
import { type MouseEvent, useEffect, useState } from 'react';
import { CONSENT_FADE_MS, VERIFICATION_MESSAGE_DELAY_MS } from '../checkout/limits.ts';
import { useTexts } from '../ui/language.tsx';

export interface IdentityFrameProps {
  frameUrl: string;
  /** The only origin whose messages count. */
  origin: string;
  consentHref: string;
  consented: boolean;
  labels: { consent: string; agree: string };
}

type Status = 'approved' | 'failed';

/** A provider message: an object (or its JSON) with manualStatus approved or failed. */
export function manualStatusOf(data: unknown): Status | null {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const status = (value as { manualStatus?: unknown }).manualStatus;
  return status === 'approved' || status === 'failed' ? status : null;
}

export default function IdentityFrame({ frameUrl, origin, consentHref, consented, labels }: IdentityFrameProps) {
  const { IDENTITY_TEXT, IDENFY_PAGE } = useTexts();
  const [stage, setStage] = useState<'consent' | 'fading' | 'frame'>(consented ? 'frame' : 'consent');
  const [status, setStatus] = useState<Status | null>(null);
  const [outcome, setOutcome] = useState<Status | null>(null);

  useEffect(() => {
    if (stage !== 'fading') return;
    const timer = setTimeout(() => setStage('frame'), CONSENT_FADE_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== origin) return;
      const received = manualStatusOf(event.data);
      if (received) setStatus((current) => current ?? received);
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [origin]);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setOutcome(status), VERIFICATION_MESSAGE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const agree = (event: MouseEvent) => {
    event.preventDefault();
    setStage('fading');
  };

  if (outcome) {
    return (
      <p className={outcome === 'approved' ? 'form-success' : 'form-error'} role="status" data-outcome={outcome}>
        {IDENTITY_TEXT[outcome]}
      </p>
    );
  }
  if (stage === 'frame') {
    return <iframe className="identity-frame" src={frameUrl} title={IDENFY_PAGE.title} allow="camera; microphone" />;
  }
  return (
    <div className={stage === 'fading' ? 'consent fading' : 'consent'}>
      <p>{labels.consent}</p>
      <a className="button" href={consentHref} onClick={agree}>
        {labels.agree}
      </a>
    </div>
  );
}
