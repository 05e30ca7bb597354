// The rate-hold banner of a payment step (the voucher page). Its server HTML says until
// when the rate is held. Hydrated, it counts down, and while the page's form is being
// submitted (a voucher being redeemed) the countdown pauses: the server answers with the
// next step, or with this page again (an error), whose deadline it moved on by the pause,
// so the banner resumes where it stood (server/flow/rate-hold.ts). At zero the
// quote-expired choice opens.
import { useEffect, useState } from 'react';
import { formatCountdown, remainingMs } from '../checkout/quote-timer.ts';
import { useTexts } from '../ui/language.tsx';

export interface RateHoldProps {
  /** The deadline, ms since the epoch. */
  deadline: number;
  /** The deadline as the server wrote it ('14:05 EDT'), so the first render matches. */
  heldUntil: string;
  /** The form whose submission pauses the countdown. */
  formId: string;
  /** Said while paused. */
  pausedText: string;
  /** The quote-expired choice, opened when the countdown reaches zero. */
  expiredHref: string;
}

const TICK_MS = 500;

export default function RateHold({ deadline, heldUntil, formId, pausedText, expiredHref }: RateHoldProps) {
  const { QUOTE_TEXT } = useTexts();
  const [left, setLeft] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused) return;
    const tick = () => setLeft(remainingMs(deadline, Date.now()));
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [deadline, paused]);

  // The hold is over: the visitor meets the choice, not a countdown stuck at zero.
  useEffect(() => {
    if (left === 0 && !paused) window.location.assign(expiredHref);
  }, [left, paused, expiredHref]);

  useEffect(() => {
    const form = document.getElementById(formId);
    const pause = () => setPaused(true);
    // Back from the bfcache after a submit: the page is live again.
    const resume = (event: PageTransitionEvent) => event.persisted && setPaused(false);
    form?.addEventListener('submit', pause);
    window.addEventListener('pageshow', resume);
    return () => {
      form?.removeEventListener('submit', pause);
      window.removeEventListener('pageshow', resume);
    };
  }, [formId]);

  return (
    <div className="rate-hold" role="status" data-paused={paused ? 'true' : undefined}>
      {left === null ? (
        <span>
          {QUOTE_TEXT.heldUntil} <strong>{heldUntil}</strong>
        </span>
      ) : (
        <span>
          {QUOTE_TEXT.heldFor} <strong className="countdown">{formatCountdown(left)}</strong>
        </span>
      )}
      {paused && <span className="hint"> {pausedText}</span>}
    </div>
  );
}
