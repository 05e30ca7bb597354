// Screen 8: the 6-digit code sent to the buyer's email. Two plain forms (verify, and Resend
// Code), so the page ships no JavaScript. After too many wrong codes the transaction is
// cancelled: the page says so (the server's Refresh header takes the visitor home).
import { Document } from '../layout/Document.tsx';
import { Field, described } from '../components/Field.tsx';
import type { Toast } from '../components/Toasts.tsx';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_VALIDITY_MS } from '../../server/checkout/limits.ts';

export interface MobileVerificationProps {
  value: string;
  error?: string;
  /** Not about the code: a refused resend, a step out of order... */
  formError?: string;
  /** MOBILE.INVALIDATTEMPT.REACHED: the upstream's message, then the cancellation notice. */
  cancelled?: { message: string; notice: string };
  toasts?: Toast[];
}

const VALID_MINUTES = VERIFICATION_CODE_VALIDITY_MS / 60_000;

export function MobileVerificationPage({ value, error, formError, cancelled, toasts }: MobileVerificationProps) {
  if (cancelled) {
    return (
      <Document title="Transaction cancelled">
        <section className="card" role="alert">
          <h1>Verification failed</h1>
          <p>{cancelled.message}</p>
          <p>{cancelled.notice}</p>
          <p>
            <a href="/">Go to the homepage now</a>
          </p>
        </section>
      </Document>
    );
  }

  return (
    <Document title="Verify your email" toasts={toasts}>
      <section className="card details-form">
        <h1>Check your email</h1>
        <p>
          We sent a {VERIFICATION_CODE_LENGTH}-digit code to your email address. The code is valid for {VALID_MINUTES} minutes.
        </p>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <form method="post" action="/mobile-verification" noValidate>
          <Field id="verificationCode" label="Verification code" error={error}>
            <input
              id="verificationCode"
              name="verificationCode"
              className="code-input"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_LENGTH}
              defaultValue={value}
              {...described('verificationCode', error)}
            />
          </Field>
          <button type="submit" className="button">
            NEXT
          </button>
        </form>
        <form method="post" action="/mobile-verification/resend" className="resend">
          <span className="hint">Didn't get it? Check your spam folder, or </span>
          <button type="submit" className="link-button">
            Resend Code
          </button>
        </form>
      </section>
    </Document>
  );
}
