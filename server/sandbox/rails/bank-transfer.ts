// Bank transfer: after the checks the transaction waits for INITIATE_BANKTRANSFER with the
// currency's banks. AUD goes to the provider's page (redirectUrl); other currencies pick a
// bank first, then get the bank's page as an htmlDoc: Pay or Cancel in it, or for a bank
// that logs its customer in first a GET form on to its own page, which has them. Pay or
// Cancel settles it, and the bank sends the visitor back to the return URL it was given.
import { bankTransferInitRequestSchema } from '../../../checkout/contract.ts';
import { AUD_PROVIDER_NAME, BANKS } from '../banks.ts';
import { fail, SANDBOX_CODES } from '../errors.ts';
import { html, layout, type SafeHtml } from '../pages/html.ts';
import { decisionForm, orderSummary } from '../pages/pay.ts';
import { expectStep, goTo } from '../steps.ts';
import type { Txn } from '../store.ts';
import { type Rail, railCall } from './rail.ts';

const SLUG = 'bank';

/** returnUrl is carried through the form so Pay/Cancel can send the browser back. */
function bankPage(txn: Txn, returnUrl: string | null): string {
  const hidden = returnUrl ? html`<input type="hidden" name="returnUrl" value="${returnUrl}">` : '';
  return layout(
    'Bank payment',
    html`<h1>${txn.bankName ?? 'Sandbox Bank'}</h1>
<p>Log-in skipped: this is the sandbox bank.</p>
${orderSummary(txn)}
${decisionForm(`/pay/${SLUG}/${txn.refId}`, txn, hidden)}`,
  );
}

/**
 * Banks whose document only leads on to their own page, with a GET form (as a bank's log-in
 * hand-off does); the others take Pay or Cancel in the document itself, with a POST.
 */
const LOG_IN_FIRST = new Set(['BMRI']);

/** A GET form's fields are its query: the bank page reads the channel and the return URL from it. */
function logInForm(action: string, txn: Txn): SafeHtml {
  return html`<form method="get" action="${action}">
<input type="hidden" name="channel" value="checkout">
<button type="submit">Continue to ${txn.bankName ?? 'Sandbox Bank'}</button>
</form>`;
}

/**
 * The bank's page as a whole document for nextActionParams.htmlDoc. The edge writes it into
 * its own page, so it has absolute URLs, no stylesheet and no script.
 */
function bankDocument(txn: Txn, bankCode: string, baseUrl: string): string {
  const action = `${baseUrl}/pay/${SLUG}/${txn.refId}`;
  return html`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${txn.bankName ?? 'Sandbox Bank'} · Sandbox</title></head>
<body>
<h1>${txn.bankName ?? 'Sandbox Bank'} (Sandbox)</h1>
${orderSummary(txn)}
${LOG_IN_FIRST.has(bankCode) ? logInForm(action, txn) : decisionForm(action, txn)}
</body>
</html>
`.value;
}

export const bankTransferRail: Rail = {
  name: 'BANKTRANSFER',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'INITIATE_BANKTRANSFER', { availableBanks: BANKS[txn.fiatCurrency] }),
  holdsRate: true,
  feeIn: 'included',
  init: railCall({
    path: 'banktransfer/init',
    request: bankTransferInitRequestSchema,
    run(txn, { selectedBank }, { clock, baseUrl }) {
      expectStep(clock, txn, 'INITIATE_BANKTRANSFER', 'banktransfer/init');
      const banks = BANKS[txn.fiatCurrency];
      if (txn.fiatCurrency === 'AUD') {
        txn.bankName = AUD_PROVIDER_NAME;
        goTo(txn, 'CUSTOMER_PAYMENT', { redirectUrl: `${baseUrl}/pay/${SLUG}/${txn.refId}` });
        return;
      }
      if (selectedBank === '') {
        goTo(txn, 'INITIATE_BANKTRANSFER', { availableBanks: banks });
        return;
      }
      const bank = banks.find((b) => b.bankCode === selectedBank);
      if (!bank) {
        throw fail(400, SANDBOX_CODES.requestInvalid, `selectedBank: must be one of ${banks.map((b) => b.bankCode).join(', ')}`);
      }
      txn.bankName = bank.bankName;
      goTo(txn, 'CUSTOMER_PAYMENT', { htmlDoc: bankDocument(txn, bank.bankCode, baseUrl) });
    },
  }),
  page: { slug: SLUG, returns: true, render: bankPage },
};
