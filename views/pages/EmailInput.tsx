// Screen 6: the email a sell's e-Transfer payout is sent to. A plain form, no JavaScript.
import { Document } from '../layout/Document.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { Field, described, type FormState } from '../components/Field.tsx';
import { FormCard } from '../components/FormParts.tsx';

export interface EmailInputProps {
  frame?: FlowFrameProps | undefined;
  form: FormState<FormFieldsOf<'emtEmail'>>;
}

export function EmailInputPage({ form, frame }: EmailInputProps) {
  const error = form.errors.emtEmail;
  return (
    <Document title="Your e-Transfer email">
      <FlowFrame frame={frame}>
        <FormCard action={ROUTES.emailInput.path} title="Where should we send your e-Transfer?" messages={form.formErrors}>
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
        </FormCard>
      </FlowFrame>
    </Document>
  );
}
