// The rate hold of screen 4: the quote's figures, the banner and the quote-expired dialog.
// Its server HTML works alone: the deadline as a wall-clock time, and once the server
// knows the hold is over, the dialog whose Accept and Decline are plain form posts.
// Hydrated, it counts down to the deadline (recomputed on every tick, so a sleeping tab
// wakes up right), requotes at zero through /api, and confirms Accept in place, then
// continues as NEXT does.
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Country, TxnType } from '../checkout/domain.ts';
import { apiFailure, type RequoteOutcome, requoteOutcome } from '../checkout/failures.ts';
import { REDIRECT_HOME_DELAY_MS } from '../checkout/limits.ts';
import type { Texts } from '../checkout/messages.ts';
import {
  announcementBetween,
  formatCountdown,
  formatHeldUntil,
  quoteDeadline,
  type RequoteBy,
  remainingMs,
  requoteBody,
} from '../checkout/quote-timer.ts';
import { ISLAND_API } from '../checkout/wire.ts';
import { useTexts } from '../ui/language.tsx';
import { type QuoteFigures, QuoteSummary, type QuoteSummaryProps } from '../ui/QuoteSummary.tsx';
import { trapFocus } from './dialog.ts';

export interface QuoteTimerProps {
  refId: string;
  txnType: TxnType;
  /** What a requote names (the payment method's word). */
  requotes: RequoteBy;
  country: Country;
  summary: QuoteSummaryProps;
  /** The deadline (ISO 8601); null for card quotes, which are not held. */
  deadline: string | null;
  /** The deadline as the server wrote it ('14:05 EDT'), so the first render matches. */
  heldUntil: string;
  /** The server found the hold over: the dialog is open from the start. */
  expired: boolean;
  /** A server-side Accept that failed and may be tried again. */
  failure?: RequoteOutcome;
  acceptAction: string;
  declineAction: string;
  /** The page's NEXT form: Accept, once confirmed, carries on with it. */
  continueFormId?: string;
}

type Phase =
  | { name: 'holding' }
  | { name: 'expired' }
  | { name: 'requoting' }
  | { name: 'offered'; figures: QuoteFigures }
  | { name: 'confirming'; figures: QuoteFigures }
  | { name: 'failed'; outcome: RequoteOutcome };

/** Often enough that the seconds never lag visibly; the value comes from the clock, not from counting. */
const TICK_MS = 500;

interface ApiAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown> | null;
}

async function postJson(url: string, payload: object): Promise<ApiAnswer> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(payload),
  });
  const body: unknown = await response.json().catch(() => null);
  return {
    ok: response.ok,
    status: response.status,
    body: body && typeof body === 'object' ? (body as Record<string, unknown>) : null,
  };
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function figuresOf(body: Record<string, unknown> | null, fallback: QuoteFigures): QuoteFigures | undefined {
  const cryptoAmount = num(body?.cryptoAmount);
  if (cryptoAmount === undefined) return undefined;
  return {
    cryptoAmount,
    fiatAmount: num(body?.fiatAmount) ?? fallback.fiatAmount,
    forexRatePublic: num(body?.forexRatePublic) ?? fallback.forexRatePublic,
  };
}

/** docs/spec.md section 8 for a requote, as the failure table says; no answer at all is "no response". */
function failureOf(answer: ApiAnswer | null, texts: Texts): RequoteOutcome {
  return requoteOutcome(answer ? apiFailure(answer.status, answer.body) : { kind: 'unavailable' }, texts);
}

function initialPhase(props: QuoteTimerProps): Phase {
  if (props.failure) return { name: 'failed', outcome: props.failure };
  return props.expired ? { name: 'expired' } : { name: 'holding' };
}

export default function QuoteTimer(props: QuoteTimerProps) {
  const texts = useTexts();
  const { ACTIONS, QUOTE_TEXT } = texts;
  const held = props.deadline !== null;
  const [figures, setFigures] = useState(props.summary.figures);
  const [deadline, setDeadline] = useState(() => (props.deadline ? Date.parse(props.deadline) : 0));
  const [heldUntil, setHeldUntil] = useState(props.heldUntil);
  const [now, setNow] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>(() => initialPhase(props));
  const [announcement, setAnnouncement] = useState('');
  const previousLeft = useRef<number | null>(null);
  const declineForm = useRef<HTMLFormElement>(null);
  const dialog = useRef<HTMLDivElement>(null);

  const left = now === null ? null : remainingMs(deadline, now);
  const dialogOpen = phase.name !== 'holding';

  // The clock: every tick and every return to the tab reads the time afresh.
  useEffect(() => {
    if (!held) return;
    const tick = () => setNow(Date.now());
    tick();
    const timer = setInterval(tick, TICK_MS);
    document.addEventListener('visibilitychange', tick);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', tick);
    };
  }, [held]);

  const requote = async () => {
    setPhase({ name: 'requoting' });
    const body = requoteBody({ refId: props.refId, ...figures }, props.requotes);
    const answer = await postJson(ISLAND_API.requote(props.txnType), body).catch(() => null);
    const offered = answer?.ok ? figuresOf(answer.body, figures) : undefined;
    setPhase(offered ? { name: 'offered', figures: offered } : { name: 'failed', outcome: failureOf(answer, texts) });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the time left changes; the phase is read as it is then
  useEffect(() => {
    if (left === null) return;
    const previous = previousLeft.current;
    previousLeft.current = left;
    if (previous !== null) {
      const said = announcementBetween(previous, left, texts);
      if (said) setAnnouncement(said);
    }
    if (left === 0 && (phase.name === 'holding' || phase.name === 'expired')) void requote();
  }, [left]);

  // Focus stays in the dialog. Escape does nothing: its ways out, Accept and Decline, both
  // change the order, so the visitor picks one.
  useEffect(() => {
    if (!dialogOpen || !dialog.current) return undefined;
    dialog.current.focus();
    return trapFocus(dialog.current);
  }, [dialogOpen]);

  // SYSTEM: the message, then home after 5 s; a transaction that is gone: home at once.
  // Both through Decline, so the flow is cleared too.
  useEffect(() => {
    if (phase.name !== 'failed') return;
    const { kind } = phase.outcome;
    if (kind !== 'redirect-home' && kind !== 'home') return;
    const timer = setTimeout(() => declineForm.current?.requestSubmit(), kind === 'home' ? 0 : REDIRECT_HOME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  const accept = async (event: FormEvent<HTMLFormElement>) => {
    // Without a new quote in hand here, the form post lets the server requote and confirm.
    if (phase.name !== 'offered') return;
    event.preventDefault();
    setPhase({ name: 'confirming', figures: phase.figures });
    const answer = await postJson(ISLAND_API.confirmNewQuote(props.txnType), { refId: props.refId }).catch(() => null);
    const confirmed = answer?.ok ? figuresOf(answer.body, phase.figures) : undefined;
    if (!confirmed || !answer?.body) {
      setPhase({ name: 'failed', outcome: failureOf(answer, texts) });
      return;
    }
    const next = quoteDeadline({ txnValidUntil: str(answer.body.txnValidUntil), txnDate: str(answer.body.txnDate) }, Date.now());
    const until = formatHeldUntil(next, props.country, texts);
    setFigures(confirmed);
    setDeadline(next);
    setHeldUntil(until);
    setNow(Date.now());
    setPhase({ name: 'holding' });
    setAnnouncement(`${QUOTE_TEXT.heldUntil} ${until}.`);
    const continued = props.continueFormId ? document.getElementById(props.continueFormId) : null;
    if (continued instanceof HTMLFormElement) continued.requestSubmit();
  };

  const busy = phase.name === 'requoting' || phase.name === 'confirming';
  const failure = phase.name === 'failed' ? phase.outcome : undefined;
  const offer = phase.name === 'offered' || phase.name === 'confirming' ? phase.figures : undefined;

  return (
    <div className="quote-timer-island">
      <QuoteSummary {...props.summary} figures={figures} />
      {/* biome-ignore lint/a11y/useSemanticElements: a labelled group of live text and buttons, not form fields */}
      <div className="quote-timer" role="group" aria-label={QUOTE_TEXT.rateHold}>
        {!held ? (
          <p className="quote-timer-banner">{QUOTE_TEXT.currentPriceQuote}</p>
        ) : left === null ? (
          <p className="quote-timer-banner">
            {QUOTE_TEXT.heldUntil} <time dateTime={props.deadline ?? undefined}>{heldUntil}</time>
          </p>
        ) : (
          <p className="quote-timer-banner">
            {QUOTE_TEXT.heldFor}{' '}
            <span className="quote-countdown" role="timer">
              {formatCountdown(left)}
            </span>{' '}
            <span className="quote-until">{QUOTE_TEXT.until({ time: heldUntil })}</span>
          </p>
        )}
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {announcement}
        </p>
      </div>

      {dialogOpen && (
        <div
          className="modal"
          role="alertdialog"
          aria-modal="true"
          aria-labelledby="quote-expired-title"
          aria-describedby="quote-expired-text"
        >
          <div className="modal-card quote-expired" ref={dialog} tabIndex={-1}>
            <h2 id="quote-expired-title">{QUOTE_TEXT.expired}</h2>
            <div id="quote-expired-text" aria-live="polite">
              {failure && failure.kind !== 'home' ? (
                <>
                  <p className="form-error" role="alert">
                    {failure.kind === 'stay' ? failure.messages.join(' ') : failure.message}
                  </p>
                  {failure.kind === 'redirect-home' && <p>{failure.notice}</p>}
                </>
              ) : offer ? (
                <>
                  <p>{QUOTE_TEXT.newQuote}</p>
                  <QuoteSummary {...props.summary} figures={offer} />
                </>
              ) : phase.name === 'requoting' ? (
                <p>{QUOTE_TEXT.gettingNewQuote}</p>
              ) : (
                <p>{QUOTE_TEXT.acceptWithoutJs}</p>
              )}
            </div>
            <div className="quote-expired-actions">
              {(!failure || failure.kind === 'stay') && (
                <form method="post" action={props.acceptAction} onSubmit={accept}>
                  <button className="button" type="submit" disabled={busy}>
                    {ACTIONS.acceptAndContinue}
                  </button>
                </form>
              )}
              <form method="post" action={props.declineAction} ref={declineForm}>
                {failure?.kind !== 'redirect-home' && (
                  <button className="button secondary" type="submit">
                    {failure?.kind === 'modal-home' ? ACTIONS.close : ACTIONS.decline}
                  </button>
                )}
              </form>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
