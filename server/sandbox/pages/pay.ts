// The payment pages the visitor's browser opens: the e-transfer provider (popup), the bank
// (full page, or the htmlDoc the edge writes into its own page). Plain forms: Pay or Cancel.
import type { Txn } from '../store.ts';
import { coins, html, layout, money, type SafeHtml } from './html.ts';

export type PaymentKind = 'etransfer' | 'bank';

function decisionForm(action: string, txn: Txn, hidden: SafeHtml | string = ''): SafeHtml {
  return html`<form method="post" action="${action}">
${hidden}
<button type="submit" name="decision" value="pay">Pay ${money(txn.quote.fiatAmount, txn.fiatCurrency)}</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>`;
}

function summary(txn: Txn): SafeHtml {
  return html`<dl>
<dt>Amount</dt><dd>${money(txn.quote.fiatAmount, txn.fiatCurrency)}</dd>
<dt>For</dt><dd>${coins(txn.quote.cryptoAmount, txn.cryptoCurrency)}</dd>
<dt>Reference</dt><dd>${txn.refId}</dd>
</dl>`;
}

export function etransferPage(txn: Txn): string {
  return layout(
    'Interac e-Transfer',
    html`<h1>Sandbox Interac e-Transfer</h1>
<p>Approve the transfer from your sandbox bank account.</p>
${summary(txn)}
${decisionForm(`/pay/etransfer/${txn.refId}`, txn)}`,
  );
}

/** returnUrl is carried through the form so Pay/Cancel can send the browser back. */
export function bankPage(txn: Txn, returnUrl: string | null): string {
  const hidden = returnUrl ? html`<input type="hidden" name="returnUrl" value="${returnUrl}">` : '';
  return layout(
    'Bank payment',
    html`<h1>${txn.bankName ?? 'Sandbox Bank'}</h1>
<p>Log-in skipped: this is the sandbox bank.</p>
${summary(txn)}
${decisionForm(`/pay/bank/${txn.refId}`, txn, hidden)}`,
  );
}

/**
 * The bank's page as a whole document for nextActionParams.htmlDoc. The edge writes it into
 * its own page, so it has absolute URLs, no stylesheet and no script.
 */
export function bankDocument(txn: Txn, baseUrl: string): string {
  return html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${txn.bankName ?? 'Sandbox Bank'} · Sandbox</title></head>
<body>
<h1>${txn.bankName ?? 'Sandbox Bank'} (Sandbox)</h1>
${summary(txn)}
${decisionForm(`${baseUrl}/pay/bank/${txn.refId}`, txn)}
</body>
</html>
`.value;
}

export function paymentResultPage(txn: Txn): string {
  const completed = txn.nextAction === 'DONE_COMPLETED';
  return layout(
    completed ? 'Payment complete' : 'Payment cancelled',
    html`<h1>${completed ? 'Payment complete' : 'Payment cancelled'}</h1>
<p>${completed ? `${money(txn.quote.fiatAmount, txn.fiatCurrency)} paid for ${txn.refId}.` : `No money was taken for ${txn.refId}.`}</p>
<p>You can close this window.</p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(
    title,
    html`<h1>${title}</h1>
<p>${message}</p>`,
  );
}
