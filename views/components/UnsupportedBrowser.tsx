import { useRenderContext } from '../../server/render/context.tsx';
import { useTexts } from '../../ui/language.tsx';

/**
 * Visible by default and hidden by a CSS @supports rule that only browsers with ES
 * modules pass, so the check needs no JavaScript (docs/spec.md section 2).
 */
export function UnsupportedBrowser() {
  const { ACTIONS, UNSUPPORTED_BROWSER } = useTexts();
  const { merchant } = useRenderContext();
  return (
    <div className="unsupported-browser" role="alertdialog" aria-labelledby="unsupported-title">
      <div className="modal-card">
        <p id="unsupported-title">{UNSUPPORTED_BROWSER}</p>
        <a className="button" href={merchant.config.siteUrl}>
          {ACTIONS.back}
        </a>
      </div>
    </div>
  );
}
