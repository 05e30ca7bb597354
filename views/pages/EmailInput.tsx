// Screen 6: the email a sell's e-Transfer payout is sent to. A plain form, no JavaScript.

import { ROUTES } from '../../checkout/routes.ts';
import type { FormFieldsOf } from '../../checkout/wire.ts';
import { described, Field, type FormState } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';
import { FlowFrame, type FlowFrameProps } from '../components/FlowFrame.tsx';
import { FormCard } from '../components/FormParts.tsx';
import { Document } from '../layout/Document.tsx';

export interface EmailInputProps {
  frame?: FlowFrameProps | undefined;
  form: FormState<FormFieldsOf<'emtEmail'>>;
}

export function EmailInputPage({ form, frame }: EmailInputProps) {
  const { EMAIL_PAGE } = useTexts();
  const error = form.errors.emtEmail;
  return (
    <Document title={EMAIL_PAGE.title}>
      <FlowFrame frame={frame}>
        <FormCard action={ROUTES.emailInput.path} title={EMAIL_PAGE.heading} messages={form.formErrors}>
          <Field id="emtEmail" label={EMAIL_PAGE.label} error={error} hint={EMAIL_PAGE.hint}>
            <input
              id="emtEmail"
              name="emtEmail"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="off"
              spellCheck={false}
              defaultValue={form.values.emtEmail ?? ''}
              autoFocus={error !== undefined || undefined}
              {...described('emtEmail', error, { hint: true, submitted: form.values.emtEmail ?? '' })}
            />
          </Field>
        </FormCard>
      </FlowFrame>
    </Document>
  );
}
