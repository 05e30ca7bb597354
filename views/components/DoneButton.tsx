// Done resets the flow and goes to the merchant's success URL (a POST: it changes state).
import { ACTIONS } from '../../checkout/messages.ts';
import { ROUTES } from '../../checkout/routes.ts';
import { SubmitButton } from './FormParts.tsx';

export function DoneButton({ quiet = false }: { quiet?: boolean }) {
  return (
    <form method="post" action={ROUTES.done.path} className="done-form">
      <SubmitButton look={quiet ? 'quiet' : undefined}>{ACTIONS.done}</SubmitButton>
    </form>
  );
}
