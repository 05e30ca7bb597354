// Screen 8: the 6-digit code sent to the buyer's email. Two plain forms (verify, and Resend
// Code), so the page ships no JavaScript. After too many wrong codes the transaction is
// cancelled: the page says so (the server's Refresh header takes the visitor home).
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { Field, FormErrors, described, type FormState } from '../components/Field.tsx';
import { SubmitButton } from '../components/FormParts.tsx';
import type { Toast } from '../components/Toasts.tsx';
import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_VALIDITY_MS } from '../../checkout/limits.ts';
import { ACTIONS } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';

export interface MobileVerificationProps {
  frame?: FlowFrameProps | undefined;
  /** formErrors: not about the code (a refused resend, a step out of order...). */
  form: FormState<FormFieldsOf<'verificationCode'>>;
  toasts?: Toast[];
}

const VALID_MINUTES = VERIFICATION_CODE_VALIDITY_MS / 60_000;
const ROUTE = ROUTES.mobileVerification;

export function MobileVerificationPage({ form, toasts, frame }: MobileVerificationProps) {
  const error = form.errors.verificationCode;
  return (
    <Document title="Verify your email" toasts={toasts}>
      <FlowFrame frame={frame}>
        <section className="card details-form">
          <h1>Check your email</h1>
          <p>
            We sent a {VERIFICATION_CODE_LENGTH}-digit code to your email address. The code is valid for {VALID_MINUTES} minutes.
          </p>
          <FormErrors messages={form.formErrors} />
          <form method="post" action={ROUTE.path} noValidate>
            <Field id="verificationCode" label="Verification code" error={error}>
              <input
                id="verificationCode"
                name="verificationCode"
                className="code-input"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFICATION_CODE_LENGTH}
                defaultValue={form.values.verificationCode ?? ''}
                {...described('verificationCode', error, { submitted: form.values.verificationCode ?? '' })}
              />
            </Field>
            <SubmitButton />
          </form>
          <form method="post" action={ROUTE.actions.resend} className="resend">
            <span className="hint">Didn't get it? Check your spam folder, or </span>
            <button type="submit" className="link-button">
              {ACTIONS.resendCode}
            </button>
          </form>
        </section>
      </FlowFrame>
    </Document>
  );
}
