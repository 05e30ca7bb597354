// A message that must be acknowledged. Closing is a link, so it works without JavaScript;
// by default it goes home (the limit errors of SPEC.md section 8). With `keys`, the
// DialogKeys island keeps focus inside and Escape closes it; the home page goes without,
// to stay within its JavaScript budget (the dialog still opens on its one action).
import { Island } from '../../server/render/island.tsx';

export function Modal({
  text,
  closeHref = '/',
  closeLabel = 'Close',
  keys = true,
}: {
  text: string;
  closeHref?: string;
  closeLabel?: string;
  keys?: boolean;
}) {
  return (
    <div className="modal" role="alertdialog" aria-modal="true" aria-labelledby="modal-text">
      <div className="modal-card">
        <p id="modal-text">{text}</p>
        <a className="button" href={closeHref} autoFocus>
          {closeLabel}
        </a>
        {keys && <Island name="DialogKeys" props={{ escapeHref: closeHref }} />}
      </div>
    </div>
  );
}
