// Interac e-Transfer: after the checks the transaction waits for INITIATE_ETRANSFER; the
// init call gives the provider's payment page (/pay/etransfer), whose Pay or Cancel
// settles it. Initiated once: a second init is TXNSTATUS.INVALID.

import { refIdRequestSchema } from '../../../checkout/contract.ts';
import { ERROR_CODES } from '../../../checkout/domain.ts';
import { fail } from '../errors.ts';
import { html, layout } from '../pages/html.ts';
import { decisionForm, orderSummary } from '../pages/pay.ts';
import { expectStep, goTo } from '../steps.ts';
import type { Txn } from '../store.ts';
import { type Rail, railCall } from './rail.ts';

const SLUG = 'etransfer';

function etransferPage(txn: Txn): string {
  return layout(
    'Interac e-Transfer',
    html`<h1>Sandbox Interac e-Transfer</h1>
<p>Approve the transfer from your sandbox bank account.</p>
${orderSummary(txn)}
${decisionForm(`/pay/${SLUG}/${txn.refId}`, txn)}`,
  );
}

export const etransferRail: Rail = {
  name: 'ETRANSFER',
  api: 'buy',
  afterChecks: (txn) => goTo(txn, 'INITIATE_ETRANSFER'),
  holdsRate: true,
  pro: true,
  feeIn: 'included',
  init: railCall({
    path: 'etransfer/init',
    request: refIdRequestSchema,
    run(txn, _body, { clock, baseUrl }) {
      if (txn.etransferInitiated) {
        throw fail(409, ERROR_CODES.txnStatusInvalid, 'Payment instructions have already been initiated for this transaction.');
      }
      expectStep(clock, txn, 'INITIATE_ETRANSFER', 'etransfer/init');
      txn.etransferInitiated = true;
      goTo(txn, 'CUSTOMER_PAYMENT', { redirectUrl: `${baseUrl}/pay/${SLUG}/${txn.refId}` });
    },
  }),
  page: { slug: SLUG, returns: false, render: etransferPage },
};
