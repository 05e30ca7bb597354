// A message that must be acknowledged. Closing is a link, so it works without JavaScript;
// by default it goes home (the limit errors of docs/spec.md section 8). The DialogKeys island
// keeps focus inside and Escape closes it; it loads only on a page that shows a modal, so
// the untouched home page's JavaScript stays within its budget.
import { Island } from '../../server/render/island.tsx';

export function Modal({
  text,
  closeHref = '/',
  closeLabel = 'Close',
}: {
  text: string;
  closeHref?: string;
  closeLabel?: string;
}) {
  return (
    <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="modal-text">
      <div className="modal-card">
        <p id="modal-text">{text}</p>
        <a className="button" href={closeHref} autoFocus>
          {closeLabel}
        </a>
        <Island name="DialogKeys" props={{ escapeHref: closeHref }} />
      </div>
    </div>
  );
}
