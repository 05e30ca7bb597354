// Done resets the flow and goes to the merchant's success URL (a POST: it changes state).
// On a completion page it is the page's action. On a page whose order is not paid yet it is
// the quiet way out: a link-styled button with what it does written under it, so it is not
// taken for the payment's own step.
import { ACTIONS } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';

const NOTE_ID = 'done-leaves';

export function DoneButton({ leaves }: { leaves?: string | undefined }) {
  if (leaves === undefined) {
    return (
      <form method="post" action={ROUTES.done.path} className="done-form">
        <button type="submit" className="button">
          {ACTIONS.done}
        </button>
      </form>
    );
  }
  return (
    <form method="post" action={ROUTES.done.path} className="done-form leave-checkout">
      <button type="submit" className="link-button" aria-describedby={NOTE_ID}>
        {ACTIONS.done}
      </button>
      <p className="hint" id={NOTE_ID}>
        {leaves}
      </p>
    </form>
  );
}
