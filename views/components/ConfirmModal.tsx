// A yes/no question of a payment page (docs/spec.md screens 17 and 18). Both answers are links,
// so the page reached by the question's own link works without JavaScript; Escape is No.
import type { ReactNode } from 'react';
import { Island } from '../../server/render/island.tsx';
import { useTexts } from '../../ui/language.tsx';

export function ConfirmModal(props: { id: string; question: string; yesHref: string; noHref: string; children?: ReactNode }) {
  const { ACTIONS } = useTexts();
  return (
    <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby={props.id}>
      <div className="modal-card">
        <p id={props.id}>{props.question}</p>
        {props.children}
        <div className="row">
          <a className="button" href={props.yesHref} autoFocus>
            {ACTIONS.yes}
          </a>
          <a className="button secondary" href={props.noHref}>
            {ACTIONS.no}
          </a>
        </div>
        <Island name="DialogKeys" props={{ escapeHref: props.noHref }} />
      </div>
    </div>
  );
}
