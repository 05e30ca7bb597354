// Done resets the flow and goes to the merchant's success URL (a POST: it changes state).
// On a completion page it is the page's action. On a page whose order is not paid yet it
// says under it what it does (`leaves`), and beside the payment's own actions it is the
// quiet way out (`quiet`): a link-styled button, set apart, not taken for a payment step.
import { ROUTES } from '../../checkout/routes.ts';
import { useTexts } from '../../ui/language.tsx';
import { SubmitButton } from './FormParts.tsx';

const NOTE_ID = 'done-leaves';

export function DoneButton({ leaves, quiet = false }: { leaves?: string | undefined; quiet?: boolean }) {
  const { ACTIONS } = useTexts();
  return (
    <form method="post" action={ROUTES.done.path} className={quiet ? 'done-form leave-checkout' : 'done-form'}>
      <SubmitButton look={quiet ? 'quiet' : undefined} aria-describedby={leaves ? NOTE_ID : undefined}>
        {ACTIONS.done}
      </SubmitButton>
      {leaves && (
        <p className="hint" id={NOTE_ID}>
          {leaves}
        </p>
      )}
    </form>
  );
}
