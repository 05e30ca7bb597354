// The parts a screen's form is built of, so a view says only what differs: the form as the
// screen's card (heading, the form's messages, the fields, the submit button), the submit
// button, the way back to the start, and the notice that a step cannot go on here (Done
// has its own file, DoneButton.tsx). All plain HTML: they work without JavaScript.
import type { ReactNode } from 'react';
import { ROUTES } from '../../checkout/routes.ts';
import { FormErrors } from '../../ui/Field.tsx';
import { useTexts } from '../../ui/language.tsx';

/** A submit button: the primary one (NEXT unless told), or a secondary or quiet one; `name` and `value` say which was pressed. */
export function SubmitButton({
  children,
  look,
  ...attributes
}: {
  children?: ReactNode;
  look?: 'secondary' | 'quiet' | undefined;
  name?: string;
  value?: string;
  autoFocus?: boolean;
}) {
  const { ACTIONS } = useTexts();
  return (
    <button type="submit" className={look ? `button ${look}` : 'button'} {...attributes}>
      {children ?? ACTIONS.next}
    </button>
  );
}

/**
 * A screen whose card is one form posted to `action`: its heading, the messages about the
 * whole form, the fields (the children), then the submit button (`submit: null` when the
 * fields are the buttons). The server checks every value, so the browser blocks nothing
 * (noValidate).
 */
export function FormCard({
  action,
  title,
  messages,
  id,
  className = 'details-form',
  submit,
  children,
}: {
  action: string;
  title: ReactNode;
  messages: readonly string[];
  id?: string;
  /** Beside `card`: the screen's kind of card. */
  className?: string;
  submit?: ReactNode;
  children: ReactNode;
}) {
  return (
    <form id={id} method="post" action={action} noValidate className={`card ${className}`}>
      <h1>{title}</h1>
      <FormErrors messages={messages} />
      {children}
      {submit !== null && <SubmitButton>{submit ?? undefined}</SubmitButton>}
    </form>
  );
}

/** The secondary action that leaves the flow for the home page (Back unless told). */
export function BackHome({ children }: { children?: ReactNode }) {
  const { ACTIONS } = useTexts();
  return (
    <a className="button secondary" href={ROUTES.home.path}>
      {children ?? ACTIONS.back}
    </a>
  );
}

/** Why this step cannot go on here, announced, and the way back; with `retry`, the way to ask again first. */
export function Unavailable({ message, back, retry }: { message: string; back?: ReactNode; retry?: string | undefined }) {
  const { ACTIONS } = useTexts();
  return (
    <>
      <p className="form-error" role="alert">
        {message}
      </p>
      {retry && (
        <a className="button" href={retry}>
          {ACTIONS.tryAgain}
        </a>
      )}
      <BackHome>{back}</BackHome>
    </>
  );
}
