// Screen 6: the email a sell's e-Transfer payout is sent to. A plain form, no JavaScript.
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { ACTIONS } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { Field, FormErrors, described, type FormState } from '../components/Field.tsx';

export interface EmailInputProps {
  frame?: FlowFrameProps | undefined;
  form: FormState<FormFieldsOf<'emtEmail'>>;
}

export function EmailInputPage({ form, frame }: EmailInputProps) {
  const error = form.errors.emtEmail;
  return (
    <Document title="Your e-Transfer email">
      <FlowFrame frame={frame}>
        <form method="post" action={ROUTES.emailInput.path} noValidate className="card details-form">
          <h1>Where should we send your e-Transfer?</h1>
          <FormErrors messages={form.formErrors} />
          <Field
            id="emtEmail"
            label="E-Transfer email address"
            error={error}
            hint="Your payout is sent by e-Transfer to this address once we receive your crypto. Use the email your bank has on file for e-Transfers."
          >
            <input
              id="emtEmail"
              name="emtEmail"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              defaultValue={form.values.emtEmail ?? ''}
              {...described('emtEmail', error, { hint: true, submitted: form.values.emtEmail ?? '' })}
            />
          </Field>
          <button type="submit" className="button">
            {ACTIONS.next}
          </button>
        </form>
      </FlowFrame>
    </Document>
  );
}
