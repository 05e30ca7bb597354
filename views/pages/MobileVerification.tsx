// Screen 8: the 6-digit code sent to the buyer's email. Two plain forms (verify, and Resend
// Code), so the page ships no JavaScript. After too many wrong codes the transaction is
// cancelled: the page says so (the server's Refresh header takes the visitor home).

import { VERIFICATION_CODE_LENGTH } from '../../checkout/limits.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { described, Field, FormErrors, type FormState } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { SubmitButton } from '../components/FormParts.tsx';
import type { Toast } from '../components/Toasts.tsx';
import { Document } from '../layout/Document.tsx';

export interface MobileVerificationProps {
  frame?: FlowFrameProps | undefined;
  /** formErrors: not about the code (a refused resend, a step out of order...). */
  form: FormState<FormFieldsOf<'verificationCode'>>;
  toasts?: Toast[];
}

const ROUTE = ROUTES.mobileVerification;

export function MobileVerificationPage({ form, toasts, frame }: MobileVerificationProps) {
  const { ACTIONS, CODE_PAGE } = useTexts();
  const error = form.errors.verificationCode;
  return (
    <Document title={CODE_PAGE.title} toasts={toasts}>
      <FlowFrame frame={frame}>
        <section className="card details-form">
          <h1>{CODE_PAGE.heading}</h1>
          <p>{CODE_PAGE.sent}</p>
          <FormErrors messages={form.formErrors} />
          <form method="post" action={ROUTE.path} noValidate>
            <Field id="verificationCode" label={CODE_PAGE.label} error={error}>
              <input
                id="verificationCode"
                name="verificationCode"
                className="code-input"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={VERIFICATION_CODE_LENGTH}
                defaultValue={form.values.verificationCode ?? ''}
                autoFocus={error !== undefined || undefined}
                {...described('verificationCode', error, { submitted: form.values.verificationCode ?? '' })}
              />
            </Field>
            <SubmitButton />
          </form>
          <form method="post" action={ROUTE.actions.resend} className="resend">
            <span className="hint">{`${CODE_PAGE.notReceived} `}</span>
            <button type="submit" className="link-button">
              {ACTIONS.resendCode}
            </button>
          </form>
        </section>
      </FlowFrame>
    </Document>
  );
}
