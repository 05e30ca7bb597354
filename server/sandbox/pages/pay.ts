// What every provider page shares (each rail writes its own page from these): the order's
// summary, the Pay or Cancel form, and the pages after the decision.
import type { Txn } from '../store.ts';
import { coins, html, layout, money, type SafeHtml } from './html.ts';

export function decisionForm(action: string, txn: Txn, hidden: SafeHtml | string = ''): SafeHtml {
  return html`<form method="post" action="${action}">
${hidden}
<button type="submit" name="decision" value="pay">Pay ${money(txn.quote.fiatAmount, txn.fiatCurrency)}</button>
<button type="submit" name="decision" value="cancel" class="secondary">Cancel</button>
</form>`;
}

export function orderSummary(txn: Txn): SafeHtml {
  return html`<dl>
<dt>Amount</dt><dd>${money(txn.quote.fiatAmount, txn.fiatCurrency)}</dd>
<dt>For</dt><dd>${coins(txn.quote.cryptoAmount, txn.cryptoCurrency)}</dd>
<dt>Reference</dt><dd>${txn.refId}</dd>
</dl>`;
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
