// The only stylesheet and script the sandbox pages load: files, so the pages' CSP can
// forbid inline code.

export const SANDBOX_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1d2433;background:#f6f7f9}
.banner{margin:0;padding:.4rem 1rem;background:#ffd54f;color:#3e2f00;font-weight:700;text-align:center;letter-spacing:.03em}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem;box-shadow:0 1px 4px rgba(0,0,0,.12)}
h1{font-size:1.4rem;margin-top:0}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}
dt{color:#5b6475}
dd{margin:0;font-weight:600;word-break:break-all}
form{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
label{display:flex;flex-direction:column;flex:1 1 100%;font-size:.9rem;color:#5b6475}
input{font:inherit;padding:.5rem;border:1px solid #c5cad3;border-radius:.3rem}
button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:.3rem;background:#2e7d32;color:#fff;cursor:pointer}
button.secondary{background:#e3e6eb;color:#1d2433}
`;

/** The identity frame reports its outcome to the embedding page, as the real provider does. */
export const IDENTITY_FRAME_JS = `'use strict';
(function () {
  var status = document.body.getAttribute('data-manual-status');
  if (!status) return;
  function send() {
    window.parent.postMessage({ manualStatus: status }, '*');
  }
  send();
  var again = document.getElementById('send-again');
  if (again) again.addEventListener('click', send);
})();
`;

/**
 * The card widget's pages tell the embedding checkout what card providers tell it: the
 * height of their content, so the frame never clips it ({ type: 'card-widget-size',
 * height }, again whenever the page asks with { type: 'card-widget-size?' }), and on the
 * result page the outcome ({ type: 'card-payment', status:
 * 'approved' | 'declined', refId }).
 */
export const CARD_FRAME_JS = `'use strict';
(function () {
  if (window.parent === window) return;
  // The content's own height: the document's scrollHeight is never less than the frame's.
  function size() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    window.parent.postMessage({ type: 'card-widget-size', height: height }, '*');
  }
  size();
  if (window.ResizeObserver) new ResizeObserver(size).observe(document.body);
  // A page that starts listening after the frame loaded asks again.
  window.addEventListener('message', function (event) {
    if (event.source === window.parent && event.data && event.data.type === 'card-widget-size?') size();
  });
  var status = document.body.getAttribute('data-card-status');
  if (!status) return;
  window.parent.postMessage({ type: 'card-payment', status: status, refId: document.body.getAttribute('data-ref-id') || '' }, '*');
})();
`;
