// Screen 6: the email a sell's e-Transfer payout is sent to. A plain form, no JavaScript.
import { Document } from '../layout/Document.tsx';
import { Field, described } from '../components/Field.tsx';

export interface EmailInputProps {
  value: string;
  error?: string;
  /** An upstream refusal (out of order, expired quote...). */
  formError?: string;
}

export function EmailInputPage({ value, error, formError }: EmailInputProps) {
  return (
    <Document title="Your e-Transfer email">
      <form method="post" action="/email-input" noValidate className="card details-form">
        <h1>Where should we send your e-Transfer?</h1>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
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
            defaultValue={value}
            {...described('emtEmail', error, { hint: true })}
          />
        </Field>
        <button type="submit" className="button">
          NEXT
        </button>
      </form>
    </Document>
  );
}
