// /proc/{procid}: "Processing" in the shell, "Done" (or what went wrong) streamed into the
// same response once the upstream answers (views/components/Streamed.tsx).
import { ROUTES } from '../../checkout/routes.ts';
import { useTexts } from '../../ui/language.tsx';
import { Streamed } from '../components/Streamed.tsx';
import { Document } from '../layout/Document.tsx';

/** What the page needs to know of the upstream's answer. */
export type ProcOutcome = 'done' | 'failed';

export function ProcPage({ outcome, message }: { outcome?: Promise<ProcOutcome>; message?: string }) {
  const { BACK_TO_START, PROC_TEXT } = useTexts();
  return (
    <Document title={PROC_TEXT.title}>
      <section className="card proc" aria-live="polite">
        <h1>{PROC_TEXT.title}</h1>
        {outcome ? (
          <Streamed
            value={outcome}
            label={PROC_TEXT.result}
            className="proc-result"
            fallback={<p className="proc-status stream-pending">{`${PROC_TEXT.processing}…`}</p>}
          >
            {(result) =>
              result === 'done' ? (
                <p className="proc-status proc-done">{PROC_TEXT.done}</p>
              ) : (
                <p className="form-error" role="alert">
                  {PROC_TEXT.failed}
                </p>
              )
            }
          </Streamed>
        ) : (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
        <p>
          <a href={ROUTES.home.path}>{BACK_TO_START}</a>
        </p>
      </section>
    </Document>
  );
}
