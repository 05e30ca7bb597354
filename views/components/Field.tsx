// One labelled form field: the label tied to its input, an optional hint, and the
// message below it, announced when it appears. Shared by server views and islands.
import type { ReactNode } from 'react';

export function Field(props: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <div className="field" data-invalid={props.error ? 'true' : undefined}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.children}
      {props.hint && (
        <p className="hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      )}
      {props.error && (
        <p className="field-error" id={`${props.id}-error`} role="alert">
          {props.error}
        </p>
      )}
    </div>
  );
}

/** aria attributes of an input whose message and hint (if any) sit below it. */
export function described(id: string, error?: string, { hint = false, extra }: { hint?: boolean; extra?: string } = {}) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', extra ?? ''].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined };
}

/** A form as a page shows it back: what was typed, messages by field, messages above the form. */
export interface FormState<F extends string = string> {
  values: Partial<Record<F, string>>;
  errors: Partial<Record<string, string>>;
  formErrors: string[];
}

/** Messages about the whole form (an upstream refusal), above it and announced. */
export function FormErrors({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div className="form-error" role="alert">
      {messages.map((message, i) => (
        <p key={i}>{message}</p>
      ))}
    </div>
  );
}
