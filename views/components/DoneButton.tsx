// Done resets the flow and goes to the merchant's success URL (a POST: it changes state).
import { ROUTES } from '../../checkout/routes.ts';
import { SubmitButton } from './FormParts.tsx';
import { useTexts } from '../language.tsx';

export function DoneButton({ quiet = false }: { quiet?: boolean }) {
  const { ACTIONS } = useTexts();
  return (
    <form method="post" action={ROUTES.done.path} className="done-form">
      <SubmitButton look={quiet ? 'quiet' : undefined}>{ACTIONS.done}</SubmitButton>
    </form>
  );
}
