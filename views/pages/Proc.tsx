// /proc/{procid}: "Processing" in the shell, "Done" (or what went wrong) streamed into the
// same response once the upstream answers. The Suspense boundary is the whole trick: the
// shell goes out at once, React sends the result when its promise settles.
import { Suspense, use } from 'react';
import { PROC_TEXT } from '../../server/checkout/messages.ts';
import { ROUTES } from '../../server/checkout/routes.ts';
import { Document } from '../layout/Document.tsx';

/** What the page needs to know of the upstream's answer. */
export type ProcOutcome = 'done' | 'failed';

// A landmark of its own: without JavaScript the result stays where React streamed it, at
// the end of <body> outside <main>, and is still inside a region there.
function ProcResult({ outcome }: { outcome: Promise<ProcOutcome> }) {
  const result = use(outcome);
  return (
    <section className="proc-result" aria-label={PROC_TEXT.result}>
      {result === 'done' ? (
        <p className="proc-status proc-done">{PROC_TEXT.done}</p>
      ) : (
        <p className="form-error" role="alert">
          {PROC_TEXT.failed}
        </p>
      )}
    </section>
  );
}

export function ProcPage({ outcome, message }: { outcome?: Promise<ProcOutcome>; message?: string }) {
  return (
    <Document title={PROC_TEXT.title}>
      <section className="card proc" aria-live="polite">
        <h1>{PROC_TEXT.title}</h1>
        {outcome ? (
          <Suspense fallback={<p className="proc-status">{`${PROC_TEXT.processing}…`}</p>}>
            <ProcResult outcome={outcome} />
          </Suspense>
        ) : (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <p>
          <a href={ROUTES.home.path}>Back to the start</a>
        </p>
      </section>
    </Document>
  );
}
