// One labelled form field: the label tied to its input, an optional hint, and the
// message below it, announced when it appears. Shared by server views and islands.
import type { ReactNode } from 'react';

export function Field(props: {
  id: string;
  label: ReactNode;
  error?: string;
  /** A line under the message, part of it (announced with it, hidden with it). */
  errorNote?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
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
          {props.errorNote && <span className="field-error-note">{props.errorNote}</span>}
        </p>
      )}
    </div>
  );
}

/**
 * aria attributes of an input whose message and hint (if any) sit below it. Given what
 * was submitted, an input with a message also gets a pattern that only that value fails:
 * the stylesheet hides the message once the field holds anything else, so it clears as the
 * visitor fixes the field, without JavaScript (forms are noValidate: the pattern blocks
 * nothing, and the server's check on the next submit is the one that counts).
 */
export function described(
  id: string,
  error?: string,
  { hint = false, extra, submitted }: { hint?: boolean; extra?: string | undefined; submitted?: string | undefined } = {},
) {
  const ids = [error ? `${id}-error` : '', hint ? `${id}-hint` : '', extra ?? ''].filter(Boolean).join(' ');
  // An empty field is never checked against a pattern: left empty, it is `required` instead.
  const clears =
    error && submitted !== undefined
      ? { ...(submitted ? { pattern: allBut(submitted) } : { required: true }), 'data-error-clears': '' }
      : {};
  return { 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': ids || undefined, ...clears };
}

/** A pattern attribute (compiled as ^(?:…)$ with the v flag) that every value but `value` matches. */
export function allBut(value: string): string {
  return `(?!${value.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&')}$).*`;
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
        // biome-ignore lint/suspicious/noArrayIndexKey: a static list rendered once, never reordered
        <p key={i}>{message}</p>
      ))}
    </div>
  );
}
