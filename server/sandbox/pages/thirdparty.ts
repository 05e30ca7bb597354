// Pages of the third parties the sandbox plays: the card provider's widget (iframe) and the
// identity-verification frame.
import { usdOf } from '../rails/credit-card.ts';
import type { Txn } from '../store.ts';
import { coins, html, layout, money } from './html.ts';

export const IDENTITY_FRAME_SCRIPT = '/thirdparty/idenfy/frame.js';
export const CARD_FRAME_SCRIPT = '/thirdparty/card/frame.js';

/** The card is charged in USD what the order stands for, and the coins are the exchange's quote. */
export function cardWidgetPage(apiKey: string, txn: Txn | undefined): string {
  const amount = txn
    ? html`<dl>
<dt>Charge</dt><dd>${money(usdOf(txn.quote.fiatAmount, txn.cryptoCurrency, txn.fiatCurrency), 'USD')} (for ${money(txn.quote.fiatAmount, txn.fiatCurrency)})</dd>
<dt>For</dt><dd>${coins(txn.quote.cryptoAmount, txn.cryptoCurrency)}</dd>
<dt>Reference</dt><dd>${txn.refId}</dd>
</dl>`
    : html`<p>No transaction linked (no refId): paying only shows the result.</p>`;
  return layout(
    'Card payment',
    html`<h1>Sandbox card payment</h1>
${amount}
<form method="post" action="/thirdparty/card/widget">
<input type="hidden" name="apiKey" value="${apiKey}">
${txn ? html`<input type="hidden" name="refId" value="${txn.refId}">` : ''}
<label>Card number <input name="cardNumber" value="4242 4242 4242 4242" autocomplete="off"></label>
<label>Expiry <input name="expiry" value="12/30" autocomplete="off"></label>
<label>CVC <input name="cvc" value="123" autocomplete="off"></label>
<button type="submit" name="decision" value="pay">Pay</button>
<button type="submit" name="decision" value="decline">Decline (test a failed card)</button>
</form>`,
    { scripts: [CARD_FRAME_SCRIPT] },
  );
}

/**
 * The outcome, reported to the embedding page by CARD_FRAME_SCRIPT. A declined card is
 * offered a fresh form, as a provider's widget does, which works without the embedding
 * page's script too.
 */
export function cardResultPage(txn: Txn | undefined, status: 'approved' | 'declined', apiKey: string): string {
  const approved = status === 'approved';
  const again = new URLSearchParams({ apiKey, ...(txn ? { refId: txn.refId } : {}) });
  return layout(
    approved ? 'Card payment approved' : 'Card payment declined',
    html`<h1>${approved ? 'Card payment approved' : 'Card payment declined'}</h1>
<p>${txn ? (approved ? `Transaction ${txn.refId} is paid.` : `Transaction ${txn.refId} was not charged.`) : `${approved ? 'Approved' : 'Declined'}; no transaction was linked.`}</p>
${approved ? '' : html`<p><a href="/thirdparty/card/widget?${again.toString()}">Try another card</a></p>`}`,
    { scripts: [CARD_FRAME_SCRIPT], bodyData: { 'card-status': status, 'ref-id': txn?.refId ?? '' } },
  );
}

export function identityPage(status: 'approved' | 'failed'): string {
  return layout(
    'Identity verification',
    html`<h1>Sandbox identity verification</h1>
<p>Result sent to the page that embeds this frame: <strong>${status}</strong>.</p>
<button type="button" id="send-again">Send the result again</button>`,
    { scripts: [IDENTITY_FRAME_SCRIPT], bodyData: { 'manual-status': status } },
  );
}
